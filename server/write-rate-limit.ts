import type { FastifyInstance, FastifyRequest, onRequestHookHandler } from "fastify";
import { bearerToken } from "./auth/authenticate";
import { hashToken } from "./auth/sessions";
import type { Config } from "./config";

// One limit for every write under /api (POST, PUT, PATCH, DELETE): WRITE_RATE_LIMIT requests per minute per
// caller (0 disables it). The caller is the signed-in user (all their sessions together), else the IP. Routes
// with their own limit (sign-in) keep theirs. Past the limit: 429 {error} with Retry-After (server/errors.ts).

const writeMethods = new Set(["POST", "PUT", "PATCH", "DELETE"]);

export async function writeRateLimitKey(request: FastifyRequest): Promise<string> {
  const token = bearerToken(request);
  if (token && token.length >= 20 && token.length <= 200) {
    const session = await request.server.db
      .selectFrom("sessions")
      .select("user_id")
      .where("token_hash", "=", hashToken(token))
      .executeTakeFirst();
    if (session) return `write:user:${session.user_id}`;
  }
  // Bots (bot keys), forged tokens and anonymous callers: by IP, so inventing credentials buys no extra budget.
  return `write:ip:${request.ip}`;
}

/** Call after @fastify/rate-limit is registered and before the route plugins. */
export function registerWriteRateLimit(app: FastifyInstance, config: Config): void {
  if (config.writeRateLimit <= 0) return;
  const limiter = app.rateLimit({ max: config.writeRateLimit, timeWindow: 60_000, keyGenerator: writeRateLimitKey }) as onRequestHookHandler;
  app.addHook("onRoute", (routeOptions) => {
    const methods = (Array.isArray(routeOptions.method) ? routeOptions.method : [routeOptions.method]).map((m) => String(m).toUpperCase());
    if (!routeOptions.url.startsWith("/api/") || !methods.some((m) => writeMethods.has(m))) return;
    if (routeOptions.config && (routeOptions.config as { rateLimit?: unknown }).rateLimit != null) return;
    const existing = routeOptions.onRequest;
    // First, so a caller past the limit is refused before anything else (a bot-key check, a body read).
    routeOptions.onRequest = [limiter, ...(Array.isArray(existing) ? existing : existing ? [existing] : [])];
  });
}
