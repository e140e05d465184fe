import { describe, expect, it } from "vitest";
import { singlePanelSchema } from "../../../src/schemas/panel";
import { multiPanelCreateSchema } from "../../../src/schemas/multi-panel";

const validPanel = () => ({
  PanelName: "Support",
  PanelMessage: { PanelChannel: "100000000000000001", PanelTitle: "Need help?" },
  WelcomeMessage: { WelcomeDescription: "A staff member will be with you shortly." },
});
const messages = (
  schema: { safeParse: (v: unknown) => { success: boolean; error?: { issues: { message: string }[] } } },
  input: unknown,
) => {
  const r = schema.safeParse(input);
  return r.success ? [] : r.error!.issues.map((i) => i.message);
};

describe("single panel schema (SPEC §5)", () => {
  it("fills the defaults of §9", () => {
    const p = singlePanelSchema.parse(validPanel());
    expect(p.NamingScheme).toBe("ticket-%id%");
    expect(p.PanelMessage.PanelColor).toBe("#43B581");
    expect(p.WelcomeMessage.WelcomeColor).toBe("#5865F2");
    expect(p.PanelMessage.PanelFields).toEqual([]);
    expect(p.PanelMessage.DisablePanel).toBe(false);
  });
  it("gives the spec's messages", () => {
    const bad = {
      PanelName: " ",
      NamingScheme: "",
      MentionRoleId: "abc",
      PanelMessage: { PanelChannel: " ", PanelColor: "43B581", PanelFields: [{ FieldName: "x" }] },
      WelcomeMessage: { WelcomeColor: "#12345" },
    };
    expect(messages(singlePanelSchema, bad)).toEqual(
      expect.arrayContaining([
        "Panel name is required",
        "Naming scheme is required",
        "MentionRoleId must be a numeric string",
        "Panel channel is required",
        "Invalid color format",
        "Must be empty array or array of panel fields",
      ]),
    );
  });
  it("needs one of title, description or content in each message", () => {
    const p = validPanel();
    expect(messages(singlePanelSchema, { ...p, PanelMessage: { PanelChannel: "1" } })).toEqual([
      "At least one of Panel Title/Description/Content is required",
    ]);
    expect(messages(singlePanelSchema, { ...p, WelcomeMessage: {} })).toEqual([
      "At least one of Welcome Title, Description, or Content is required",
    ]);
  });
  it("accepts one unicode emoji or a custom emoji id, not two emojis or text", () => {
    const withEmoji = (ButtonEmoji: string) => ({ ...validPanel(), PanelMessage: { ...validPanel().PanelMessage, ButtonEmoji } });
    expect(messages(singlePanelSchema, withEmoji("🎫"))).toEqual([]);
    expect(messages(singlePanelSchema, withEmoji("👩‍💻"))).toEqual([]);
    expect(messages(singlePanelSchema, withEmoji("123456789012345678"))).toEqual([]);
    expect(messages(singlePanelSchema, withEmoji("🎫🎫"))).not.toEqual([]);
    expect(messages(singlePanelSchema, withEmoji("a"))).not.toEqual([]);
  });
  it("refuses URLs that are not http(s)", () => {
    const p = validPanel();
    expect(messages(singlePanelSchema, { ...p, PanelMessage: { ...p.PanelMessage, PanelImageURL: "javascript:alert(1)" } })).toEqual([
      "Must be a valid URL",
    ]);
    expect(messages(singlePanelSchema, { ...p, PanelMessage: { ...p.PanelMessage, PanelImageURL: "" } })).toEqual([]);
  });
});

describe("multi-panel schema (SPEC §5)", () => {
  it("requires a channel, two panels and some text", () => {
    expect(messages(multiPanelCreateSchema, { PanelChannelId: "", Panels: ["1"] })).toEqual(
      expect.arrayContaining(["Channel ID is required", "At least 2 panels are required"]),
    );
    expect(messages(multiPanelCreateSchema, { PanelChannelId: "1", Panels: ["1", "2"] })).toEqual([
      "At least panel title, description or content is required",
    ]);
    expect(messages(multiPanelCreateSchema, { PanelChannelId: "1", Panels: ["1", "2"], PanelTitle: "Help" })).toEqual([]);
  });
});
