import { describe, expect, it } from "vitest";
import {
  clampText,
  discordLimits,
  embedTextLength,
  roleMention,
  roleMentionMaxLength,
  userMention,
  userMentionMaxLength,
} from "../../../src/schemas/discord-limits";

// Discord's documented limits (discord-api-docs: resources/message.mdx "Embed Limits", components/reference.mdx,
// interactions/receiving-and-responding.mdx, resources/channel.mdx) and how the contract measures against them.

describe("Discord's limits", () => {
  it("are the documented numbers", () => {
    expect(discordLimits).toMatchObject({
      content: 2000,
      embeds: 10,
      embedTotal: 6000,
      embedTitle: 256,
      embedDescription: 4096,
      embedFields: 25,
      embedFieldName: 256,
      embedFieldValue: 1024,
      embedFooter: 2048,
      embedAuthor: 256,
      buttonLabel: 80,
      customId: 100,
      selectOptionsMin: 1,
      selectOptions: 25,
      selectPlaceholder: 150,
      modalTitle: 45,
      modalRows: 5,
      textInputLabel: 45,
      textInputPlaceholder: 100,
      channelName: 100,
      channelTopic: 1024,
    });
  });
});

describe("embedTextLength", () => {
  it("counts title, description, field names and values, footer text and author name across all embeds", () => {
    const embeds = [
      { title: "ab", description: "cde", footer: { text: "f" }, author: { name: "gh" }, fields: [{ name: "ij", value: "klm" }] },
      {
        title: "n",
        fields: [
          { name: "o", value: "p" },
          { name: "q", value: "r" },
        ],
      },
    ];
    expect(embedTextLength(embeds)).toBe(2 + 3 + 1 + 2 + 2 + 3 + 1 + 4);
  });

  it("leaves out what Discord does not count: surrounding whitespace, URLs, colours, missing parts", () => {
    expect(embedTextLength([{ title: "  ab \n", description: "   " }])).toBe(2);
    expect(embedTextLength([{ url: "https://example.com", color: 1, image: { url: "https://example.com/a.png" } } as never])).toBe(0);
    expect(embedTextLength([])).toBe(0);
  });
});

describe("mentions", () => {
  it("are <@id> for a member and <@&id> for a role, at most 23 and 24 characters (ids of up to 20 digits)", () => {
    expect(userMention("123")).toBe("<@123>");
    expect(roleMention("123")).toBe("<@&123>");
    expect(userMentionMaxLength).toBe(23);
    expect(roleMentionMaxLength).toBe(24);
    expect(userMention("18446744073709551615")).toHaveLength(userMentionMaxLength);
  });
});

describe("clampText", () => {
  it("keeps a text that fits and cuts a longer one to the limit, ending in …", () => {
    expect(clampText("a".repeat(80), 80)).toBe("a".repeat(80));
    const cut = clampText("a".repeat(81), 80);
    expect(cut).toHaveLength(80);
    expect(cut).toBe(`${"a".repeat(79)}…`);
  });

  it("never splits an emoji's surrogate pair", () => {
    const cut = clampText(`${"a".repeat(78)}🎫🎫`, 80);
    expect(cut).toBe(`${"a".repeat(78)}…`);
    expect(cut.length).toBeLessThanOrEqual(80);
  });
});
