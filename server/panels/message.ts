import type { MultiPanel } from "../../src/schemas/multi-panel";
import type { PanelField, SinglePanel } from "../../src/schemas/panel";
import { clampText, discordLimits } from "../../src/schemas/discord-limits";
import type { PanelMessagePayload } from "../platform/adapter";
import { fitMessage } from "../platform/message-fit";

// The chat platform's message for a panel (Discord's format): one embed, and a button (single panel) or a
// dropdown / one button per panel (multi-panel). The bot answers the components by their custom_id. Every message
// is cut to Discord's limits (../platform/message-fit.ts): the editors refuse longer texts, but a panel stored before
// a rule existed must still post.

const buttonStyles = { Primary: 1, Secondary: 2, Success: 3, Danger: 4 } as const;
const BUTTON = 2;
const ACTION_ROW = 1;
const STRING_SELECT = 3;

interface EmbedInput {
  title: string;
  url: string;
  description: string;
  color: string;
  author: string;
  authorIconUrl: string;
  authorUrl: string;
  footer: string;
  footerIconUrl: string;
  imageUrl: string;
  thumbnailUrl: string;
  fields: PanelField[];
}

const orUndefined = (v: string) => (v.trim() === "" ? undefined : v);

/** An embed with only what is set; undefined when nothing would show. */
export function buildEmbed(e: EmbedInput): Record<string, unknown> | undefined {
  const embed: Record<string, unknown> = {};
  if (orUndefined(e.title)) embed.title = e.title;
  if (orUndefined(e.title) && orUndefined(e.url)) embed.url = e.url;
  if (orUndefined(e.description)) embed.description = e.description;
  if (orUndefined(e.author)) embed.author = { name: e.author, icon_url: orUndefined(e.authorIconUrl), url: orUndefined(e.authorUrl) };
  if (orUndefined(e.footer)) embed.footer = { text: e.footer, icon_url: orUndefined(e.footerIconUrl) };
  if (orUndefined(e.imageUrl)) embed.image = { url: e.imageUrl };
  if (orUndefined(e.thumbnailUrl)) embed.thumbnail = { url: e.thumbnailUrl };
  if (e.fields.length) embed.fields = e.fields.map((f) => ({ name: f.FieldName, value: f.FieldValue, inline: f.Inline }));
  if (Object.keys(embed).length === 0) return undefined;
  embed.color = Number.parseInt(e.color.replace("#", ""), 16);
  return embed;
}

/** A unicode emoji or a custom emoji id as the platform's partial emoji. */
export function emojiOf(value: string): { id: string } | { name: string } | undefined {
  if (!value) return undefined;
  return /^\d+$/.test(value) ? { id: value } : { name: value };
}

const panelButton = (panelId: number, panel: SinglePanel) => ({
  type: BUTTON,
  style: buttonStyles[panel.PanelMessage.ButtonColor],
  // Without text and emoji the button shows the panel's name, which may be longer than a label can be.
  label:
    orUndefined(panel.PanelMessage.ButtonText) ??
    (emojiOf(panel.PanelMessage.ButtonEmoji) ? undefined : clampText(panel.PanelName, discordLimits.buttonLabel)),
  emoji: emojiOf(panel.PanelMessage.ButtonEmoji),
  custom_id: `panel:${panelId}`,
  disabled: panel.PanelMessage.DisablePanel,
});

/** No mentions at all: a panel's text may hold @everyone or a role, and the panel must never ping anyone. */
export const noMentions = { parse: [] } as const satisfies PanelMessagePayload["allowed_mentions"];

function message(content: string, embed: Record<string, unknown> | undefined, components: unknown[]): PanelMessagePayload {
  const payload: PanelMessagePayload = { components, allowed_mentions: { parse: [] } };
  if (content.trim()) payload.content = content;
  if (embed) payload.embeds = [embed as NonNullable<PanelMessagePayload["embeds"]>[number]];
  return fitMessage(payload);
}

/** How a panel's support hours read on its message (src/schemas/support-hours.ts): a field, or a line without an embed. */
export interface HoursLine {
  title: string;
  text: string;
}

export function singlePanelPayload(panelId: number, panel: SinglePanel, hours?: HoursLine): PanelMessagePayload {
  const m = panel.PanelMessage;
  const hoursField = hours?.text ? [{ FieldName: hours.title, FieldValue: hours.text, Inline: false }] : [];
  const embed = buildEmbed({
    title: m.PanelTitle,
    url: m.PanelTitleURL,
    description: m.PanelDescription,
    color: m.PanelColor,
    author: m.PanelAuthor,
    authorIconUrl: m.PanelAuthorIconURL,
    authorUrl: m.PanelAuthorURL,
    footer: m.PanelFooter,
    footerIconUrl: m.PanelFooterIconURL,
    imageUrl: m.PanelImageURL,
    thumbnailUrl: m.PanelThumbnailURL,
    fields: [...m.PanelFields, ...hoursField],
  });
  const content = !embed && hours?.text ? `${m.PanelContent}\n${hours.title}: ${hours.text}`.trim() : m.PanelContent;
  return message(content, embed, [{ type: ACTION_ROW, components: [panelButton(panelId, panel)] }]);
}

/** A multi-panel's message; `members` holds 1 to 25 panels (a select needs an option; send.ts refuses none). */
export function multiPanelPayload(panelId: number, panel: MultiPanel, members: { id: number; panel: SinglePanel }[]): PanelMessagePayload {
  const embed = buildEmbed({
    title: panel.PanelTitle,
    url: panel.PanelTitleURL,
    description: panel.PanelDescription,
    color: panel.PanelColor,
    author: panel.PanelAuthor,
    authorIconUrl: panel.PanelAuthorIconURL,
    authorUrl: panel.PanelAuthorURL,
    footer: panel.PanelFooter,
    footerIconUrl: panel.PanelFooterIconURL,
    imageUrl: panel.PanelImageURL,
    thumbnailUrl: panel.PanelThumbnailURL,
    fields: panel.PanelFields,
  });
  let components: unknown[];
  if (panel.DropdownMenu) {
    components = [
      {
        type: ACTION_ROW,
        components: [
          {
            type: STRING_SELECT,
            custom_id: `multi-panel:${panelId}`,
            placeholder: orUndefined(panel.DropdownMenuPlaceholder),
            options: members.map((m) => ({
              label: orUndefined(m.panel.PanelMessage.ButtonText) ?? m.panel.PanelName,
              value: String(m.id),
              emoji: emojiOf(m.panel.PanelMessage.ButtonEmoji),
            })),
          },
        ],
      },
    ];
  } else {
    // Five buttons per row (the platform's limit).
    components = [];
    for (let i = 0; i < members.length; i += 5) {
      components.push({ type: ACTION_ROW, components: members.slice(i, i + 5).map((m) => panelButton(m.id, m.panel)) });
    }
  }
  return message(panel.PanelContent, embed, components);
}
