// @vitest-environment node
import { describe, expect, it } from "vitest";
import { configTransferText } from "../../../src/schemas/config-export";
import {
  displayName,
  exportFileName,
  maxFileBytes,
  panelEditPath,
  readJsonFile,
  rowState,
  sectionSummary,
  withChoice,
} from "../../../src/resources/config-transfer/transfer";

// The screen's pure helpers: file names, reading a file in the browser, the mapping choices, the words shown.

const file = (text: string, size = text.length) => ({ size, text: async () => text });

describe("Import / Export helpers", () => {
  it("names the download like the server does", () => {
    const date = new Date("2026-11-22T10:00:00Z");
    expect(exportFileName("Demo Community", date)).toBe("ticketeer-config-demo-community-2026-11-22.json");
    expect(exportFileName("Ünïcode  & <Stuff>!", date)).toBe("ticketeer-config-unicode-stuff-2026-11-22.json");
    expect(exportFileName("💥💥", date)).toBe("ticketeer-config-server-2026-11-22.json");
  });

  it("reads JSON files, refusing invalid JSON and files over 5 MB before reading them", async () => {
    expect(await readJsonFile(file('{"a":1}'))).toEqual({ ok: true, value: { a: 1 } });
    expect(await readJsonFile(file("{ nope"))).toEqual({ ok: false, error: configTransferText.notJson });
    let read = false;
    const huge = { size: maxFileBytes + 1, text: async () => ((read = true), "{}") };
    expect(await readJsonFile(huge)).toEqual({ ok: false, error: configTransferText.tooLarge });
    expect(read).toBe(false);
  });

  it("keeps every earlier choice when one more is made", () => {
    const one = withChoice({}, "channels", "1", "10");
    const two = withChoice(one, "channels", "2", null);
    const three = withChoice(two, "roles", "3", "30");
    expect(three).toEqual({ channels: { "1": "10", "2": null }, roles: { "3": "30" } });
    expect(one).toEqual({ channels: { "1": "10" } }); // not mutated
  });

  it("says what happens, in words", () => {
    const base = { label: "Tags", present: true, deletes: 3, creates: 4, updates: 0 };
    expect(sectionSummary({ ...base, section: "tags" })).toBe("3 removed, 4 created");
    expect(sectionSummary({ ...base, section: "tags", present: false })).toBe("Not in the file: kept as it is");
    expect(sectionSummary({ ...base, section: "settings", updates: 1 })).toBe("1 value changes");
    expect(sectionSummary({ ...base, section: "settings", updates: 0 })).toBe("No value changes");
    expect(displayName("channels", "support", "1")).toBe("#support");
    expect(displayName("roles", "VIP", "2")).toBe("@VIP");
    expect(displayName("emojis", "gg", "3")).toBe(":gg:");
    expect(displayName("categories", null, "4")).toBe("4");
    expect(panelEditPath("812345678901234567", { PanelId: 5, Kind: "multi" })).toBe("/812345678901234567/panels/edit-multi/5");
    const row = { kind: "channels" as const, source_id: "1", source_name: "a", target_name: null, matched: "none" as const, used_by: [] };
    expect(rowState({ ...row, target_id: null, required: true })).toBe("blocking");
    expect(rowState({ ...row, target_id: null, required: false })).toBe("dropped");
    expect(rowState({ ...row, target_id: "9", required: true })).toBe("ok");
  });
});
