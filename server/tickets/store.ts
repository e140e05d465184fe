import { type Selectable, sql } from "kysely";
import type { FormAnswer, TicketListQuery, TicketSummary } from "../../src/schemas/ticket";
import { fromDbJson } from "../db/dialect";
import type { Db, TicketsTable } from "../db/schema";
import { ticketPriorities } from "../../src/schemas/helpdesk";

// Ticket rows: reading them, and the compare-and-set writes every step uses (a step changes a row only from the
// state it read, so two clicks or two instances never apply one change twice).

export type TicketRow = Selectable<TicketsTable>;

/** A ticket's labels as its row keeps them, ",3,7,", so the queue filters by one with LIKE: ",3,7," → [3, 7]. */
export function labelIdsOf(text: string | null | undefined): number[] {
  if (!text) return [];
  return text
    .split(",")
    .filter((p) => /^\d{1,10}$/.test(p))
    .map(Number);
}

export const labelsText = (ids: number[]) => (ids.length ? `,${[...new Set(ids)].sort((a, b) => a - b).join(",")},` : "");

/** urgent 3 … low 0: the queue's sort by priority. */
export const priorityRank = sql<number>`case priority when 'urgent' then 3 when 'high' then 2 when 'normal' then 1 else 0 end`;

/** Where a ticket's channel opens: Discord, or the Try-it view on the demo platform. */
export type ChannelUrlOf = (guildId: string, channelId: string) => string;

const numberOrNull = (v: number | string | null | undefined) => (v === null || v === undefined ? null : Number(v));

export function toTicketSummary(row: TicketRow, channelUrl: ChannelUrlOf): TicketSummary {
  return {
    TicketId: row.number,
    Status: row.status as TicketSummary["Status"],
    PanelId: row.panel_id,
    PanelName: row.panel_name,
    OpenerId: row.opener_id,
    OpenerName: row.opener_name,
    Subject: row.subject,
    ClaimedById: row.claimed_by,
    ClaimedByName: row.claimed_by_name,
    ChannelId: row.channel_id,
    ChannelUrl: row.channel_id && (row.status === "open" || row.status === "closing") ? channelUrl(row.guild_id, row.channel_id) : null,
    OpenedAt: Number(row.opened_at),
    LastActivityAt: Number(row.last_activity_at),
    ClosedAt: row.closed_at === null ? null : Number(row.closed_at),
    CloseReason: row.close_reason,
    FormAnswers: fromDbJson<FormAnswer[]>(row.form_answers_json, []),
    Priority: (ticketPriorities as readonly string[]).includes(row.priority) ? (row.priority as TicketSummary["Priority"]) : "normal",
    LabelIds: labelIdsOf(row.labels),
    WaitingSince: numberOrNull(row.waiting_alert_at),
    WaitingOn: row.waiting_on === "staff" || row.waiting_on === "member" ? row.waiting_on : null,
    WaitingOnSince: numberOrNull(row.waiting_since),
    SnoozedUntil: numberOrNull(row.snoozed_until),
    SnoozedBy: row.snoozed_until === null || row.snoozed_until === undefined ? null : (row.snoozed_by_name ?? null),
  };
}

export const findTicket = (db: Db, guildId: string, number: number) =>
  db.selectFrom("tickets").selectAll().where("guild_id", "=", guildId).where("number", "=", number).executeTakeFirst();

export const findTicketByChannel = (db: Db, channelId: string) =>
  db.selectFrom("tickets").selectAll().where("channel_id", "=", channelId).where("status", "in", ["open", "closing"]).executeTakeFirst();

/** A server's open tickets opened by a member (those a member who left may close with them). */
export const openTicketsOf = (db: Db, guildId: string, openerId: string) =>
  db
    .selectFrom("tickets")
    .selectAll()
    .where("guild_id", "=", guildId)
    .where("opener_id", "=", openerId)
    .where("status", "=", "open")
    .execute();

/** Whether a ticket of the server is being opened now (its channel made, its row not yet naming it). */
export const hasTicketOpening = async (db: Db, guildId: string) =>
  (await db
    .selectFrom("tickets")
    .select("id")
    .where("guild_id", "=", guildId)
    .where("status", "=", "opening")
    .limit(1)
    .executeTakeFirst()) !== undefined;

/**
 * Updates the ticket only while it is still in `status` (with `claimedBy`, still claimed so; with `revision`, not
 * changed since); true when it did.
 */
export async function updateTicketIf(
  db: Db,
  row: Pick<TicketRow, "id">,
  expect: { status: string; claimedBy?: string | null; revision?: number },
  set: Partial<Omit<TicketRow, "id">>,
): Promise<boolean> {
  let query = db.updateTable("tickets").set(set).where("id", "=", row.id).where("status", "=", expect.status);
  if (expect.revision !== undefined) query = query.where("revision", "=", expect.revision);
  if (expect.claimedBy !== undefined)
    query = expect.claimedBy === null ? query.where("claimed_by", "is", null) : query.where("claimed_by", "=", expect.claimedBy);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function addedMembers(db: Db, ticketRowId: number): Promise<string[]> {
  return (await db.selectFrom("ticket_members").select("user_id").where("ticket_id", "=", ticketRowId).execute()).map((r) => r.user_id);
}

/** Every ticket ever opened, on every server (the landing page's figure; a ticket still opening does not count). */
export async function countOpenedTickets(db: Db): Promise<number> {
  const row = await db
    .selectFrom("tickets")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("status", "!=", "opening")
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * A page of the guild's tickets, newest first, and how many there are: open ones (and closing), closed ones, or both
 * (never one still opening); `mine`: claimed or opened by `userId`; `visible`: "all", or the panels the caller may see.
 */
export async function listTickets(
  db: Db,
  guildId: string,
  q: TicketListQuery,
  userId: string,
  visible: "all" | number[],
): Promise<{ rows: TicketRow[]; total: number }> {
  let query = db.selectFrom("tickets").where("guild_id", "=", guildId);
  if (q.status === "open") query = query.where("status", "in", ["open", "closing"]);
  else if (q.status === "closed") query = query.where("status", "=", "closed");
  else query = query.where("status", "!=", "opening");
  if (q.panel !== undefined) query = query.where("panel_id", "=", q.panel);
  if (q.claimed === "claimed") query = query.where("claimed_by", "is not", null);
  if (q.claimed === "unclaimed") query = query.where("claimed_by", "is", null);
  if (q.mine) query = query.where((eb) => eb.or([eb("claimed_by", "=", userId), eb("opener_id", "=", userId)]));
  if (q.priority) query = query.where("priority", "=", q.priority);
  if (q.label !== undefined) query = query.where("labels", "like", `%,${q.label},%`);
  // Who it waits on; "attention": waiting on staff and not snoozed.
  if (q.waiting === "attention") query = query.where("waiting_on", "=", "staff").where("snoozed_until", "is", null);
  else if (q.waiting === "staff" || q.waiting === "member") query = query.where("waiting_on", "=", q.waiting);
  else if (q.waiting === "snoozed") query = query.where("snoozed_until", "is not", null);
  if (visible !== "all") query = visible.length ? query.where("panel_id", "in", visible) : query.where("id", "<", 0);
  const [rows, total] = await Promise.all([
    (q.sort === "priority"
      ? query.selectAll().orderBy(priorityRank, "desc").orderBy("number", "desc")
      : query.selectAll().orderBy("number", "desc")
    )
      .limit(q.per_page)
      .offset((q.page - 1) * q.per_page)
      .execute(),
    query.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.n) };
}
