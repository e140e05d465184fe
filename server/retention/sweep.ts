import type { FastifyInstance } from "fastify";
import type { TicketSettings } from "../../src/schemas/settings";
import type { Db } from "../db/schema";
import type { GuildClock } from "../platform/clock";
import { settingsFromJson } from "../settings/store";

// Data kept as long as the owner says (docs/decisions/013-data-retention.md): a server's RetentionTicketsDays deletes its
// transcripts and closed tickets closed longer ago than that, RetentionActivityDays its activity log entries older than
// that (0, the default: kept forever). The ticket engine's minute sweep (server/tickets/scheduler.ts) calls this.
//
// Fair share: every server whose retention is on gets at most PER_GUILD rows of each kind deleted per sweep, and a sweep
// visits at most GUILDS_PER_SWEEP servers, starting after the server the last one stopped at — so a server with a
// backlog of a million old transcripts takes many minutes to empty while every other server's purge still runs each
// minute. Deleting the rows is enough for everything derived from them: the running totals (statistics rollups,
// deep-page counters) are kept by triggers in the same statement, and the word index, notes, the live-read store and
// the captured conversation go with their transcript or ticket (foreign keys with ON DELETE CASCADE).

/** Rows of each kind (transcripts, closed tickets, activity entries) deleted per server per sweep at most. */
export const PER_GUILD = 200;
/** Servers visited per sweep at most (the rest on the next ones, in turns). */
export const GUILDS_PER_SWEEP = 100;
const DAY_MS = 86_400_000;

/** What one retention sweep deleted. */
export interface RetentionOutcome {
  transcripts: number;
  tickets: number;
  activity: number;
}

interface RetainingGuild {
  guildId: string;
  ticketsDays: number;
  activityDays: number;
}

/** Where the last sweep stopped (per database: one app, one database). */
const cursors = new WeakMap<Db, string>();

/** A server's retention windows in days (0: kept forever). */
export const retentionOf = (settings: TicketSettings) => ({
  ticketsDays: settings.RetentionTicketsDays ?? 0,
  activityDays: settings.RetentionActivityDays ?? 0,
});

/** The servers with a retention window, in id order, chosen in SQL by the settings' JSON as written (then read exactly). */
async function retainingGuilds(db: Db, only?: string): Promise<RetainingGuild[]> {
  let query = db.selectFrom("guild_settings").select(["guild_id", "data_json"]).where("data_json", "like", '%"Retention%');
  if (only) query = query.where("guild_id", "=", only);
  const rows = await query.orderBy("guild_id").execute();
  const out: RetainingGuild[] = [];
  for (const row of rows) {
    const { ticketsDays, activityDays } = retentionOf(settingsFromJson(row.data_json));
    if (ticketsDays > 0 || activityDays > 0) out.push({ guildId: row.guild_id, ticketsDays, activityDays });
  }
  return out;
}

/** This sweep's servers: up to GUILDS_PER_SWEEP, from the one after the cursor on, wrapping round. */
function inTurn(guilds: RetainingGuild[], cursor: string | undefined): RetainingGuild[] {
  const start =
    cursor === undefined
      ? 0
      : Math.max(
          0,
          guilds.findIndex((g) => g.guildId > cursor),
        );
  return [...guilds.slice(start), ...guilds.slice(0, start)].slice(0, GUILDS_PER_SWEEP);
}

/** Deletes one server's rows past its windows (at most PER_GUILD of each kind, oldest first). */
export async function purgeExpired(db: Db, g: RetainingGuild, guildNow: number, perGuild = PER_GUILD): Promise<RetentionOutcome> {
  const outcome: RetentionOutcome = { transcripts: 0, tickets: 0, activity: 0 };
  if (g.ticketsDays > 0) {
    const before = guildNow - g.ticketsDays * DAY_MS;
    const transcripts = await db
      .deleteFrom("transcripts")
      .where("id", "in", (qb) =>
        qb
          .selectFrom("transcripts")
          .select("id")
          .where("guild_id", "=", g.guildId)
          .where("closed_at", "<", before)
          .orderBy("closed_at")
          .limit(perGuild),
      )
      .executeTakeFirst();
    outcome.transcripts = Number(transcripts.numDeletedRows);
    const tickets = await db
      .deleteFrom("tickets")
      .where("id", "in", (qb) =>
        qb
          .selectFrom("tickets")
          .select("id")
          .where("guild_id", "=", g.guildId)
          .where("status", "=", "closed")
          .where("closed_at", "<", before)
          .orderBy("closed_at")
          .limit(perGuild),
      )
      .executeTakeFirst();
    outcome.tickets = Number(tickets.numDeletedRows);
    // The tickets suggestions answered (they never opened) are kept no longer than those that did; their tags go with them.
    await db
      .deleteFrom("suggestion_answers")
      .where("id", "in", (qb) =>
        qb
          .selectFrom("suggestion_answers")
          .select("id")
          .where("guild_id", "=", g.guildId)
          .where("answered_at", "<", before)
          .orderBy("answered_at")
          .limit(perGuild),
      )
      .execute();
  }
  if (g.activityDays > 0) {
    // The activity log's timestamps are epoch seconds.
    const before = Math.floor((guildNow - g.activityDays * DAY_MS) / 1000);
    const activity = await db
      .deleteFrom("activity")
      .where("id", "in", (qb) =>
        qb
          .selectFrom("activity")
          .select("id")
          .where("guild_id", "=", g.guildId)
          .where("timestamp", "<", before)
          .orderBy("timestamp")
          .limit(perGuild),
      )
      .executeTakeFirst();
    outcome.activity = Number(activity.numDeletedRows);
  }
  return outcome;
}

/**
 * One retention sweep at the real instant `now` (each server's windows on its own clock): every server in turn gets
 * its fair share. `only`: one server (Try-it's skip ahead), which leaves the turns of the minute sweep alone.
 */
export async function sweepRetention(db: Db, clock: GuildClock, now: number, only?: string): Promise<RetentionOutcome> {
  const total: RetentionOutcome = { transcripts: 0, tickets: 0, activity: 0 };
  const guilds = await retainingGuilds(db, only);
  const turn = only ? guilds : inTurn(guilds, cursors.get(db));
  for (const g of turn) {
    const done = await purgeExpired(db, g, await clock.now(g.guildId, now));
    total.transcripts += done.transcripts;
    total.tickets += done.tickets;
    total.activity += done.activity;
  }
  if (!only) {
    const last = turn.at(-1);
    if (last && turn.length < guilds.length) cursors.set(db, last.guildId);
    else cursors.delete(db);
  }
  return total;
}

declare module "fastify" {
  interface FastifyInstance {
    /** The servers' retention, swept by the scheduler's minute (server/tickets/scheduler.ts) without importing it. */
    retention: { sweep(clock: GuildClock, now: number, guildId?: string): Promise<RetentionOutcome> };
  }
}

/** Decorates app.retention. */
export function registerRetention(app: FastifyInstance): void {
  app.decorate("retention", { sweep: (clock: GuildClock, now: number, guildId?: string) => sweepRetention(app.db, clock, now, guildId) });
}
