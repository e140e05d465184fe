import { sql } from "kysely";
import { snoozeMaxMinutes } from "../../src/schemas/ticket";
import { recordActivityOf } from "../activity/record";
import type { Member } from "../tickets/members";
import type { Outcome } from "../tickets/outcomes";
import { actorOf, type EngineDeps, type Known, openTicket, publish } from "../tickets/step";
import type { TicketRow } from "../tickets/store";
import { endSnooze, waitingActions } from "../tickets/waiting-on";

// Snooze: staff put a ticket out of "Needs attention" until a time (at most 30 days ahead, on the server's clock). It
// comes back by itself when the time comes (the minute sweep, sweepSnoozedTickets) or when its member writes
// (../tickets/waiting-on.ts), with a note in its channel and the activity log; staff may end it sooner (unsnooze).
// From the ticket page, the queue and /snooze; staff of the ticket only.

/** A fair share per sweep: at most this many of one server's due tickets (its earliest first), in turns, 100 in all. */
export const SNOOZE_PER_GUILD = 5;
const SNOOZE_PER_SWEEP = 100;

/** Snoozes the ticket for `minutes`, or until `until` (epoch ms, the server's clock); a snoozed one is snoozed anew. */
export async function snooze(
  deps: EngineDeps,
  guildId: string,
  number: number,
  member: Member,
  length: { minutes: number } | { until: number },
  known: Known = {},
): Promise<Outcome> {
  const c = await openTicket(deps, guildId, number, member, known);
  if ("refusal" in c) return c.refusal;
  if (!c.staff) return { refusal: "staffOnly" };
  const now = await deps.clock.now(guildId);
  const until = "until" in length ? Math.trunc(length.until) : now + length.minutes * 60_000;
  const minutes = Math.round((until - now) / 60_000);
  if (!Number.isFinite(until) || until - now < 60_000 || until - now > snoozeMaxMinutes * 60_000) return { refusal: "snoozeRange" };
  const set = { snoozed_until: until, snoozed_by_name: member.username };
  await deps.db.transaction().execute(async (tx) => {
    await tx.updateTable("tickets").set(set).where("id", "=", c.row.id).execute();
    await recordActivityOf(tx, actorOf(member, deps.origin), {
      guildId,
      action: waitingActions.snoozed,
      before: { TicketId: number, SnoozedUntil: c.row.snoozed_until === null ? null : Number(c.row.snoozed_until) },
      after: { TicketId: number, SnoozedUntil: until },
      scopePanelId: c.row.panel_id ?? 0,
      at: now,
    });
  });
  const ticket: TicketRow = { ...c.row, ...set };
  publish(deps, "updated", ticket);
  return { done: "snoozed", ticket, minutes };
}

/** Ends the ticket's snooze now (staff of the ticket). */
export async function unsnooze(deps: EngineDeps, guildId: string, number: number, member: Member, known: Known = {}): Promise<Outcome> {
  const c = await openTicket(deps, guildId, number, member, known);
  if ("refusal" in c) return c.refusal;
  if (!c.staff) return { refusal: "staffOnly" };
  const now = await deps.clock.now(guildId);
  const ticket = await deps.db.transaction().execute(async (tx) => {
    const row = await tx
      .updateTable("tickets")
      .set({ snoozed_until: null, snoozed_by_name: null })
      .where("id", "=", c.row.id)
      .where("snoozed_until", "is not", null)
      .returningAll()
      .executeTakeFirst();
    if (!row) return undefined;
    await recordActivityOf(tx, actorOf(member, deps.origin), {
      guildId,
      action: waitingActions.unsnoozed,
      before: { TicketId: number, SnoozedUntil: c.row.snoozed_until === null ? null : Number(c.row.snoozed_until) },
      after: { TicketId: number, SnoozedUntil: null },
      scopePanelId: c.row.panel_id ?? 0,
      at: now,
    });
    return row;
  });
  if (!ticket) return { refusal: "notSnoozed" };
  publish(deps, "updated", ticket);
  return { done: "unsnoozed", ticket };
}

/**
 * Wakes the snoozed tickets whose time came, each on its server's clock (a demo server's offset; none on Discord), a
 * fair share per server: at most SNOOZE_PER_GUILD of a server (its earliest first) and SNOOZE_PER_SWEEP in all, in
 * turns. `guildId`: one server (Try-it's "Skip ahead"). How many it woke.
 */
export async function sweepSnoozedTickets(deps: EngineDeps, now = Date.now(), guildId?: string): Promise<number> {
  const furthest = now + (await deps.clock.maxOffset());
  const { rows } = await sql<TicketRow>`
    select * from (
      select t.*, row_number() over (partition by t.guild_id order by t.snoozed_until, t.id) as rn
      from tickets t left join demo_clocks c on c.guild_id = t.guild_id
      where t.status = 'open' and t.snoozed_until <= ${furthest} and t.snoozed_until <= ${now} + coalesce(c.offset_ms, 0)
        ${guildId ? sql`and t.guild_id = ${guildId}` : sql``}
    ) as ranked
    where rn <= ${SNOOZE_PER_GUILD}
    order by rn, snoozed_until, id
    limit ${SNOOZE_PER_SWEEP}`.execute(deps.db);
  let woken = 0;
  for (const row of rows) {
    const at = await deps.clock.now(row.guild_id, now);
    if (await endSnooze(deps, row, "time", at)) woken++;
  }
  return woken;
}
