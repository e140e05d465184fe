import type { TicketMessage } from "../../src/schemas/helpdesk";
import { maxCapturedNames, mentionedIds, type MentionNames } from "../../src/schemas/message-parts";
import type { ChannelMessage, PlatformAdapter } from "../platform/adapter";
import { defined } from "../platform/message-read";
import type { TranscriptMessage } from "../transcripts/document";
import type { CapturedMessage } from "./conversation";

// The record of a ticket's messages: what the bot read from the channel, every part kept (content, each embed whole,
// attachments, stickers, the message replied to), with the names of what each message mentions captured when it was
// read — so the ticket page and the transcript read "@Ann", "@Support", "#billing" as they were then, whatever is
// renamed or leaves later. The ticket page (live read) and the transcript (close) both go through here.

/** Members and channels looked up one by one per read, past what the message and the guild already name. */
const MAX_LOOKUPS = 10;

/** Every text of a message that may hold a mention. */
export function messageTexts(m: ChannelMessage): string[] {
  const texts = [m.content];
  for (const e of m.embeds) {
    texts.push(e.title ?? "", e.description ?? "", e.author?.name ?? "", e.footer?.text ?? "");
    for (const f of e.fields ?? []) texts.push(f.name, f.value);
  }
  if (m.reply?.content) texts.push(m.reply.content);
  return texts;
}

/** Names by id of what can be resolved, without asking for more than MAX_LOOKUPS of them one by one. */
async function lookUp(ids: string[], known: Map<string, string>, find: (id: string) => Promise<string | undefined>): Promise<void> {
  const missing = ids.filter((id) => !known.has(id)).slice(0, MAX_LOOKUPS);
  const found = await Promise.all(missing.map((id) => find(id).catch(() => undefined)));
  missing.forEach((id, i) => {
    if (found[i]) known.set(id, found[i]);
  });
}

/**
 * The messages with the names of what each mentions, as they read now: users as the platform named them with the
 * message (Discord's `mentions`), else as authors of the conversation, else the guild's member; roles and channels
 * from the guild (a channel of another guild is never named). What cannot be resolved stays unnamed and reads as
 * "unknown". A message that has its names already keeps them.
 */
export async function captureMentionNames(
  platform: PlatformAdapter,
  guildId: string,
  messages: ChannelMessage[],
): Promise<ChannelMessage[]> {
  const wanted = messages.map((m) => (m.names ? null : mentionedIds(messageTexts(m))));
  const all = { users: new Set<string>(), roles: new Set<string>(), channels: new Set<string>() };
  for (const ids of wanted) {
    if (!ids) continue;
    for (const kind of ["users", "roles", "channels"] as const) for (const id of ids[kind]) all[kind].add(id);
  }
  if (all.users.size + all.roles.size + all.channels.size === 0) return messages;

  const users = new Map<string, string>();
  for (const m of messages) users.set(m.author.id, m.author.username);
  for (const m of messages) for (const u of m.mentioned_users ?? []) users.set(u.id, u.name);
  const roles = new Map<string, string>();
  const channels = new Map<string, string>();
  if (all.roles.size + all.channels.size > 0) {
    const guild = await platform.getGuild(guildId).catch(() => null);
    for (const r of guild?.roles ?? []) roles.set(r.id, r.name);
    for (const c of [...(guild?.text_channels ?? []), ...(guild?.categories ?? [])]) channels.set(c.id, c.name);
  }
  await Promise.all([
    lookUp([...all.users], users, async (id) => (await platform.getMember(guildId, id))?.username || undefined),
    lookUp([...all.channels], channels, async (id) => {
      const channel = await platform.getChannel(id);
      return channel && channel.guildId === guildId && channel.name ? channel.name : undefined;
    }),
  ]);

  const pick = (ids: Set<string>, names: Map<string, string>) =>
    Object.fromEntries([...ids].flatMap((id) => (names.has(id) ? [[id, names.get(id)!]] : [])));
  return messages.map((m, i) => {
    const ids = wanted[i];
    if (!ids || ids.users.size + ids.roles.size + ids.channels.size === 0) return m;
    return { ...m, names: { users: pick(ids.users, users), roles: pick(ids.roles, roles), channels: pick(ids.channels, channels) } };
  });
}

const cut = (text: string | undefined, max: number) => (text === undefined ? undefined : text.slice(0, max));
/** A link as given, when it fits the record (the transcript and the page show only http(s) ones). */
const keptUrl = (url: string | undefined) => (url && url.length <= 2048 ? url : undefined);
const hexColor = (color: number | undefined) => (color === undefined ? undefined : `#${color.toString(16).padStart(6, "0")}`);

/** Captured names within the record's bounds. Kept even when none could be named: those mentions read as unknown. */
function boundedNames(names: MentionNames | undefined): MentionNames | undefined {
  if (!names) return undefined;
  const bound = (kind: Record<string, string>) =>
    Object.fromEntries(
      Object.entries(kind)
        .slice(0, maxCapturedNames)
        .map(([id, name]) => [id, name.slice(0, 100)]),
    );
  return { users: bound(names.users), roles: bound(names.roles), channels: bound(names.channels) };
}

/** A channel message as the transcript keeps it: every part, each within the transcript's limits. */
export function toRecordMessage(m: CapturedMessage): TranscriptMessage {
  return defined({
    author: (m.author.username || "Unknown").slice(0, 100),
    author_id: m.author.id,
    content: m.content.slice(0, 4000),
    timestamp: Math.max(0, Math.floor(m.timestamp)),
    embeds: m.embeds.slice(0, 10).map((e) =>
      defined({
        title: cut(e.title, 256),
        description: cut(e.description, 4096),
        url: keptUrl(e.url),
        color: hexColor(e.color),
        timestamp: e.timestamp === undefined ? undefined : Math.max(0, Math.floor(e.timestamp)),
        author: e.author
          ? defined({ name: e.author.name.slice(0, 256), url: keptUrl(e.author.url), icon_url: keptUrl(e.author.icon_url) })
          : undefined,
        fields: e.fields
          ?.slice(0, 25)
          .map((f) => defined({ name: f.name.slice(0, 256), value: f.value.slice(0, 1024), inline: f.inline ? true : undefined })),
        footer: e.footer ? defined({ text: e.footer.text.slice(0, 2048), icon_url: keptUrl(e.footer.icon_url) }) : undefined,
        image: keptUrl(e.image?.url) ? { url: e.image!.url } : undefined,
        thumbnail: keptUrl(e.thumbnail?.url) ? { url: e.thumbnail!.url } : undefined,
      }),
    ),
    attachments: m.attachments
      .slice(0, 10)
      .filter((a) => a.url.length <= 2048 && URL.canParse(a.url))
      .map((a) => defined({ name: a.name.slice(0, 1024), url: a.url, size: a.size, content_type: cut(a.content_type, 255) })),
    stickers: m.stickers?.length ? m.stickers.slice(0, 3).map((s) => ({ name: s.name.slice(0, 100) })) : undefined,
    reply: m.reply
      ? defined({ message_id: m.reply.message_id, author: cut(m.reply.author, 100), content: cut(m.reply.content, 200) })
      : undefined,
    mentions: boundedNames(m.names),
    // What the gateway saw happen to it (./conversation.ts): the audit trail.
    edited_at: m.editedAt,
    deleted_at: m.deletedAt,
    history: m.history?.length
      ? m.history.slice(-10).map((v) => ({ content: v.content.slice(0, 4000), at: Math.max(0, Math.floor(v.at)), kind: v.kind }))
      : undefined,
  });
}

const isHttp = (url: string | undefined) => url !== undefined && /^https?:\/\//i.test(url);

/** A channel message as the ticket page shows it: the record's parts, named as the dashboard names them. */
export function toTicketMessage(m: CapturedMessage): TicketMessage {
  const r = toRecordMessage(m);
  return defined({
    MessageId: m.id,
    AuthorId: m.author.id,
    AuthorName: m.author.username,
    AuthorAvatar: m.avatar ?? null,
    Bot: m.author.bot,
    Content: r.content,
    Embeds: r.embeds.map((e) =>
      defined({
        Author: e.author?.name || undefined,
        AuthorIconUrl: e.author?.icon_url,
        AuthorUrl: e.author?.url,
        Title: e.title || undefined,
        Url: e.url,
        Description: e.description || undefined,
        Color: e.color,
        Fields: e.fields?.map((f) => ({ Name: f.name, Value: f.value, Inline: f.inline === true })),
        Footer: e.footer?.text || undefined,
        FooterIconUrl: e.footer?.icon_url,
        ImageUrl: e.image?.url,
        ThumbnailUrl: e.thumbnail?.url,
        Timestamp: e.timestamp,
      }),
    ),
    Attachments: r.attachments
      .filter((a) => isHttp(a.url))
      .map((a) => defined({ Name: a.name, Url: a.url, Size: a.size, ContentType: a.content_type })),
    Stickers: r.stickers?.map((s) => s.name),
    Reply: r.reply ? defined({ MessageId: r.reply.message_id, AuthorName: r.reply.author, Snippet: r.reply.content }) : undefined,
    Mentions: r.mentions,
    Timestamp: m.timestamp,
    EditedAt: r.edited_at,
    DeletedAt: r.deleted_at,
    History: r.history?.map((v) => ({ Content: v.content, At: v.at, Kind: v.kind })),
  });
}
