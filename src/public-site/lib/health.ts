import { healthSchema, type Health } from "../../schemas/stats";
import { apiUrl } from "../config";

export const healthRefreshMs = 30_000;

export type HealthCheck =
  | { kind: "ok" | "degraded"; health: Health; latencyMs: number; checkedAt: Date }
  | { kind: "unreachable"; error: string; latencyMs: number | null; checkedAt: Date };

/** GET /api/health, timed on the client. A 503 still carries the health body (status "degraded"). */
export async function checkHealth(fetchImpl: typeof fetch = fetch, clock: () => number = () => performance.now()): Promise<HealthCheck> {
  const started = clock();
  try {
    const response = await fetchImpl(apiUrl("/health"), { headers: { Accept: "application/json" }, cache: "no-store" });
    const latencyMs = Math.max(0, Math.round(clock() - started));
    const parsed = healthSchema.safeParse(await response.json().catch(() => null));
    if (!parsed.success) {
      return { kind: "unreachable", error: `HTTP ${response.status} ${response.statusText}`.trim(), latencyMs, checkedAt: new Date() };
    }
    const kind = response.ok && parsed.data.status === "ok" ? "ok" : "degraded";
    return { kind, health: parsed.data, latencyMs, checkedAt: new Date() };
  } catch (error) {
    return {
      kind: "unreachable",
      error: error instanceof Error ? error.message : String(error),
      latencyMs: null,
      checkedAt: new Date(),
    };
  }
}

/** "3d 4h 12m" style uptime. */
export function formatUptime(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const d = Math.floor(s / 86400);
  const h = Math.floor((s % 86400) / 3600);
  const m = Math.floor((s % 3600) / 60);
  if (d > 0) return `${d}d ${h}h ${m}m`;
  if (h > 0) return `${h}h ${m}m`;
  if (m > 0) return `${m}m ${s % 60}s`;
  return `${s}s`;
}
