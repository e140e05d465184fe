import type { FastifyInstance } from "fastify";
import type { Config } from "./config";

/** The Content-Security-Policy of every response (a route may set a stricter one itself). */
export const contentSecurityPolicy = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: https://cdn.discordapp.com",
  "connect-src 'self'",
  "frame-src 'self'",
  "frame-ancestors 'none'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self' https://discord.com",
].join("; ");

/** Security headers on every response, and no caching of API answers unless a route says otherwise. */
export function registerSecurityHeaders(app: FastifyInstance, config: Config) {
  const hsts = config.publicUrl.startsWith("https://");
  app.addHook("onSend", async (request, reply, payload) => {
    if (!reply.hasHeader("content-security-policy")) reply.header("content-security-policy", contentSecurityPolicy);
    reply.header("referrer-policy", "strict-origin-when-cross-origin");
    reply.header("x-content-type-options", "nosniff");
    reply.header("x-frame-options", "DENY");
    reply.header("cross-origin-opener-policy", "same-origin");
    reply.header("permissions-policy", "camera=(), microphone=(), geolocation=(), payment=()");
    if (hsts) reply.header("strict-transport-security", "max-age=31536000; includeSubDomains");
    if (request.url.startsWith("/api/") && !reply.hasHeader("cache-control")) reply.header("cache-control", "no-store");
    return payload;
  });
}
