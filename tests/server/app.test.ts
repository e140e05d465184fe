import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { healthSchema, statsSchema } from "../../src/schemas/stats";
import { DEMO_ADMIN_ID, DEMO_COMMUNITY_ID, type TestApp, bearer, createTestApp } from "./helpers";

describe("health, stats and errors", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    t.app.get("/api/test-boom", { schema: { hide: true } }, async () => {
      throw new Error("secret internals at /work/main/server/x.ts:1");
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  it("GET /health reports the database", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/health" });
    expect(res.statusCode).toBe(200);
    const body = healthSchema.parse(res.json());
    expect(body).toMatchObject({ status: "ok", database: "ok" });
  });

  it("GET /stats sums the demo guilds", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/stats" });
    expect(res.statusCode).toBe(200);
    // total_tickets: the demo's ticket history (one ticket per seeded transcript: server/tickets/demo-history.ts).
    const history = Number(
      (
        await t.db
          .selectFrom("transcripts")
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );
    expect(statsSchema.parse(res.json())).toEqual({ total_member_count: 1284 + 5632, total_guilds: 2, total_tickets: history, demo: true });
  });

  it("an unexpected error is a 500 without details", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/test-boom" });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ error: "Internal server error" });
    expect(res.body).not.toContain("secret");
  });

  it("malformed JSON is a 400 {error} for a signed-in caller, and a 401 before anything is read for anyone else", async () => {
    const token = await t.signIn(DEMO_ADMIN_ID);
    const url = `/api/${DEMO_COMMUNITY_ID}/tags`;
    const signedIn = await t.app.inject({
      method: "POST",
      url,
      headers: { "content-type": "application/json", ...bearer(token) },
      payload: "{",
    });
    expect(signedIn.statusCode).toBe(400);
    expect(signedIn.json().error).toBeTypeOf("string");
    const anonymous = await t.app.inject({ method: "POST", url, headers: { "content-type": "application/json" }, payload: "{" });
    expect(anonymous.statusCode).toBe(401);
  });

  it("seeding runs once: a second run changes nothing", async () => {
    const { runSeeds } = await import("../../server/seed");
    const before = (await t.db.selectFrom("tags").select("id").execute()).length;
    expect(await runSeeds(t.db)).toEqual([]);
    expect((await t.db.selectFrom("tags").select("id").execute()).length).toBe(before);
    expect(before).toBe(7);
  });
});

describe("database down", () => {
  it("health answers 503 and API calls 503 {error}", async () => {
    const t = await createTestApp({ seed: false });
    const app = t.app;
    await app.ready();
    await app.db.destroy();
    const health = await app.inject({ method: "GET", url: "/api/health" });
    expect(health.statusCode).toBe(503);
    expect(health.json()).toMatchObject({ status: "degraded", database: "unavailable" });
    const res = await app.inject({ method: "GET", url: "/api/api/auth/user", headers: { authorization: `Bearer ${"a".repeat(43)}` } });
    expect(res.statusCode).toBe(503);
    expect(res.json().error).toBeTypeOf("string");
    await t.close().catch(() => {});
  });
});

describe("database under test", () => {
  it("is PostgreSQL exactly when TEST_DATABASE_URL is set", async () => {
    const t = await createTestApp({ seed: false });
    try {
      expect(t.app.dbDialect).toBe(process.env.TEST_DATABASE_URL ? "postgres" : "sqlite");
    } finally {
      await t.close();
    }
  });
});

describe("rate limit of the sign-in routes", () => {
  it("answers 429 {error} with Retry-After once the limit is used up", async () => {
    const t = await createTestApp({ seed: false, env: { AUTH_RATE_LIMIT: "2" } });
    try {
      for (let i = 0; i < 2; i++) expect((await t.app.inject({ method: "GET", url: "/api/api/auth/login" })).statusCode).toBe(200);
      const res = await t.app.inject({ method: "GET", url: "/api/api/auth/login" });
      expect(res.statusCode).toBe(429);
      expect(res.json().error).toBeTypeOf("string");
      expect(Number(res.headers["retry-after"])).toBeGreaterThan(0);
      // Other routes are not limited.
      expect((await t.app.inject({ method: "GET", url: "/api/health" })).statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });
});
