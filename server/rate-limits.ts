import type { FastifyInstance, FastifyRequest, onRequestHookHandler, RouteOptions } from "fastify";
import { bearerToken } from "./auth/authenticate";
import { hashToken } from "./auth/sessions";
import type { Config } from "./config";
import { describeRoute } from "./route-table";

// Per-caller limits on the API (429 {error} with Retry-After, server/errors.ts), each per minute and 0 to disable:
//   - WRITE_RATE_LIMIT: POST, PUT, PATCH, DELETE;
//   - READ_RATE_LIMIT: reads of signed-in callers (public reads, such as /stats and /health, are not limited);
//   - AUDITED_READ_RATE_LIMIT: reads that write an activity entry (a transcript view, an export), on top of the above.
// The caller is the signed-in user (all their sessions together), else the IP. A write is counted before anything
// else runs (a bot-key check, a body read), looking the session up itself so that forged tokens share their IP's
// budget; a read is counted after the route's guard, which has looked the session up anyway (no extra query on the
// hot path). Routes with their own limit (sign-in) keep theirs.

const writeMethods = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/** Route option `config: { audited: true }`: the route writes an activity entry although it only reads. */
export interface AuditedRouteConfig {
  audited?: boolean;
}

export const rateLimitKey = (request: FastifyRequest) => (request.user ? `user:${request.user.id}` : `ip:${request.ip}`);

/** The write limit's key, before the guard: the session's user when the token is real, else the IP. */
export async function writeRateLimitKey(request: FastifyRequest): Promise<string> {
  const token = bearerToken(request);
  if (token && token.length >= 20 && token.length <= 200) {
    const session = await request.server.db.selectFrom("sessions").select("user_id").where("token_hash", "=", hashToken(token)).executeTakeFirst();
    if (session) return `write:user:${session.user_id}`;
  }
  return `write:ip:${request.ip}`;
}

const hooksOf = (value: unknown): unknown[] => (Array.isArray(value) ? value : value === undefined ? [] : [value]);

/** Call after @fastify/rate-limit is registered and before the route plugins. */
export function registerRateLimits(app: FastifyInstance, config: Config): void {
  const limiter = (max: number, name: string) =>
    max > 0 ? (app.rateLimit({ max, timeWindow: 60_000, keyGenerator: (request) => `${name}:${rateLimitKey(request)}` }) as onRequestHookHandler) : undefined;
  const write = config.writeRateLimit > 0 ? (app.rateLimit({ max: config.writeRateLimit, timeWindow: 60_000, keyGenerator: writeRateLimitKey }) as onRequestHookHandler) : undefined;
  const read = limiter(config.readRateLimit, "read");
  const audited = limiter(config.auditedReadRateLimit, "audited");

  app.addHook("onRoute", (routeOptions: RouteOptions) => {
    if (!routeOptions.url.startsWith("/api/")) return;
    const routeConfig = (routeOptions.config ?? {}) as { rateLimit?: unknown } & AuditedRouteConfig;
    if (routeConfig.rateLimit != null) return;
    const methods = (Array.isArray(routeOptions.method) ? routeOptions.method : [routeOptions.method]).map((m) => String(m).toUpperCase());
    const [entry] = describeRoute(routeOptions);
    const isWrite = methods.some((m) => writeMethods.has(m));
    const before = isWrite && write ? [write] : [];
    const after = [!isWrite && entry.authenticated ? read : undefined, routeConfig.audited ? audited : undefined].filter(
      (hook): hook is onRequestHookHandler => hook !== undefined,
    );
    if (before.length + after.length === 0) return;
    routeOptions.onRequest = [...before, ...(hooksOf(routeOptions.onRequest) as onRequestHookHandler[]), ...after];
  });
}
