import { createHash } from "node:crypto";

// Discord's rate limits as topics/rate-limits.mdx describes them, for the stub: every answer carries the route's
// X-RateLimit-* headers (Limit, Remaining, Reset, Reset-After, Bucket); a bucket is a route shape counted per
// top-level resource (channel_id, guild_id, webhook_id + webhook_token); the global limit counts a token's requests
// per second, interaction endpoints aside. A refused request is answered 429 with Discord's body
// ({ message, retry_after, global }) and headers (Retry-After in whole seconds, X-RateLimit-Scope,
// X-RateLimit-Global when global). Buckets that are not configured only advertise a generous limit and never
// refuse, so suites that do not test rate limits are not slowed (@discordjs/rest waits when Remaining is 0).

export interface BucketLimit {
  limit: number;
  windowMs: number;
}

export interface RateLimitConfig {
  /** Buckets that refuse, by "METHOD /template" of Discord's API description, e.g. "POST /channels/{channel_id}/messages". */
  routes?: Record<string, BucketLimit>;
  /** Requests per second per token (Discord's is 50); no global limit when absent. */
  globalPerSecond?: number;
}

export interface RateLimitedAnswer {
  status: 429;
  json: { message: string; retry_after: number; global: boolean };
  headers: Record<string, string>;
}

export interface LimitRequest {
  method: string;
  /** The route template ("/channels/{channel_id}/messages"), or the literal path of a route outside the description. */
  template: string;
  params: Record<string, string>;
  /** The Authorization header ("" when none: then the client's address counts, here one address). */
  auth: string;
}

/** What an unconfigured bucket advertises. */
const OPEN_BUCKET: BucketLimit = { limit: 1000, windowMs: 1000 };
const MAJOR = ["channel_id", "guild_id"];

interface Window {
  start: number;
  count: number;
}

const seconds = (ms: number) => Math.round(ms) / 1000;

export function rateLimitedBody(retryAfterMs: number, global: boolean, shared = false): RateLimitedAnswer["json"] {
  // The docs' example of a shared (per-resource) limit words its message differently.
  return {
    message: shared ? "The resource is being rate limited." : "You are being rate limited.",
    retry_after: seconds(retryAfterMs),
    global,
  };
}

/** A 429 of the resource itself (scope shared, not counted as an invalid request), e.g. the channel rename limit. */
export function sharedRateLimit(retryAfterMs: number, bucket: string): RateLimitedAnswer {
  return {
    status: 429,
    json: rateLimitedBody(retryAfterMs, false, true),
    headers: { "retry-after": String(Math.ceil(retryAfterMs / 1000)), "x-ratelimit-scope": "shared", "x-ratelimit-bucket": bucket },
  };
}

export class RateLimiter {
  private config: RateLimitConfig;
  private readonly windows = new Map<string, Window>();
  private readonly global = new Map<string, Window>();

  constructor(config: RateLimitConfig = {}) {
    this.config = config;
  }

  configure(config: RateLimitConfig): void {
    this.config = config;
    this.windows.clear();
    this.global.clear();
  }

  /** Bucket hash of a route shape (Discord's are opaque strings too). */
  static bucketOf(method: string, template: string): string {
    return createHash("sha1").update(`${method} ${template}`).digest("hex").slice(0, 16);
  }

  /** Takes one request: a 429 to answer with, or the headers of the answer. */
  take(req: LimitRequest, now = Date.now()): { limited?: RateLimitedAnswer; headers: Record<string, string> } {
    const perSecond = this.config.globalPerSecond;
    // "Interaction endpoints are not bound to the bot's Global Rate Limit."
    const interaction =
      req.template.startsWith("/interactions/") || (req.template.startsWith("/webhooks/{webhook_id}/{webhook_token}") && req.auth === "");
    if (perSecond !== undefined && !interaction) {
      const w = this.window(this.global, req.auth || "address", now, 1000);
      if (w.count >= perSecond) {
        const wait = w.start + 1000 - now;
        return {
          limited: {
            status: 429,
            json: rateLimitedBody(wait, true),
            headers: { "retry-after": String(Math.ceil(wait / 1000)), "x-ratelimit-global": "true", "x-ratelimit-scope": "global" },
          },
          headers: {},
        };
      }
      w.count++;
    }
    const route = `${req.method} ${req.template}`;
    const configured = this.config.routes?.[route];
    const limit = configured ?? OPEN_BUCKET;
    const bucket = RateLimiter.bucketOf(req.method, req.template);
    const major = req.template.startsWith("/webhooks/")
      ? `${req.params.webhook_id ?? ""}/${req.params.webhook_token ?? ""}`
      : MAJOR.map((k) => req.params[k] ?? "").join("/");
    const w = this.window(this.windows, `${bucket}:${req.auth}:${major}`, now, limit.windowMs);
    const resetAt = w.start + limit.windowMs;
    const headers = (remaining: number): Record<string, string> => ({
      "x-ratelimit-limit": String(limit.limit),
      "x-ratelimit-remaining": String(remaining),
      "x-ratelimit-reset": (resetAt / 1000).toFixed(3),
      "x-ratelimit-reset-after": seconds(resetAt - now).toFixed(3),
      "x-ratelimit-bucket": bucket,
    });
    if (configured && w.count >= limit.limit) {
      const wait = resetAt - now;
      return {
        limited: {
          status: 429,
          json: rateLimitedBody(wait, false),
          headers: { ...headers(0), "retry-after": String(Math.ceil(wait / 1000)), "x-ratelimit-scope": "user" },
        },
        headers: {},
      };
    }
    w.count++;
    // An open bucket never shows 0 left: the client would wait for its reset although nothing is refused.
    return { headers: headers(configured ? limit.limit - w.count : Math.max(1, limit.limit - w.count)) };
  }

  private window(map: Map<string, Window>, key: string, now: number, windowMs: number): Window {
    let w = map.get(key);
    if (!w || now >= w.start + windowMs) {
      w = { start: now, count: 0 };
      map.set(key, w);
    }
    return w;
  }
}

/** Invalid requests (401, 403, and 429 unless its scope is shared) over a sliding ten minutes. */
export class InvalidRequestCounter {
  private readonly times: number[] = [];

  note(status: number, scope: string | undefined, now = Date.now()): void {
    if (status === 401 || status === 403 || (status === 429 && scope !== "shared")) this.times.push(now);
  }

  count(now = Date.now()): number {
    const since = now - 10 * 60_000;
    while (this.times.length && this.times[0] <= since) this.times.shift();
    return this.times.length;
  }
}
