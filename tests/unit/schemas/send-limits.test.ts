import { describe, expect, it } from "vitest";
import { configExportSchema } from "../../../src/schemas/config-export";
import { formInputSchema } from "../../../src/schemas/form";
import es from "../../../src/i18n/locales/es";
import { specTextKeys } from "../../../src/i18n/spec-texts";
import { multiPanelCreateSchema, multiPanelRecordSchema, multiPanelSchema } from "../../../src/schemas/multi-panel";
import { panelListSchema } from "../../../src/schemas/panel-properties";
import { singlePanelRecordSchema, singlePanelSchema } from "../../../src/schemas/panel";
import { sendLimitMessages, welcomeContentMax } from "../../../src/schemas/send-limits";

// What Discord refuses at send, refused at save (src/schemas/send-limits.ts): exact messages, exact boundaries.

type Json = Record<string, any>;
const panel = (top: Json = {}, message: Json = {}, welcome: Json = {}) => ({
  PanelName: "Support",
  PanelMessage: { PanelChannel: "100000000000000001", PanelTitle: "Need help?", ButtonText: "Open", ...message },
  WelcomeMessage: { WelcomeDescription: "A staff member will be with you shortly.", ...welcome },
  ...top,
});
const multi = (extra: Json = {}) => ({ PanelChannelId: "100000000000000001", Panels: ["1", "2"], PanelTitle: "Help", ...extra });
const issues = (schema: { safeParse: (v: unknown) => any }, input: unknown): { message: string; path: PropertyKey[] }[] => {
  const r = schema.safeParse(input);
  return r.success ? [] : r.error.issues.map((i: { message: string; path: PropertyKey[] }) => ({ message: i.message, path: i.path }));
};
const messages = (schema: { safeParse: (v: unknown) => any }, input: unknown) => issues(schema, input).map((i) => i.message);

/** Embed texts of exactly `total` counted characters: title 256, description 4096, footer the rest (≤ 2048). */
const embedOf = (total: number, names = { title: "PanelTitle", description: "PanelDescription", footer: "PanelFooter" }) => ({
  [names.title]: "t".repeat(256),
  [names.description]: "d".repeat(4096),
  [names.footer]: "f".repeat(total - 256 - 4096),
});
const welcomeNames = { title: "WelcomeTitle", description: "WelcomeDescription", footer: "WelcomeFooter" };

describe("the messages", () => {
  it("say which limit, word for word", () => {
    expect(sendLimitMessages).toEqual({
      embedTotal:
        "Title, description, fields, footer and author together must be at most 6000 characters (Discord's limit for a message's embeds)",
      buttonLabelFromName:
        "Button Text is empty, so the button shows the panel name, which is longer than 80 characters (Discord's limit for a button): enter a Button Text or choose a Button Emoji",
      welcomeContent:
        "Content must be at most 1976 characters: the welcome message also mentions the member who opened the ticket, and Discord allows 2000 in all",
      welcomeContentWithRole:
        "Content must be at most 1951 characters: the welcome message also mentions the member who opened the ticket and the mention role, and Discord allows 2000 in all",
      multiPanelTooMany: "A multi-panel can show at most 25 panels (Discord's limit for a dropdown)",
      formNameTooLong: "Form name must be at most 45 characters (Discord's limit for a form's title)",
      multiPanelEmpty: "This multi-panel has no panels to show. Edit it and choose at least 2 panels, then post it again.",
    });
  });

  it("have Spanish with the same numbers", () => {
    const numbers = (text: string) => text.match(/\d+/g) ?? [];
    for (const [name, english] of Object.entries(sendLimitMessages)) {
      const key = specTextKeys.get(english);
      expect(key, name).toBe(`spec.sendLimit.${name}`);
      expect(es[key!], name).toBeTruthy();
      expect(numbers(es[key!]), name).toEqual(numbers(english));
    }
  });
});

describe("single panel: the button label", () => {
  it("an empty Button Text shows the panel name: 80 characters pass, 81 are refused under Button Text", () => {
    expect(messages(singlePanelSchema, panel({ PanelName: "n".repeat(80) }, { ButtonText: "" }))).toEqual([]);
    expect(issues(singlePanelSchema, panel({ PanelName: "n".repeat(81) }, { ButtonText: "" }))).toEqual([
      { message: sendLimitMessages.buttonLabelFromName, path: ["PanelMessage", "ButtonText"] },
    ]);
  });

  it("a long name is fine with a Button Text or an emoji (the label is not the name then)", () => {
    expect(messages(singlePanelSchema, panel({ PanelName: "n".repeat(100) }, { ButtonText: "Open" }))).toEqual([]);
    expect(messages(singlePanelSchema, panel({ PanelName: "n".repeat(100) }, { ButtonText: "", ButtonEmoji: "🎫" }))).toEqual([]);
  });

  it("Button Text itself stays at 80 (Discord's label limit)", () => {
    expect(messages(singlePanelSchema, panel({}, { ButtonText: "b".repeat(80) }))).toEqual([]);
    expect(messages(singlePanelSchema, panel({}, { ButtonText: "b".repeat(81) }))).toEqual(["Must be at most 80 characters"]);
  });
});

describe("single panel: the panel embed's total", () => {
  it("6000 characters pass, 6001 are refused at the top of Panel Message", () => {
    expect(messages(singlePanelSchema, panel({}, embedOf(6000)))).toEqual([]);
    expect(issues(singlePanelSchema, panel({}, embedOf(6001)))).toEqual([
      { message: sendLimitMessages.embedTotal, path: ["PanelMessage"] },
    ]);
  });

  it("counts the author and the fields' names and values, not the content or surrounding whitespace", () => {
    const fields = Array.from({ length: 5 }, (_, i) => ({ FieldName: `n${i}`, FieldValue: "v".repeat(1022), Inline: false })); // 5 × 1024
    const base = {
      PanelTitle: "",
      PanelDescription: "d".repeat(720 - 1),
      PanelAuthor: "a",
      PanelFields: fields,
      PanelContent: "c".repeat(2000),
    };
    expect(messages(singlePanelSchema, panel({}, base))).toEqual([]); // 5120 + 719 + 1 + … = 5840
    expect(messages(singlePanelSchema, panel({}, { ...base, PanelDescription: "d".repeat(879) }))).toEqual([]); // 6000
    expect(messages(singlePanelSchema, panel({}, { ...base, PanelDescription: "d".repeat(880) }))).toEqual([sendLimitMessages.embedTotal]);
    expect(messages(singlePanelSchema, panel({}, { ...base, PanelDescription: `  ${"d".repeat(879)}\n ` }))).toEqual([]);
  });
});

describe("single panel: the welcome message", () => {
  it("its embed's total: 6000 pass, 6001 are refused at the top of Welcome Message", () => {
    expect(messages(singlePanelSchema, panel({}, {}, embedOf(6000, welcomeNames)))).toEqual([]);
    expect(issues(singlePanelSchema, panel({}, {}, embedOf(6001, welcomeNames)))).toEqual([
      { message: sendLimitMessages.embedTotal, path: ["WelcomeMessage"] },
    ]);
  });

  it("its Content leaves room for the opener's mention: 1976 pass, 1977 are refused under Content", () => {
    expect(welcomeContentMax(false)).toBe(1976);
    expect(messages(singlePanelSchema, panel({}, {}, { WelcomeContent: "c".repeat(1976) }))).toEqual([]);
    expect(issues(singlePanelSchema, panel({}, {}, { WelcomeContent: "c".repeat(1977) }))).toEqual([
      { message: sendLimitMessages.welcomeContent, path: ["WelcomeMessage", "WelcomeContent"] },
    ]);
  });

  it("and for the mention role's when the panel has one: 1951 pass, 1952 are refused", () => {
    expect(welcomeContentMax(true)).toBe(1951);
    const withRole = { MentionRoleId: "100000000000000401" };
    expect(messages(singlePanelSchema, panel(withRole, {}, { WelcomeContent: "c".repeat(1951) }))).toEqual([]);
    expect(messages(singlePanelSchema, panel(withRole, {}, { WelcomeContent: "c".repeat(1952) }))).toEqual([
      sendLimitMessages.welcomeContentWithRole,
    ]);
    expect(messages(singlePanelSchema, panel({ MentionRoleId: null }, {}, { WelcomeContent: "c".repeat(1952) }))).toEqual([]);
  });
});

describe("every problem at once", () => {
  it("reports the send rules beside the other problems of the same save", () => {
    const bad = panel(
      { PanelName: "n".repeat(81) },
      { PanelChannel: "", ButtonText: "", ...embedOf(6001) },
      { WelcomeContent: "c".repeat(1977) },
    );
    expect(messages(singlePanelSchema, bad)).toEqual(
      expect.arrayContaining([
        "Panel channel is required",
        sendLimitMessages.embedTotal,
        sendLimitMessages.buttonLabelFromName,
        sendLimitMessages.welcomeContent,
      ]),
    );
  });
});

describe("multi-panel", () => {
  it("its embed's total: 6000 pass, 6001 are refused (on create and on update)", () => {
    for (const schema of [multiPanelSchema, multiPanelCreateSchema]) {
      expect(messages(schema, multi(embedOf(6000)))).toEqual([]);
      expect(issues(schema, multi(embedOf(6001)))).toEqual([{ message: sendLimitMessages.embedTotal, path: [] }]);
    }
  });

  it("shows 2 to 25 panels: 25 pass, 26 are refused with Discord's reason", () => {
    const ids = (n: number) => Array.from({ length: n }, (_, i) => String(i + 1));
    expect(messages(multiPanelCreateSchema, multi({ Panels: ids(25) }))).toEqual([]);
    expect(messages(multiPanelCreateSchema, multi({ Panels: ids(26) }))).toEqual([sendLimitMessages.multiPanelTooMany]);
    expect(messages(multiPanelCreateSchema, multi({ Panels: ids(1) }))).toEqual(["At least 2 panels are required"]);
  });

  it("keeps the dropdown's placeholder at Discord's 150", () => {
    expect(messages(multiPanelSchema, multi({ DropdownMenu: true, DropdownMenuPlaceholder: "p".repeat(150) }))).toEqual([]);
    expect(messages(multiPanelSchema, multi({ DropdownMenu: true, DropdownMenuPlaceholder: "p".repeat(151) }))).toEqual([
      "Must be at most 150 characters",
    ]);
  });
});

describe("form name (the title of the form's modal)", () => {
  const form = (FormName: string) => ({ FormName, fields: [{ Label: "Question" }] });
  it("45 characters pass, 46 are refused", () => {
    expect(messages(formInputSchema, form("f".repeat(45)))).toEqual([]);
    expect(messages(formInputSchema, form("f".repeat(46)))).toEqual([sendLimitMessages.formNameTooLong]);
  });
});

describe("stored records", () => {
  it("still read (answers use the records), while a save of the same panel is refused", () => {
    const stored = panel({ PanelId: 1, PanelName: "n".repeat(100) }, { ButtonText: "", ...embedOf(6001) });
    expect(singlePanelRecordSchema.safeParse(stored).success).toBe(true);
    expect(singlePanelSchema.safeParse(stored).success).toBe(false);
    expect(multiPanelRecordSchema.safeParse({ ...multi(embedOf(6001)), PanelId: 2 }).success).toBe(true);
    expect(
      panelListSchema.safeParse({ panels: { SinglePanels: [stored], MultiPanels: [{ ...multi(embedOf(6001)), PanelId: 2 }] } }).success,
    ).toBe(true);
  });

  it("an imported configuration is held to the same rules as the editors", () => {
    const file = {
      format: "ticketeer.guild-config",
      version: 1,
      exported_at: "2026-01-01T00:00:00.000Z",
      source_guild: { id: "100000000000000000", name: "Source" },
      panels: [panel({ PanelId: 1, PanelName: "n".repeat(81) }, { ButtonText: "" })],
      multi_panels: [{ ...multi(embedOf(6001)), PanelId: 2 }],
    };
    expect(messages(configExportSchema, file)).toEqual(
      expect.arrayContaining([sendLimitMessages.buttonLabelFromName, sendLimitMessages.embedTotal]),
    );
  });
});
