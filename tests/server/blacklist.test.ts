import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { authMessages } from "../../src/schemas/messages";
import { blacklistApiMessages as blacklistMessages, blacklistSpec } from "../../src/schemas/blacklist";

const blacklistActivityActions = { added: blacklistSpec.activity.created, removed: blacklistSpec.activity.deleted };
import {
  DEMO_ADMIN_ID,
  DEMO_COMMUNITY_ID,
  DEMO_STAFF_ID,
  DEMO_VISITOR_ID,
  GAMING_HUB_ID,
  type TestApp,
  bearer,
  createTestApp,
} from "./helpers";

type Method = "GET" | "POST" | "DELETE";
const VIP_ROLE = "812345678901234604";
const SOME_USER = "555555555555555555";

describe("blacklist API", () => {
  let t: TestApp;
  let owner: string;
  let staff: string;
  let visitor: string;
  const url = `/api/${DEMO_COMMUNITY_ID}/blacklist`;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await t.signIn(DEMO_ADMIN_ID);
    staff = await t.signIn(DEMO_STAFF_ID);
    visitor = await t.signIn(DEMO_VISITOR_ID);
  });
  afterAll(async () => {
    await t?.close();
  });

  const call = (method: Method, path: string, payload?: unknown, token: string | null = owner): Promise<LightMyRequestResponse> =>
    t.app.inject({ method, url: path, headers: token ? bearer(token) : {}, payload: payload as object, remoteAddress: "198.51.100.4" });
  const snapshot = async () => ({
    rows: await t.db.selectFrom("blacklist").selectAll().orderBy("id").execute(),
    activity: (await t.db.selectFrom("activity").select("id").execute()).length,
  });
  let before: Awaited<ReturnType<typeof snapshot>>;
  beforeEach(async () => {
    before = await snapshot();
  });

  it("starts empty, adds a user and a role (newest first, role named), records the activity", async () => {
    expect((await call("GET", url)).json()).toEqual({ blacklist: [] });

    const user = await call("POST", url, { Kind: "User", TargetId: ` ${SOME_USER} `, Reason: "  Spamming tickets " });
    expect(user.statusCode).toBe(201);
    expect(user.json()).toMatchObject({
      message: blacklistMessages.added,
      entry: { Kind: "User", TargetId: SOME_USER, Reason: "Spamming tickets" },
    });
    const entry = await t.db.selectFrom("activity").selectAll().orderBy("id", "desc").executeTakeFirstOrThrow();
    expect(entry).toMatchObject({
      action: blacklistActivityActions.added,
      user_id: DEMO_ADMIN_ID,
      ip: "198.51.100.4",
      guild_id: DEMO_COMMUNITY_ID,
    });
    expect(JSON.parse(entry.after_json!)).toMatchObject({ Kind: "User", TargetId: SOME_USER });

    const role = await call("POST", url, { Kind: "Role", TargetId: VIP_ROLE });
    expect(role.statusCode).toBe(201);
    const list = (await call("GET", url)).json().blacklist;
    expect(list.map((e: { TargetId: string }) => e.TargetId)).toEqual([VIP_ROLE, SOME_USER]);
    expect(list[0]).toMatchObject({ Kind: "Role", TargetName: "VIP", Reason: "" });
    expect(list[1]).toMatchObject({ Kind: "User", TargetName: null });
    for (const e of list) {
      expect(typeof e.EntryId).toBe("number");
      expect(Math.abs(e.CreatedAt - Date.now())).toBeLessThan(60_000);
    }
    expect((await call("GET", `/api/${GAMING_HUB_ID}/blacklist`)).json()).toEqual({ blacklist: [] });
  });

  it("409 for a duplicate; the same id in another guild or as another kind is fine", async () => {
    await call("POST", url, { Kind: "User", TargetId: "666666666666666666" });
    before = await snapshot();
    const dup = await call("POST", url, { Kind: "User", TargetId: "666666666666666666", Reason: "again" });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().error).toBe(blacklistMessages.duplicate("User"));
    expect(await snapshot()).toEqual(before);
    const other = await call("POST", `/api/${GAMING_HUB_ID}/blacklist`, { Kind: "User", TargetId: "666666666666666666" });
    expect(other.statusCode).toBe(201);
  });

  const invalid: [string, unknown, string][] = [
    ["a missing target", { Kind: "User" }, "Target id is required"],
    ["a non-numeric target", { Kind: "User", TargetId: "bob" }, "Target id must be a user or role id (16 to 21 digits)"],
    ["a too-short target", { Kind: "User", TargetId: "123" }, "Target id must be a user or role id (16 to 21 digits)"],
    ["an unknown kind", { Kind: "Channel", TargetId: SOME_USER }, "Kind must be User or Role"],
    ["a missing kind", { TargetId: SOME_USER }, "Kind must be User or Role"],
    ["a 201-character reason", { Kind: "User", TargetId: SOME_USER, Reason: "r".repeat(201) }, "Reason must be at most 200 characters"],
    ["a role not in the server", { Kind: "Role", TargetId: "812345678901239999" }, blacklistMessages.unknownRole],
    ["the @everyone role", { Kind: "Role", TargetId: DEMO_COMMUNITY_ID }, blacklistMessages.everyoneRole],
    ["the server owner", { Kind: "User", TargetId: DEMO_ADMIN_ID }, blacklistMessages.owner],
  ];
  for (const [name, payload, message] of invalid) {
    it(`400 for ${name}, nothing stored`, async () => {
      const res = await call("POST", url, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe(message);
      expect(await snapshot()).toEqual(before);
    });
  }

  it("deletes an entry and records it; 404 for unknown, foreign and malformed ids", async () => {
    const created = (await call("POST", url, { Kind: "User", TargetId: "777777777777777777", Reason: "abuse" })).json().entry;
    expect((await call("DELETE", `/api/${GAMING_HUB_ID}/blacklist/${created.EntryId}`)).statusCode).toBe(404);
    const res = await call("DELETE", `${url}/${created.EntryId}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: blacklistMessages.removed });
    expect(await t.db.selectFrom("blacklist").select("id").where("id", "=", created.EntryId).executeTakeFirst()).toBeUndefined();
    const entry = await t.db.selectFrom("activity").selectAll().orderBy("id", "desc").executeTakeFirstOrThrow();
    expect(entry.action).toBe(blacklistActivityActions.removed);
    expect(JSON.parse(entry.before_json!)).toMatchObject({ TargetId: "777777777777777777", Reason: "abuse" });
    expect((await call("DELETE", `${url}/${created.EntryId}`)).statusCode).toBe(404);
    expect((await call("DELETE", `${url}/abc`)).statusCode).toBe(404);
  });

  it("anonymous 401, Demo Visitor 403, staff without ViewSettings/EditSettings 403, owner allowed", async () => {
    const created = (await call("POST", url, { Kind: "User", TargetId: "888888888888888888" })).json().entry;
    before = await snapshot();
    const routes: [Method, string, unknown][] = [
      ["GET", url, undefined],
      ["POST", url, { Kind: "User", TargetId: "999999999999999999" }],
      ["DELETE", `${url}/${created.EntryId}`, undefined],
    ];
    for (const [method, path, payload] of routes) {
      expect((await call(method, path, payload, null)).statusCode).toBe(401);
      for (const token of [visitor, staff]) {
        const res = await call(method, path, payload, token);
        expect(res.statusCode, `${method} ${path}`).toBe(403);
        expect(res.json().error).toBe(authMessages.accessDenied);
      }
    }
    expect(await snapshot()).toEqual(before);
    for (const [method, path, payload] of routes) expect([200, 201]).toContain((await call(method, path, payload)).statusCode);
  });
});
