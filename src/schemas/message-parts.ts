import { z } from "zod";

// How a chat message's parts read, shared by the server (the transcript's HTML, capturing names when the bot reads a
// message) and the dashboard (the ticket page, the Try-it view): mentions found in text and shown as names, and an
// embed's fields laid out in rows as Discord lays them out.

/** A piece of message text: plain text, or a mention (<@id> or <@!id> member, <@&id> role, <#id> channel). */
export type MentionPart = { text: string } | { sigil: "@" | "@&" | "#"; id: string };

/** The longest mention markup scanned (`<@&` + a 20-digit id + `>` is 24 characters). */
const MAX_MENTION = 30;
const allDigits = (text: string) => text.length > 0 && text.length <= 20 && [...text].every((ch) => ch >= "0" && ch <= "9");

/** Splits message text into text and mentions in one pass (no regex over user text). */
export function splitMentions(content: string): MentionPart[] {
  const parts: MentionPart[] = [];
  let text = "";
  let i = 0;
  while (i < content.length) {
    const open = content.indexOf("<", i);
    if (open < 0) break;
    // The ">" within the longest mention's reach; another "<" first starts the next candidate there. Each character
    // is looked at a bounded number of times, whatever the text.
    let close = -1;
    for (let j = open + 1; j < content.length && j <= open + MAX_MENTION; j++) {
      if (content[j] === "<") break;
      if (content[j] === ">") {
        close = j;
        break;
      }
    }
    if (close < 0) {
      text += content.slice(i, open + 1);
      i = open + 1;
      continue;
    }
    text += content.slice(i, open);
    const inner = content.slice(open + 1, close);
    const sigil = inner.startsWith("@&") ? "@&" : inner.startsWith("@") ? "@" : inner.startsWith("#") ? "#" : "";
    // <@!id> is the older form of a member's mention (by nickname): the same member.
    const id = inner.slice(sigil === "@" && inner.startsWith("@!") ? 2 : sigil.length);
    if (sigil && allDigits(id)) {
      if (text) parts.push({ text });
      text = "";
      parts.push({ sigil, id });
    } else text += content.slice(open, close + 1);
    i = close + 1;
  }
  text += content.slice(i);
  if (text) parts.push({ text });
  return parts;
}

/** Names of the users, roles and channels a conversation mentions (`<@id>`, `<@&id>`, `<#id>`), by id. */
export const mentionNamesSchema = z.object({
  users: z.record(z.string(), z.string()),
  roles: z.record(z.string(), z.string()),
  channels: z.record(z.string(), z.string()),
});
export type MentionNames = z.infer<typeof mentionNamesSchema>;

/** The most names of one kind a message's record holds (2,000 + 6,000 characters of mentions of 20 characters). */
export const maxCapturedNames = 500;
const capturedNames = z
  .record(z.string().regex(/^\d{1,20}$/), z.string().max(100))
  .refine((names) => Object.keys(names).length <= maxCapturedNames, `At most ${maxCapturedNames} names of each kind`)
  .default({});

/**
 * The names a message's mentions had when the message was captured (read by the bot for the ticket page or the
 * transcript), stored with it: a later rename or departure does not change the record.
 */
export const capturedMentionsSchema = z.object({ users: capturedNames, roles: capturedNames, channels: capturedNames });

export const noMentionNames = (): MentionNames => ({ users: {}, roles: {}, channels: {} });

/** What a mention whose name is not known reads as (the dashboard passes its translations). */
export interface UnknownMentionTexts {
  user: string;
  role: string;
  channel: string;
}
export const unknownMentionTexts: UnknownMentionTexts = { user: "unknown user", role: "unknown role", channel: "unknown channel" };

type Mention = Exclude<MentionPart, { text: string }>;

/** The name a mention had, or undefined when it is not known. */
export function mentionName(part: Mention, names: Partial<MentionNames> | undefined): string | undefined {
  const kind = part.sigil === "#" ? names?.channels : part.sigil === "@&" ? names?.roles : names?.users;
  return kind && Object.hasOwn(kind, part.id) ? kind[part.id] : undefined;
}

/** A mention as it reads: "@Name", "@Role", "#channel", or "@unknown user" / "@unknown role" / "#unknown channel". */
export function mentionLabel(
  part: Mention,
  names: Partial<MentionNames> | undefined,
  unknown: UnknownMentionTexts = unknownMentionTexts,
): string {
  const prefix = part.sigil === "#" ? "#" : "@";
  const fallback = part.sigil === "#" ? unknown.channel : part.sigil === "@&" ? unknown.role : unknown.user;
  return prefix + (mentionName(part, names) ?? fallback);
}

/** Text with every mention read as its name (plain text, never markup). */
export function withMentionNames(
  text: string,
  names: Partial<MentionNames> | undefined,
  unknown: UnknownMentionTexts = unknownMentionTexts,
): string {
  return splitMentions(text)
    .map((part) => ("text" in part ? part.text : mentionLabel(part, names, unknown)))
    .join("");
}

/** The ids texts mention, by kind. */
export function mentionedIds(texts: Iterable<string | undefined>): { users: Set<string>; roles: Set<string>; channels: Set<string> } {
  const ids = { users: new Set<string>(), roles: new Set<string>(), channels: new Set<string>() };
  for (const text of texts) {
    if (!text) continue;
    for (const part of splitMentions(text)) {
      if ("text" in part) continue;
      (part.sigil === "#" ? ids.channels : part.sigil === "@&" ? ids.roles : ids.users).add(part.id);
    }
  }
  return ids;
}

/** Discord's layout of an embed's fields: inline fields share a row, three at most; one not inline takes a row of its own. */
export function inlineRows<T>(fields: readonly T[], isInline: (field: T) => boolean): T[][] {
  const rows: T[][] = [];
  let current: T[] = [];
  for (const field of fields) {
    if (!isInline(field)) {
      if (current.length) rows.push(current);
      rows.push([field]);
      current = [];
      continue;
    }
    current.push(field);
    if (current.length === 3) {
      rows.push(current);
      current = [];
    }
  }
  if (current.length) rows.push(current);
  return rows;
}

/** An attachment's size as people read it: "512 B", "1.5 KB", "12 MB". */
export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ["KB", "MB", "GB"];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${value < 10 ? value.toFixed(1) : Math.round(value)} ${units[unit]}`;
}
