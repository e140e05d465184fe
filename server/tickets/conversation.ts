import type { ChannelMessage, PlatformAdapter } from "../platform/adapter";
import type { EngineDeps } from "./step";
import type { TicketRow } from "./store";

// A ticket's conversation as it happens (docs/ticket-engine.md, "The gateway"): with the gateway, every message of a
// ticket's channel or thread is stored when it arrives — sealed with the keyring's secret box, bound to its ticket and
// message, as notes and the live read's copy are — with the names its mentions have then; an edit or a deletion keeps
// the version it replaced (ticket_message_history): the ticket's audit trail. So a channel deleted by hand, a crash or
// Discord's outage at close loses nothing, the ticket page reads the conversation without asking Discord, and the
// close reads only what is missing. Without the gateway nothing is stored here and both read the channel, as before.

/** At most this many earlier versions of a message are kept (the oldest go first). */
export const MAX_VERSIONS = 10;
/** A ticket keeps at most this many messages, as a transcript does. */
export const MAX_MESSAGES = 5000;

/** An earlier version of a message, and what replaced it. */
export interface MessageVersion {
  content: string;
  at: number;
  kind: "edit" | "delete";
}

/** A stored message: as it reads now, with when it was edited or deleted and what it said before. */
export type CapturedMessage = ChannelMessage & { editedAt?: number; deletedAt?: number; history?: MessageVersion[] };

const aadOf = (ticketRowId: number, messageId: string, version?: number) =>
  version === undefined ? `ticket-message:${ticketRowId}:${messageId}` : `ticket-message:${ticketRowId}:${messageId}:${version}`;

const byTime = <T extends { timestamp: number; id: string }>(a: T, b: T) =>
  a.timestamp - b.timestamp || (a.id.length !== b.id.length ? a.id.length - b.id.length : a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

type Deps = Pick<EngineDeps, "db" | "keyring">;

function opened(deps: Deps, sealed: string, aad: string): ChannelMessage | null {
  const text = deps.keyring.secrets.open(sealed, aad);
  if (text === null) return null;
  try {
    return JSON.parse(text) as ChannelMessage;
  } catch {
    return null;
  }
}

/** The channel a ticket's conversation is in now (a reopened ticket has a new one). */
const channelOf = (row: TicketRow) => row.channel_id ?? "";

/** Stores a new message of the ticket (already named); false when it was there already. */
export async function recordMessage(deps: Deps, row: TicketRow, message: ChannelMessage): Promise<boolean> {
  const result = await deps.db
    .insertInto("ticket_messages")
    .values({
      ticket_id: row.id,
      message_id: message.id,
      channel_id: channelOf(row),
      author_id: message.author.id,
      created_at: message.timestamp,
      edited_at: null,
      deleted_at: null,
      body_sealed: deps.keyring.secrets.seal(JSON.stringify(message), aadOf(row.id, message.id)),
    })
    .onConflict((oc) => oc.columns(["ticket_id", "message_id"]).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0n) === 1;
}

/**
 * A message as it reads after a change. `editedAt`: the author edited it then (the version it replaces joins the
 * history, once per edit); null: Discord only completed it (an embed unfurled), which replaces it silently. A message
 * not stored yet (it came before the gateway did) is stored as it is now.
 */
export async function recordEdit(deps: Deps, row: TicketRow, message: ChannelMessage, editedAt: number | null): Promise<void> {
  await deps.db.transaction().execute(async (tx) => {
    const current = await tx
      .selectFrom("ticket_messages")
      .selectAll()
      .where("ticket_id", "=", row.id)
      .where("message_id", "=", message.id)
      .executeTakeFirst();
    const body = deps.keyring.secrets.seal(JSON.stringify(message), aadOf(row.id, message.id));
    if (!current) {
      await tx
        .insertInto("ticket_messages")
        .values({
          ticket_id: row.id,
          message_id: message.id,
          channel_id: channelOf(row),
          author_id: message.author.id,
          created_at: message.timestamp,
          edited_at: editedAt,
          deleted_at: null,
          body_sealed: body,
        })
        .onConflict((oc) => oc.columns(["ticket_id", "message_id"]).doNothing())
        .execute();
      return;
    }
    if (current.deleted_at !== null) return;
    // The same edit told twice (a replay) changes nothing.
    if (editedAt !== null && current.edited_at !== null && Number(current.edited_at) >= editedAt) return;
    if (editedAt !== null) await keepVersion(tx, row.id, message.id, "edit", editedAt, current.body_sealed, deps);
    await tx
      .updateTable("ticket_messages")
      .set({ body_sealed: body, ...(editedAt !== null ? { edited_at: editedAt } : {}) })
      .where("ticket_id", "=", row.id)
      .where("message_id", "=", message.id)
      .execute();
  });
}

/** A message deleted in Discord: marked, its last version kept in the history. */
export async function recordDeletion(deps: Deps, row: TicketRow, messageId: string, at: number): Promise<void> {
  await deps.db.transaction().execute(async (tx) => {
    const current = await tx
      .selectFrom("ticket_messages")
      .selectAll()
      .where("ticket_id", "=", row.id)
      .where("message_id", "=", messageId)
      .executeTakeFirst();
    if (!current || current.deleted_at !== null) return;
    await keepVersion(tx, row.id, messageId, "delete", at, current.body_sealed, deps);
    await tx
      .updateTable("ticket_messages")
      .set({ deleted_at: at })
      .where("ticket_id", "=", row.id)
      .where("message_id", "=", messageId)
      .execute();
  });
}

/** The replaced version, re-sealed for its place in the history; the oldest go past MAX_VERSIONS. */
async function keepVersion(
  tx: Deps["db"],
  ticketRowId: number,
  messageId: string,
  kind: MessageVersion["kind"],
  at: number,
  sealed: string,
  deps: Deps,
) {
  const last = await tx
    .selectFrom("ticket_message_history")
    .select((eb) => eb.fn.max("version").as("v"))
    .where("ticket_id", "=", ticketRowId)
    .where("message_id", "=", messageId)
    .executeTakeFirst();
  const version = Number(last?.v ?? 0) + 1;
  const text = deps.keyring.secrets.open(sealed, aadOf(ticketRowId, messageId)) ?? "{}";
  await tx
    .insertInto("ticket_message_history")
    .values({
      ticket_id: ticketRowId,
      message_id: messageId,
      version,
      kind,
      at,
      body_sealed: deps.keyring.secrets.seal(text, aadOf(ticketRowId, messageId, version)),
    })
    .execute();
  if (version > MAX_VERSIONS) {
    await tx
      .deleteFrom("ticket_message_history")
      .where("ticket_id", "=", ticketRowId)
      .where("message_id", "=", messageId)
      .where("version", "<=", version - MAX_VERSIONS)
      .execute();
  }
}

/** The stored conversation of the ticket's channel, oldest first (the newest `limit` when given), with its audit trail. */
export async function capturedMessages(deps: Deps, row: TicketRow, limit = MAX_MESSAGES): Promise<CapturedMessage[]> {
  const rows = await deps.db
    .selectFrom("ticket_messages")
    .selectAll()
    .where("ticket_id", "=", row.id)
    .where("channel_id", "=", channelOf(row))
    .orderBy("created_at", "desc")
    .orderBy("message_id", "desc")
    .limit(limit)
    .execute();
  if (rows.length === 0) return [];
  const changed = rows.filter((r) => r.edited_at !== null || r.deleted_at !== null).map((r) => r.message_id);
  const history = new Map<string, MessageVersion[]>();
  for (let i = 0; i < changed.length; i += 500) {
    const versions = await deps.db
      .selectFrom("ticket_message_history")
      .selectAll()
      .where("ticket_id", "=", row.id)
      .where("message_id", "in", changed.slice(i, i + 500))
      .orderBy("version")
      .execute();
    for (const v of versions) {
      const was = opened(deps, v.body_sealed, aadOf(row.id, v.message_id, v.version));
      if (!was) continue;
      const list = history.get(v.message_id) ?? [];
      list.push({ content: was.content, at: Number(v.at), kind: v.kind === "delete" ? "delete" : "edit" });
      history.set(v.message_id, list);
    }
  }
  const out: CapturedMessage[] = [];
  for (const r of rows) {
    const message = opened(deps, r.body_sealed, aadOf(row.id, r.message_id));
    if (!message) continue;
    out.push({
      ...message,
      ...(r.edited_at !== null ? { editedAt: Number(r.edited_at) } : {}),
      ...(r.deleted_at !== null ? { deletedAt: Number(r.deleted_at) } : {}),
      ...(history.has(r.message_id) ? { history: history.get(r.message_id) } : {}),
    });
  }
  return out.sort(byTime);
}

/** Whether the gateway has delivered the whole conversation of the ticket's channel (its events unbroken since it opened). */
export async function capturedWhole(deps: Pick<EngineDeps, "gateway">, row: TicketRow): Promise<boolean> {
  if (!deps.gateway || !row.channel_id) return false;
  const since = await deps.gateway.coveredSince(row.guild_id);
  const channelSince = Math.max(Number(row.opened_at), Number(row.reopened_at ?? 0));
  return since !== null && since <= channelSince;
}

/** Messages read at close: up to this many pages of 100 (a transcript holds at most 5000 messages). */
const MAX_PAGES = 50;

/** The channel's messages, newest first (`after`: only those after it, every page of them). */
export async function readChannel(platform: PlatformAdapter, channelId: string, after?: string): Promise<ChannelMessage[]> {
  const messages: ChannelMessage[] = [];
  if (after) {
    // Pages forward from `after`: Discord answers each page newest first.
    let from = after;
    for (let page = 0; page < MAX_PAGES; page++) {
      const batch = await platform.readMessages(channelId, undefined, from);
      messages.unshift(...batch);
      if (batch.length < 100) break;
      from = batch[0].id;
    }
    return messages;
  }
  let before: string | undefined;
  for (let page = 0; page < MAX_PAGES; page++) {
    const batch = await platform.readMessages(channelId, before);
    messages.push(...batch);
    if (batch.length < 100) break;
    before = batch[batch.length - 1].id;
  }
  return messages;
}

/**
 * The conversation a close stores, newest first: the channel read as before when nothing was captured; else what was
 * captured (messages deleted in Discord and earlier versions included), completed from the channel — only after the
 * newest captured message when the gateway delivered the whole conversation, the whole channel otherwise. A channel
 * already gone (deleted by hand) reads as empty: the captured conversation is the transcript.
 */
export async function conversationForClose(
  deps: Pick<EngineDeps, "db" | "keyring" | "platform" | "gateway">,
  row: TicketRow,
  channelId: string,
): Promise<CapturedMessage[]> {
  const stored = await capturedMessages(deps, row);
  if (stored.length === 0) return readChannel(deps.platform, channelId);
  const whole = await capturedWhole(deps, row);
  const read = await readChannel(deps.platform, channelId, whole ? stored[stored.length - 1].id : undefined);
  const known = new Set(stored.map((m) => m.id));
  return [...stored, ...read.filter((m) => !known.has(m.id))].sort(byTime).reverse();
}
