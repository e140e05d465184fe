import pg from "pg";

// One PostgreSQL channel heard by this instance (LISTEN on a connection of its own). Used by the ticket event bus
// (server/tickets/pg-events.ts) and the session cache (server/auth/session-cache.ts). A lost connection is
// reported (`onLost`: notifications may be missed from then on) and re-established every 2 s; `onListening` runs
// each time the channel is heard again (after the first LISTEN too).

/** One channel per schema: deployments (and test runs) sharing a database server do not hear each other. */
export const channelOf = (prefix: string, schema: string | undefined) => `${prefix}${(schema ?? "public").toLowerCase().replace(/[^a-z0-9_]/g, "_").slice(0, 40)}`;

export interface ChannelListener {
  /** True while the LISTEN connection is up. */
  readonly listening: boolean;
  close(): Promise<void>;
}

export interface ListenOptions {
  connectionString: string;
  channel: string;
  onNotification(payload: string): void;
  onLost?(): void;
  onListening?(): void;
}

const RETRY_MS = 2000;

/** Listens on `channel`; the first LISTEN must succeed (it throws otherwise), later ones are retried. */
export async function listenOnChannel(options: ListenOptions): Promise<ChannelListener> {
  let client: pg.Client | null = null;
  let closed = false;
  let retry: ReturnType<typeof setTimeout> | undefined;

  const connect = async (first: boolean) => {
    const candidate = new pg.Client({ connectionString: options.connectionString, keepAlive: true });
    let lost = false;
    // Once listening: the connection's end or failure.
    const onLost = () => {
      if (lost || closed) return;
      lost = true;
      if (client === candidate) client = null;
      options.onLost?.();
      retry = setTimeout(() => void connect(false).catch(() => undefined), RETRY_MS);
    };
    candidate.on("notification", (message) => {
      if (message.channel === options.channel && message.payload) options.onNotification(message.payload);
    });
    try {
      candidate.on("error", () => undefined);
      await candidate.connect();
      await candidate.query(`listen ${options.channel}`);
    } catch (error) {
      await candidate.end().catch(() => undefined);
      if (first) throw error;
      if (!closed) retry = setTimeout(() => void connect(false).catch(() => undefined), RETRY_MS);
      return;
    }
    if (closed) {
      await candidate.end().catch(() => undefined);
      return;
    }
    candidate.on("error", onLost);
    candidate.on("end", onLost);
    client = candidate;
    options.onListening?.();
  };
  await connect(true);

  return {
    get listening() {
      return client !== null;
    },
    async close() {
      closed = true;
      if (retry) clearTimeout(retry);
      await client?.end().catch(() => undefined);
      client = null;
    },
  };
}
