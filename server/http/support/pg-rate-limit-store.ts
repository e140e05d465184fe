import type { FastifyRateLimitOptions, FastifyRateLimitStore, FastifyRateLimitStoreCtor } from "@fastify/rate-limit";
import { sql } from "kysely";
import type { Db } from "../../db/schema";

// A store for @fastify/rate-limit that keeps the counters in the database, so several instances behind one load
// balancer share every limit (sign-in, writes, reads, ingest) instead of each allowing the full budget. One upsert
// per limited request: a window that has ended starts again at 1. Used on PostgreSQL; rows of ended windows are
// pruned with the expired sessions.

type Callback = (error: Error | null, result?: { current: number; ttl: number }) => void;

interface ChildParams {
  routeInfo?: { method?: string | string[]; url?: string };
}

/**
 * Counts one hit of `key` in its current window of `timeWindow` ms (a window that has ended starts again at 1): how
 * many hits the window holds now, and how long until it ends. One upsert, shared by every instance. Also used by the
 * interactions' own limits (server/http/support/interaction-limits.ts).
 */
export async function countHit(db: Db, key: string, timeWindow: number, now = Date.now()): Promise<{ current: number; ttl: number }> {
  const id = key.slice(0, 500);
  const { rows } = await sql<{ hits: number; window_start: number }>`
    insert into rate_limits (key, window_start, hits) values (${id}, ${now}, 1)
    on conflict (key) do update set
      hits = case when rate_limits.window_start + ${timeWindow} <= ${now} then 1 else rate_limits.hits + 1 end,
      window_start = case when rate_limits.window_start + ${timeWindow} <= ${now} then ${now} else rate_limits.window_start end
    returning hits, window_start`.execute(db);
  const row = rows[0]!;
  return { current: Number(row.hits), ttl: Math.max(0, Number(row.window_start) + timeWindow - now) };
}

export function pgRateLimitStore(db: Db): FastifyRateLimitStoreCtor {
  return class PgRateLimitStore implements FastifyRateLimitStore {
    private readonly namespace: string;
    // The plugin constructs the root store with its options; children get a route's namespace.
    constructor(options?: unknown) {
      this.namespace = typeof options === "string" ? options : "";
    }

    incr(key: string, callback: Callback, timeWindow: number): void {
      countHit(db, `${this.namespace}${key}`, timeWindow).then(
        (hit) => callback(null, hit),
        (error: Error) => callback(error),
      );
    }

    /** A route's own limit counts apart from the others (the same IP on two routes is two counters). */
    child(params: FastifyRateLimitOptions & ChildParams): FastifyRateLimitStore {
      const route = params.routeInfo?.url ? `${[params.routeInfo.method ?? ""].flat().join(",")} ${params.routeInfo.url}|` : "";
      return new PgRateLimitStore(route);
    }
  };
}
