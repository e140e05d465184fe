import { describe, expect, it } from "vitest";
import { z } from "zod";
import { editorVerdict } from "../../../src/resources/engine/form/verdict";
import { toEditorSchema } from "../../../src/resources/engine/form/editor-schema";
import { panelMessages } from "../../../src/schemas/messages";
import { multiPanelCreateSchema } from "../../../src/schemas/multi-panel";
import { singlePanelSchema } from "../../../src/schemas/panel";

const validPanel = () => ({
  PanelName: "Support",
  PanelMessage: { PanelChannel: "100000000000000001", PanelTitle: "Need help?" },
  WelcomeMessage: { WelcomeDescription: "Hi" },
});

describe("UI hints from .meta() (engine/widgets/ui-schema)", () => {
  it("moves the hints of nested objects into the uiSchema: widgets, sections, spans, order", () => {
    const { schema, uiSchema } = toEditorSchema(singlePanelSchema);
    const message = uiSchema.PanelMessage as Record<string, any>;
    expect(message["ui:options"]).toMatchObject({ section: "Panel Message" });
    expect((uiSchema.WelcomeMessage as any)["ui:options"]).toMatchObject({ section: "Welcome Message" });
    expect((uiSchema.PanelName as any)["ui:options"]).toMatchObject({ section: "Panel Properties", span: 12 });
    expect(message.PanelChannel["ui:widget"]).toBe("textChannel");
    expect(message.ButtonEmoji["ui:widget"]).toBe("emoji");
    expect(message.PanelColor["ui:widget"]).toBe("color");
    expect(message.ButtonColor["ui:widget"]).toBe("buttonColor");
    expect(message.PanelFields["ui:widget"]).toBe("embedFields");
    expect((uiSchema.MentionRoleId as any)["ui:widget"]).toBe("role");
    expect((uiSchema.SupportTeams as any)["ui:widget"]).toBe("supportTeam");
    expect((uiSchema.TicketCategory as any)["ui:widget"]).toBe("category");
    expect((uiSchema.FormId as any)["ui:widget"]).toBe("form");
    expect((uiSchema.Revision as any)["ui:widget"]).toBe("hidden");
    expect(message.PanelDescription["ui:options"]).toMatchObject({ rows: 4, highlightEmpty: true });
    // order: channel, colour, title… (hint `order`), unordered keep their place
    expect(message["ui:order"].slice(0, 4)).toEqual(["PanelChannel", "PanelColor", "PanelTitle", "PanelTitleURL"]);
    expect((uiSchema["ui:order"] as string[]).slice(0, 3)).toEqual(["PanelId", "PanelName", "NamingScheme"]);
    // hint keys never reach the JSON Schema; titles do
    const channel = (schema.properties!.PanelMessage as any).properties.PanelChannel;
    expect(channel.widget).toBeUndefined();
    expect(channel.title).toBe("Panel Channel");
    expect((schema.properties!.PanelMessage as any).section).toBeUndefined();
  });

  it("keeps visibleWhen for the multi-panel's placeholder", () => {
    const { uiSchema } = toEditorSchema(multiPanelCreateSchema);
    expect((uiSchema.DropdownMenuPlaceholder as any)["ui:options"]).toMatchObject({ visibleWhen: "DropdownMenu" });
    expect((uiSchema.DropdownMenu as any)["ui:widget"]).toBe("switch");
    expect((uiSchema.Panels as any)["ui:widget"]).toBe("panelSelect");
  });
});

describe("editorVerdict: where messages show", () => {
  const single = toEditorSchema(singlePanelSchema);
  const verdict = (data: unknown) => editorVerdict(singlePanelSchema, single.schema, single.uiSchema, data);

  it("passes the parsed data when valid", () => {
    const v = verdict(validPanel());
    expect(v.success).toBe(true);
    expect((v.data as any).NamingScheme).toBe("ticket-%id%");
  });

  it("puts the 'at least one of' rules at the top of their section and marks the empty title, description and content", () => {
    const v = verdict({
      ...validPanel(),
      PanelMessage: { PanelChannel: "1", ButtonColor: undefined },
      WelcomeMessage: { WelcomeTitle: "x" },
    });
    expect(v.success).toBe(false);
    expect(v.sectionErrors).toEqual({ "Panel Message": [panelMessages.panelMessageRequired] });
    const fields = (v.fieldErrors as any).PanelMessage;
    for (const key of ["PanelTitle", "PanelDescription", "PanelContent", "ButtonColor"])
      expect(fields[key].__errors).toEqual([panelMessages.panelMessageRequired]);
    expect(fields.PanelFooter).toBeUndefined();
    expect(v.messages).toEqual([panelMessages.panelMessageRequired]);
  });

  it("reports field messages and both section rules at once", () => {
    const v = verdict({ PanelName: " ", PanelMessage: { PanelChannel: "", PanelColor: "red" }, WelcomeMessage: {} });
    expect((v.fieldErrors as any).PanelName.__errors).toEqual([panelMessages.nameRequired]);
    expect((v.fieldErrors as any).PanelMessage.PanelChannel.__errors).toEqual([panelMessages.channelRequired]);
    expect((v.fieldErrors as any).PanelMessage.PanelColor.__errors).toEqual([panelMessages.invalidColor]);
    expect(v.sectionErrors["Panel Message"]).toEqual([panelMessages.panelMessageRequired]);
    expect(v.sectionErrors["Welcome Message"]).toEqual([panelMessages.welcomeMessageRequired]);
    expect(v.messages).toEqual(
      expect.arrayContaining([
        panelMessages.nameRequired,
        panelMessages.channelRequired,
        panelMessages.invalidColor,
        panelMessages.welcomeMessageRequired,
      ]),
    );
  });

  it("keeps a message inside a widget's array on the widget (embed fields)", () => {
    const v = verdict({ ...validPanel(), PanelMessage: { ...validPanel().PanelMessage, PanelFields: [{ FieldName: "x" }] } });
    expect((v.fieldErrors as any).PanelMessage.PanelFields.__errors).toEqual([panelMessages.panelFieldsInvalid]);
  });

  it("words schema messages as the screen does and puts object rules in the named section", () => {
    const multi = toEditorSchema(multiPanelCreateSchema);
    const v = editorVerdict(
      multiPanelCreateSchema,
      multi.schema,
      multi.uiSchema,
      { PanelChannelId: "", Panels: ["1"] },
      {
        screenMessages: {
          [panelMessages.multiChannelRequired]: panelMessages.selectChannel,
          [panelMessages.multiTwoPanels]: panelMessages.selectTwoPanels,
        },
        rootSection: "Panel Message",
      },
    );
    expect((v.fieldErrors as any).PanelChannelId.__errors).toEqual([panelMessages.selectChannel]);
    expect((v.fieldErrors as any).Panels.__errors).toEqual([panelMessages.selectTwoPanels]);
    expect(v.sectionErrors["Panel Message"]).toEqual([panelMessages.multiMessageRequired]);
    expect((v.fieldErrors as any).PanelTitle.__errors).toEqual([panelMessages.multiMessageRequired]);
    expect(v.messages).toEqual([panelMessages.selectChannel, panelMessages.selectTwoPanels, panelMessages.multiMessageRequired]);
  });

  it("works for any schema with hints, not only panels", () => {
    const schema = z.object({
      box: z
        .object({ a: z.string().optional().meta({ highlightEmpty: true }), b: z.string().optional() })
        .refine((v) => !!v.a || !!v.b, "one of a, b")
        .meta({ section: "Box" }),
    });
    const { schema: json, uiSchema } = toEditorSchema(schema);
    const v = editorVerdict(schema, json, uiSchema, { box: {} });
    expect(v.sectionErrors).toEqual({ Box: ["one of a, b"] });
    expect((v.fieldErrors as any).box.a.__errors).toEqual(["one of a, b"]);
    expect((v.fieldErrors as any).box.b).toBeUndefined();
  });
});
