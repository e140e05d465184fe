import type { TranscriptKeyring } from "../crypto";
import { recordActivityOf } from "../activity/record";
import type { Db } from "../db/schema";
import { closeByBot } from "../tickets/close";
import type { EngineDeps } from "../tickets/step";
import { findTicket } from "../tickets/store";
import { parseDocument, transcriptAad, type TranscriptMessage } from "../transcripts/document";
import { indexTranscriptTerms, prepareTranscript } from "../transcripts/store";

// A member's rights over what the product holds about them, across every server (docs/decisions/013-data-retention.md):
// the export (JSON) and the erasure. Erasure keeps the servers' records whole and makes them anonymous: the member's
// messages in transcripts read "deleted user" with their words gone (the transcript sealed again and its word index
// rebuilt), their ratings' comments are removed, their tickets' personal fields (name, subject, form answers, DM channel)
// are cleared and their id replaced; the captured conversation and the live-read copies of their tickets are deleted.
// Staff's notes about a ticket are staff's working notes: neither exported to the member nor erased (the owner's export
// and erasure cover them). Their open tickets are closed first, by the bot, with the reason "the member who opened it
// erased their data" and no closing DM, so that their transcripts are stored and erased with the rest; a ticket the
// bot cannot close now (Discord refused, a close already under way) stays open and the answer counts it.

export const DELETED_USER = "deleted user";
/** The id written where a member's id was (no Discord id is 0). */
export const DELETED_ID = "0";

/** The transcripts a member's messages may be in: those of their tickets, and of the tickets they were added to. */
async function transcriptsOf(db: Db, userId: string) {
  const added = db
    .selectFrom("ticket_members")
    .innerJoin("tickets", "tickets.id", "ticket_members.ticket_id")
    .select(["tickets.guild_id", "tickets.number"])
    .where("ticket_members.user_id", "=", userId);
  const addedTo = await added.execute();
  const rows = await db.selectFrom("transcripts").selectAll().where("author_id", "=", userId).execute();
  for (const a of addedTo) {
    if (rows.some((r) => r.guild_id === a.guild_id && r.ticket_id === a.number)) continue;
    const row = await db
      .selectFrom("transcripts")
      .selectAll()
      .where("guild_id", "=", a.guild_id)
      .where("ticket_id", "=", a.number)
      .executeTakeFirst();
    if (row) rows.push(row);
  }
  return rows;
}

/**
 * Which messages of a transcript are the member's: those they wrote, and those the bot relayed for them (what they
 * wrote from their DM or from "My tickets" arrives as the bot's embed under their name: server/tickets/dm-relay.ts),
 * known by the names they wrote under there, and the opener's name when the ticket is theirs.
 */
function theirsIn(messages: TranscriptMessage[], userId: string, openerName: string | null) {
  const names = new Set(messages.filter((m) => m.author_id === userId).map((m) => m.author));
  if (openerName) names.add(openerName);
  const isTheirs = (m: TranscriptMessage) =>
    m.author_id === userId || (m.author_id !== undefined && m.embeds.some((e) => e.author !== undefined && names.has(e.author.name)));
  return { names, isTheirs };
}

/** Everything the product holds about a member, across servers, as one JSON document. */
export async function exportMember(db: Db, keyring: TranscriptKeyring, userId: string) {
  const tickets = await db
    .selectFrom("tickets")
    .select([
      "guild_id",
      "number",
      "panel_name",
      "opener_id",
      "opener_name",
      "subject",
      "status",
      "form_answers_json",
      "opened_at",
      "closed_at",
      "close_reason",
      "rating",
      "rating_comment",
    ])
    .where("opener_id", "=", userId)
    .orderBy("guild_id")
    .orderBy("number")
    .execute();
  const transcripts = [];
  for (const row of await transcriptsOf(db, userId)) {
    const { messages } = parseDocument(
      await keyring.openAsync({ ciphertext: row.body_enc, iv: row.iv, tag: row.tag }, transcriptAad(row.guild_id, row.ticket_id)),
    );
    transcripts.push({
      guild_id: row.guild_id,
      ticket_id: row.ticket_id,
      closed_at: Number(row.closed_at),
      // Their own messages only: the others' words are not theirs to take.
      messages: messages.filter(theirsIn(messages, userId, row.author_id === userId ? row.author_username : null).isTheirs),
      ...(row.author_id === userId ? { rating: row.rating, rating_comment: row.rating_comment } : {}),
    });
  }
  const profile = await db.selectFrom("users").select(["id", "username", "avatar"]).where("id", "=", userId).executeTakeFirst();
  const activity = await db
    .selectFrom("activity")
    .select(["guild_id", "action", "timestamp"])
    .where("user_id", "=", userId)
    .orderBy("id")
    .execute();
  const views = await db
    .selectFrom("saved_views")
    .select(["guild_id", "list", "name", "state_json", "created_at"])
    .where("user_id", "=", userId)
    .orderBy("id")
    .execute();
  return {
    exported_at: Date.now(),
    user_id: userId,
    profile: profile ?? null,
    tickets: tickets.map((t) => ({ ...t, opened_at: Number(t.opened_at), closed_at: t.closed_at === null ? null : Number(t.closed_at) })),
    transcripts,
    activity: activity.map((a) => ({ ...a, timestamp: Number(a.timestamp) })),
    saved_views: views.map(({ state_json, ...v }) => ({
      ...v,
      state: JSON.parse(state_json) as unknown,
      created_at: Number(v.created_at),
    })),
  };
}

export type MemberExport = Awaited<ReturnType<typeof exportMember>>;

/** A message of the member as it reads once erased: by "deleted user", with nothing of what it said. */
const erasedMessage = (m: TranscriptMessage): TranscriptMessage => ({
  author: DELETED_USER,
  content: "",
  timestamp: m.timestamp,
  embeds: [],
  attachments: [],
  ...(m.deleted_at === undefined ? {} : { deleted_at: m.deleted_at }),
});

/** Their ticket's subject and form answers: what the bot's welcome message repeats in its fields. */
async function personalValuesOf(db: Db, guildId: string, number: number): Promise<Set<string>> {
  const t = await db
    .selectFrom("tickets")
    .select(["subject", "form_answers_json"])
    .where("guild_id", "=", guildId)
    .where("number", "=", number)
    .executeTakeFirst();
  const values = new Set<string>();
  if (t?.subject) values.add(t.subject);
  try {
    for (const a of (JSON.parse(t?.form_answers_json ?? "[]") as { Value?: unknown }[]) ?? [])
      if (typeof a?.Value === "string" && a.Value) values.add(a.Value);
  } catch {
    // A malformed record holds nothing to look for.
  }
  return values;
}

/**
 * Someone else's message, with nothing of the member left: a reply's quote of them, the name a mention of them was
 * captured with, and (in their own ticket) the embed fields repeating their subject or form answers (the welcome).
 */
function othersMessage(m: TranscriptMessage, userId: string, theirNames: Set<string>, personal: Set<string>): TranscriptMessage {
  let out = m;
  if (m.reply?.author !== undefined && theirNames.has(m.reply.author))
    out = { ...out, reply: { message_id: m.reply.message_id, author: DELETED_USER } };
  if (m.mentions?.users[userId] !== undefined)
    out = { ...out, mentions: { ...m.mentions, users: { ...m.mentions.users, [userId]: DELETED_USER } } };
  if (personal.size && m.embeds.some((e) => e.fields?.some((f) => personal.has(f.value))))
    out = { ...out, embeds: m.embeds.map((e) => (e.fields ? { ...e, fields: e.fields.filter((f) => !personal.has(f.value)) } : e)) };
  return out;
}

/** What an erasure changed (counts only: the erased data is never repeated, not even in the log). */
export interface ErasureOutcome {
  transcripts: number;
  messages: number;
  tickets: number;
  openTickets: number;
  servers: string[];
}

/** Closes the member's open tickets (the bot, "the member erased their data"); what could not be closed stays open. */
async function closeOpenTicketsOf(deps: EngineDeps, userId: string): Promise<void> {
  const open = await deps.db
    .selectFrom("tickets")
    .select(["guild_id", "number"])
    .where("opener_id", "=", userId)
    .where("status", "=", "open")
    .execute();
  for (const t of open) {
    const row = await findTicket(deps.db, t.guild_id, t.number);
    if (!row || row.status !== "open") continue;
    await closeByBot(deps, row, "openerErased").catch((error: unknown) =>
      deps.log.warn({ err: error, guildId: t.guild_id, ticket: t.number }, "erasure's close failed"),
    );
  }
}

/** Erases a member's data across servers, and logs it in each server touched (without the data). */
export async function eraseMember(deps: EngineDeps, userId: string): Promise<ErasureOutcome> {
  const { db, keyring } = deps;
  await closeOpenTicketsOf(deps, userId);
  const outcome: ErasureOutcome = { transcripts: 0, messages: 0, tickets: 0, openTickets: 0, servers: [] };
  const perServer = new Map<string, { Transcripts: number; Tickets: number }>();
  const touched = (guildId: string) => {
    const entry = perServer.get(guildId) ?? { Transcripts: 0, Tickets: 0 };
    perServer.set(guildId, entry);
    return entry;
  };
  for (const row of await transcriptsOf(db, userId)) {
    const aad = transcriptAad(row.guild_id, row.ticket_id);
    const { messages } = parseDocument(await keyring.openAsync({ ciphertext: row.body_enc, iv: row.iv, tag: row.tag }, aad));
    const opener = row.author_id === userId;
    const { names: theirNames, isTheirs } = theirsIn(messages, userId, opener ? row.author_username : null);
    const personal = opener ? await personalValuesOf(db, row.guild_id, row.ticket_id) : new Set<string>();
    let changed = 0;
    const erased = messages.map((m) => {
      if (isTheirs(m)) {
        changed++;
        return erasedMessage(m);
      }
      return othersMessage(m, userId, theirNames, personal);
    });
    if (changed === 0 && !opener) continue;
    const prepared = await prepareTranscript(keyring, row.guild_id, row.ticket_id, erased);
    await db.transaction().execute(async (tx) => {
      await tx
        .updateTable("transcripts")
        .set({
          body_enc: prepared.sealed.ciphertext,
          iv: prepared.sealed.iv,
          tag: prepared.sealed.tag,
          message_count: prepared.messageCount,
          ...(opener ? { author_id: DELETED_ID, author_username: DELETED_USER, rating_comment: null } : {}),
        })
        .where("id", "=", row.id)
        .execute();
      // The stored bytes' running total counts the sealed body (its triggers follow inserts and deletes, not this rewrite).
      await tx
        .updateTable("transcript_counts")
        .set((eb) => ({ bytes: eb("bytes", "+", prepared.sealed.ciphertext.length - row.body_enc.length) }))
        .where("guild_id", "=", row.guild_id)
        .execute();
      // The word index again from the erased messages: their words no longer find the transcript.
      await tx.deleteFrom("transcript_terms").where("transcript_id", "=", row.id).execute();
      await indexTranscriptTerms(tx, row.guild_id, row.id, row.ticket_id, prepared.hashes);
    });
    outcome.transcripts++;
    outcome.messages += changed;
    touched(row.guild_id).Transcripts++;
  }
  const theirs = await db.selectFrom("tickets").select(["id", "guild_id", "status"]).where("opener_id", "=", userId).execute();
  const closed = theirs.filter((t) => t.status === "closed");
  outcome.openTickets = theirs.length - closed.length;
  const ids = closed.map((t) => t.id);
  for (let i = 0; i < ids.length; i += 500) {
    const slice = ids.slice(i, i + 500);
    await db.transaction().execute(async (tx) => {
      await tx
        .updateTable("tickets")
        .set({
          opener_id: DELETED_ID,
          opener_name: DELETED_USER,
          subject: null,
          form_answers_json: null,
          rating_comment: null,
          dm_channel_id: null,
          close_request_reason: null,
        })
        .where("id", "in", slice)
        .execute();
      // The copies of their tickets' conversations: the captured messages and their history, the live reads.
      await tx.deleteFrom("ticket_messages").where("ticket_id", "in", slice).execute();
      await tx.deleteFrom("ticket_message_history").where("ticket_id", "in", slice).execute();
      await tx.deleteFrom("ticket_live_reads").where("ticket_id", "in", slice).execute();
    });
  }
  outcome.tickets = closed.length;
  for (const t of closed) {
    touched(t.guild_id).Tickets++;
    deps.forgetLive?.(t.id);
  }
  // Their messages captured in other tickets, and their name where they were staff. What the live read holds of those
  // tickets goes too (it is read again, without their deleted messages, on the next poll).
  const inOthers = await db
    .selectFrom("ticket_messages")
    .select("ticket_id")
    .distinct()
    .where("author_id", "=", userId)
    .union(db.selectFrom("ticket_members").select("ticket_id").where("user_id", "=", userId))
    .execute();
  for (const { ticket_id: ticketId } of inOthers) deps.forgetLive?.(ticketId);
  const others = inOthers.map((r) => r.ticket_id);
  for (let i = 0; i < others.length; i += 500)
    await db
      .deleteFrom("ticket_live_reads")
      .where("ticket_id", "in", others.slice(i, i + 500))
      .execute();
  await db.deleteFrom("ticket_messages").where("author_id", "=", userId).execute();
  await db.updateTable("tickets").set({ claimed_by_name: DELETED_USER }).where("claimed_by", "=", userId).execute();
  await db.updateTable("tickets").set({ closed_by_name: DELETED_USER }).where("closed_by", "=", userId).execute();
  await db.deleteFrom("ticket_members").where("user_id", "=", userId).execute();
  // Their words waiting for a "Yes" or "No" to suggestions (kept minutes at most).
  await db.deleteFrom("suggestion_offers").where("member_id", "=", userId).execute();
  // Their own entries in the activity log (as staff) stay as what happened, by no one named.
  for (const { guild_id: guildId } of await db.selectFrom("activity").select("guild_id").distinct().where("user_id", "=", userId).execute())
    touched(guildId);
  await db
    .updateTable("activity")
    .set({ user_id: DELETED_ID, username: DELETED_USER, avatar: null, ip: "" })
    .where("user_id", "=", userId)
    .execute();
  // The log's set of users seen keeps what it has seen: the erased member is taken out of it.
  await db.deleteFrom("activity_users").where("user_id", "=", userId).execute();
  // The views of lists they saved (their names are their words).
  await db.deleteFrom("saved_views").where("user_id", "=", userId).execute();
  outcome.servers = [...perServer.keys()].sort();
  for (const guildId of outcome.servers)
    await recordActivityOf(db, ERASER, { guildId, action: MEMBER_ERASED, after: perServer.get(guildId) });
  return outcome;
}

/** The activity log's entry of a member's erasure (who it was is what was erased: it names no one). */
export const MEMBER_ERASED = "Member Data Erased";
const ERASER = { id: DELETED_ID, username: DELETED_USER, avatar: null, ip: "" };
