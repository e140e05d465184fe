import { sql } from "kysely";
import pg from "pg";
import type { Db } from "./schema";

// One PostgreSQL channel heard by this instance (LISTEN on a connection of its own). Used by the ticket event bus
// (server/tickets/pg-events.ts) and the session cache (server/auth/session-cache.ts). A lost connection is
// reported (`onLost`: notifications may be missed from then on) and re-established every 2 s; `onListening` runs
// each time the channel is heard again (after the first LISTEN too).

/** One channel per schema: deployments (and test runs) sharing a database server do not hear each other. */
export const channelOf = (prefix: string, schema: string | undefined) =>
  `${prefix}${(schema ?? "public")
    .toLowerCase()
    .replace(/[^a-z0-9_]/g, "_")
    .slice(0, 40)}`;

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

/**
 * What follows a channel's notifications, each `<kind>:<key>`: `changed[kind](key)`; `reset(false)` while some may be
 * missed, `reset(true)` once heard again (and on a notification of no known kind).
 */
export interface ChangeFollower {
  readonly changed: Record<string, (key: string) => void>;
  reset(enabled: boolean): void;
}

/** Applies one notification to a follower. */
export function applyChange(follower: ChangeFollower, payload: string): void {
  const colon = payload.indexOf(":");
  const changed = colon > 0 ? follower.changed[payload.slice(0, colon)] : undefined;
  if (changed) changed(payload.slice(colon + 1));
  else follower.reset(true);
}

/**
 * Follows the current schema's channel `<prefix><schema>`, named by the database itself with the expression of the
 * triggers that notify it (migrations 015 and 016), so that both always agree.
 */
export async function followSchemaChannel(
  db: Db,
  connectionString: string,
  prefix: string,
  follower: ChangeFollower,
): Promise<ChannelListener> {
  const { rows } = await sql<{ channel: string }>`
    select ${prefix} || left(regexp_replace(lower(current_schema()), '[^a-z0-9_]', '_', 'g'), 40) as channel`.execute(db);
  follower.reset(false);
  return listenOnChannel({
    connectionString,
    channel: rows[0]!.channel,
    onNotification: (payload) => applyChange(follower, payload),
    onLost: () => follower.reset(false),
    onListening: () => follower.reset(true),
  });
}
