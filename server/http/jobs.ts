import type { FastifyInstance } from "fastify";
import { pruneExpired } from "../auth/sessions";
import { SWEEP_EVERY_MS, sweepTickets } from "../tickets/scheduler";
import { sweepSnoozedTickets } from "../helpdesk/snooze";
import { sweepWaitingTickets } from "../helpdesk/waiting";
import { sweepPendingRenames } from "../tickets/move";

// The ways in that come from the clock rather than a request: the ticket sweep every minute (auto-close, close on
// user leave, repairs: server/tickets/scheduler.ts; then the waiting alerts, the renames a move left for later and the
// snoozes that end) and the pruning of expired sessions every hour. Started by index.ts once the app listens; a job
// that fails is logged and runs again next time.

const PRUNE_EVERY_MS = 60 * 60_000;

/** Starts the minute sweep; returns the stop function. */
export function startTicketScheduler(app: FastifyInstance): () => void {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    sweepTickets(app)
      .catch((error) => app.log.warn({ err: error }, "ticket sweep failed"))
      // "Waiting too long" alerts, after the sweep
      .then(() => sweepWaitingTickets(app.tickets.deps))
      .catch((error) => app.log.warn({ err: error }, "waiting alerts failed"))
      // Channel names a move left for when Discord allows renaming them again
      .then(() => sweepPendingRenames(app.tickets.deps))
      .catch((error) => app.log.warn({ err: error }, "pending renames failed"))
      // Snoozed tickets whose time came, back in "Needs attention"
      .then(() => sweepSnoozedTickets(app.tickets.deps))
      .catch((error) => app.log.warn({ err: error }, "snoozed tickets not woken"))
      .finally(() => (running = false));
  }, SWEEP_EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}

/** How often the webhook sender sweeps its outbox (server/webhooks/sender.ts). */
const WEBHOOK_SWEEP_MS = 5_000;

/** Sends due webhook deliveries every few seconds; returns the stop function. */
export function startWebhookSender(app: FastifyInstance): () => void {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    app.webhooks
      .sweep()
      .catch((error) => app.log.warn({ err: error }, "webhook sweep failed"))
      .finally(() => (running = false));
  }, WEBHOOK_SWEEP_MS);
  timer.unref();
  return () => clearInterval(timer);
}

/** Prunes expired sessions now, then every hour; returns the stop function. */
export async function startSessionPruning(app: FastifyInstance): Promise<() => void> {
  const prune = () => pruneExpired(app.db).catch((err) => app.log.warn({ err }, "pruning expired sessions failed"));
  await prune();
  const timer = setInterval(prune, PRUNE_EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}
