import type { FastifyInstance, FastifyRequest } from "fastify";
import type { GuildGenerations } from "../../db/guild-changes";

declare module "fastify" {
  interface FastifyInstance {
    /** Guild list answers in memory. */
    responseCache: ResponseCache;
  }
  interface FastifyContextConfig {
    /** GET answers may be served from memory while the guild is unchanged. */
    responseCache?: boolean | ((request: FastifyRequest) => boolean);
  }
  interface FastifyRequest {
    /** Where the answer of a cacheable request goes. */
    responseCacheSlot: { key: string; token: string } | null;
  }
}

// Read-through cache of guild list answers (docs/decisions/003-list-endpoints-on-postgresql.md): a GET route that
// says `config: { responseCache: true }` (or a test of the request) may have its 200 answer served from memory,
// keyed by caller and URL (path and query), while its guild's generation has not moved (server/db/guild-changes.ts:
// every write to a table with a guild_id column moves it, on every instance) and for RESPONSE_CACHE_TTL_MS at most
// (what the chat platform says, e.g. a guild's channels, is itself cached that long or longer).
//
// The route's own hooks run first, every time: the guard (session, access, permission) and the rate limits answer
// before anything is served; the query is validated. The generation is read before the handler reads the database,
// so an answer computed while a write commits is kept under the generation the write then moves past.
// A route may be cached only if its answer depends on nothing but the caller, the URL, the guild's rows and such
// platform data.

export const RESPONSE_CACHE_TTL_MS = 10_000;
const MAX_ENTRIES = 5000;
const MAX_BYTES = 32 * 1024 * 1024;

interface Entry {
  token: string;
  body: string;
  contentType: string;
  until: number;
}

export class ResponseCache {
  private readonly entries = new Map<string, Entry>();
  private bytes = 0;

  get size(): number {
    return this.entries.size;
  }

  get(key: string, token: string, now = Date.now()): Entry | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.delete(key);
    if (entry.token !== token || entry.until <= now) return undefined;
    // Most recently used last: the first entry is the one to evict.
    this.entries.set(key, entry);
    this.bytes += entry.body.length;
    return entry;
  }

  set(key: string, entry: Omit<Entry, "until">, now = Date.now()): void {
    if (entry.body.length > MAX_BYTES / 64) return;
    this.delete(key);
    this.entries.set(key, { ...entry, until: now + RESPONSE_CACHE_TTL_MS });
    this.bytes += entry.body.length;
    while (this.entries.size > MAX_ENTRIES || this.bytes > MAX_BYTES) this.delete(this.entries.keys().next().value!);
  }

  clear(): void {
    this.entries.clear();
    this.bytes = 0;
  }

  private delete(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.bytes -= entry.body.length;
  }
}

const guildOf = (request: FastifyRequest) => (request.params as { guildId?: string } | undefined)?.guildId;

/** Installs the cache's hooks (before the route plugins). */
export function registerResponseCache(app: FastifyInstance, generations: GuildGenerations): ResponseCache {
  const cache = new ResponseCache();

  app.addHook("preHandler", async (request, reply) => {
    const option = request.routeOptions.config.responseCache;
    const guildId = guildOf(request);
    if (!option || request.method !== "GET" || !guildId || !request.user || !request.access) return;
    if (typeof option === "function" && !option(request)) return;
    await generations.settle();
    const token = generations.token(guildId);
    if (token === undefined) return;
    const key = `${request.user.id} ${request.access.level} ${request.url}`;
    const hit = cache.get(key, token);
    if (hit) return reply.type(hit.contentType).send(hit.body);
    request.responseCacheSlot = { key, token };
  });

  app.addHook("onSend", async (request, reply, payload) => {
    const slot = request.responseCacheSlot;
    if (slot && reply.statusCode === 200 && typeof payload === "string") {
      cache.set(slot.key, {
        token: slot.token,
        body: payload,
        contentType: String(reply.getHeader("content-type") ?? "application/json; charset=utf-8"),
      });
    }
    return payload;
  });

  return cache;
}
