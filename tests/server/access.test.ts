import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authMessages } from "../../src/schemas/messages";
import { teamPermissionKeys } from "../../src/schemas/team";
import { DEMO_COMMUNITY_ID, GAMING_HUB_ID, type TestApp, bearer, createTestApp, signInDemoUsers } from "./helpers";

// The API refuses every guild route to anyone without access, whatever the UI shows.
describe("access matrix", () => {
  let t: TestApp;
  let tokens: Record<string, string> = {};
  beforeAll(async () => {
    t = await createTestApp();
    tokens = await signInDemoUsers(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  const get = (url: string, who?: string) => t.app.inject({ method: "GET", url, headers: who ? bearer(tokens[who]) : {} });
  const postTag = (guildId: string, who?: string) =>
    t.app.inject({
      method: "POST",
      url: `/api/${guildId}/tags`,
      headers: who ? bearer(tokens[who]) : {},
      payload: { TagName: `t-${Math.random()}`, Content: "c" },
    });

  const guildRoutes = (g: string) => [
    `/api/guilds/${g}`,
    `/api/${g}/permissions`,
    `/api/${g}/tags`,
    `/api/${g}/activity`,
    `/api/${g}/activity.csv`,
  ];

  it("anonymous: 401 on every protected route", async () => {
    for (const url of ["/api/guilds", ...guildRoutes(DEMO_COMMUNITY_ID)]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(401);
      expect(res.json(), url).toEqual({ error: authMessages.notAuthenticated });
    }
    expect((await postTag(DEMO_COMMUNITY_ID)).statusCode).toBe(401);
    const del = await t.app.inject({ method: "DELETE", url: `/api/${DEMO_COMMUNITY_ID}/tags/00000000-0000-4000-8000-000000000000` });
    expect(del.statusCode).toBe(401);
  });

  it("Demo Visitor: no guilds listed, 403 on the demo guilds", async () => {
    expect((await get("/api/guilds", "visitor")).json()).toEqual({ guilds: [] });
    for (const g of [DEMO_COMMUNITY_ID, GAMING_HUB_ID]) {
      for (const url of guildRoutes(g)) {
        const res = await get(url, "visitor");
        expect(res.statusCode, url).toBe(403);
        expect(res.json(), url).toEqual({ error: authMessages.accessDenied });
      }
      expect((await postTag(g, "visitor")).statusCode).toBe(403);
    }
  });

  it("Demo Staff: Demo Community only, with the Support Team's permissions", async () => {
    const list = (await get("/api/guilds", "staff")).json();
    expect(list.guilds.map((g: { id: string }) => g.id)).toEqual([DEMO_COMMUNITY_ID]);

    expect((await get(`/api/${DEMO_COMMUNITY_ID}/tags`, "staff")).statusCode).toBe(200);
    expect((await get(`/api/guilds/${DEMO_COMMUNITY_ID}`, "staff")).statusCode).toBe(200);
    const created = await postTag(DEMO_COMMUNITY_ID, "staff");
    expect(created.statusCode).toBe(403);
    expect(created.json()).toEqual({ error: authMessages.accessDenied });
    expect((await get(`/api/${DEMO_COMMUNITY_ID}/activity`, "staff")).statusCode).toBe(403);

    const perms = (await get(`/api/${DEMO_COMMUNITY_ID}/permissions`, "staff")).json();
    expect(perms.level).toBe("staff");
    const granted = teamPermissionKeys.filter((k) => perms.permissions[k]);
    expect(granted).toEqual([
      "ViewTag",
      "ViewSinglePanel",
      "ViewMultiPanel",
      "ViewForm",
      "ViewTranscripts",
      "AnswerTicket",
      "AnnotateTicket",
    ]);

    for (const url of guildRoutes(GAMING_HUB_ID)) expect((await get(url, "staff")).statusCode, url).toBe(403);
  });

  it("Demo Admin: both guilds, every permission", async () => {
    const list = (await get("/api/guilds", "admin")).json();
    expect(list.guilds).toEqual([
      {
        id: DEMO_COMMUNITY_ID,
        name: "Demo Community",
        icon_url: "/images/guilds/demo-community.svg",
        default_icon_url: "/images/default-avatar.svg",
      },
      { id: GAMING_HUB_ID, name: "Gaming Hub", icon_url: "/images/guilds/gaming-hub.svg", default_icon_url: "/images/default-avatar.svg" },
    ]);
    for (const g of [DEMO_COMMUNITY_ID, GAMING_HUB_ID]) {
      for (const url of guildRoutes(g)) expect((await get(url, "admin")).statusCode, url).toBe(200);
      expect((await postTag(g, "admin")).statusCode).toBe(201);
    }
    const perms = (await get(`/api/${GAMING_HUB_ID}/permissions`, "admin")).json();
    expect(perms.level).toBe("owner");
    expect(teamPermissionKeys.every((k) => perms.permissions[k] === true)).toBe(true);
  });

  it("guild info of §3", async () => {
    const info = (await get(`/api/guilds/${DEMO_COMMUNITY_ID}`, "admin")).json();
    expect(info).toEqual({
      name: "Demo Community",
      id: DEMO_COMMUNITY_ID,
      icon_url: "/images/guilds/demo-community.svg",
      member_count: 1284,
      roles: 5,
      channels: 12, // 9 text channels and categories, and 3 voice, stage and forum channels
      boosts: 7,
      owner: "Demo Admin",
      owner_avatar: "/images/default-avatar.svg",
    });
  });

  it("an invalid guildId is 404, even before authentication", async () => {
    for (const id of ["123", "1234567890123456789012", "abc", "81234567890123456x"]) {
      for (const who of ["admin", undefined]) {
        for (const url of [`/api/guilds/${id}`, `/api/${id}/tags`, `/api/${id}/activity`, `/api/${id}/permissions`]) {
          const res = await get(url, who);
          expect(res.statusCode, `${url} ${who}`).toBe(404);
          expect(res.json()).toHaveProperty("error");
        }
      }
    }
  });

  it("a well-formed but unknown guild is 403", async () => {
    expect((await get("/api/999999999999999999/tags", "admin")).statusCode).toBe(403);
  });

  it("a staff team's permission change applies at once", async () => {
    const team = await t.db
      .selectFrom("teams")
      .select(["id", "permissions_json"])
      .where("name", "=", "Support Team")
      .executeTakeFirstOrThrow();
    const perms = JSON.parse(team.permissions_json);
    await t.db
      .updateTable("teams")
      .set({ permissions_json: JSON.stringify({ ...perms, CreateTag: true }) })
      .where("id", "=", team.id)
      .execute();
    try {
      expect((await postTag(DEMO_COMMUNITY_ID, "staff")).statusCode).toBe(201);
    } finally {
      await t.db.updateTable("teams").set({ permissions_json: team.permissions_json }).where("id", "=", team.id).execute();
    }
    expect((await postTag(DEMO_COMMUNITY_ID, "staff")).statusCode).toBe(403);
  });
});
