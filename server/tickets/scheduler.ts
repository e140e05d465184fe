import type { FastifyInstance } from "fastify";
import { sql } from "kysely";
import type { TicketSettings } from "../../src/schemas/settings";
import type { Db } from "../db/schema";
import type { GuildClock } from "../platform/clock";
import { settingsFromJson } from "../settings/store";
import { finishClose } from "./close";
import { capturedWhole } from "./conversation";
import { lastMessageTime } from "./last-activity";
import { repairStuckTickets } from "./repair";
import { botMember } from "./step";
import type { TicketRow } from "./store";
import { closeExpiredRequests } from "./close-request";
import { sendInactivityWarning, warningLeadMs, warningStands } from "./inactivity";

// Scheduled work (docs/ticket-engine.md): auto-close after the settings' silence, close when the opener left the
// server, the servers' data retention (../retention/sweep.ts), after the repair of tickets a crash left between two steps (./repair.ts). One sweep a minute (its loop:
// server/http/jobs.ts); on PostgreSQL exactly one
// instance marks at a time (a transaction-level advisory lock while it marks the due tickets 'closing'); on SQLite
// there is one process. Marking is a compare-and-set from 'open', so even two sweeps never close a ticket twice.
//
// Fairness: a sweep looks only at the servers whose auto-close or close-on-leave is on, and at their tickets silent
// for at least that server's own window (chosen in SQL); at most PER_GUILD tickets of a server per sweep, taken in
// turns across servers (every server's first candidate, then every server's second, …), starting each sweep after
// the server the last one stopped at. Within a server the candidates continue after the last one looked at, so
// tickets that stay open (their opener is still a member) do not hide the others. One server's backlog delays no
// other.
//
// Time: a sweep runs at a real instant (`now`); each server's windows are measured on its own clock
// (server/platform/clock.ts: the real one on Discord, the demo's clock per server), and so is every stamp it writes
// (the warning's warned_at, closed_at) — except closing_since, the repair's real time.

export const SWEEP_EVERY_MS = 60_000;
/** Tickets closed per sweep at most (the rest wait for the next minute). */
const BATCH = 50;
/** Tickets looked at per sweep at most (each may cost a platform call). */
const EXAMINED = 200;
/** One server's tickets looked at per sweep at most. */
export const PER_GUILD = 10;
/** Servers per candidate statement (a VALUES list of their windows). */
const GUILDS_PER_STATEMENT = 500;
const SWEEP_LOCK = 774_201_001;

const windowMs = (days: number, hours: number, minutes: number) => ((days * 24 + hours) * 60 + minutes) * 60_000;

/** How long a ticket whose opener left stays silent before it closes, when the server closes them at all. */
export const leaveGraceMs = (settings: TicketSettings): number | null =>
  settings.CloseOnUserLeave ? windowMs(0, settings.CloseOnUserLeaveHours ?? 0, settings.CloseOnUserLeaveMinutes ?? 0) : null;

/** Where the last sweep stopped, per app: the server it ended at, and per server the last ticket looked at. */
interface SweepState {
  guildCursor: string | null;
  ticketCursors: Map<string, { at: number; id: number }>;
}
const states = new WeakMap<FastifyInstance, SweepState>();
const stateOf = (app: FastifyInstance) => {
  let state = states.get(app);
  if (!state) {
    state = { guildCursor: null, ticketCursors: new Map() };
    states.set(app, state);
  }
  return state;
};

interface ScheduledGuild {
  guildId: string;
  settings: TicketSettings;
  silenceMs: number | null;
  graceMs: number | null;
  /** The inactivity warning's lead time before the auto-close, when the server warns. */
  warnLeadMs: number | null;
  /** The server's now (its clock at the sweep's instant). */
  now: number;
  /** Tickets silent since before this instant are candidates. */
  before: number;
}

/**
 * The servers with auto-close or close-on-leave on, in id order: chosen in SQL by their settings' JSON as it is
 * written (JSON.stringify: `"AutoCloseEnabled":true`; a pattern, so a row that is not JSON never fails the sweep),
 * then read exactly.
 */
async function scheduledGuilds(db: Db, clock: GuildClock, now: number, only?: string): Promise<ScheduledGuild[]> {
  let query = db.selectFrom("guild_settings").select(["guild_id", "data_json"]);
  if (only) query = query.where("guild_id", "=", only);
  const rows = await query
    .where((eb) => eb.or([eb("data_json", "like", '%"AutoCloseEnabled":true%'), eb("data_json", "like", '%"CloseOnUserLeave":true%')]))
    .orderBy("guild_id")
    .execute();
  const out: ScheduledGuild[] = [];
  for (const row of rows) {
    if (!/^\d{1,21}$/.test(row.guild_id)) continue;
    const settings = settingsFromJson(row.data_json);
    const silence = windowMs(
      settings.SinceLastMessageDays ?? 0,
      settings.SinceLastMessageHours ?? 0,
      settings.SinceLastMessageMinutes ?? 0,
    );
    const silenceMs = settings.AutoCloseEnabled && silence > 0 ? silence : null;
    const graceMs = leaveGraceMs(settings);
    const warnLeadMs = warningLeadMs(settings.InactivityWarningHours, silenceMs);
    const windows = [silenceMs === null ? null : silenceMs - (warnLeadMs ?? 0), graceMs].filter((w): w is number => w !== null);
    if (windows.length === 0) continue;
    const guildNow = await clock.now(row.guild_id, now);
    out.push({ guildId: row.guild_id, settings, silenceMs, graceMs, warnLeadMs, now: guildNow, before: guildNow - Math.min(...windows) });
  }
  return out;
}

type Candidate = TicketRow & { rn: number };

/** Up to PER_GUILD open tickets per server, silent since before its window, after its cursor, oldest first. */
async function candidatesOf(db: Db, guilds: ScheduledGuild[], state: SweepState): Promise<Candidate[]> {
  const out: Candidate[] = [];
  for (let i = 0; i < guilds.length; i += GUILDS_PER_STATEMENT) {
    const chunk = guilds.slice(i, i + GUILDS_PER_STATEMENT);
    // Literals, checked above (ids are digits, the rest numbers): PostgreSQL would type VALUES parameters as text.
    const values = sql.join(
      chunk.map((g) => {
        const cursor = state.ticketCursors.get(g.guildId) ?? { at: -1, id: 0 };
        // A server that counts only its members' silence and does not close on leave has no use for tickets waiting on staff.
        const memberOnly = g.settings.AutoCloseMemberSilenceOnly === true && g.graceMs === null ? 1 : 0;
        return sql`(${sql.lit(g.guildId)}, ${sql.lit(g.before)}, ${sql.lit(cursor.at)}, ${sql.lit(cursor.id)}, ${sql.lit(memberOnly)})`;
      }),
    );
    const { rows } = await sql<Candidate>`
      select * from (
        select t.*, row_number() over (partition by t.guild_id order by t.last_activity_at, t.id) as rn
        from tickets t join (values ${values}) as g on t.guild_id = g.column1
        where t.status = 'open' and t.last_activity_at <= g.column2
          and (t.last_activity_at > g.column3 or (t.last_activity_at = g.column3 and t.id > g.column4))
          and (g.column5 = 0 or t.waiting_on = 'member')
      ) as ranked
      where rn <= ${PER_GUILD}`.execute(db);
    out.push(...rows);
  }
  return out;
}

/** The candidates in turns: every server's first (from the one after the cursor on), then every server's second, … */
function inTurns(candidates: Candidate[], guilds: ScheduledGuild[], cursor: string | null): Candidate[] {
  const start =
    cursor === null
      ? 0
      : Math.max(
          0,
          guilds.findIndex((g) => g.guildId > cursor),
        );
  const order = new Map(guilds.map((g, i) => [g.guildId, (i - start + guilds.length) % guilds.length]));
  return [...candidates].sort((a, b) => Number(a.rn) - Number(b.rn) || order.get(a.guild_id)! - order.get(b.guild_id)!);
}

/** What one sweep did: tickets it closed for silence or a departed opener, close requests it closed, warnings it posted. */
export interface SweepOutcome {
  closed: number;
  requestsClosed: number;
  warned: number;
  /** What the servers' retention settings deleted (../retention/sweep.ts). */
  purged: Awaited<ReturnType<FastifyInstance["retention"]["sweep"]>>;
}

/**
 * Which servers a sweep covers: all, or one (Try-it's "Skip ahead": `skippedBy` names who moved the clock, and the
 * tickets it closes say so in their reason).
 */
export interface SweepScope {
  guildId?: string;
  skippedBy?: string;
}

/** Repairs, finds the tickets due for closing, marks them 'closing' (one sweeper at a time) and closes them; how many it closed. */
export async function sweepTickets(app: FastifyInstance, now = Date.now(), only: SweepScope = {}): Promise<number> {
  return (await sweep(app, now, only)).closed;
}

/** The sweep, with everything it did. */
export async function sweep(app: FastifyInstance, now = Date.now(), only: SweepScope = {}): Promise<SweepOutcome> {
  const deps = app.tickets.deps;
  // `only.guildId`: one server's sweep (Try-it's "skip ahead"): no repairs, and a cursor state of its own,
  // so the minute sweep of every server is not moved by it.
  if (!only.guildId) await repairStuckTickets(deps, now).catch((error) => app.log.warn({ err: error }, "stuck tickets not repaired"));
  // Close requests past their deadline (each closes once, ./close-request.ts).
  const requestsClosed = await closeExpiredRequests(deps, now, 50, only.guildId, only.skippedBy).catch((error) => {
    app.log.warn({ err: error }, "close requests not swept");
    return 0;
  });
  // Data past its server's retention windows, a fair share per server (../retention/sweep.ts).
  const purged = await app.retention.sweep(deps.clock, now, only.guildId).catch((error) => {
    app.log.warn({ err: error }, "retention not swept");
    return { transcripts: 0, tickets: 0, activity: 0 };
  });
  const platform = app.platform;
  const state = only.guildId ? { guildCursor: null, ticketCursors: new Map() } : stateOf(app);
  const guilds = await scheduledGuilds(app.db, deps.clock, now, only.guildId);
  const byId = new Map(guilds.map((g) => [g.guildId, g]));
  const ordered = inTurns(await candidatesOf(app.db, guilds, state), guilds, state.guildCursor);

  const due: { id: number; reason: "silent" | "userLeft" }[] = [];
  const warn: { row: TicketRow; leadMs: number }[] = [];
  const lastSeen = new Map<string, Candidate>();
  const seen = new Map<string, number>();
  let examined = 0;
  for (const row of ordered) {
    if (due.length >= BATCH || examined >= EXAMINED) break;
    examined++;
    lastSeen.set(row.guild_id, row);
    seen.set(row.guild_id, (seen.get(row.guild_id) ?? 0) + 1);
    const g = byId.get(row.guild_id)!;
    let lastActivity = Number(row.last_activity_at);
    // AutoCloseMemberSilenceOnly: only a ticket waiting on its member is silent in the auto-close's sense.
    const silenceCounts = g.settings.AutoCloseMemberSilenceOnly !== true || row.waiting_on === "member";
    if (silenceCounts && g.silenceMs !== null && g.now - lastActivity >= g.silenceMs - (g.warnLeadMs ?? 0) && row.channel_id) {
      // Without the gateway Discord does not tell us about messages: the channel's newest message id carries its time
      // (the demo says it on its server's clock); the inactivity warning's own message is not activity. With the
      // gateway delivering the ticket's whole conversation, its last activity is kept as messages arrive.
      const channel = (await capturedWhole(deps, row)) ? undefined : await platform.getChannel(row.channel_id).catch(() => undefined);
      const newest = channel?.lastMessageId ?? null;
      if (newest !== null && newest !== row.warning_message_id)
        lastActivity = Math.max(lastActivity, channel?.lastMessageAt ?? lastMessageTime(newest));
      if (lastActivity > Number(row.last_activity_at))
        await app.db.updateTable("tickets").set({ last_activity_at: lastActivity }).where("id", "=", row.id).execute();
      if (g.warnLeadMs !== null && !warningStands(row, lastActivity)) {
        // Warn first; the close waits for the warning's whole lead time.
        if (g.now - lastActivity >= g.silenceMs - g.warnLeadMs) {
          warn.push({ row: { ...row, last_activity_at: lastActivity }, leadMs: g.warnLeadMs });
          continue;
        }
      } else if (g.now - lastActivity >= g.silenceMs && (g.warnLeadMs === null || g.now - Number(row.warned_at) >= g.warnLeadMs)) {
        due.push({ id: row.id, reason: "silent" });
        continue;
      }
    }
    if (g.graceMs !== null && g.now - lastActivity >= g.graceMs) {
      const opener = await platform.getMember(row.guild_id, row.opener_id).catch(() => undefined);
      if (opener === null) due.push({ id: row.id, reason: "userLeft" });
    }
  }
  // Where to go on next time: after the server this sweep stopped in (when it stopped early), and within each server
  // after the last ticket looked at while there may be more; from its oldest again once all of them were seen.
  state.guildCursor = examined < ordered.length ? (ordered[examined - 1]?.guild_id ?? null) : null;
  for (const g of guilds) {
    const offered = ordered.filter((r) => r.guild_id === g.guildId).length;
    const last = lastSeen.get(g.guildId);
    if (last && ((seen.get(g.guildId) ?? 0) < offered || offered >= PER_GUILD))
      state.ticketCursors.set(g.guildId, { at: Number(last.last_activity_at), id: last.id });
    else if (!last && offered > 0) continue;
    else state.ticketCursors.delete(g.guildId);
  }
  for (const guildId of state.ticketCursors.keys()) if (!byId.has(guildId)) state.ticketCursors.delete(guildId);
  // Inactivity warnings (./inactivity.ts), stamped with their server's time: each claimed by a compare-and-set, so two sweeps send it once.
  let warned = 0;
  for (const w of warn) {
    const g = byId.get(w.row.guild_id)!;
    const sent = await deps.messages
      .inServerLanguage(g.settings.BotLanguage, () => sendInactivityWarning(deps, w.row, w.leadMs, g.now))
      .catch((error) => {
        app.log.warn({ err: error }, "inactivity warning failed");
        return false;
      });
    if (sent) warned++;
  }
  if (due.length === 0) return { closed: 0, requestsClosed, warned, purged };

  const marked = await app.db.transaction().execute(async (tx) => {
    if (app.dbDialect === "postgres") {
      // Keyed by the schema too: the instances of one deployment share it; another schema (another deployment, or
      // another API test file on one test database) sweeps its own tickets and is no reason to skip.
      const { rows } = await sql<{
        locked: boolean;
      }>`select pg_try_advisory_xact_lock(${SWEEP_LOCK}, hashtext(current_schema())) as locked`.execute(tx);
      if (!rows[0]?.locked) return [];
    }
    return tx
      .updateTable("tickets")
      .set({ status: "closing", closing_since: now })
      .where("status", "=", "open")
      .where(
        "id",
        "in",
        due.map((d) => d.id),
      )
      .returningAll()
      .execute();
  });
  const bot = botMember(deps);
  for (const row of marked) {
    // In the server's language (its BotLanguage; "auto" has no interaction's locale here: English).
    const settings = byId.get(row.guild_id)?.settings;
    await deps.messages.inServerLanguage(settings?.BotLanguage, async () => {
      const reason = deps.messages.closeReason(
        due.find((d) => d.id === row.id)?.reason === "userLeft" ? "openerLeft" : "silent",
        only.skippedBy,
      );
      await finishClose(deps, row, bot, reason, { settings }).catch((error) => app.log.warn({ err: error }, "scheduled close failed"));
    });
  }
  return { closed: marked.length, requestsClosed, warned, purged };
}
