import { createHash } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { LightMyRequestResponse } from "fastify";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authMessages } from "../../../src/schemas/messages";
import { DiscordPlatform } from "../../../server/platform/discord";
import { startDiscordStub } from "../discord-stub";
import {
  DEMO_ADMIN_ID,
  DEMO_COMMUNITY_ID,
  DEMO_STAFF_ID,
  type TestApp,
  bearer,
  cookieHeader,
  createTestApp,
  stateFromPage,
} from "../helpers";

// Sessions and sign-in: random tokens stored only hashed, no replay after logout, a single-use state bound to the
// browser, 429 + Retry-After on the sign-in and write routes, and the security headers on every kind of response.

const G = DEMO_COMMUNITY_ID;
const sha256 = (v: string) => createHash("sha256").update(v).digest("hex");

/** Every value stored in every table, as text (binary columns as hex, base64 and UTF-8). */
async function everyStoredValue(t: TestApp): Promise<string[]> {
  const out: string[] = [];
  for (const table of await t.db.introspection.getTables()) {
    const { rows } = await sql<Record<string, unknown>>`select * from ${sql.table(table.name)}`.execute(t.db);
    for (const row of rows) {
      for (const value of Object.values(row)) {
        if (value instanceof Uint8Array) {
          const b = Buffer.from(value);
          out.push(b.toString("hex"), b.toString("base64"), b.toString("base64url"), b.toString("utf8"));
        } else if (value !== null && value !== undefined) out.push(String(value));
      }
    }
  }
  return out;
}

describe("session tokens", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it("are 32 random bytes in base64url, distinct across 100 sign-ins, and only their SHA-256 is stored", async () => {
    const tokens: string[] = [];
    for (let i = 0; i < 100; i++) tokens.push(await t.signIn(i % 2 ? DEMO_ADMIN_ID : DEMO_STAFF_ID));
    for (const token of tokens) {
      expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      const bytes = Buffer.from(token, "base64url");
      expect(bytes.length).toBe(32);
      expect(bytes.toString("base64url")).toBe(token);
    }
    expect(new Set(tokens).size).toBe(100);
    // Random, not a counter or a timestamp: every byte position takes many values across the 100 tokens
    // (about 82 of 256 are expected; a fixed or slowly changing byte would take a handful).
    for (let position = 0; position < 32; position++) {
      const values = new Set(tokens.map((tk) => Buffer.from(tk, "base64url")[position]));
      expect(values.size, `byte ${position}`).toBeGreaterThan(40);
    }

    const hashes = new Set((await t.db.selectFrom("sessions").select("token_hash").execute()).map((r) => r.token_hash));
    for (const token of tokens) expect(hashes.has(sha256(token))).toBe(true);
    const stored = await everyStoredValue(t);
    for (const token of tokens) {
      const hex = Buffer.from(token, "base64url").toString("hex");
      const base64 = Buffer.from(token, "base64url").toString("base64");
      const leaks = stored.filter((v) => v.includes(token) || v.includes(hex) || v.includes(base64.replace(/=+$/, "")));
      expect(leaks, "the raw token is stored somewhere").toEqual([]);
    }
  });

  it("a token used after logout is refused (401) everywhere, and logout cannot be replayed", async () => {
    const token = await t.signIn(DEMO_ADMIN_ID);
    const get = (url: string) => t.app.inject({ method: "GET", url, headers: bearer(token) });
    expect((await get("/api/api/auth/user")).statusCode).toBe(200);
    expect((await get(`/api/${G}/tags`)).statusCode).toBe(200);
    const logout = await t.app.inject({ method: "POST", url: "/api/api/auth/logout", headers: bearer(token) });
    expect(logout.statusCode).toBe(200);
    const row = await t.db.selectFrom("sessions").select("revoked_at").where("token_hash", "=", sha256(token)).executeTakeFirstOrThrow();
    expect(row.revoked_at).toBeTypeOf("number");
    for (const url of ["/api/api/auth/user", "/api/guilds", `/api/${G}/tags`, `/api/${G}/permissions`]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(401);
      expect(res.json()).toEqual({ error: authMessages.authenticationFailed });
    }
    const write = await t.app.inject({
      method: "POST",
      url: `/api/${G}/tags`,
      headers: bearer(token),
      payload: { TagName: "replayed", Content: "x" },
    });
    expect(write.statusCode).toBe(401);
    expect((await t.app.inject({ method: "POST", url: "/api/api/auth/logout", headers: bearer(token) })).statusCode).toBe(401);
    expect(await t.db.selectFrom("tags").select("id").where("name", "=", "replayed").execute()).toEqual([]);
  });

  it("a session past its expiry is refused, whatever the token", async () => {
    const token = await t.signIn(DEMO_ADMIN_ID);
    await t.db
      .updateTable("sessions")
      .set({ expires_at: Date.now() - 1 })
      .where("token_hash", "=", sha256(token))
      .execute();
    const res = await t.app.inject({ method: "GET", url: "/api/api/auth/user", headers: bearer(token) });
    expect(res.statusCode).toBe(401);
    // The hash itself is not a credential.
    const fresh = await t.signIn(DEMO_ADMIN_ID);
    expect((await t.app.inject({ method: "GET", url: "/api/api/auth/user", headers: bearer(sha256(fresh)) })).statusCode).toBe(401);
  });
});

describe("the sign-in state", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ seed: false });
  });
  afterAll(async () => {
    await t.close();
  });

  const demoPage = async () => {
    const page = await t.app.inject({ method: "GET", url: "/api/api/auth/demo" });
    expect(page.statusCode).toBe(200);
    return { state: stateFromPage(page.body), cookie: cookieHeader(page) };
  };
  const post = (state: string, cookie?: string) =>
    t.app.inject({
      method: "POST",
      url: "/api/api/auth/demo",
      headers: { "content-type": "application/x-www-form-urlencoded", ...(cookie ? { cookie } : {}) },
      payload: new URLSearchParams({ user_id: DEMO_ADMIN_ID, state }).toString(),
    });

  it("demo: single-use, and only with the cookie of the browser that asked for it", async () => {
    const a = await demoPage();
    expect((await post(a.state, a.cookie)).statusCode).toBe(302);
    const replay = await post(a.state, a.cookie);
    expect(replay.statusCode).toBe(400);
    expect(replay.headers.location).toBeUndefined();

    const b = await demoPage();
    expect((await post(b.state)).statusCode).toBe(400); // no cookie
    expect((await post(b.state, b.cookie)).statusCode).toBe(400); // spent by the failed attempt

    const c = await demoPage();
    const d = await demoPage();
    expect((await post(c.state, d.cookie)).statusCode).toBe(400); // another browser's cookie
    expect((await post("x".repeat(32), d.cookie)).statusCode).toBe(400); // a made-up state
    // Only the one valid sign-in produced a code, and no session exists before it is traded.
    expect(await t.db.selectFrom("sign_in_codes").select("code_hash").execute()).toHaveLength(1);
    expect(await t.db.selectFrom("sessions").select("token_hash").execute()).toHaveLength(0);
  });

  /** A completed demo sign-in in browser `a`: the redirect's code and that browser's cookie. */
  const signedInCode = async () => {
    const a = await demoPage();
    const res = await post(a.state, a.cookie);
    expect(res.statusCode).toBe(302);
    return { code: new URL(res.headers.location as string, "http://x").searchParams.get("token")!, cookie: a.cookie };
  };
  const trade = (code: string, cookie?: string) =>
    t.app.inject({ method: "POST", url: "/api/api/auth/exchange", headers: cookie ? { cookie } : {}, payload: { code } });

  it("login CSRF: a sign-in link opened in a browser that did not start the sign-in gives no session", async () => {
    const attacker = await signedInCode();
    const sessionsBefore = (await t.db.selectFrom("sessions").select("token_hash").execute()).length;
    // The victim's browser: no sign-in cookie at all, or the cookie of a sign-in of its own.
    const victim = await demoPage();
    for (const res of [await trade(attacker.code), await trade(attacker.code, victim.cookie)]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ error: "This sign-in link is not valid in this browser. Please sign in again." });
    }
    // A failed attempt spends the code: not even its own browser can use it afterwards.
    expect((await trade(attacker.code, attacker.cookie)).statusCode).toBe(401);
    expect((await t.db.selectFrom("sessions").select("token_hash").execute()).length).toBe(sessionsBefore);
  });

  it("a code is single-use and short-lived; the session token never appears in a URL", async () => {
    const first = await signedInCode();
    const ok = await trade(first.code, first.cookie);
    expect(ok.statusCode).toBe(200);
    expect((await trade(first.code, first.cookie)).statusCode).toBe(401); // replayed

    const late = await signedInCode();
    await t.db
      .updateTable("sign_in_codes")
      .set({ created_at: Date.now() - 3 * 60_000 })
      .execute();
    expect((await trade(late.code, late.cookie)).statusCode).toBe(401); // older than two minutes
    expect(ok.json().token).not.toBe(first.code);
  });

  it("OAuth: the callback's state is single-use and bound to the browser", async () => {
    const stub = await startDiscordStub((req) => {
      if (req.method === "POST" && req.path === "/oauth2/token") {
        return { json: { access_token: "user-token", refresh_token: "r", expires_in: 3600, token_type: "Bearer" } };
      }
      if (req.method === "GET" && req.path === "/users/@me") return { json: { id: "700000000000000001", username: "oauth", avatar: null } };
      return undefined;
    });
    const env = { DISCORD_CLIENT_ID: "cid", DISCORD_CLIENT_SECRET: "secret", DISCORD_BOT_TOKEN: "bot", DISCORD_API_BASE: stub.base };
    const platform = new DiscordPlatform({ apiBase: stub.base, clientId: "cid", clientSecret: "secret", botToken: "bot" });
    const d = await createTestApp({ env, platform, seed: false });
    try {
      const login = async () => {
        const res = await d.app.inject({ method: "GET", url: "/api/api/auth/login" });
        return { state: new URL(res.json().url).searchParams.get("state")!, cookie: cookieHeader(res) };
      };
      const callback = (state: string, cookie?: string) =>
        d.app.inject({
          method: "GET",
          url: `/api/api/auth/callback?code=c&state=${encodeURIComponent(state)}`,
          headers: cookie ? { cookie } : {},
        });
      const a = await login();
      expect((await callback(a.state)).statusCode).toBe(400); // without the cookie
      const b = await login();
      const ok = await callback(b.state, b.cookie);
      expect(ok.statusCode).toBe(302);
      expect(ok.headers.location).toMatch(/token=/);
      expect((await callback(b.state, b.cookie)).statusCode).toBe(400); // replayed
      const c = await login();
      const e = await login();
      expect((await callback(c.state, e.cookie)).statusCode).toBe(400); // another browser's cookie
      expect(stub.count("POST", "/oauth2/token")).toBe(1); // refused states never reach the platform
    } finally {
      await d.close();
      await stub.close();
    }
  });
});

describe("rate limits", () => {
  const expect429 = (res: LightMyRequestResponse, label: string) => {
    expect(res.statusCode, `${label}: ${res.body}`).toBe(429);
    expect(Number(res.headers["retry-after"]), label).toBeGreaterThan(0);
    expect((res.json() as { error?: string }).error, label).toBeTruthy();
  };

  it("the sign-in routes answer 429 with Retry-After past AUTH_RATE_LIMIT", async () => {
    const t = await createTestApp({ seed: false, env: { AUTH_RATE_LIMIT: "3" } });
    try {
      const page = await t.app.inject({ method: "GET", url: "/api/api/auth/demo" });
      const form = { "content-type": "application/x-www-form-urlencoded", cookie: cookieHeader(page) };
      const requests = [
        ["GET /api/api/auth/login", () => t.app.inject({ method: "GET", url: "/api/api/auth/login" })],
        ["GET /api/api/auth/demo", () => t.app.inject({ method: "GET", url: "/api/api/auth/demo" })],
        [
          "POST /api/api/auth/demo",
          () => t.app.inject({ method: "POST", url: "/api/api/auth/demo", headers: form, payload: `user_id=${DEMO_ADMIN_ID}&state=x` }),
        ],
        ["GET /api/api/auth/callback", () => t.app.inject({ method: "GET", url: "/api/api/auth/callback?code=x&state=y" })],
      ] as const;
      for (const [label, send] of requests) {
        const used = label === "GET /api/api/auth/demo" ? 1 : 0; // the page above
        for (let i = used; i < 3; i++) expect((await send()).statusCode, label).not.toBe(429);
        expect429(await send(), label);
      }
    } finally {
      await t.close();
    }
  });

  it("writes answer 429 with Retry-After past WRITE_RATE_LIMIT per user (all their sessions), reads are not limited", async () => {
    const t = await createTestApp({ env: { WRITE_RATE_LIMIT: "5" } });
    try {
      const admin = await t.signIn(DEMO_ADMIN_ID);
      const adminAgain = await t.signIn(DEMO_ADMIN_ID);
      const staff = await t.signIn(DEMO_STAFF_ID);
      const write = (token: string, i: number, method: "POST" | "PUT" = "POST") =>
        method === "POST"
          ? t.app.inject({ method, url: `/api/${G}/tags`, headers: bearer(token), payload: { TagName: `limited ${i}`, Content: "x" } })
          : t.app.inject({ method, url: `/api/${G}/settings`, headers: bearer(token), payload: { UserTicketLimit: i } });
      for (let i = 0; i < 3; i++) expect((await write(admin, i)).statusCode).toBe(201);
      for (let i = 3; i < 5; i++) expect((await write(adminAgain, i, "PUT")).statusCode).toBe(200);
      expect429(await write(admin, 5), "POST tags, 6th write");
      expect429(await write(adminAgain, 6, "PUT"), "another session of the same user");
      const del = await t.app.inject({
        method: "DELETE",
        url: `/api/${G}/tags/00000000-0000-4000-8000-000000000000`,
        headers: bearer(admin),
      });
      expect429(del, "DELETE");
      expect(await t.db.selectFrom("tags").select("id").where("name", "in", ["limited 5", "limited 6"]).execute()).toEqual([]);
      // Reads go on; another user has their own budget (Demo Staff lacks CreateTag: 403, not 429).
      expect((await t.app.inject({ method: "GET", url: `/api/${G}/tags`, headers: bearer(admin) })).statusCode).toBe(200);
      expect((await write(staff, 7)).statusCode).toBe(403);
      // Callers without a session share their IP's budget: forged tokens buy nothing.
      for (let i = 0; i < 5; i++) {
        const res = await t.app.inject({
          method: "POST",
          url: `/api/${G}/tags`,
          headers: bearer(`forged-${i}-${"x".repeat(30)}`),
          payload: {},
        });
        expect(res.statusCode).toBe(401);
      }
      expect429(
        await t.app.inject({ method: "POST", url: `/api/${G}/tags`, headers: bearer(`forged-9-${"x".repeat(30)}`), payload: {} }),
        "forged",
      );
    } finally {
      await t.close();
    }
  });
});

describe("a recent sign-in for the most sensitive actions", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { REAUTH_MINUTES: "15" } });
  });
  afterAll(async () => {
    await t.close();
  });
  const age = (token: string, minutesAgo: number) =>
    t.db
      .updateTable("sessions")
      .set({ recent_until: Date.now() - minutesAgo * 60_000 })
      .where("token_hash", "=", sha256(token))
      .execute();

  it("minting a bot key, importing a configuration and changing team permissions answer 403 reauthenticate after 15 idle minutes", async () => {
    const token = await t.signIn(DEMO_ADMIN_ID);
    const team = (await t.app.inject({ method: "GET", url: `/api/${DEMO_COMMUNITY_ID}/teams`, headers: bearer(token) })).json().teams[0]
      .TeamId;
    const file = (await t.app.inject({ method: "GET", url: `/api/${DEMO_COMMUNITY_ID}/config/export`, headers: bearer(token) })).json();
    await age(token, 1);
    const sensitive = [
      () => t.app.inject({ method: "POST", url: `/api/${DEMO_COMMUNITY_ID}/bot-key`, headers: bearer(token) }),
      () =>
        t.app.inject({ method: "POST", url: `/api/${DEMO_COMMUNITY_ID}/config/import`, headers: bearer(token), payload: { config: file } }),
      () =>
        t.app.inject({
          method: "PUT",
          url: `/api/${DEMO_COMMUNITY_ID}/teams/${team}/permissions`,
          headers: bearer(token),
          payload: { Permissions: { ViewTag: true } },
        }),
    ];
    const keysBefore = await t.db.selectFrom("bot_keys").selectAll().execute();
    for (const call of sensitive) {
      const res = await call();
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ error: "For your security, please sign in again to do this.", code: "reauthenticate" });
    }
    expect(await t.db.selectFrom("bot_keys").selectAll().execute()).toEqual(keysBefore);
    // Everything else goes on with the same session.
    expect((await t.app.inject({ method: "GET", url: `/api/${DEMO_COMMUNITY_ID}/tags`, headers: bearer(token) })).statusCode).toBe(200);
    // Signing in again opens the window; each sensitive action keeps it open.
    const fresh = await t.signIn(DEMO_ADMIN_ID);
    expect((await t.app.inject({ method: "POST", url: `/api/${DEMO_COMMUNITY_ID}/bot-key`, headers: bearer(fresh) })).statusCode).toBe(201);
    const [session] = await t.db.selectFrom("sessions").select("recent_until").where("token_hash", "=", sha256(fresh)).execute();
    expect(session.recent_until! - Date.now()).toBeGreaterThan(14 * 60_000);
  });
});

describe("read limits", () => {
  it("reads of a signed-in user answer 429 past READ_RATE_LIMIT; another user has their own budget; public reads are not limited", async () => {
    const t = await createTestApp({ env: { READ_RATE_LIMIT: "4" } });
    try {
      const admin = await t.signIn(DEMO_ADMIN_ID);
      const staff = await t.signIn(DEMO_STAFF_ID);
      const read = (token: string) => t.app.inject({ method: "GET", url: `/api/${DEMO_COMMUNITY_ID}/tags`, headers: bearer(token) });
      for (let i = 0; i < 4; i++) expect((await read(admin)).statusCode).toBe(200);
      const limited = await read(admin);
      expect(limited.statusCode).toBe(429);
      expect(Number(limited.headers["retry-after"])).toBeGreaterThan(0);
      expect((await read(staff)).statusCode).toBe(200);
      for (let i = 0; i < 6; i++) expect((await t.app.inject({ method: "GET", url: "/api/stats" })).statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });

  it("reads that write an activity entry have a tighter budget, and a refused one writes nothing", async () => {
    const t = await createTestApp({ env: { AUDITED_READ_RATE_LIMIT: "2" } });
    try {
      const admin = await t.signIn(DEMO_ADMIN_ID);
      const view = () => t.app.inject({ method: "GET", url: `/api/${DEMO_COMMUNITY_ID}/transcripts/1001`, headers: bearer(admin) });
      const viewsLogged = async () =>
        (
          await t.db
            .selectFrom("activity")
            .select("id")
            .where("guild_id", "=", DEMO_COMMUNITY_ID)
            .where("action", "=", "Transcript Viewed")
            .execute()
        ).length;
      expect((await view()).statusCode).toBe(200);
      expect((await view()).statusCode).toBe(200);
      expect((await view()).statusCode).toBe(429);
      expect(await viewsLogged()).toBe(2);
      const exported = await t.app.inject({ method: "GET", url: `/api/${DEMO_COMMUNITY_ID}/config/export`, headers: bearer(admin) });
      expect(exported.statusCode).toBe(429); // the same budget
      // Other reads go on.
      expect((await t.app.inject({ method: "GET", url: `/api/${DEMO_COMMUNITY_ID}/transcripts`, headers: bearer(admin) })).statusCode).toBe(
        200,
      );
    } finally {
      await t.close();
    }
  });
});

describe("security headers on every response", () => {
  let t: TestApp;
  let dist: string;
  beforeAll(async () => {
    dist = fs.mkdtempSync(path.join(os.tmpdir(), "ticketeer-sec-dist-"));
    fs.mkdirSync(path.join(dist, "assets"));
    fs.writeFileSync(path.join(dist, "app.html"), "<!doctype html><title>app</title><div id=root></div>");
    fs.writeFileSync(path.join(dist, "index.html"), "<!doctype html><title>landing</title>");
    fs.writeFileSync(path.join(dist, "assets", "app-1234.js"), "console.log(1)");
    fs.writeFileSync(path.join(dist, "favicon.svg"), "<svg xmlns='http://www.w3.org/2000/svg'/>");
    t = await createTestApp({ distDir: dist });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  const directives = (csp: string) =>
    new Map(
      csp
        .split(";")
        .map((d) => d.trim())
        .filter(Boolean)
        .map((d) => [d.split(/\s+/)[0].toLowerCase(), d.split(/\s+/).slice(1)] as const),
    );

  it("API JSON, SPA HTML, static files, the sign-in page, 401/400/404 answers", async () => {
    const token = await t.signIn(DEMO_ADMIN_ID);
    const cases: [string, "GET" | "HEAD" | "POST", string, Record<string, string>?, string?][] = [
      ["API JSON", "GET", "/api/health"],
      ["API JSON (signed in)", "GET", `/api/${G}/tags`, bearer(token)],
      ["SPA HTML", "GET", "/dashboard"],
      ["SPA HTML (guild screen)", "GET", `/${G}/tags`],
      ["landing page", "GET", "/"],
      ["HEAD", "HEAD", "/dashboard"],
      ["static asset", "GET", "/assets/app-1234.js"],
      ["static file", "GET", "/favicon.svg"],
      ["demo sign-in page", "GET", "/api/api/auth/demo"],
      ["401", "GET", "/api/guilds"],
      ["400", "POST", `/api/${G}/tags`, { ...bearer(token), "content-type": "application/json" }, "{"],
      ["API 404", "GET", "/api/no-such-route"],
      ["missing asset 404", "GET", "/assets/missing.js"],
    ];
    for (const [label, method, url, headers, payload] of cases) {
      const res = await t.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload }) });
      expect(res.statusCode, label).toBeLessThan(500);
      const csp = String(res.headers["content-security-policy"] ?? "");
      expect(csp, `${label}: CSP`).not.toBe("");
      expect(csp, `${label}: no unsafe-eval`).not.toMatch(/unsafe-eval|wasm-unsafe-eval/);
      const d = directives(csp);
      expect(d.get("frame-ancestors"), `${label}: frame-ancestors`).toEqual(["'none'"]);
      expect(d.get("object-src"), `${label}: object-src`).toEqual(["'none'"]);
      const scripts = d.get("script-src") ?? d.get("default-src") ?? [];
      expect(scripts, `${label}: script-src`).not.toContain("'unsafe-inline'");
      expect(scripts, `${label}: script-src`).not.toContain("*");
      expect(["no-referrer", "same-origin", "strict-origin", "strict-origin-when-cross-origin"], `${label}: referrer-policy`).toContain(
        res.headers["referrer-policy"],
      );
      expect(res.headers["x-content-type-options"], `${label}: nosniff`).toBe("nosniff");
    }
  });
});
