import type { FastifyInstance } from "fastify";
import { sql } from "kysely";
import { readGuildSettings } from "../routes/settings";
import type { Member } from "./members";
import { TicketEngine } from "./service";
import { botTexts } from "./texts";

// Scheduled closes (docs/ticket-engine.md): auto-close after the settings' silence, and close when the opener left
// the server. One sweep a minute; on PostgreSQL exactly one instance sweeps at a time (a transaction-level advisory
// lock while it marks the due tickets 'closing'); on SQLite there is one process. Marking is a compare-and-set from
// 'open', so even two sweeps never close a ticket twice.

export const SWEEP_EVERY_MS = 60_000;
/** Tickets looked at per sweep (the rest wait for the next minute). */
const BATCH = 50;
const SWEEP_LOCK = 774_201_001;

const windowMs = (days: number, hours: number, minutes: number) => ((days * 24 + hours) * 60 + minutes) * 60_000;

/** Finds the tickets due for closing, marks them 'closing' (one sweeper at a time) and closes them. */
export async function sweepTickets(app: FastifyInstance, now = Date.now()): Promise<number> {
  const engine = app.tickets.engine;
  const platform = app.platform;
  const candidates = await app.db
    .selectFrom("tickets")
    .selectAll()
    .where("status", "=", "open")
    .orderBy("last_activity_at")
    .limit(BATCH * 4)
    .execute();
  const due: { id: number; reason: string }[] = [];
  const settingsOf = new Map<string, Awaited<ReturnType<typeof readGuildSettings>>["settings"]>();
  for (const row of candidates) {
    if (due.length >= BATCH) break;
    let settings = settingsOf.get(row.guild_id);
    if (!settings) {
      settings = (await readGuildSettings(app.db, row.guild_id)).settings;
      settingsOf.set(row.guild_id, settings);
    }
    const silence = windowMs(settings.SinceLastMessageDays ?? 0, settings.SinceLastMessageHours ?? 0, settings.SinceLastMessageMinutes ?? 0);
    let lastActivity = Number(row.last_activity_at);
    if (settings.AutoCloseEnabled && silence > 0 && now - lastActivity >= silence && row.channel_id) {
      // Discord does not tell us about messages: the channel's newest message id carries its time.
      const channel = await platform.getChannel(row.channel_id).catch(() => undefined);
      lastActivity = Math.max(lastActivity, TicketEngine.lastMessageTime(channel?.lastMessageId ?? null));
      if (lastActivity > Number(row.last_activity_at)) await app.db.updateTable("tickets").set({ last_activity_at: lastActivity }).where("id", "=", row.id).execute();
      if (now - lastActivity >= silence) {
        due.push({ id: row.id, reason: botTexts.autoCloseReason });
        continue;
      }
    }
    const grace = windowMs(0, settings.CloseOnUserLeaveHours ?? 0, settings.CloseOnUserLeaveMinutes ?? 0);
    if (settings.CloseOnUserLeave && now - lastActivity >= grace) {
      const opener = await platform.getMember(row.guild_id, row.opener_id).catch(() => undefined);
      if (opener === null) due.push({ id: row.id, reason: botTexts.userLeftReason });
    }
  }
  if (due.length === 0) return 0;

  const marked = await app.db.transaction().execute(async (tx) => {
    if (app.dbDialect === "postgres") {
      const { rows } = await sql<{ locked: boolean }>`select pg_try_advisory_xact_lock(${SWEEP_LOCK}) as locked`.execute(tx);
      if (!rows[0]?.locked) return [];
    }
    return tx
      .updateTable("tickets")
      .set({ status: "closing" })
      .where("status", "=", "open")
      .where("id", "in", due.map((d) => d.id))
      .returningAll()
      .execute();
  });
  const bot: Member = { id: platform.botUserId, username: "Ticketeer", avatar: null, roles: [], permissions: "0", owner: false };
  for (const row of marked) {
    const reason = due.find((d) => d.id === row.id)?.reason ?? botTexts.autoCloseReason;
    await engine.finishClose(row, bot, reason).catch((error) => app.log.warn({ err: error }, "scheduled close failed"));
  }
  return marked.length;
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
