import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiKeyScopes, scopeOfRoute } from "../../src/schemas/api-keys";
import { authMessages } from "../../src/schemas/messages";
import { openApiOf } from "../../server/http/openapi";
import { type Json, type TestApp, DEMO_ADMIN_ID, DEMO_COMMUNITY_ID, GAMING_HUB_ID, apiOn, bearer, createTestApp } from "./helpers";

// Scoped API keys (docs/API.md "API keys"): minted by the owner, shown once, kept hashed, revocable; a key is accepted
// by the guard of its own server only, for the routes whose scope it holds, and its writes are in the activity log.

const G = DEMO_COMMUNITY_ID;
let t: TestApp;
let owner: string;
let staff: string;
const api = apiOn(() => t);

beforeAll(async () => {
  t = await createTestApp();
  [owner, staff] = await Promise.all([t.signIn(DEMO_ADMIN_ID), t.signIn("900000000000000002")]);
});
afterAll(async () => {
  await t?.close();
});

const mint = async (Scopes: string[], Name = "Zapier", guildId = G) => {
  const res = await api("POST", `/api/${guildId}/api-keys`, owner, { Name, Scopes });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { token: string; key: Json };
};
const withKey = (method: "GET" | "POST" | "PUT", url: string, token: string, payload?: Json) =>
  t.app
    .inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) })
    .then((r) => ({ status: r.statusCode, body: r.json() as Json }));

describe("minting and keeping keys", () => {
  it("shows the key once, keeps only its SHA-256 and first characters, and lists it without the secret", async () => {
    const { token, key } = await mint(["tickets:read"]);
    expect(token).toMatch(/^tk_[A-Za-z0-9_-]{43}$/);
    expect(key).toMatchObject({ Name: "Zapier", Prefix: token.slice(0, 11), Scopes: ["tickets:read"], LastUsedAt: null, RevokedAt: null });
    const rows = await t.db.selectFrom("api_keys").selectAll().execute();
    expect(JSON.stringify(rows)).not.toContain(token.slice(11));
    expect(rows.find((r) => r.id === key.Id)!.key_hash).toBe(createHash("sha256").update(token).digest("hex"));
    const listed = await api("GET", `/api/${G}/api-keys`, owner);
    expect(JSON.stringify(listed.body)).not.toContain(token.slice(11));
    expect(listed.body.scopes).toEqual([...apiKeyScopes]);
    const created = await t.db.selectFrom("activity").selectAll().where("action", "=", "API Key Created").executeTakeFirstOrThrow();
    expect(JSON.parse(created.after_json!)).toEqual({ KeyId: key.Id, Name: "Zapier", Prefix: key.Prefix, Scopes: ["tickets:read"] });
  });

  it("is the owner's alone, and a bad body stores nothing", async () => {
    expect((await api("GET", `/api/${G}/api-keys`, staff)).status).toBe(403);
    expect((await api("POST", `/api/${G}/api-keys`, staff, { Name: "x", Scopes: ["tickets:read"] })).status).toBe(403);
    const before = await t.db.selectFrom("api_keys").selectAll().execute();
    expect((await api("POST", `/api/${G}/api-keys`, owner, { Name: "x", Scopes: ["everything:write"] })).status).toBe(400);
    expect((await api("POST", `/api/${G}/api-keys`, owner, { Name: "", Scopes: ["tickets:read"] })).status).toBe(400);
    expect(await t.db.selectFrom("api_keys").selectAll().execute()).toEqual(before);
  });
});

describe("a key at the guard", () => {
  it("reads what its scope covers, and gets 403 for what it does not", async () => {
    const { token } = await mint(["tickets:read"]);
    expect((await withKey("GET", `/api/${G}/tickets`, token)).status).toBe(200);
    const settings = await withKey("GET", `/api/${G}/settings`, token);
    expect(settings).toEqual({ status: 403, body: { error: 'This API key lacks the scope "config:read".' } });
    const claim = await withKey("POST", `/api/${G}/tickets/1/claim`, token);
    expect(claim).toEqual({ status: 403, body: { error: 'This API key lacks the scope "tickets:write".' } });
    // Routes no key may call: keys, webhooks, the owner's own.
    for (const url of [`/api/${G}/api-keys`, `/api/${G}/webhooks`, `/api/${G}/config/export`])
      expect(await withKey("GET", url, token)).toEqual({
        status: 403,
        body: { error: "API keys cannot call this route: sign in to the dashboard." },
      });
    const row = await t.db
      .selectFrom("api_keys")
      .select("last_used_at")
      .where("key_hash", "=", createHash("sha256").update(token).digest("hex"))
      .executeTakeFirstOrThrow();
    expect(Number(row.last_used_at)).toBeGreaterThan(Date.now() - 60_000);
  });

  it("writes with the write scope, logged in the activity log as the key", async () => {
    const { token } = await mint(["config:read", "config:write"], "Sheets sync");
    const current = await withKey("GET", `/api/${G}/settings`, token);
    expect(current.status).toBe(200);
    const saved = await withKey("PUT", `/api/${G}/settings`, token, { UserTicketLimit: 3, Revision: current.body.Revision });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const entry = await t.db
      .selectFrom("activity")
      .selectAll()
      .where("guild_id", "=", G)
      .where("action", "=", "Settings Updated")
      .orderBy("id", "desc")
      .executeTakeFirstOrThrow();
    expect(entry.username).toBe("API key · Sheets sync");
  });

  it("is refused on another server (403), and once revoked (401)", async () => {
    const { token, key } = await mint(["tickets:read"]);
    expect(await withKey("GET", `/api/${GAMING_HUB_ID}/tickets`, token)).toEqual({
      status: 403,
      body: { error: authMessages.accessDenied },
    });
    const revoked = await api("DELETE", `/api/${G}/api-keys/${key.Id}`, owner);
    expect(revoked.status).toBe(200);
    expect(revoked.body.key.RevokedAt).toEqual(expect.any(Number));
    expect(await withKey("GET", `/api/${G}/tickets`, token)).toEqual({ status: 401, body: { error: "This API key has been revoked." } });
    expect((await withKey("GET", `/api/${G}/tickets`, `${token.slice(0, -1)}x`)).status).toBe(401);
    expect((await api("DELETE", `/api/${GAMING_HUB_ID}/api-keys/${key.Id}`, owner)).status).toBe(404);
  });
});

describe("scopes and the OpenAPI document", () => {
  it("every scope is needed by some route, and every operation names the scope a key needs (null: none may)", () => {
    const derived = new Set(t.app.routeTable.map(scopeOfRoute).filter((s) => s !== null));
    expect([...derived].sort()).toEqual([...apiKeyScopes].sort());
    const doc = openApiOf(t.app).document;
    const operations = Object.values(doc.paths).flatMap((item) => Object.values(item as Record<string, Json>));
    expect(operations.length).toBeGreaterThan(50);
    for (const op of operations) expect(op, op.operationId).toHaveProperty("x-required-scope");
    const claim = (doc.paths["/{guildId}/tickets/{ticketId}/claim"] as Record<string, Json>).post;
    expect(claim["x-required-scope"]).toBe("tickets:write");
    expect(claim.security).toEqual([{ bearerAuth: [] }, { apiKey: ["tickets:write"] }]);
    expect((doc.paths["/{guildId}/transcripts/{transcriptId}"] as Record<string, Json>).get["x-required-scope"]).toBe("transcripts:read");
    expect((doc.paths["/{guildId}/api-keys"] as Record<string, Json>).get["x-required-scope"]).toBeNull();
  });
});

describe("rate limits", () => {
  it("counts a key's requests as a caller of its own, like a user's", async () => {
    const limited = await createTestApp({ env: { READ_RATE_LIMIT: "2" } });
    try {
      const ownerToken = await limited.signIn(DEMO_ADMIN_ID);
      const res = await limited.app.inject({
        method: "POST",
        url: `/api/${G}/api-keys`,
        headers: bearer(ownerToken),
        payload: { Name: "busy", Scopes: ["tickets:read"] },
      });
      const token = (res.json() as Json).token as string;
      const read = () => limited.app.inject({ method: "GET", url: `/api/${G}/tickets`, headers: bearer(token) }).then((r) => r.statusCode);
      expect([await read(), await read(), await read()]).toEqual([200, 200, 429]);
      // The owner's own budget is untouched by the key's.
      expect((await limited.app.inject({ method: "GET", url: `/api/${G}/tickets`, headers: bearer(ownerToken) })).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });
});
