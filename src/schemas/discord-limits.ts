// Discord's documented limits on what a bot sends, and how Discord measures against them. Sources (discord-api-docs):
// developers/resources/message.mdx (message content, "Embed Limits"), developers/components/reference.mdx (buttons,
// selects, text inputs, custom_id), developers/interactions/receiving-and-responding.mdx (modal),
// developers/resources/channel.mdx (channel name and topic) and developers/reference.mdx ("Uploading Files").
//
// The product's own limits (SPEC §9) stay in limits.ts. Where Discord's limit is tighter when the bot sends a text,
// the schemas add it as a rule at save (send-limits.ts) and the bot's message builders clamp to it at send.

export const discordLimits = {
  /** A message's content. */
  content: 2000,
  /** Embeds of one message. */
  embeds: 10,
  /** Title, description, field names and values, footer text and author name of all embeds of a message together. */
  embedTotal: 6000,
  embedTitle: 256,
  embedDescription: 4096,
  embedFields: 25,
  embedFieldName: 256,
  embedFieldValue: 1024,
  embedFooter: 2048,
  embedAuthor: 256,
  /** Action rows of a message, and buttons in one row. */
  actionRows: 5,
  rowButtons: 5,
  buttonLabel: 80,
  customId: 100,
  /** A string select holds 1 to 25 options. */
  selectOptionsMin: 1,
  selectOptions: 25,
  selectOptionLabel: 100,
  selectOptionValue: 100,
  selectPlaceholder: 150,
  modalTitle: 45,
  /** Rows (text inputs) of a modal. */
  modalRows: 5,
  textInputLabel: 45,
  textInputPlaceholder: 100,
  textInputLength: 4000,
  channelName: 100,
  channelTopic: 1024,
  /** A file a bot attaches, without the server's boosts (reference.mdx, "Uploading Files": 10 MiB by default). */
  uploadBytes: 10 * 1024 * 1024,
  /** Files of one message (the `files[n]` of "Uploading Files", n from 0 to 9). */
  files: 10,
  /** A snowflake id is a 64-bit integer: at most 20 digits. */
  snowflakeDigits: 20,
} as const;

/** The parts of an embed Discord counts (an APIEmbed fits this shape). */
export interface EmbedText {
  title?: string;
  description?: string;
  fields?: readonly { name: string; value: string }[];
  footer?: { text?: string };
  author?: { name?: string };
}

/**
 * How many characters Discord counts in a text: it trims leading and trailing whitespace first. JavaScript counts
 * UTF-16 units (an emoji outside the basic plane is 2) like zod's `.max()`, never fewer than Discord: a text that
 * passes here passes there.
 */
export const countedLength = (text: string | undefined) => (text ? text.trim().length : 0);

/** The characters of a message's embeds that count towards Discord's 6,000 (titles, descriptions, fields, footers, authors). */
export function embedTextLength(embeds: readonly EmbedText[]): number {
  let total = 0;
  for (const embed of embeds) {
    total +=
      countedLength(embed.title) + countedLength(embed.description) + countedLength(embed.footer?.text) + countedLength(embed.author?.name);
    for (const field of embed.fields ?? []) total += countedLength(field.name) + countedLength(field.value);
  }
  return total;
}

/** A member's mention in a message's content. */
export const userMention = (id: string) => `<@${id}>`;
/** A role's mention in a message's content. */
export const roleMention = (id: string) => `<@&${id}>`;
/** The longest mentions can be (ids of 20 digits): what a text must leave room for when the id is not known yet. */
export const userMentionMaxLength = userMention("0".repeat(discordLimits.snowflakeDigits)).length;
export const roleMentionMaxLength = roleMention("0".repeat(discordLimits.snowflakeDigits)).length;

/** `text` cut to at most `max` characters, ending in "…" when cut; a surrogate pair (an emoji) is never split. */
export function clampText(text: string, max: number): string {
  if (text.length <= max) return text;
  if (max <= 0) return "";
  let end = max - 1;
  const last = text.charCodeAt(end - 1);
  if (last >= 0xd800 && last <= 0xdbff) end -= 1;
  return `${text.slice(0, end)}…`;
}
