import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authMessages } from "../../src/schemas/messages";
import { SessionCache } from "../../server/auth/session-cache";
import { applyChange } from "../../server/db/pg-listen";
import { hashToken, storeUserTokens } from "../../server/auth/sessions";
import type { SessionUser } from "../../server/auth/session-user";
import {
  DEMO_ADMIN_ID,
  DEMO_COMMUNITY_ID,
  type TestApp,
  bearer,
  createTestApp,
  terminateListener,
  testDatabaseUrl,
  within,
} from "./helpers";

// The session cache (server/auth/session-cache.ts): a revoked session is never accepted again by the instance that
// revoked it; a change made elsewhere (another instance, SQL) reaches it within the notification delay on
// PostgreSQL; while the notifications cannot be heard, nothing is answered from memory. Two real processes:
// tests/server/faults/two-processes.test.ts.

const user = (id: string, sessionExpiresAt = Date.now() + 60_000): SessionUser => ({
  id,
  username: `user ${id}`,
  avatar: null,
  accessToken: null,
  refreshToken: null,
  tokenExpiresAt: null,
  sessionHash: `hash-${id}`,
  sessionExpiresAt,
  recentUntil: null,
});

describe("SessionCache", () => {
  it("keeps an entry for its TTL and never past the session's expiry", () => {
    const cache = new SessionCache({ ttlMs: 1000 });
    cache.set("a", user("1"), cache.generation, 0);
    expect(cache.get("a", 999)?.id).toBe("1");
    expect(cache.get("a", 1000)).toBeUndefined();
    cache.set("b", user("2", 500), cache.generation, 0);
    expect(cache.get("b", 499)?.id).toBe("2");
    expect(cache.get("b", 500)).toBeUndefined();
  });

  it("does not keep a read that began before an invalidation", () => {
    const cache = new SessionCache();
    const before = cache.generation;
    cache.forgetSession("elsewhere");
    cache.set("a", user("1"), before);
    expect(cache.get("a")).toBeUndefined();
    cache.set("a", user("1"), cache.generation);
    expect(cache.get("a")?.id).toBe("1");
  });

  it("forgets a session, all sessions of a user, or everything (notifications)", () => {
    const cache = new SessionCache();
    for (const [hash, id] of [
      ["a", "1"],
      ["b", "1"],
      ["c", "2"],
    ])
      cache.set(hash, user(id), cache.generation);
    applyChange(cache, "u:1");
    expect([cache.get("a"), cache.get("b"), cache.get("c")?.id]).toEqual([undefined, undefined, "2"]);
    applyChange(cache, "s:c");
    expect(cache.get("c")).toBeUndefined();
    cache.set("d", user("3"), cache.generation);
    applyChange(cache, "something else");
    expect(cache.size).toBe(0);
  });

  it("keeps nothing while disabled; is bounded, evicting the least recently used", () => {
    const cache = new SessionCache({ enabled: false, max: 2 });
    cache.set("a", user("1"), cache.generation);
    expect(cache.size).toBe(0);
    cache.reset(true);
    cache.set("a", user("1"), cache.generation);
    cache.set("b", user("2"), cache.generation);
    cache.get("a");
    cache.set("c", user("3"), cache.generation);
    expect([cache.get("a")?.id, cache.get("b"), cache.get("c")?.id]).toEqual(["1", undefined, "3"]);
  });

  it("hands out a frozen copy", () => {
    const cache = new SessionCache();
    cache.set("a", user("1"), cache.generation);
    expect(Object.isFrozen(cache.get("a"))).toBe(true);
  });
});

describe(`the session cache of an app (${testDatabaseUrl ? "PostgreSQL" : "SQLite"})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });
  const status = async (token: string, url = "/api/guilds") => (await t.app.inject({ url, headers: bearer(token) })).statusCode;

  it("a session logged out is refused by the next request, though it was in memory", async () => {
    const token = await t.signIn(DEMO_ADMIN_ID);
    expect(await status(token)).toBe(200);
    expect(t.app.sessionCache.get(hashToken(token))?.id).toBe(DEMO_ADMIN_ID);
    expect((await t.app.inject({ method: "POST", url: "/api/api/auth/logout", headers: bearer(token) })).statusCode).toBe(200);
    for (const url of ["/api/guilds", "/api/api/auth/user", `/api/${DEMO_COMMUNITY_ID}/tags`]) {
      const res = await t.app.inject({ url, headers: bearer(token) });
      expect(res.statusCode, url).toBe(401);
      expect(res.json()).toEqual({ error: authMessages.authenticationFailed });
    }
  });

  it("a user's stored tokens changed (sign-in, refresh): their sessions are read again", async () => {
    const token = await t.signIn(DEMO_ADMIN_ID);
    expect(await status(token)).toBe(200);
    await storeUserTokens(t.db, t.app.secrets, t.app.sessionCache, DEMO_ADMIN_ID, {
      accessToken: "new",
      refreshToken: null,
      expiresAt: Date.now() + 60_000,
    });
    expect(t.app.sessionCache.get(hashToken(token))).toBeUndefined();
    // Kept again with the new tokens (on PostgreSQL, once the trigger's own notification has come back).
    await within(1000, async () => (await status(token)) === 200 && t.app.sessionCache.get(hashToken(token))?.accessToken === "new");
  });

  it.skipIf(!testDatabaseUrl)(
    "PostgreSQL: a session revoked by someone else (SQL on another connection) is refused within the notification delay",
    async () => {
      const token = await t.signIn(DEMO_ADMIN_ID);
      expect(await status(token)).toBe(200);
      expect(t.app.sessionCache.get(hashToken(token))).toBeDefined();
      const other = new pg.Client({ connectionString: testDatabaseUrl, options: `-c search_path=${t.config.databaseSchema}` });
      await other.connect();
      try {
        await other.query("update sessions set revoked_at = $1 where token_hash = $2", [Date.now(), hashToken(token)]);
      } finally {
        await other.end();
      }
      // Far below the cache's TTL (10 s): the notification did it.
      const took = await within(1000, async () => (await status(token)) === 401);
      expect(took).toBeLessThan(1000);
    },
  );

  it.skipIf(!testDatabaseUrl)(
    "PostgreSQL: while the LISTEN connection is down, nothing is answered from memory",
    { timeout: 20_000 },
    async () => {
      const token = await t.signIn(DEMO_ADMIN_ID);
      expect(await status(token)).toBe(200);
      expect(t.app.sessionCache.size).toBeGreaterThan(0);
      await terminateListener(t, "ticketeer_sessions_");
      await within(2000, async () => t.app.sessionCache.size === 0);
      // Looked up in the database each time, not kept.
      expect(await status(token)).toBe(200);
      expect(t.app.sessionCache.size).toBe(0);
      // Listening again (retried every 2 s): kept again.
      await within(8000, async () => (await status(token)) === 200 && t.app.sessionCache.size > 0);
    },
  );
});
