import { describe, expect, it } from "vitest";
import { embedTextLength } from "../../src/schemas/discord-limits";
import { multiPanelPayload, singlePanelPayload } from "../../server/panels/message";
import { fitEmbeds, fitMessage } from "../../server/platform/message-fit";
import { multiPanelRecordSchema } from "../../src/schemas/multi-panel";
import { singlePanelRecordSchema } from "../../src/schemas/panel";

// Messages cut to Discord's limits at the source (server/platform/message-fit.ts): what was stored before a rule
// existed, or typed by members, still posts.

describe("fitEmbeds", () => {
  it("leaves embeds within the limits as they are (but trimmed, as Discord counts them)", () => {
    const embeds = [{ title: " Hello ", description: "d".repeat(4096), color: 1 }];
    expect(fitEmbeds(embeds)).toEqual([{ title: "Hello", description: "d".repeat(4096), color: 1 }]);
  });

  it("cuts each part to its own limit, ending in …", () => {
    const [embed] = fitEmbeds([
      {
        title: "t".repeat(300),
        footer: { text: "f".repeat(3000), icon_url: "https://x.test/i.png" },
        author: { name: "a".repeat(300) },
        fields: [{ name: "n".repeat(300), value: "v".repeat(2000) }],
      },
    ]);
    expect(embed.title).toBe(`${"t".repeat(255)}…`);
    expect(embed.footer).toEqual({ text: `${"f".repeat(2047)}…`, icon_url: "https://x.test/i.png" });
    expect(embed.author!.name).toHaveLength(256);
    expect(embed.fields![0].name).toHaveLength(256);
    expect(embed.fields![0].value).toHaveLength(1024);
  });

  it("over the 6,000 total, shortens the longest texts first and keeps the short ones whole", () => {
    const embeds = [
      { title: "t".repeat(256), description: "d".repeat(4096), footer: { text: "f".repeat(2048) }, author: { name: "a".repeat(256) } },
    ];
    const [embed] = fitEmbeds(embeds); // 6656: the description gives way, to 6000 − 256 − 2048 − 256
    expect(embed).toMatchObject({ title: "t".repeat(256), footer: { text: "f".repeat(2048) }, author: { name: "a".repeat(256) } });
    expect(embed.description).toBe(`${"d".repeat(3439)}…`);
    expect(embedTextLength([embed])).toBe(6000);
    // Over by more, the two longest come down to one length.
    const [both] = fitEmbeds([{ ...embeds[0], fields: [1, 2, 3].map(() => ({ name: "n", value: "v".repeat(1024) })) }]);
    expect(both.description).toHaveLength(both.footer!.text.length);
    expect(both.description!.endsWith("…") && both.footer!.text.endsWith("…")).toBe(true);
    expect(both.fields!.map((f) => f.value)).toEqual([1, 2, 3].map(() => "v".repeat(1024)));
    expect(embedTextLength([both])).toBeLessThanOrEqual(6000);
  });

  it("fits a smaller budget, counts across embeds, keeps at most 10 embeds and 25 fields", () => {
    expect(embedTextLength(fitEmbeds([{ description: "d".repeat(4000) }], 500))).toBeLessThanOrEqual(500);
    const many = Array.from({ length: 12 }, () => ({
      description: "d".repeat(1000),
      fields: Array.from({ length: 30 }, () => ({ name: "n", value: "v" })),
    }));
    const fitted = fitEmbeds(many);
    expect(fitted).toHaveLength(10);
    expect(fitted[0].fields).toHaveLength(25);
    expect(embedTextLength(fitted)).toBeLessThanOrEqual(6000);
  });

  it("drops empty optional parts and never leaves a field without a name or value", () => {
    const [embed] = fitEmbeds([{ title: "  ", footer: { text: " " }, author: { name: "" }, fields: [{ name: " ", value: "" }] }]);
    expect(embed).toEqual({ fields: [{ name: "—", value: "—" }] });
  });
});

describe("fitMessage", () => {
  it("cuts content to 2,000, button labels to 80, a select's placeholder to 150, its options to 25 and their labels to 100", () => {
    const message = fitMessage({
      content: "c".repeat(2100),
      components: [
        {
          type: 1,
          components: Array.from({ length: 6 }, (_, i) => ({ type: 2, style: 1, label: "b".repeat(90), custom_id: `panel:${i}` })),
        },
        {
          type: 1,
          components: [
            {
              type: 3,
              custom_id: "multi-panel:1",
              placeholder: "p".repeat(200),
              options: Array.from({ length: 30 }, (_, i) => ({ label: "o".repeat(120), value: String(i) })),
            },
          ],
        },
      ],
      allowed_mentions: { parse: [] },
    });
    expect(message.content).toHaveLength(2000);
    expect(message.content!.endsWith("…")).toBe(true);
    const [buttons, select] = message.components as { components: Record<string, any>[] }[];
    expect(buttons.components).toHaveLength(5);
    expect(buttons.components.every((b) => b.label.length === 80)).toBe(true);
    expect(select.components[0].placeholder).toHaveLength(150);
    expect(select.components[0].options).toHaveLength(25);
    expect(select.components[0].options[0].label).toHaveLength(100);
    expect(message.allowed_mentions).toEqual({ parse: [] });
  });
});

describe("panel messages of panels stored before the rules", () => {
  const stored = singlePanelRecordSchema.parse({
    PanelName: "n".repeat(100),
    PanelMessage: {
      PanelChannel: "1",
      PanelTitle: "t".repeat(256),
      PanelDescription: "d".repeat(4096),
      PanelFooter: "f".repeat(2048),
      ButtonText: "",
      ButtonEmoji: "",
    },
    WelcomeMessage: { WelcomeTitle: "w" },
  });

  it("a single panel's button shows the name cut to 80, its embed within 6,000", () => {
    const payload = singlePanelPayload(7, stored);
    expect(payload.components).toMatchObject([{ components: [{ label: `${"n".repeat(79)}…`, custom_id: "panel:7" }] }]);
    expect(embedTextLength(payload.embeds!)).toBeLessThanOrEqual(6000);
  });

  it("a multi-panel's buttons and options too", () => {
    const multi = multiPanelRecordSchema.parse({ PanelChannelId: "1", Panels: ["7", "8"], PanelTitle: "Help", DropdownMenu: false });
    const members = [
      { id: 7, panel: stored },
      { id: 8, panel: stored },
    ];
    const buttons = multiPanelPayload(3, multi, members);
    expect(buttons.components).toMatchObject([{ components: [{ label: `${"n".repeat(79)}…` }, { label: `${"n".repeat(79)}…` }] }]);
    const dropdown = multiPanelPayload(3, { ...multi, DropdownMenu: true }, members);
    expect(dropdown.components).toMatchObject([
      {
        components: [
          {
            type: 3,
            options: [
              { label: "n".repeat(100), value: "7" },
              { label: "n".repeat(100), value: "8" },
            ],
          },
        ],
      },
    ]);
  });
});
