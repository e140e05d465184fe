import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authMessages } from "../../src/schemas/messages";
import { noPermissions } from "../../src/schemas/team";
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

// What auditors need beyond the spec's table: username substring filter, the action list for the filter,
// before/after of each entry, the CSV of exactly the filtered rows, and who may read any of it.
describe("activity log for auditors", () => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  const base = 1_710_000_000;
  const get = (url: string, who = "admin") => t.app.inject({ method: "GET", url, headers: who ? bearer(tokens[who]) : {} });
  const setSupportPermissions = (permissions: Record<string, boolean>) =>
    t.db
      .updateTable("teams")
      .set({ permissions_json: JSON.stringify({ ...noPermissions(), ...permissions }) })
      .where("guild_id", "=", DEMO_COMMUNITY_ID)
      .where("name", "=", "Support Team")
      .execute();

  beforeAll(async () => {
    t = await createTestApp({ seed: false });
    tokens.admin = await t.signIn(DEMO_ADMIN_ID);
    tokens.staff = await t.signIn(DEMO_STAFF_ID);
    tokens.visitor = await t.signIn(DEMO_VISITOR_ID);
    const row = (guild_id: string, username: string, user_id: string, action: string, i: number, before: unknown, after: unknown) => ({
      guild_id,
      user_id,
      username,
      avatar: null,
      action,
      ip: `192.0.2.${i}`,
      timestamp: base + i * 60,
      before_json: before === undefined ? null : JSON.stringify(before),
      after_json: after === undefined ? null : JSON.stringify(after),
    });
    await t.db
      .insertInto("activity")
      .values([
        row(
          DEMO_COMMUNITY_ID,
          "Alice Auditor",
          "100000000000000001",
          "Settings Updated",
          1,
          { UserTicketLimit: 1 },
          { UserTicketLimit: 3 },
        ),
        row(DEMO_COMMUNITY_ID, "bob_the_builder", "100000000000000002", "Tag Created", 2, undefined, { TagName: "hello" }),
        row(DEMO_COMMUNITY_ID, "ALICE_2", "100000000000000003", "Tag Deleted", 3, { TagName: "bye" }, undefined),
        row(DEMO_COMMUNITY_ID, "100%_real", "100000000000000004", "Transcript Viewed", 4, undefined, { TicketId: 7 }),
        row(GAMING_HUB_ID, "alice elsewhere", "100000000000000001", "Panel Created", 5, undefined, { PanelName: "x" }),
      ])
      .execute();
  });
  afterAll(async () => {
    await t?.close();
  });

  it("filters by a case-insensitive part of the username, or the exact user id", async () => {
    const names = async (user: string) =>
      (await get(`/api/${DEMO_COMMUNITY_ID}/activity?user=${encodeURIComponent(user)}`))
        .json()
        .activity.map((e: { Username: string }) => e.Username);
    expect(await names("alice")).toEqual(["ALICE_2", "Alice Auditor"]);
    expect(await names("  AUDIT ")).toEqual(["Alice Auditor"]);
    expect(await names("100000000000000002")).toEqual(["bob_the_builder"]);
    // % and _ are plain characters, not wildcards.
    expect(await names("%")).toEqual(["100%_real"]);
    expect(await names("e_2")).toEqual(["ALICE_2"]);
    expect(await names("nobody")).toEqual([]);
  });

  it("returns before and after as parsed JSON", async () => {
    const body = (await get(`/api/${DEMO_COMMUNITY_ID}/activity?action=Settings%20Updated`)).json();
    expect(body.total).toBe(1);
    expect(body.activity[0]).toMatchObject({
      Before: { UserTicketLimit: 1 },
      After: { UserTicketLimit: 3 },
      Timestamp: base + 60,
      IpAddress: "192.0.2.1",
    });
    const created = (await get(`/api/${DEMO_COMMUNITY_ID}/activity?action=Tag%20Created`)).json().activity[0];
    expect(created.Before).toBeUndefined();
    expect(created.After).toEqual({ TagName: "hello" });
  });

  it("lists the guild's distinct action names for the filter", async () => {
    const res = await get(`/api/${DEMO_COMMUNITY_ID}/activity/actions`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ actions: ["Settings Updated", "Tag Created", "Tag Deleted", "Transcript Viewed"] });
    expect((await get(`/api/${GAMING_HUB_ID}/activity/actions`)).json()).toEqual({ actions: ["Panel Created"] });
  });

  it("the CSV holds exactly the filtered rows", async () => {
    const res = await get(`/api/${DEMO_COMMUNITY_ID}/activity.csv?user=alice&from=${base + 100}`);
    expect(res.statusCode).toBe(200);
    const lines = res.body
      .replace(/^\ufeff/, "")
      .trim()
      .split("\r\n");
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain("ALICE_2");
    expect(lines[1]).toContain("Tag Deleted");
    expect(lines[1]).toContain('"{""TagName"":""bye""}"');
  });

  it("access: anonymous 401, visitor 403, staff only with ViewActivity, owner 200", async () => {
    const urls = [
      `/api/${DEMO_COMMUNITY_ID}/activity`,
      `/api/${DEMO_COMMUNITY_ID}/activity/actions`,
      `/api/${DEMO_COMMUNITY_ID}/activity.csv`,
    ];
    for (const url of urls) {
      expect((await get(url, "")).statusCode, url).toBe(401);
      const visitor = await get(url, "visitor");
      expect(visitor.statusCode, url).toBe(403);
      expect(visitor.json()).toEqual({ error: authMessages.accessDenied });
      expect((await get(url, "admin")).statusCode, url).toBe(200);
    }
    await t.db
      .insertInto("teams")
      .values({
        guild_id: DEMO_COMMUNITY_ID,
        name: "Support Team",
        permissions_json: JSON.stringify({ ...noPermissions(), ViewTranscripts: true }),
        created_at: Date.now(),
      })
      .execute();
    const team = await t.db.selectFrom("teams").select("id").where("name", "=", "Support Team").executeTakeFirstOrThrow();
    await t.db.insertInto("team_roles").values({ team_id: team.id, role_id: "812345678901234603", role_name: "Support" }).execute();
    for (const url of urls) expect((await get(url, "staff")).statusCode, url).toBe(403);
    await setSupportPermissions({ ViewActivity: true });
    for (const url of urls) expect((await get(url, "staff")).statusCode, url).toBe(200);
    expect((await get(`/api/${GAMING_HUB_ID}/activity/actions`, "staff")).statusCode).toBe(403);
  });
});
