import pg from "pg";
import type { FastifyBaseLogger } from "fastify";
import { ticketEventSchema, type TicketEvent } from "../../src/schemas/ticket";
import { createLocalTicketEventBus, type TicketEventBus } from "./events";

// Live ticket events across instances on one PostgreSQL (docs/ticket-engine.md): every instance LISTENs on one
// channel and publishes with pg_notify; each delivers what it hears to its own subscribers (its own events too,
// once, through the database). A notification carries at most 8000 bytes: a bigger event is sent without its form
// answers (the screen shows them after its next refresh). The listening connection reconnects after a failure;
// meanwhile the dashboard polls.

const MAX_PAYLOAD = 7900;

/** One channel per schema: deployments (and test runs) sharing a database server do not hear each other. */
const channelOf = (schema: string | undefined) => `ticketeer_events_${(schema ?? "public").toLowerCase().replace(/[^a-z0-9_]/g, "_").slice(0, 40)}`;

export async function createPgTicketEventBus(options: { connectionString: string; schema?: string; log: FastifyBaseLogger }): Promise<TicketEventBus> {
  const local = createLocalTicketEventBus();
  const CHANNEL = channelOf(options.schema);
  const pool = new pg.Pool({ connectionString: options.connectionString, max: 2, connectionTimeoutMillis: 5000 });
  pool.on("error", () => {});
  let listener: pg.Client | null = null;
  let closed = false;
  let retry: ReturnType<typeof setTimeout> | undefined;

  const listen = async () => {
    const client = new pg.Client({ connectionString: options.connectionString });
    client.on("error", () => {
      if (closed) return;
      listener = null;
      retry = setTimeout(() => void listen().catch(() => undefined), 2000);
    });
    client.on("notification", (message) => {
      if (message.channel !== CHANNEL || !message.payload) return;
      try {
        const parsed = ticketEventSchema.safeParse(JSON.parse(message.payload));
        if (parsed.success) local.publish(parsed.data);
      } catch {
        // Not ours, or damaged: skip it.
      }
    });
    await client.connect();
    await client.query(`listen ${CHANNEL}`);
    listener = client;
  };
  await listen();

  return {
    publish(event: TicketEvent) {
      let payload = JSON.stringify(event);
      if (Buffer.byteLength(payload) > MAX_PAYLOAD) payload = JSON.stringify({ ...event, ticket: { ...event.ticket, FormAnswers: [] } });
      if (Buffer.byteLength(payload) > MAX_PAYLOAD) return;
      pool.query("select pg_notify($1, $2)", [CHANNEL, payload]).catch((error) => options.log.warn({ err: error }, "ticket event not published"));
    },
    subscribe: local.subscribe,
    async close() {
      closed = true;
      if (retry) clearTimeout(retry);
      await listener?.end().catch(() => undefined);
      await pool.end().catch(() => undefined);
      await local.close();
    },
  };
}
