import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authMessages } from "../../src/schemas/messages";
import { paramsOfView, savedViewLimits, savedViewMessages, type SavedViewState } from "../../src/schemas/saved-view";
import type { PlatformUser } from "../../server/platform/adapter";
import { DemoPlatform } from "../../server/platform/demo";
import {
  DEMO_ADMIN_ID,
  DEMO_COMMUNITY_ID,
  DEMO_STAFF_ID,
  DEMO_VISITOR_ID,
  GAMING_HUB_ID,
  type Json,
  type TestApp,
  bearer,
  createTestApp,
} from "./helpers";

// Saved views (server/views/, docs/architecture.md "The grid"): a user's own, per server and list, within a quota;
// read and written only by whoever may read that list there. A view is shared as a link carrying its whole state.

/** Demo Visitor owns Gaming Hub here: an admin of another server, with no access to Demo Community. */
class OtherOwnerPlatform extends DemoPlatform {
  override async listUserGuilds(user: PlatformUser) {
    const guilds = await super.listUserGuilds(user);
    if (user.id !== DEMO_VISITOR_ID) return guilds;
    return guilds.map((g) => (g.id === GAMING_HUB_ID ? { ...g, owner: true, permissions: "2251799813685247" } : g));
  }
}

const G = DEMO_COMMUNITY_ID;
const state: SavedViewState = { filters: { panel: "General Support" }, sort: { field: "rating", order: "desc" }, hide: ["reason"] };

describe("saved views", () => {
  let t: TestApp;
  const tokens = { admin: "", staff: "", otherOwner: "" };
  type Who = keyof typeof tokens;

  beforeAll(async () => {
    t = await createTestApp({ platform: new OtherOwnerPlatform() });
    tokens.admin = await t.signIn(DEMO_ADMIN_ID);
    tokens.staff = await t.signIn(DEMO_STAFF_ID);
    tokens.otherOwner = await t.signIn(DEMO_VISITOR_ID);
  });
  afterAll(async () => {
    await t?.close();
  });

  const call = async (who: Who, method: "GET" | "POST" | "PATCH" | "DELETE", url: string, payload?: unknown) => {
    const res = await t.app.inject({
      method,
      url,
      headers: bearer(tokens[who]),
      ...(payload === undefined ? {} : { payload: payload as Json }),
    });
    return { status: res.statusCode, body: (res.body ? res.json() : {}) as Json };
  };
  const stored = async () => (await t.db.selectFrom("saved_views").select("id").execute()).length;
  const names = async (who: Who, list: string, guildId = G) =>
    (await call(who, "GET", `/api/${guildId}/views?list=${list}`)).body.views.map((v: { Name: string }) => v.Name);

  it("creates, lists, renames and deletes the caller's own views", async () => {
    const created = await call("admin", "POST", `/api/${G}/views`, { list: "transcripts", name: "  Rated support  ", state });
    expect(created.status).toBe(201);
    expect(created.body.message).toBe(savedViewMessages.created);
    expect(created.body.view).toMatchObject({ List: "transcripts", Name: "Rated support", State: state });
    const id = created.body.view.ViewId;

    const listed = await call("admin", "GET", `/api/${G}/views?list=transcripts`);
    expect(listed.status).toBe(200);
    expect(listed.body.views).toEqual([created.body.view]);
    // Another list's views are not this one's.
    expect(await names("admin", "tickets")).toEqual([]);

    const renamed = await call("admin", "PATCH", `/api/${G}/views/${id}`, { name: "Best rated" });
    expect(renamed.status).toBe(200);
    expect(renamed.body.view).toMatchObject({ ViewId: id, Name: "Best rated", State: state });

    expect((await call("admin", "DELETE", `/api/${G}/views/${id}`)).status).toBe(200);
    expect(await names("admin", "transcripts")).toEqual([]);
    expect((await call("admin", "DELETE", `/api/${G}/views/${id}`)).status).toBe(404);
  });

  it("refuses a view past the quota of a list, and a second view of the same name (any case), storing nothing", async () => {
    for (let i = 0; i < savedViewLimits.perList; i++) {
      expect((await call("admin", "POST", `/api/${G}/views`, { list: "tags", name: `View ${i}`, state })).status).toBe(201);
    }
    const before = await stored();
    const over = await call("admin", "POST", `/api/${G}/views`, { list: "tags", name: "One too many", state });
    expect(over).toEqual({ status: 409, body: { error: savedViewMessages.quotaFull(savedViewLimits.perList) } });
    expect(await stored()).toBe(before);
    // The quota is per user: Demo Staff (ViewTag) still saves one.
    expect((await call("staff", "POST", `/api/${G}/views`, { list: "tags", name: "Mine", state })).status).toBe(201);

    const dup = await call("staff", "POST", `/api/${G}/views`, { list: "tags", name: "MINE", state });
    expect(dup).toEqual({ status: 409, body: { error: savedViewMessages.duplicate } });
    expect(await stored()).toBe(before + 1);
  });

  const bad: [string, Json][] = [
    ["an unknown list", { list: "secrets", name: "x", state }],
    ["an empty name", { list: "transcripts", name: "   ", state }],
    ["a name too long", { list: "transcripts", name: "n".repeat(savedViewLimits.nameMax + 1), state }],
    ["a filter named like the page", { list: "transcripts", name: "x", state: { ...state, filters: { page: "3" } } }],
    ["a filter name with punctuation", { list: "transcripts", name: "x", state: { ...state, filters: { "a&b": "1" } } }],
    ["a filter value too long", { list: "transcripts", name: "x", state: { ...state, filters: { q: "q".repeat(201) } } }],
    [
      "too many filters",
      {
        list: "transcripts",
        name: "x",
        state: { ...state, filters: Object.fromEntries(Array.from({ length: 13 }, (_, i) => [`f${i}`, "1"])) },
      },
    ],
    ["a bad sort order", { list: "transcripts", name: "x", state: { ...state, sort: { field: "rating", order: "up" } } }],
    [
      "too many hidden columns",
      { list: "transcripts", name: "x", state: { ...state, hide: Array.from({ length: 31 }, (_, i) => `c${i}`) } },
    ],
    ["no state", { list: "transcripts", name: "x" }],
  ];
  for (const [what, body] of bad) {
    it(`400 for ${what}, nothing stored`, async () => {
      const before = await stored();
      const res = await call("admin", "POST", `/api/${G}/views`, body);
      expect(res.status).toBe(400);
      expect(res.body.error).toBeTypeOf("string");
      expect(await stored()).toBe(before);
    });
  }

  it("400 for a change that changes nothing or a bad state, the view unchanged", async () => {
    const { body } = await call("admin", "POST", `/api/${G}/views`, { list: "transcripts", name: "Unchanged", state });
    const id = body.view.ViewId;
    expect((await call("admin", "PATCH", `/api/${G}/views/${id}`, {})).status).toBe(400);
    expect((await call("admin", "PATCH", `/api/${G}/views/${id}`, { state: { ...state, hide: "reason" } })).status).toBe(400);
    const row = await t.db.selectFrom("saved_views").select(["name", "state_json"]).where("id", "=", id).executeTakeFirstOrThrow();
    expect({ name: row.name, state: JSON.parse(row.state_json) }).toEqual({ name: "Unchanged", state });
  });

  it("another user's views are not listed and cannot be changed; the shared link's state shows them the same rows", async () => {
    const { body } = await call("admin", "POST", `/api/${G}/views`, { list: "transcripts", name: "Shared by link", state });
    const view = body.view;
    expect(await names("staff", "transcripts")).not.toContain("Shared by link");
    expect((await call("staff", "PATCH", `/api/${G}/views/${view.ViewId}`, { name: "Taken" })).status).toBe(404);
    expect((await call("staff", "DELETE", `/api/${G}/views/${view.ViewId}`)).status).toBe(404);
    expect(await names("admin", "transcripts")).toContain("Shared by link");

    // The link carries the whole state: the transcripts it asks for, in its order, are the same for both.
    const query = paramsOfView(view.State);
    query.delete("hide");
    const rowsFor = async (who: Who) => {
      const res = await call(who, "GET", `/api/${G}/transcripts?${query}`);
      expect(res.status).toBe(200);
      return res.body.transcripts.map((x: { TicketId: number; Rating: number | null; PanelName: string }) => [
        x.TicketId,
        x.Rating,
        x.PanelName,
      ]);
    };
    const adminRows = await rowsFor("admin");
    expect(adminRows.length).toBeGreaterThan(1);
    expect(adminRows.every(([, , panel]: [number, number | null, string]) => panel === "General Support")).toBe(true);
    // Best rated first, the unrated last.
    const ratings = adminRows.map(([, rating]: [number, number | null]) => rating ?? -1);
    expect(ratings).toEqual([...ratings].sort((a, b) => b - a));
    expect(new Set(ratings).size).toBeGreaterThan(1);
    expect(await rowsFor("staff")).toEqual(adminRows);
  });

  it("needs the permission that reads the list: Demo Staff has no ViewActivity", async () => {
    const before = await stored();
    expect((await call("staff", "GET", `/api/${G}/views?list=activity`)).status).toBe(403);
    const res = await call("staff", "POST", `/api/${G}/views`, {
      list: "activity",
      name: "Log",
      state: { filters: {}, sort: null, hide: [] },
    });
    expect(res).toEqual({ status: 403, body: { error: authMessages.accessDenied } });
    expect(await stored()).toBe(before);
    expect((await call("staff", "GET", `/api/${G}/views?list=transcripts`)).status).toBe(200);
  });

  it("an admin of another server gets nothing of this one's views", async () => {
    const { body } = await call("admin", "POST", `/api/${G}/views`, { list: "transcripts", name: "Community only", state });
    const id = body.view.ViewId;
    // They own Gaming Hub (the control: their own server answers)…
    expect((await call("otherOwner", "GET", `/api/${GAMING_HUB_ID}/views?list=transcripts`)).body.views).toEqual([]);
    // …and are refused on Demo Community, whatever they ask.
    for (const [method, url, payload] of [
      ["GET", `/api/${G}/views?list=transcripts`, undefined],
      ["POST", `/api/${G}/views`, { list: "transcripts", name: "Intruder", state }],
      ["PATCH", `/api/${G}/views/${id}`, { name: "Taken" }],
      ["DELETE", `/api/${G}/views/${id}`, undefined],
    ] as const) {
      expect((await call("otherOwner", method, url, payload)).status, `${method} ${url}`).toBe(403);
    }
    // The view's id through their own server names nothing.
    expect((await call("otherOwner", "DELETE", `/api/${GAMING_HUB_ID}/views/${id}`)).status).toBe(404);
    expect(await names("admin", "transcripts")).toContain("Community only");
  });

  it("a member's export holds their views and their erasure removes them, not anyone else's", async () => {
    expect((await call("staff", "POST", `/api/${G}/views`, { list: "transcripts", name: "Staff's own", state })).status).toBe(201);
    const exported = await call("staff", "GET", "/api/me/data/export");
    expect(exported.body.saved_views).toContainEqual({
      guild_id: G,
      list: "transcripts",
      name: "Staff's own",
      state,
      created_at: expect.any(Number),
    });
    const adminViews = (await names("admin", "transcripts")).length;
    expect((await call("staff", "POST", "/api/me/data/erase", { confirm: "ERASE" })).status).toBe(200);
    expect(await t.db.selectFrom("saved_views").select("id").where("user_id", "=", DEMO_STAFF_ID).execute()).toEqual([]);
    expect(await names("admin", "transcripts")).toHaveLength(adminViews);
  });
});
