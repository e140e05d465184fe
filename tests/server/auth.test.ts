import fs from "node:fs";
import path from "node:path";
import { loadConfig } from "../../server/config";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authMessages } from "../../src/schemas/messages";
import { hashToken } from "../../server/auth/sessions";
import { DEMO_ADMIN_ID, DEMO_STAFF_ID, type TestApp, bearer, cookieHeader, createTestApp, stateFromPage } from "./helpers";

describe("demo sign-in and sessions", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it("login answers the demo sign-in page's url", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/api/auth/login?redirect=/x" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ url: "/api/api/auth/demo" });
  });

  it("lists every demo user as a 'Sign in as' button inside a POST form", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/api/auth/demo" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/text\/html/);
    for (const name of ["Demo Admin", "Demo Staff", "Demo Visitor"])
      expect(res.body).toContain(`<button type="submit">Sign in as ${name}</button>`);
    expect(res.body).toMatch(/<form method="post" action="\/api\/api\/auth\/demo">/);
    const cookie = res.cookies.find((c) => c.name === "ticketeer_login_state");
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: "Lax", path: "/api/api/auth" });
  });

  it("shows the product's icon in the browser tab, as every page of the app does", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/api/auth/demo" });
    expect(res.body).toContain('<link rel="icon" type="image/svg+xml" href="/favicon.svg">');
    expect(fs.existsSync(path.join(import.meta.dirname, "../../public/favicon.svg"))).toBe(true);
    for (const entry of ["app.html", "site.html"]) {
      expect(fs.readFileSync(path.join(import.meta.dirname, "../..", entry), "utf8"), entry).toContain(
        '<link rel="icon" type="image/svg+xml" href="/favicon.svg" />',
      );
    }
  });

  it("POST redirects with a one-time code; the same browser trades it for a session whose hash alone is stored", async () => {
    const page = await t.app.inject({ method: "GET", url: "/api/api/auth/demo" });
    const res = await t.app.inject({
      method: "POST",
      url: "/api/api/auth/demo",
      headers: { cookie: cookieHeader(page), "content-type": "application/x-www-form-urlencoded" },
      payload: `user_id=${DEMO_ADMIN_ID}&state=${encodeURIComponent(stateFromPage(page.body))}`,
    });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toMatch(/^\/dashboard\?token=[A-Za-z0-9_-]{43}$/);
    const code = new URL(res.headers.location as string, "http://x").searchParams.get("token")!;
    // The code is not a session.
    expect((await t.app.inject({ method: "GET", url: "/api/api/auth/user", headers: bearer(code) })).statusCode).toBe(401);
    const exchanged = await t.app.inject({
      method: "POST",
      url: "/api/api/auth/exchange",
      headers: { cookie: cookieHeader(page) },
      payload: { code },
    });
    expect(exchanged.statusCode).toBe(200);
    const token = exchanged.json().token as string;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(token).not.toBe(code);
    expect(exchanged.json().expires_at).toBe(
      (await t.app.inject({ method: "GET", url: "/api/api/auth/user", headers: bearer(token) })).json().expires_at,
    );

    const me = await t.app.inject({ method: "GET", url: "/api/api/auth/user", headers: bearer(token) });
    expect(me.statusCode).toBe(200);
    const body = me.json();
    expect(body).toMatchObject({
      authenticated: true,
      user: { user_id: DEMO_ADMIN_ID, username: "Demo Admin", avatar: "/images/default-avatar.svg" },
    });
    const days = (new Date(body.expires_at).getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.9);
    expect(days).toBeLessThanOrEqual(7);

    const rows = await t.db.selectFrom("sessions").selectAll().where("user_id", "=", DEMO_ADMIN_ID).execute();
    expect(rows.some((r) => r.token_hash === hashToken(token))).toBe(true);
    expect(JSON.stringify(rows)).not.toContain(token);
    const user = await t.db.selectFrom("users").selectAll().where("id", "=", DEMO_ADMIN_ID).executeTakeFirst();
    expect(user?.username).toBe("Demo Admin");
  });

  it("a state is single-use", async () => {
    const page = await t.app.inject({ method: "GET", url: "/api/api/auth/demo" });
    const request = {
      method: "POST" as const,
      url: "/api/api/auth/demo",
      headers: { cookie: cookieHeader(page), "content-type": "application/x-www-form-urlencoded" },
      payload: `user_id=${DEMO_STAFF_ID}&state=${stateFromPage(page.body)}`,
    };
    expect((await t.app.inject(request)).statusCode).toBe(302);
    const replay = await t.app.inject(request);
    expect(replay.statusCode).toBe(400);
    expect(replay.json().error).toBeTypeOf("string");
  });

  it("a state is bound to the browser's cookie", async () => {
    const page = await t.app.inject({ method: "GET", url: "/api/api/auth/demo" });
    const other = await t.app.inject({ method: "GET", url: "/api/api/auth/demo" });
    const post = (cookie?: string) =>
      t.app.inject({
        method: "POST",
        url: "/api/api/auth/demo",
        headers: { ...(cookie ? { cookie } : {}), "content-type": "application/x-www-form-urlencoded" },
        payload: `user_id=${DEMO_ADMIN_ID}&state=${stateFromPage(page.body)}`,
      });
    expect((await post()).statusCode).toBe(400);
    // The other browser's cookie does not fit this state (and the state is now spent anyway).
    const page2 = await t.app.inject({ method: "GET", url: "/api/api/auth/demo" });
    const res = await t.app.inject({
      method: "POST",
      url: "/api/api/auth/demo",
      headers: { cookie: cookieHeader(other), "content-type": "application/x-www-form-urlencoded" },
      payload: `user_id=${DEMO_ADMIN_ID}&state=${stateFromPage(page2.body)}`,
    });
    expect(res.statusCode).toBe(400);
    expect(res.headers.location).toBeUndefined();
  });

  it("refuses unknown demo users", async () => {
    const page = await t.app.inject({ method: "GET", url: "/api/api/auth/demo" });
    const res = await t.app.inject({
      method: "POST",
      url: "/api/api/auth/demo",
      headers: { cookie: cookieHeader(page), "content-type": "application/x-www-form-urlencoded" },
      payload: `user_id=123&state=${stateFromPage(page.body)}`,
    });
    expect(res.statusCode).toBe(400);
  });

  it("without a token: 401 Not authenticated", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/api/auth/user" });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: authMessages.notAuthenticated });
  });

  it("a forged token: 401 Authentication failed", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/api/auth/user", headers: bearer("A".repeat(43)) });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: authMessages.authenticationFailed });
    const garbage = await t.app.inject({ method: "GET", url: "/api/guilds", headers: { authorization: "Bearer x" } });
    expect(garbage.statusCode).toBe(401);
  });

  it("logout revokes the session: replaying the token gives 401", async () => {
    const token = await t.signIn(DEMO_ADMIN_ID);
    const out = await t.app.inject({
      method: "POST",
      url: "/api/api/auth/logout",
      headers: { ...bearer(token), "content-type": "application/json" },
    });
    expect(out.statusCode).toBe(200);
    expect(out.json()).toHaveProperty("message");
    const row = await t.db.selectFrom("sessions").select("revoked_at").where("token_hash", "=", hashToken(token)).executeTakeFirst();
    expect(row?.revoked_at).toBeTypeOf("number");
    for (const url of ["/api/api/auth/user", "/api/guilds"]) {
      const replay = await t.app.inject({ method: "GET", url, headers: bearer(token) });
      expect(replay.statusCode).toBe(401);
      expect(replay.json()).toEqual({ error: authMessages.authenticationFailed });
    }
  });

  it("an expired session gives 401", async () => {
    const token = await t.signIn(DEMO_ADMIN_ID);
    await t.db
      .updateTable("sessions")
      .set({ expires_at: Date.now() - 1000 })
      .where("token_hash", "=", hashToken(token))
      .execute();
    const res = await t.app.inject({ method: "GET", url: "/api/api/auth/user", headers: bearer(token) });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: authMessages.authenticationFailed });
  });

  it("two sign-ins give two independent sessions", async () => {
    const a = await t.signIn(DEMO_ADMIN_ID);
    const b = await t.signIn(DEMO_ADMIN_ID);
    expect(a).not.toBe(b);
    await t.app.inject({ method: "POST", url: "/api/api/auth/logout", headers: bearer(a) });
    expect((await t.app.inject({ method: "GET", url: "/api/api/auth/user", headers: bearer(b) })).statusCode).toBe(200);
  });
});

describe("demo sign-in in production", () => {
  it("refuses to start without Discord credentials or DEMO_MODE, saying what to set", () => {
    expect(() => loadConfig({ NODE_ENV: "production", DATA_DIR: "/tmp/never-created" })).toThrow(/DISCORD_CLIENT_ID.*DEMO_MODE=1/);
  });

  it("is allowed with DEMO_MODE=1", async () => {
    const t = await createTestApp({ env: { NODE_ENV: "production", DEMO_MODE: "1" } });
    try {
      const token = await t.signIn(DEMO_ADMIN_ID);
      expect((await t.app.inject({ method: "GET", url: "/api/api/auth/user", headers: bearer(token) })).statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });
});
