import { sql } from "kysely";
import type { TicketWaitingSide } from "../../src/schemas/ticket";
import { recordActivityOf } from "../activity/record";
import { readGuildSettings } from "../settings/store";
import { botActor, type EngineDeps, type Known, publish, settingsOf } from "./step";
import { addedMembers, type TicketRow } from "./store";

// Who a ticket waits on (docs/ticket-engine.md, "Waiting on the member"). A ticket opens waiting on its staff; a staff
// message, from any door (typed in Discord and told by the gateway or seen by the live read, a reply from the
// dashboard, Try-it), makes it wait on its member; the member's (the opener's or a member added with /add: typed in the
// channel, a DM relayed, "My tickets") makes it wait on staff again. Each change adds the stretch it ends to that
// side's total (tickets.waiting_staff_ms / waiting_member_ms), so a closed ticket's totals are its own stretches plus
// the last one, up to closed_at (statistics/waiting.ts). The bot's own messages are nobody's turn.
//
// Two things follow a change, once each: the opener's ping (PingOpenerOnStaffReply) when staff answer — once per
// staff reply, however many messages staff write before the member writes again — and the end of a snooze when the
// member writes. Both hang on the compare-and-set that makes the change, so two doors telling one message (the
// gateway and the live read) never ping twice.

export const waitingActions = {
  snoozed: "Ticket Snoozed",
  unsnoozed: "Ticket Unsnoozed",
  snoozeEnded: "Ticket Snooze Ended",
} as const;

/** Why a snooze ended by itself: its time came, or the member wrote. */
export type SnoozeEnd = "time" | "member";

/** Whose turn a writer's message ends: the opener and members added with /add are the member's side, anyone else staff. */
export async function sideOf(deps: Pick<EngineDeps, "db">, row: TicketRow, authorId: string): Promise<TicketWaitingSide> {
  if (authorId === row.opener_id) return "member";
  return (await addedMembers(deps.db, row.id)).includes(authorId) ? "member" : "staff";
}

/** A person's message in the ticket (bots' messages are their steps' own business). */
export async function noteWriter(
  deps: EngineDeps,
  row: TicketRow,
  author: { id: string; bot: boolean },
  at: number,
  tell: Tell = "publish",
): Promise<TicketRow> {
  if (author.bot) return row;
  return noteSide(deps, row, await sideOf(deps, row, author.id), at, tell);
}

/** Whether a change is told to the ticket's watchers here, or by the caller (which publishes the row it returns). */
type Tell = "publish" | "caller";

/**
 * `side` wrote at `at`: the ticket now waits on the other side. A message older than the current stretch (told late,
 * e.g. by a live read after a relayed DM) changes nothing.
 */
export async function noteSide(
  deps: EngineDeps,
  row: TicketRow,
  side: TicketWaitingSide,
  at: number,
  tell: Tell = "publish",
  known: Known = {},
): Promise<TicketRow> {
  if (row.status !== "open") return row;
  const next: TicketWaitingSide = side === "staff" ? "member" : "staff";
  const when = Math.trunc(at);
  const ended = (who: TicketWaitingSide) =>
    sql<number>`case when waiting_on = ${sql.lit(who)} and waiting_since < ${sql.lit(when)} then ${sql.lit(when)} - waiting_since else 0 end`;
  const changed = await deps.db
    .updateTable("tickets")
    .set({
      waiting_on: next,
      waiting_since: when,
      waiting_staff_ms: sql<number>`waiting_staff_ms + ${ended("staff")}`,
      waiting_member_ms: sql<number>`waiting_member_ms + ${ended("member")}`,
    })
    .where("id", "=", row.id)
    .where("status", "=", "open")
    .where((eb) => eb.or([eb("waiting_on", "is", null), eb("waiting_on", "!=", next)]))
    .where((eb) => eb.or([eb("waiting_since", "is", null), eb("waiting_since", "<=", when)]))
    .returningAll()
    .executeTakeFirst();
  let current = changed ?? row;
  if (changed && next === "member") await pingOpener(deps, changed, known);
  if (side === "member" && current.snoozed_until !== null && current.snoozed_until !== undefined)
    current = (await endSnooze(deps, current, "member", when)) ?? current;
  if (changed && tell === "publish") publish(deps, "updated", current);
  return current;
}

/** The opener's ping after a staff reply, when the server asks for it: a message mentioning exactly them. */
async function pingOpener(deps: EngineDeps, row: TicketRow, known: Known): Promise<void> {
  // A DM ticket's member reads staff's words in their DMs already (./dm-relay.ts); its channel may be out of their sight.
  if (!row.channel_id || row.dm_channel_id) return;
  const settings = await settingsOf(deps, row.guild_id, known);
  if (!settings.PingOpenerOnStaffReply) return;
  await deps.platform
    .sendMessage(
      row.channel_id,
      deps.messages.inServerLanguage(settings.BotLanguage, () => deps.messages.openerPing(row)),
    )
    .catch((error) => deps.log.warn({ err: error, guildId: row.guild_id, ticket: row.number }, "the opener's ping not sent"));
}

/**
 * Ends a ticket's snooze by itself (its time came, or its member wrote): a compare-and-set, so it ends once; a note in
 * the channel and the activity log say so. The ticket as it is now, or undefined when no snooze was there to end.
 */
export async function endSnooze(deps: EngineDeps, row: TicketRow, reason: SnoozeEnd, at: number): Promise<TicketRow | undefined> {
  let query = deps.db
    .updateTable("tickets")
    .set({ snoozed_until: null, snoozed_by_name: null })
    .where("id", "=", row.id)
    .where("status", "=", "open")
    .where("snoozed_until", "is not", null);
  if (reason === "time") query = query.where("snoozed_until", "<=", at);
  const ended = await query.returningAll().executeTakeFirst();
  if (!ended) return undefined;
  await recordActivityOf(deps.db, botActor(deps), {
    guildId: row.guild_id,
    action: waitingActions.snoozeEnded,
    before: { TicketId: row.number, SnoozedUntil: row.snoozed_until === null ? null : Number(row.snoozed_until) },
    after: { TicketId: row.number, Reason: reason },
    scopePanelId: row.panel_id ?? 0,
    at,
  });
  if (ended.channel_id) {
    const { settings } = await readGuildSettings(deps.db, row.guild_id);
    const note = deps.messages.inServerLanguage(settings.BotLanguage, () => deps.messages.notice({ notice: "snoozeEnded", reason }));
    await deps.platform
      .sendMessage(ended.channel_id, note)
      .catch((error) => deps.log.warn({ err: error, guildId: row.guild_id, ticket: row.number }, "the snooze's end not told"));
  }
  publish(deps, "updated", ended);
  return ended;
}

/** A ticket reopened at `now`: the stretch its close ended is folded into its totals, and it waits on staff again. */
export function reopenedWaiting(
  row: TicketRow,
  now: number,
): Pick<TicketRow, "waiting_on" | "waiting_since" | "waiting_staff_ms" | "waiting_member_ms"> {
  const end = row.closed_at === null ? now : Number(row.closed_at);
  const last = row.waiting_since === null || row.waiting_since === undefined ? 0 : Math.max(0, end - Number(row.waiting_since));
  return {
    waiting_on: "staff",
    waiting_since: now,
    waiting_staff_ms: Number(row.waiting_staff_ms ?? 0) + (row.waiting_on === "staff" ? last : 0),
    waiting_member_ms: Number(row.waiting_member_ms ?? 0) + (row.waiting_on === "member" ? last : 0),
  };
}

/**
 * Who a ticket waited on, replayed from its writers in time order (a ticket of the past: the demo's history): it opens
 * waiting on staff; each writer's message hands the turn to the other side, adding the stretch it ends to that side.
 */
export function replayWaiting(
  openedAt: number,
  writers: { side: TicketWaitingSide; at: number }[],
): Pick<TicketRow, "waiting_on" | "waiting_since" | "waiting_staff_ms" | "waiting_member_ms"> {
  const state = { waiting_on: "staff" as TicketWaitingSide, waiting_since: openedAt, waiting_staff_ms: 0, waiting_member_ms: 0 };
  for (const { side, at } of writers) {
    const next: TicketWaitingSide = side === "staff" ? "member" : "staff";
    if (next === state.waiting_on || at < state.waiting_since) continue;
    if (state.waiting_on === "staff") state.waiting_staff_ms += at - state.waiting_since;
    else state.waiting_member_ms += at - state.waiting_since;
    state.waiting_on = next;
    state.waiting_since = at;
  }
  return state;
}
