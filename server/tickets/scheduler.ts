import type { FastifyInstance } from "fastify";
import { sql } from "kysely";
import type { TicketSettings } from "../../src/schemas/settings";
import type { FormAnswer } from "../../src/schemas/ticket";
import { fromDbJson } from "../db/dialect";
import type { Db } from "../db/schema";
import { toSinglePanel } from "../panels/store";
import { settingsFromJson } from "../settings/store";
import { recordActivityOf } from "../activity/record";
import { ticketChannelName } from "./channel-access";
import type { Member } from "./members";
import { TicketEngine, ticketActions } from "./service";
import { type TicketRow, toTicketSummary } from "./store";
import { reindexTranscript } from "../transcripts/store";
import { botTexts } from "./texts";

// Scheduled work (docs/ticket-engine.md): auto-close after the settings' silence, close when the opener left the
// server, and the repair of tickets a crash left between two steps. One sweep a minute; on PostgreSQL exactly one
// instance marks at a time (a transaction-level advisory lock while it marks the due tickets 'closing'); on SQLite
// there is one process. Marking is a compare-and-set from 'open', so even two sweeps never close a ticket twice.
//
// Fairness: a sweep looks only at the servers whose auto-close or close-on-leave is on, and at their tickets silent
// for at least that server's own window (chosen in SQL); at most PER_GUILD tickets of a server per sweep, taken in
// turns across servers (every server's first candidate, then every server's second, …), starting each sweep after
// the server the last one stopped at. Within a server the candidates continue after the last one looked at, so
// tickets that stay open (their opener is still a member) do not hide the others. One server's backlog delays no
// other.

export const SWEEP_EVERY_MS = 60_000;
/** Tickets closed per sweep at most (the rest wait for the next minute). */
const BATCH = 50;
/** Tickets looked at per sweep at most (each may cost a platform call). */
const EXAMINED = 200;
/** One server's tickets looked at per sweep at most. */
export const PER_GUILD = 10;
/** Servers per candidate statement (a VALUES list of their windows). */
const GUILDS_PER_STATEMENT = 500;
/** How long a ticket may sit in 'opening' or 'closing' before the sweep repairs it (no step takes this long). */
export const STUCK_GRACE_MS = 2 * 60_000;
/** Stuck tickets repaired per sweep at most. */
const REPAIRS = 50;
const SWEEP_LOCK = 774_201_001;

const windowMs = (days: number, hours: number, minutes: number) => ((days * 24 + hours) * 60 + minutes) * 60_000;

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
  /** Tickets silent since before this instant are candidates. */
  before: number;
}

/**
 * The servers with auto-close or close-on-leave on, in id order: chosen in SQL by their settings' JSON as it is
 * written (JSON.stringify: `"AutoCloseEnabled":true`; a pattern, so a row that is not JSON never fails the sweep),
 * then read exactly.
 */
async function scheduledGuilds(db: Db, now: number): Promise<ScheduledGuild[]> {
  const rows = await db
    .selectFrom("guild_settings")
    .select(["guild_id", "data_json"])
    .where((eb) => eb.or([eb("data_json", "like", '%"AutoCloseEnabled":true%'), eb("data_json", "like", '%"CloseOnUserLeave":true%')]))
    .orderBy("guild_id")
    .execute();
  const out: ScheduledGuild[] = [];
  for (const row of rows) {
    if (!/^\d{1,21}$/.test(row.guild_id)) continue;
    const settings = settingsFromJson(row.data_json);
    const silence = windowMs(settings.SinceLastMessageDays ?? 0, settings.SinceLastMessageHours ?? 0, settings.SinceLastMessageMinutes ?? 0);
    const silenceMs = settings.AutoCloseEnabled && silence > 0 ? silence : null;
    const graceMs = settings.CloseOnUserLeave ? windowMs(0, settings.CloseOnUserLeaveHours ?? 0, settings.CloseOnUserLeaveMinutes ?? 0) : null;
    const windows = [silenceMs, graceMs].filter((w): w is number => w !== null);
    if (windows.length === 0) continue;
    out.push({ guildId: row.guild_id, settings, silenceMs, graceMs, before: now - Math.min(...windows) });
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
        return sql`(${sql.lit(g.guildId)}, ${sql.lit(g.before)}, ${sql.lit(cursor.at)}, ${sql.lit(cursor.id)})`;
      }),
    );
    const { rows } = await sql<Candidate>`
      select * from (
        select t.*, row_number() over (partition by t.guild_id order by t.last_activity_at, t.id) as rn
        from tickets t join (values ${values}) as g on t.guild_id = g.column1
        where t.status = 'open' and t.last_activity_at <= g.column2
          and (t.last_activity_at > g.column3 or (t.last_activity_at = g.column3 and t.id > g.column4))
      ) as ranked
      where rn <= ${PER_GUILD}`.execute(db);
    out.push(...rows);
  }
  return out;
}

/** The candidates in turns: every server's first (from the one after the cursor on), then every server's second, … */
function inTurns(candidates: Candidate[], guilds: ScheduledGuild[], cursor: string | null): Candidate[] {
  const start = cursor === null ? 0 : Math.max(0, guilds.findIndex((g) => g.guildId > cursor));
  const order = new Map(guilds.map((g, i) => [g.guildId, (i - start + guilds.length) % guilds.length]));
  return [...candidates].sort((a, b) => Number(a.rn) - Number(b.rn) || order.get(a.guild_id)! - order.get(b.guild_id)!);
}

/** Repairs, finds the tickets due for closing, marks them 'closing' (one sweeper at a time) and closes them. */
export async function sweepTickets(app: FastifyInstance, now = Date.now()): Promise<number> {
  await repairStuckTickets(app, now).catch((error) => app.log.warn({ err: error }, "stuck tickets not repaired"));
  const engine = app.tickets.engine;
  const platform = app.platform;
  const state = stateOf(app);
  const guilds = await scheduledGuilds(app.db, now);
  const byId = new Map(guilds.map((g) => [g.guildId, g]));
  const ordered = inTurns(await candidatesOf(app.db, guilds, state), guilds, state.guildCursor);

  const due: { id: number; reason: string }[] = [];
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
    if (g.silenceMs !== null && now - lastActivity >= g.silenceMs && row.channel_id) {
      // Discord does not tell us about messages: the channel's newest message id carries its time.
      const channel = await platform.getChannel(row.channel_id).catch(() => undefined);
      lastActivity = Math.max(lastActivity, TicketEngine.lastMessageTime(channel?.lastMessageId ?? null));
      if (lastActivity > Number(row.last_activity_at)) await app.db.updateTable("tickets").set({ last_activity_at: lastActivity }).where("id", "=", row.id).execute();
      if (now - lastActivity >= g.silenceMs) {
        due.push({ id: row.id, reason: botTexts.autoCloseReason });
        continue;
      }
    }
    if (g.graceMs !== null && now - lastActivity >= g.graceMs) {
      const opener = await platform.getMember(row.guild_id, row.opener_id).catch(() => undefined);
      if (opener === null) due.push({ id: row.id, reason: botTexts.userLeftReason });
    }
  }
  // Where to go on next time: after the server this sweep stopped in (when it stopped early), and within each server
  // after the last ticket looked at while there may be more; from its oldest again once all of them were seen.
  state.guildCursor = examined < ordered.length ? (ordered[examined - 1]?.guild_id ?? null) : null;
  for (const g of guilds) {
    const offered = ordered.filter((r) => r.guild_id === g.guildId).length;
    const last = lastSeen.get(g.guildId);
    if (last && ((seen.get(g.guildId) ?? 0) < offered || offered >= PER_GUILD)) state.ticketCursors.set(g.guildId, { at: Number(last.last_activity_at), id: last.id });
    else if (!last && offered > 0) continue;
    else state.ticketCursors.delete(g.guildId);
  }
  for (const guildId of state.ticketCursors.keys()) if (!byId.has(guildId)) state.ticketCursors.delete(guildId);
  if (due.length === 0) return 0;

  const marked = await app.db.transaction().execute(async (tx) => {
    if (app.dbDialect === "postgres") {
      const { rows } = await sql<{ locked: boolean }>`select pg_try_advisory_xact_lock(${SWEEP_LOCK}) as locked`.execute(tx);
      if (!rows[0]?.locked) return [];
    }
    return tx
      .updateTable("tickets")
      .set({ status: "closing", closing_since: now })
      .where("status", "=", "open")
      .where("id", "in", due.map((d) => d.id))
      .returningAll()
      .execute();
  });
  const bot = botMember(app);
  for (const row of marked) {
    const reason = due.find((d) => d.id === row.id)?.reason ?? botTexts.autoCloseReason;
    await engine.finishClose(row, bot, reason).catch((error) => app.log.warn({ err: error }, "scheduled close failed"));
  }
  return marked.length;
}

const botMember = (app: FastifyInstance): Member => ({ id: app.platform.botUserId, username: "Ticketeer", avatar: null, roles: [], permissions: "0", owner: false });

/**
 * Tickets a crash left between two steps, checked against the platform once older than STUCK_GRACE_MS:
 *   - 'opening' (aged by opened_at; it counts toward the opener's limit): its channel was made if the guild has an
 *     unclaimed text channel of the ticket's name — then the open is finished (open, that channel, the welcome
 *     message); otherwise the row is deleted;
 *   - 'closing' (aged by closing_since): its channel gone — the close is finished (closed, by the bot, with the
 *     transcript only if it was stored, its word index completed); its channel still there — back to 'open'.
 * A platform that cannot answer leaves the ticket for the next sweep. Each repair is a compare-and-set from the
 * state read, and writes an activity entry by the bot.
 */
export async function repairStuckTickets(app: FastifyInstance, now = Date.now()): Promise<number> {
  const db = app.db;
  const engine = app.tickets.engine;
  const stuck = await db
    .selectFrom("tickets")
    .selectAll()
    .where((eb) =>
      eb.or([
        eb.and([eb("status", "=", "opening"), eb("opened_at", "<=", now - STUCK_GRACE_MS)]),
        eb.and([eb("status", "=", "closing"), eb.or([eb("closing_since", "is", null), eb("closing_since", "<=", now - STUCK_GRACE_MS)])]),
      ]),
    )
    .orderBy("id")
    .limit(REPAIRS)
    .execute();
  let repaired = 0;
  /** A repair: its compare-and-set and its activity entry (by the bot) in one transaction; false when the row moved on. */
  const repair = (row: TicketRow, status: string, write: (tx: Db) => Promise<boolean>, extra: Record<string, unknown> = {}) =>
    db.transaction().execute(async (tx) => {
      if (!(await write(tx))) return false;
      await recordActivityOf(tx, engine.botActor(), {
        guildId: row.guild_id,
        action: ticketActions.recovered,
        before: { TicketId: row.number, Status: row.status },
        after: { TicketId: row.number, Status: status, ...extra },
        scopePanelId: row.panel_id ?? 0,
      });
      return true;
    });
  const changed = (result: { numUpdatedRows?: bigint; numDeletedRows?: bigint }) => Number(result.numUpdatedRows ?? result.numDeletedRows ?? 0) === 1;
  for (const row of stuck) {
    try {
      if (row.status === "opening") {
        const panelRow = row.panel_id === null ? undefined : await db.selectFrom("panels").selectAll().where("id", "=", row.panel_id).where("kind", "=", "single").executeTakeFirst();
        const panel = panelRow ? toSinglePanel(panelRow) : null;
        const name = ticketChannelName(panel?.NamingScheme ?? "ticket-%id%", row.number, row.opener_name);
        const found = await app.platform.findTextChannels(row.guild_id, name);
        // A channel of that name another ticket holds is not this one's.
        const taken = new Set(found.length ? (await db.selectFrom("tickets").select("channel_id").where("channel_id", "in", found).execute()).map((r) => r.channel_id) : []);
        const channelId = found.find((id) => !taken.has(id)) ?? null;
        if (channelId) {
          const done = await repair(row, "open", async (tx) => changed(await tx.updateTable("tickets").set({ status: "open", channel_id: channelId }).where("id", "=", row.id).where("status", "=", "opening").executeTakeFirst()), { Channel: name });
          if (!done) continue;
          const opened: TicketRow = { ...row, status: "open", channel_id: channelId };
          const answers = fromDbJson<FormAnswer[]>(row.form_answers_json, []);
          await app.platform.sendMessage(channelId, engine.welcomeMessage(opened, panel, answers)).catch((error) => app.log.warn({ err: error }, "welcome message not sent"));
          app.ticketEvents.publish({ type: "opened", guildId: row.guild_id, ticket: toTicketSummary(opened, app.tickets.channelUrl) });
        } else {
          const done = await repair(row, "removed", async (tx) => changed(await tx.deleteFrom("tickets").where("id", "=", row.id).where("status", "=", "opening").executeTakeFirst()));
          if (!done) continue;
        }
        repaired++;
        continue;
      }
      // 'closing'
      const channel = row.channel_id ? await app.platform.getChannel(row.channel_id) : null;
      if (channel) {
        const done = await repair(row, "open", async (tx) => changed(await tx.updateTable("tickets").set({ status: "open", closing_since: null }).where("id", "=", row.id).where("status", "=", "closing").executeTakeFirst()));
        if (!done) continue;
        app.ticketEvents.publish({ type: "updated", guildId: row.guild_id, ticket: toTicketSummary({ ...row, status: "open", closing_since: null }, app.tickets.channelUrl) });
      } else {
        // The messages went with the channel: the transcript is there only if the close had stored it — then its
        // word index may be short of the entries the close had not written yet, and is completed.
        const stored = await reindexTranscript(db, engine.deps.keyring, row.guild_id, row.number);
        const set = {
          status: "closed",
          closed_at: now,
          closed_by: app.platform.botUserId,
          closed_by_name: "Ticketeer",
          resolution_ms: Math.max(0, now - Number(row.opened_at)),
          revision: row.revision + 1,
        };
        const done = await repair(row, "closed", async (tx) => changed(await tx.updateTable("tickets").set(set).where("id", "=", row.id).where("status", "=", "closing").executeTakeFirst()), { Transcript: stored });
        if (!done) continue;
        app.ticketEvents.publish({ type: "closed", guildId: row.guild_id, ticket: toTicketSummary({ ...row, ...set }, app.tickets.channelUrl) });
      }
      repaired++;
    } catch (error) {
      // The platform could not say (it is down, rate-limited): the next sweep tries again.
      app.log.warn({ err: error, guildId: row.guild_id, ticket: row.number }, "stuck ticket not repaired");
    }
  }
  return repaired;
}

/** Starts the minute sweep; returns the stop function. */
export function startTicketScheduler(app: FastifyInstance): () => void {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    sweepTickets(app)
      .catch((error) => app.log.warn({ err: error }, "ticket sweep failed"))
      .finally(() => (running = false));
  }, SWEEP_EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}
