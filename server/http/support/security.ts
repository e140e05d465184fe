import type { FastifyInstance } from "fastify";
import type { Config } from "../../config";

/**
 * The Content-Security-Policy of every response (a route may set a stricter one itself). Images: the app's own
 * ('self', whatever address it is opened at), its public origin (PUBLIC_URL: links the bot wrote into messages point
 * there, and the app may be opened at another address of the same server, 127.0.0.1 beside localhost), data: URLs and
 * Discord's CDN.
 */
export function contentSecurityPolicy(config: Pick<Config, "publicUrl">): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    ["img-src 'self'", originOf(config.publicUrl), "data: https://cdn.discordapp.com"].filter(Boolean).join(" "),
    "connect-src 'self'",
    "frame-src 'self'",
    "frame-ancestors 'none'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self' https://discord.com",
  ].join("; ");
}

/** The origin of an http(s) URL, or "" (config.ts has checked PUBLIC_URL's shape). */
function originOf(url: string): string {
  try {
    const origin = new URL(url).origin;
    return origin === "null" ? "" : origin;
  } catch {
    return "";
  }
}

/** The security headers of every answer (a route may set a stricter CSP itself). */
export function securityHeaders(config: Config): Record<string, string> {
  return {
    "content-security-policy": contentSecurityPolicy(config),
    "referrer-policy": "strict-origin-when-cross-origin",
    "x-content-type-options": "nosniff",
    "x-frame-options": "DENY",
    "cross-origin-opener-policy": "same-origin",
    "permissions-policy": "camera=(), microphone=(), geolocation=(), payment=()",
    ...(config.publicUrl.startsWith("https://") ? { "strict-transport-security": "max-age=31536000; includeSubDomains" } : {}),
  };
}

/**
 * Security headers on every response, and no caching of API answers unless a route says otherwise. A route that
 * writes its answer itself (reply.hijack(): the ticket event stream) skips onSend and adds securityHeaders() itself.
 */
export function registerSecurityHeaders(app: FastifyInstance, config: Config) {
  const headers = Object.entries(securityHeaders(config));
  app.addHook("onSend", async (request, reply, payload) => {
    for (const [name, value] of headers) {
      if (name === "content-security-policy" && reply.hasHeader(name)) continue;
      reply.header(name, value);
    }
    if (request.url.startsWith("/api/") && !reply.hasHeader("cache-control")) reply.header("cache-control", "no-store");
    return payload;
  });
}
