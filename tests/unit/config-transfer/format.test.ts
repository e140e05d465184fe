// @vitest-environment node
import { describe, expect, it } from "vitest";
import { configExportSchema, configImportPreviewSchema, parseConfigExport } from "../../../src/schemas/config-export";
import { formMessages, panelMessages, tagMessages } from "../../../src/schemas/messages";
import { sampleFile } from "./sample";

// The versioned export format: a file round-trips through its schema, a wrong format or an unknown version is
// refused with one clear message, and every other problem is reported at once with where it is.

describe("the export format", () => {
  it("round-trips: a parsed file parses again to the same value", () => {
    const first = parseConfigExport(sampleFile());
    expect(first.success).toBe(true);
    if (!first.success) return;
    const again = configExportSchema.parse(JSON.parse(JSON.stringify(first.data)));
    expect(again).toEqual(first.data);
    // Defaults of the entity schemas are filled in (what the routes would store).
    expect(first.data.panels![1]).toMatchObject({ NamingScheme: "ticket-%id%", MentionRoleId: null, SupportTeams: [], FormId: null });
    expect(first.data.panels![1].PanelMessage.PanelColor).toBe("#43B581");
    expect(first.data.teams![0].Permissions).toEqual({ ViewTag: true });
  });

  it("accepts a file with only some sections", () => {
    const { panels: _p, multi_panels: _m, forms: _f, teams: _t, blacklist: _b, settings: _s, ...tagsOnly } = sampleFile();
    const parsed = parseConfigExport(tagsOnly);
    expect(parsed.success && parsed.data.tags).toEqual([{ TagName: "welcome", Content: "Hello!" }]);
    expect(parsed.success && parsed.data.panels).toBeUndefined();
  });

  it("refuses unknown versions and other formats with one message", () => {
    expect(parseConfigExport({ ...sampleFile(), version: 2 })).toEqual({
      success: false,
      errors: ["Unsupported configuration version 2: this server reads version 1"],
    });
    expect(parseConfigExport({ ...sampleFile(), version: "1" })).toEqual({
      success: false,
      errors: ['Unsupported configuration version "1": this server reads version 1'],
    });
    const { version: _v, ...noVersion } = sampleFile();
    expect(parseConfigExport(noVersion)).toEqual({
      success: false,
      errors: ["Unsupported configuration version (none): this server reads version 1"],
    });
    for (const value of [null, [], "text", 5, { format: "something-else", version: 1 }]) {
      expect(parseConfigExport(value)).toEqual({ success: false, errors: ["The file is not a Ticketeer configuration export"] });
    }
    // The schema alone (what the OpenAPI document describes) refuses them too.
    expect(configExportSchema.safeParse({ ...sampleFile(), version: 2 }).success).toBe(false);
  });

  it("reports every problem at once, with the entity's own messages and where it is", () => {
    const file = sampleFile();
    file.panels![1] = { ...file.panels![1], PanelName: "  " };
    file.forms![0] = { ...file.forms![0], Fields: [{ Label: "" }] };
    file.multi_panels![0] = { ...file.multi_panels![0], Panels: ["11"], PanelTitle: "" };
    file.tags!.push({ TagName: "x", Content: "" } as never);
    const result = parseConfigExport(file);
    expect(result.success).toBe(false);
    if (result.success) return;
    expect(result.errors).toEqual(
      expect.arrayContaining([
        `panels #2 › PanelName: ${panelMessages.nameRequired}`,
        `forms #1 ("Support Request") › Fields: ${formMessages.oneFieldRequired}`,
        `multi_panels #1 › Panels: ${panelMessages.multiTwoPanels}`,
        `tags #2 ("x") › Content: ${tagMessages.contentRequired}`,
      ]),
    );
    expect(result.errors.some((e) => e.startsWith("multi_panels #1") && e.endsWith(panelMessages.multiMessageRequired))).toBe(true);
  });

  it("refuses panels without multi_panels (and the reverse): they are one section pair", () => {
    const { multi_panels: _m, ...noMulti } = sampleFile();
    expect(parseConfigExport(noMulti)).toEqual({ success: false, errors: ["panels and multi_panels must be imported together"] });
    expect(parseConfigExport({ ...noMulti, panels: undefined }).success).toBe(true);
  });

  it("describes the preview answer", () => {
    expect(
      configImportPreviewSchema.safeParse({
        source_guild: { id: "1", name: "a" },
        target_guild: { id: "2", name: "b" },
        exported_at: "x",
        sections: [],
        mapping: [],
        targets: { roles: [], channels: [], categories: [], emojis: [] },
        warnings: [],
        problems: [],
        can_import: true,
      }).success,
    ).toBe(true);
  });
});
