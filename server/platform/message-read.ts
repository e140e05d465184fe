import { type APIMessage, MessageType } from "discord-api-types/v10";
import { clampText } from "../../src/schemas/discord-limits";
import type { ChannelEmbed, ChannelMessage } from "./adapter";

// A message read back from a channel, in the adapter's shape: every part Discord gives (content, each embed whole,
// attachments, stickers, the message it replies to, the users it mentions with their names). Both adapters read
// through here; what they hand over is hostile, so every part is read defensively — a part of the wrong type is left
// out, never trusted.

type Json = Record<string, unknown>;
const str = (v: unknown) => (typeof v === "string" ? v : undefined);
const obj = (v: unknown): Json => (v && typeof v === "object" && !Array.isArray(v) ? (v as Json) : {});
const arr = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);

/** The start of the text a reply answers, as the record keeps it. */
export const REPLY_SNIPPET = 200;

/** Only the keys that have a value (a record without empty parts). */
export function defined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}

const link = (v: unknown) => {
  const url = str(obj(v).url);
  return url ? { url } : undefined;
};

/** An embed in Discord's JSON (the platform's answer, or the demo's stored copy of what the bot sent). */
export function readEmbed(raw: unknown): ChannelEmbed {
  const e = obj(raw);
  const author = obj(e.author);
  const footer = obj(e.footer);
  const time = str(e.timestamp) === undefined ? Number.NaN : Date.parse(str(e.timestamp)!);
  const fields = arr(e.fields).map((raw) => {
    const f = obj(raw);
    return defined({ name: str(f.name) ?? "", value: str(f.value) ?? "", inline: f.inline === true ? true : undefined });
  });
  return defined({
    title: str(e.title),
    description: str(e.description),
    url: str(e.url),
    color: typeof e.color === "number" && Number.isInteger(e.color) && e.color >= 0 && e.color <= 0xffffff ? e.color : undefined,
    timestamp: Number.isFinite(time) && time >= 0 ? time : undefined,
    author:
      str(author.name) === undefined
        ? undefined
        : defined({ name: str(author.name)!, url: str(author.url), icon_url: str(author.icon_url) }),
    fields: fields.length ? fields : undefined,
    footer: str(footer.text) === undefined ? undefined : defined({ text: str(footer.text)!, icon_url: str(footer.icon_url) }),
    image: link(e.image),
    thumbnail: link(e.thumbnail),
  });
}

/** How Discord shows a user in a server: the nickname, else the display name, else the username. */
export function displayName(user: { username?: unknown; global_name?: unknown; member?: unknown }): string {
  return str(obj(user.member).nick) || str(user.global_name) || str(user.username) || "";
}

/** A message of Discord's REST API (GET /channels/{id}/messages). */
export function fromDiscordMessage(m: APIMessage): ChannelMessage {
  const referenced = m.type === MessageType.Reply && m.message_reference?.message_id ? m.message_reference.message_id : undefined;
  const replied = referenced ? obj(m.referenced_message) : {};
  const stickers = arr(m.sticker_items).flatMap((s) => (str(obj(s).name) ? [{ name: str(obj(s).name)! }] : []));
  return defined({
    id: m.id,
    author: { id: m.author.id, username: m.author.global_name || m.author.username, bot: m.author.bot === true },
    content: m.content ?? "",
    embeds: arr(m.embeds).map(readEmbed),
    attachments: arr(m.attachments).flatMap((raw) => {
      const a = obj(raw);
      const name = str(a.filename);
      const url = str(a.url);
      if (name === undefined || url === undefined) return [];
      return [defined({ name, url, size: typeof a.size === "number" ? a.size : undefined, content_type: str(a.content_type) })];
    }),
    stickers: stickers.length ? stickers : undefined,
    reply: referenced
      ? defined({
          message_id: referenced,
          author: replied.author ? displayName(obj(replied.author)) || undefined : undefined,
          content: str(replied.content) ? clampText(str(replied.content)!, REPLY_SNIPPET) : undefined,
        })
      : undefined,
    mentioned_users: arr(m.mentions).flatMap((u) => {
      const user = obj(u);
      const id = str(user.id);
      const name = displayName(user);
      return id && name ? [{ id, name }] : [];
    }),
    timestamp: Date.parse(m.timestamp),
    avatar: m.author.avatar ? `https://cdn.discordapp.com/avatars/${m.author.id}/${m.author.avatar}.png` : null,
  });
}
