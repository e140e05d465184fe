import { useEffect, useState } from "react";
import { limits, retryDelay } from "../../schemas/limits";
import { landingMessages } from "../../schemas/messages";
import type { Stats } from "../../schemas/stats";
import { apiUrl } from "../config";

/** The query options of the stats strip (SPEC §7, §9). */
export const statsQueryOptions = {
  queryKey: ["stats"],
  retry: 1,
  staleTime: limits.statsStaleMs,
  refetchInterval: limits.statsStaleMs,
  refetchOnWindowFocus: false,
  refetchOnMount: false,
} as const;

export const zeroStats: Stats = { total_member_count: 0, total_guilds: 0 };

export class StatsError extends Error {}

const count = (value: unknown) => (typeof value === "number" && Number.isFinite(value) ? value : 0);

/**
 * The Stats of SPEC §3 from an answer body: numbers, 0 when missing. Same rule as statsSchema in
 * src/schemas/stats.ts (a unit test holds them together), without loading zod on the landing page.
 */
export function parseStats(body: unknown): Stats {
  const record = body && typeof body === "object" ? (body as Record<string, unknown>) : {};
  const stats: Stats = { total_member_count: count(record.total_member_count), total_guilds: count(record.total_guilds) };
  // The server runs the demo platform: the landing offers the Try-it view.
  if (record.demo === true) stats.demo = true;
  return stats;
}

/** GET /stats with the JSON headers of SPEC §7; a non-OK answer throws 'Error {status}: {statusText}'. */
export async function fetchStats(signal?: AbortSignal, fetchImpl: typeof fetch = fetch): Promise<Stats> {
  const response = await fetchImpl(apiUrl("/stats"), {
    headers: { Accept: "application/json", "Content-Type": "application/json" },
    signal,
  });
  if (!response.ok) throw new StatsError(landingMessages.statsError(response.status, response.statusText));
  return parseStats(await response.json());
}

export interface LoadStatsOptions {
  signal?: AbortSignal;
  fetchImpl?: typeof fetch;
  retry?: number;
  sleep?: (ms: number) => Promise<void>;
}

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Fetches the stats, retrying `retry` times (once by default). A final failure is logged to the console only
 * and answers null: the caller keeps what it shows (zeros at first).
 */
export async function loadStats({
  signal,
  fetchImpl = fetch,
  retry = statsQueryOptions.retry,
  sleep = wait,
}: LoadStatsOptions = {}): Promise<Stats | null> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await fetchStats(signal, fetchImpl);
    } catch (error) {
      if (signal?.aborted) return null;
      if (attempt >= retry) {
        console.error(error instanceof Error ? error.message : String(error));
        return null;
      }
      await sleep(retryDelay(attempt));
    }
  }
}

// The cache lives in sessionStorage so the stale time holds across the site's full page loads.
const cacheKey = "ticketeer:stats";
interface CachedStats {
  data: Stats;
  at: number;
}

export function readStatsCache(storage: Storage | undefined = safeSessionStorage()): CachedStats | null {
  try {
    const raw = storage?.getItem(cacheKey);
    if (!raw) return null;
    const parsed = JSON.parse(raw) as CachedStats;
    return { data: parseStats(parsed.data), at: Number(parsed.at) || 0 };
  } catch {
    return null;
  }
}

export function writeStatsCache(data: Stats, at: number, storage: Storage | undefined = safeSessionStorage()) {
  try {
    storage?.setItem(cacheKey, JSON.stringify({ data, at }));
  } catch {
    /* storage full or blocked: the cache is only an optimisation */
  }
}

function safeSessionStorage(): Storage | undefined {
  try {
    return typeof sessionStorage === "undefined" ? undefined : sessionStorage;
  } catch {
    return undefined;
  }
}

/** Milliseconds until the next fetch: now when nothing is cached, else when the cached value goes stale. */
export function nextFetchDelay(cached: CachedStats | null, now: number): number {
  if (!cached) return 0;
  return Math.max(0, cached.at + statsQueryOptions.staleTime - now);
}

/** The stats of the strip: zeros on the server and at first paint, then fetched and refreshed every 5 minutes. */
export function useStats(): Stats {
  const [stats, setStats] = useState<Stats>(zeroStats);
  useEffect(() => {
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const cached = readStatsCache();
    if (cached) setStats(cached.data);
    const run = async () => {
      const data = await loadStats({ signal: controller.signal });
      if (controller.signal.aborted) return;
      if (data) {
        writeStatsCache(data, Date.now());
        setStats(data);
      }
      timer = setTimeout(run, statsQueryOptions.refetchInterval);
    };
    timer = setTimeout(run, nextFetchDelay(cached, Date.now()));
    return () => {
      controller.abort();
      clearTimeout(timer);
    };
  }, []);
  return stats;
}
