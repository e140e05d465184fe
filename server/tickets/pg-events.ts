import pg from "pg";
import type { FastifyBaseLogger } from "fastify";
import { ticketEventSchema, type TicketEvent } from "../../src/schemas/ticket";
import { channelOf, listenOnChannel } from "../db/pg-listen";
import { createLocalTicketEventBus, type TicketEventBus } from "./events";

// Live ticket events across instances on one PostgreSQL (docs/ticket-engine.md): every instance LISTENs on one
// channel and publishes with pg_notify; each delivers what it hears to its own subscribers (its own events too,
// once, through the database). A notification carries at most 8000 bytes: a bigger event is sent without its form
// answers (the screen shows them after its next refresh). The listening connection reconnects after a failure;
// meanwhile the dashboard polls.

const MAX_PAYLOAD = 7900;

export async function createPgTicketEventBus(options: {
  connectionString: string;
  schema?: string;
  log: FastifyBaseLogger;
}): Promise<TicketEventBus> {
  const local = createLocalTicketEventBus();
  const CHANNEL = channelOf("ticketeer_events_", options.schema);
  const pool = new pg.Pool({ connectionString: options.connectionString, max: 2, connectionTimeoutMillis: 5000 });
  pool.on("error", () => {});
  const listener = await listenOnChannel({
    connectionString: options.connectionString,
    channel: CHANNEL,
    onNotification(payload) {
      try {
        const parsed = ticketEventSchema.safeParse(JSON.parse(payload));
        if (parsed.success) local.publish(parsed.data);
      } catch {
        // Not ours, or damaged: skip it.
      }
    },
  });

  return {
    publish(event: TicketEvent) {
      let payload = JSON.stringify(event);
      if (Buffer.byteLength(payload) > MAX_PAYLOAD) payload = JSON.stringify({ ...event, ticket: { ...event.ticket, FormAnswers: [] } });
      if (Buffer.byteLength(payload) > MAX_PAYLOAD) return;
      pool
        .query("select pg_notify($1, $2)", [CHANNEL, payload])
        .catch((error) => options.log.warn({ err: error }, "ticket event not published"));
    },
    subscribe: local.subscribe,
    async close() {
      await listener.close();
      await pool.end().catch(() => undefined);
      await local.close();
    },
  };
}
