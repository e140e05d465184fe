import type { FastifyInstance, FastifyRequest, onRequestHookHandler, onResponseHookHandler, RouteOptions } from "fastify";
import { findApiKey, isApiKeyToken } from "../../auth/api-keys";
import { bearerToken } from "../../auth/authenticate";
import { sessionOwnerOf } from "../../auth/sessions";
import type { Config } from "../../config";
import { describeRoute } from "./route-table";

declare module "fastify" {
  interface FastifyContextConfig {
    /** The route writes an activity entry although it only reads. */
    audited?: boolean;
    /**
     * An interaction (Discord's endpoint, the Try-it view's): limited per member and per server
     * (server/http/support/interaction-limits.ts), never by the write limit.
     */
    interaction?: boolean;
  }
}

// Per-caller limits on the API (429 {error} with Retry-After, server/errors.ts), each per minute and 0 to disable:
//   - WRITE_RATE_LIMIT: POST, PUT, PATCH, DELETE;
//   - READ_RATE_LIMIT: reads of signed-in callers (public reads, such as /stats and /health, are not limited);
//   - AUDITED_READ_RATE_LIMIT: reads that write an activity entry (a transcript view, an export), on top of the above.
// The caller is the signed-in user (all their sessions together), else the IP. A write is counted before anything
// else runs (a bot-key check, a body read), looking the session up itself so that forged tokens share their IP's
// budget; a read is counted after the route's guard, which has looked the session up anyway (no extra query on the
// hot path). Routes with their own limit (sign-in) keep theirs; interactions (config `interaction`) have their own,
// per member and per server (server/http/support/interaction-limits.ts).

const writeMethods = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/** Route option `config: { audited: true }`: the route writes an activity entry although it only reads. */
export interface AuditedRouteConfig {
  audited?: boolean;
}

// An API key is a caller of its own (each key its own budget, as each user has), never the bot whose name it acts in.
export const rateLimitKey = (request: FastifyRequest) =>
  request.apiKey ? `key:${request.apiKey.id}` : request.user ? `user:${request.user.id}` : `ip:${request.ip}`;

/** The write limit's key, before the guard: the session's user (or the API key) when the token is real, else the IP. */
export async function writeRateLimitKey(request: FastifyRequest): Promise<string> {
  const token = bearerToken(request);
  if (token && isApiKeyToken(token)) {
    const key = await findApiKey(request.server.db, token);
    return key ? `write:key:${key.id}` : `write:ip:${request.ip}`;
  }
  if (token && token.length >= 20 && token.length <= 200) {
    const owner = await sessionOwnerOf(request.server.db, token);
    if (owner !== undefined) return `write:user:${owner}`;
  }
  return `write:ip:${request.ip}`;
}

const hooksOf = (value: unknown): unknown[] => (Array.isArray(value) ? value : value === undefined ? [] : [value]);

/**
 * Refused interaction requests (401: a bad signature, no session) per address and minute, in this process: past
 * `max`, the address's next requests are answered 429 at once. Discord's own requests are never refused, so they
 * are never counted; the counters are pruned as their minute ends.
 */
function refusedInteractions(max: number): { guard: onRequestHookHandler; count: onResponseHookHandler } | undefined {
  if (max <= 0) return undefined;
  const windows = new Map<string, { start: number; hits: number }>();
  const current = (ip: string, now: number) => {
    const w = windows.get(ip);
    return w && w.start + 60_000 > now ? w : undefined;
  };
  return {
    guard: async (request, reply) => {
      const now = Date.now();
      const w = current(request.ip, now);
      if (w && w.hits >= max) {
        return reply
          .code(429)
          .header("retry-after", String(Math.max(1, Math.ceil((w.start + 60_000 - now) / 1000))))
          .send({ error: "Too many requests. Please try again later." });
      }
    },
    count: async (request, reply) => {
      if (reply.statusCode !== 401) return;
      const now = Date.now();
      if (windows.size > 10_000) for (const [ip, w] of windows) if (w.start + 60_000 <= now) windows.delete(ip);
      const w = current(request.ip, now) ?? { start: now, hits: 0 };
      w.hits++;
      windows.set(request.ip, w);
    },
  };
}

/** Call after @fastify/rate-limit is registered and before the route plugins. */
export function registerRateLimits(app: FastifyInstance, config: Config): void {
  const limiter = (max: number, name: string) =>
    max > 0
      ? (app.rateLimit({ max, timeWindow: 60_000, keyGenerator: (request) => `${name}:${rateLimitKey(request)}` }) as onRequestHookHandler)
      : undefined;
  const write =
    config.writeRateLimit > 0
      ? (app.rateLimit({ max: config.writeRateLimit, timeWindow: 60_000, keyGenerator: writeRateLimitKey }) as onRequestHookHandler)
      : undefined;
  const read = limiter(config.readRateLimit, "read");
  const audited = limiter(config.auditedReadRateLimit, "audited");

  const refused = refusedInteractions(config.writeRateLimit);
  app.addHook("onRoute", (routeOptions: RouteOptions) => {
    if (!routeOptions.url.startsWith("/api/")) return;
    const routeConfig = (routeOptions.config ?? {}) as { rateLimit?: unknown; interaction?: boolean } & AuditedRouteConfig;
    if (routeConfig.rateLimit != null) return;
    if (routeConfig.interaction) {
      // Interactions have their own limits, per member and per server (server/http/support/interaction-limits.ts).
      // What is left to an address is refusals: one sending requests that fail (a forged signature, no session)
      // past WRITE_RATE_LIMIT a minute is turned away before they cost a signature check.
      if (refused) {
        routeOptions.onRequest = [refused.guard, ...(hooksOf(routeOptions.onRequest) as onRequestHookHandler[])];
        routeOptions.onResponse = [...(hooksOf(routeOptions.onResponse) as onResponseHookHandler[]), refused.count];
      }
      return;
    }
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
