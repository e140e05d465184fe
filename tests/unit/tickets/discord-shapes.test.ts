import { describe, expect, it } from "vitest";
import { componentRows, embedData, modalData, readableMentions } from "../../../src/resources/try-it/discord-shapes";

// The Try-it view reads Discord's JSON defensively and shows message text as text.

describe("Discord shapes in the Try-it view", () => {
  it("reads an embed, buttons and a select; drops what it cannot draw", () => {
    expect(
      embedData({ title: "Hi", color: 0x5865f2, fields: [{ name: "A", value: "B", inline: true }], footer: { text: "F" } }),
    ).toMatchObject({
      title: "Hi",
      color: "#5865f2",
      footer: "F",
      fields: [{ FieldName: "A", FieldValue: "B", Inline: true }],
    });
    const rows = componentRows([
      {
        type: 1,
        components: [
          { type: 2, style: 4, label: "Close", custom_id: "ticket:1:close", emoji: { name: "🔒" } },
          { type: 2, url: "https://x" },
        ],
      },
      { type: 1, components: [{ type: 3, custom_id: "multi-panel:3", placeholder: "Pick", options: [{ label: "Billing", value: "2" }] }] },
      { type: 1, components: "nonsense" },
    ]);
    expect(rows).toEqual([
      [{ kind: "button", customId: "ticket:1:close", label: "Close", emoji: "🔒", style: 4, disabled: false }],
      [
        {
          kind: "select",
          customId: "multi-panel:3",
          placeholder: "Pick",
          disabled: false,
          options: [{ label: "Billing", value: "2", emoji: undefined }],
        },
      ],
    ]);
  });

  it("reads a modal's inputs with their limits", () => {
    const modal = modalData({
      custom_id: "form:1:2",
      title: "Intake",
      components: [
        {
          type: 1,
          components: [
            { type: 4, custom_id: "field:9", label: "Order", style: 2, required: true, min_length: 3, max_length: 20, placeholder: "#1" },
          ],
        },
      ],
    });
    expect(modal).toEqual({
      customId: "form:1:2",
      title: "Intake",
      inputs: [
        {
          customId: "field:9",
          label: "Order",
          paragraph: true,
          required: true,
          minLength: 3,
          maxLength: 20,
          placeholder: "#1",
          value: undefined,
        },
      ],
    });
    // As on Discord, a text input is required unless it says `required: false`.
    const inputs = modalData({
      components: [
        {
          type: 1,
          components: [
            { type: 4, custom_id: "a", label: "A" },
            { type: 4, custom_id: "b", label: "B", required: false },
          ],
        },
      ],
    }).inputs;
    expect(inputs.map((i) => i.required)).toEqual([true, false]);
  });

  it("reads an embed's mentions as names, as Discord shows a welcome message's form answers", () => {
    const names = new Map([
      ["1", "Ann"],
      ["5", "support"],
      ["7", "Support"],
    ]);
    const embed = embedData(
      {
        title: "Answers",
        description: "For <@&7>",
        fields: [{ name: "Where?", value: "In <#5>, ask <@1> or <@2>" }],
        footer: { text: "<@1>" },
      },
      (text) => readableMentions(text, names),
    );
    expect(embed).toMatchObject({
      title: "Answers",
      description: "For @Support",
      footer: "@Ann",
      fields: [{ FieldName: "Where?", FieldValue: "In #support, ask @Ann or @unknown user" }],
    });
  });

  it("turns mentions into names and leaves everything else as typed", () => {
    const names = new Map([
      ["1", "Ann"],
      ["5", "support"],
    ]);
    expect(readableMentions("<@1> see <#5>, <@&7> and <b>bold</b> <@x> <", names)).toBe(
      "@Ann see #support, @unknown role and <b>bold</b> <@x> <",
    );
  });
});
