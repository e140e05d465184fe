import { allResourceSpecs, isTableSpec } from "../../src/schemas/resources";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authMessages } from "../../src/schemas/messages";
import { allPermissions, noPermissions, type TeamPermission, type TeamPermissions } from "../../src/schemas/team";
import type { PlatformUser } from "../../server/platform/adapter";
import { TtlCache } from "../../server/platform/cache";
import { DemoPlatform } from "../../server/platform/demo";
import { DEMO_SUPPORT_ROLE_ID } from "../../server/platform/demo-fixtures";
import { DEMO_ADMIN_ID, DEMO_COMMUNITY_ID, DEMO_STAFF_ID, DEMO_VISITOR_ID, type TestApp, bearer, createTestApp } from "./helpers";

// docs/decisions/001-permissions.md: owners, Administrators and Manage Server holders have every permission; a
// member whose roles are in staff teams has the union of those teams' permissions and nothing else. Every
// guild route refuses (403) a staff member lacking its permission, and lets one holding it through.

const MEMBER_ROLE = "812345678901234605";
const NO_ID = "999999";
const NO_UUID = "00000000-0000-4000-8000-000000000000";

type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

interface Probe {
  method: Method;
  /** Fastify's route path, e.g. /api/:guildId(^\d+$)/tags/:tagId. */
  route: string;
  /** The caller needs one of these; [] means any access to the guild; "managers": only the owner,
   * Administrator or Manage Server holders, whatever the staff team holds. */
  anyOf: TeamPermission[] | "managers";
  body?: unknown;
  /** A list the staff member reads: 200 exactly when allowed. */
  list?: boolean;
}

const g = "/api/:guildId(^\\d+$)";
/** The probes of every spec'd collection of the shared registry (tags, blacklist, close reasons, …), from its spec. */
const specProbes: Probe[] = allResourceSpecs.filter(isTableSpec).flatMap((spec) => {
  const one = `${g}/${spec.name}/:${spec.key.field[0].toLowerCase()}${spec.key.field.slice(1)}`;
  const anyOf = (p: TeamPermission | undefined) => (p ? [p] : []);
  return [
    { method: "GET", route: `${g}/${spec.name}`, anyOf: anyOf(spec.permissions.list), list: true },
    { method: "POST", route: `${g}/${spec.name}`, anyOf: anyOf(spec.permissions.create), body: {} },
    { method: "PUT", route: one, anyOf: anyOf(spec.permissions.edit), body: {} },
    { method: "DELETE", route: one, anyOf: anyOf(spec.permissions.delete) },
    ...(spec.bulk?.length
      ? [{ method: "POST" as const, route: `${g}/${spec.name}/bulk`, anyOf: anyOf(spec.permissions.delete), body: {} }]
      : []),
  ];
});

const probes: Probe[] = [
  ...specProbes,
  { method: "GET", route: "/api/guilds/:guildId(^\\d+$)", anyOf: [], list: true },
  { method: "GET", route: `${g}/permissions`, anyOf: [], list: true },

  { method: "GET", route: `${g}/settings`, anyOf: ["ViewSettings"], list: true },
  { method: "PUT", route: `${g}/settings`, anyOf: ["EditSettings"], body: {} },
  { method: "GET", route: `${g}/bot-setup`, anyOf: ["ViewSettings"], list: true },

  { method: "GET", route: `${g}/teams`, anyOf: ["ViewTeam"], list: true },
  { method: "POST", route: `${g}/teams`, anyOf: ["CreateTeam"], body: {} },
  { method: "DELETE", route: `${g}/teams/:teamId`, anyOf: ["DeleteTeam"] },
  { method: "POST", route: `${g}/teams/:teamId/roles`, anyOf: ["EditTeam"], body: {} },
  { method: "DELETE", route: `${g}/teams/:teamId/roles`, anyOf: ["EditTeam"], body: {} },
  { method: "PUT", route: `${g}/teams/:teamId/permissions`, anyOf: ["EditTeam"], body: {} },

  { method: "GET", route: `${g}/panel-properties`, anyOf: ["ViewSinglePanel", "ViewMultiPanel"], list: true },
  { method: "GET", route: `${g}/panels`, anyOf: ["ViewSinglePanel", "ViewMultiPanel"], list: true },
  { method: "POST", route: `${g}/panels`, anyOf: ["CreateSinglePanel"], body: { SinglePanel: {} } },
  { method: "POST", route: `${g}/panels`, anyOf: ["CreateMultiPanel"], body: { MultiPanel: {} } },
  { method: "GET", route: `${g}/panels/:panelId`, anyOf: ["ViewSinglePanel", "ViewMultiPanel"] },
  { method: "PUT", route: `${g}/panels/:panelId`, anyOf: ["EditSinglePanel", "EditMultiPanel"], body: {} },
  { method: "DELETE", route: `${g}/panels/:panelId`, anyOf: ["DeleteSinglePanel", "DeleteMultiPanel"] },
  { method: "POST", route: `${g}/panels/:panelId/resend`, anyOf: ["EditSinglePanel", "EditMultiPanel"] },

  { method: "GET", route: `${g}/forms`, anyOf: ["ViewForm"], list: true },
  { method: "POST", route: `${g}/forms`, anyOf: ["CreateForm"], body: {} },
  { method: "GET", route: `${g}/forms/:formId`, anyOf: ["ViewForm"] },
  { method: "PUT", route: `${g}/forms/:formId`, anyOf: ["EditForm"], body: {} },
  { method: "PATCH", route: `${g}/forms/:formId`, anyOf: ["EditForm"], body: {} },
  { method: "DELETE", route: `${g}/forms/:formId`, anyOf: ["DeleteForm"] },
  { method: "POST", route: `${g}/forms/bulk`, anyOf: ["DeleteForm"], body: {} },
  { method: "POST", route: `${g}/forms/:formId/fields`, anyOf: ["EditForm"], body: {} },
  { method: "PATCH", route: `${g}/forms/:formId/fields/:fieldId`, anyOf: ["EditForm"], body: {} },
  { method: "DELETE", route: `${g}/forms/:formId/fields/:fieldId`, anyOf: ["EditForm"] },
  { method: "PATCH", route: `${g}/forms/:formId/fields/:fieldId/position`, anyOf: ["EditForm"], body: {} },

  { method: "GET", route: `${g}/transcripts`, anyOf: ["ViewTranscripts"], list: true },
  { method: "GET", route: `${g}/transcripts/:transcriptId`, anyOf: ["ViewTranscripts"] },
  { method: "GET", route: `${g}/transcript-panels`, anyOf: ["ViewTranscripts"], list: true },
  { method: "POST", route: `${g}/transcripts/bulk`, anyOf: ["ViewTranscripts"], body: {} },

  { method: "GET", route: `${g}/activity`, anyOf: ["ViewActivity"], list: true },
  { method: "GET", route: `${g}/activity/actions`, anyOf: ["ViewActivity"], list: true },
  { method: "GET", route: `${g}/activity.csv`, anyOf: ["ViewActivity"], list: true },
  { method: "GET", route: `${g}/activity/:activityId`, anyOf: ["ViewActivity"] },

  { method: "GET", route: `${g}/tickets`, anyOf: ["ViewTranscripts"], list: true },
  { method: "GET", route: `${g}/tickets/events`, anyOf: ["ViewTranscripts"], list: true },
  { method: "POST", route: `${g}/tickets/:ticketId/claim`, anyOf: ["ViewTranscripts"] },
  { method: "POST", route: `${g}/tickets/:ticketId/unclaim`, anyOf: ["ViewTranscripts"] },
  { method: "POST", route: `${g}/tickets/:ticketId/close`, anyOf: ["ViewTranscripts"], body: {} },
  { method: "POST", route: `${g}/tickets/bulk`, anyOf: ["ViewTranscripts"], body: {} },
  { method: "POST", route: `${g}/tickets/:ticketId/reopen`, anyOf: ["ViewTranscripts"], body: {} },
  { method: "GET", route: `${g}/statistics`, anyOf: ["ViewTranscripts"] },
  // The help desk: the ticket page
  { method: "GET", route: `${g}/tickets/:ticketId`, anyOf: ["ViewTranscripts"] },
  { method: "GET", route: `${g}/tickets/:ticketId/messages`, anyOf: ["ViewTranscripts"] },
  { method: "POST", route: `${g}/tickets/:ticketId/reply`, anyOf: ["AnswerTicket"], body: {} },
  { method: "POST", route: `${g}/tickets/:ticketId/notes`, anyOf: ["AnnotateTicket"], body: {} },
  { method: "PUT", route: `${g}/tickets/:ticketId/triage`, anyOf: ["ViewTranscripts"], body: {} },
  { method: "POST", route: `${g}/tickets/:ticketId/assign`, anyOf: ["ViewTranscripts"], body: {} },
  { method: "POST", route: `${g}/tickets/:ticketId/members`, anyOf: ["ViewTranscripts"], body: {} },
  { method: "POST", route: `${g}/tickets/:ticketId/rename`, anyOf: ["ViewTranscripts"], body: {} },
  { method: "POST", route: `${g}/tickets/:ticketId/move`, anyOf: ["AnswerTicket"], body: {} },
  { method: "GET", route: `${g}/statistics/priorities`, anyOf: ["ViewTranscripts"] },
  // Waiting on the member: snooze, and the time each side waited
  { method: "POST", route: `${g}/tickets/:ticketId/snooze`, anyOf: ["ViewTranscripts"], body: {} },
  { method: "POST", route: `${g}/tickets/:ticketId/unsnooze`, anyOf: ["ViewTranscripts"], body: {} },
  { method: "GET", route: `${g}/statistics/waiting`, anyOf: ["ViewTranscripts"] },
  { method: "GET", route: `${g}/labels`, anyOf: [], list: true },
  { method: "POST", route: `${g}/labels`, anyOf: ["EditSettings"], body: {} },
  { method: "PUT", route: `${g}/labels/:labelId`, anyOf: ["EditSettings"], body: {} },
  { method: "DELETE", route: `${g}/labels/:labelId`, anyOf: ["EditSettings"] },
  { method: "GET", route: `${g}/demo/events`, anyOf: [], list: true },
  { method: "GET", route: `${g}/demo/channels`, anyOf: [], list: true },
  { method: "GET", route: `${g}/demo/channels/:channelId/messages`, anyOf: [] },
  { method: "POST", route: `${g}/demo/channels/:channelId/messages`, anyOf: [], body: {} },
  { method: "POST", route: `${g}/demo/interactions`, anyOf: [], body: {} },
  { method: "GET", route: `${g}/demo/clock`, anyOf: [], list: true },
  // Skip ahead closes tickets of every panel: only those who may close them all.
  { method: "POST", route: `${g}/demo/skip-ahead`, anyOf: "managers", body: { hours: 1 } },

  { method: "GET", route: `${g}/bot-key`, anyOf: ["ViewSettings"], list: true },
  { method: "POST", route: `${g}/bot-key`, anyOf: ["EditSettings"] },
  { method: "DELETE", route: `${g}/bot-key`, anyOf: ["EditSettings"] },

  // Configuration export and import: a team member could otherwise hand themselves every permission.
  { method: "GET", route: `${g}/config/export`, anyOf: "managers", list: true },
  { method: "POST", route: `${g}/config/import/preview`, anyOf: "managers", body: {} },
  { method: "POST", route: `${g}/config/import`, anyOf: "managers", body: {} },
  // The server's data: its owner only (stricter than managers: no staff team permission is enough either).
  { method: "GET", route: `${g}/data/export`, anyOf: "managers", list: true },
  { method: "POST", route: `${g}/data/erase`, anyOf: "managers", body: {} },
  // Saved views: any access lets a caller in; the view's list then names the permission (tests/server/views.test.ts).
  { method: "GET", route: `${g}/views`, anyOf: [] },
  { method: "POST", route: `${g}/views`, anyOf: [], body: {} },
  { method: "PATCH", route: `${g}/views/:viewId`, anyOf: [], body: {} },
  { method: "DELETE", route: `${g}/views/:viewId`, anyOf: [] },
  // Webhooks: managers only (an endpoint receives every ticket's words). API keys: the owner only.
  { method: "GET", route: `${g}/webhooks`, anyOf: "managers", list: true },
  { method: "POST", route: `${g}/webhooks`, anyOf: "managers", body: {} },
  { method: "PUT", route: `${g}/webhooks/:endpointId`, anyOf: "managers", body: {} },
  { method: "DELETE", route: `${g}/webhooks/:endpointId`, anyOf: "managers" },
  { method: "POST", route: `${g}/webhooks/:endpointId/secret`, anyOf: "managers" },
  { method: "POST", route: `${g}/webhooks/:endpointId/test`, anyOf: "managers" },
  { method: "GET", route: `${g}/webhook-deliveries`, anyOf: "managers", list: true },
  { method: "POST", route: `${g}/webhook-deliveries/:deliveryId/redeliver`, anyOf: "managers" },
  { method: "GET", route: `${g}/api-keys`, anyOf: "managers", list: true },
  { method: "POST", route: `${g}/api-keys`, anyOf: "managers", body: {} },
  { method: "DELETE", route: `${g}/api-keys/:keyId`, anyOf: "managers" },
];

/** Guild routes that do not take a session at all (the bot's ingest authenticates with the guild's bot key). */
const botRoutes = [{ method: "POST", route: `${g}/transcripts` }];

/** Every (method, path) Fastify knows, from its route tree. */
function registeredRoutes(tree: string): { method: string; route: string }[] {
  const out: { method: string; route: string }[] = [];
  const stack: string[] = [];
  for (const line of tree.split("\n")) {
    const match = /^((?:│ {3}| {4})*)(?:├── |└── )(.+?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!match) continue;
    const depth = match[1].length / 4;
    stack.length = depth;
    stack.push(match[2]);
    for (const method of (match[3] ?? "").split(", ").filter(Boolean)) {
      if (method !== "HEAD") out.push({ method, route: stack.join("") });
    }
  }
  return out;
}

const urlOf = (route: string) =>
  route
    .replace("/api/", "/api/")
    .replace(":guildId(^\\d+$)", DEMO_COMMUNITY_ID)
    .replace(":tagId", NO_UUID)
    .replace(/:[A-Za-z]+/g, NO_ID);

describe("permissions are enforced (docs/decisions/001-permissions.md)", () => {
  let t: TestApp;
  let admin: string;
  let staff: string;
  let visitor: string;
  let supportTeamId: string;
  const seeded: Partial<TeamPermissions> = {
    ViewTag: true,
    ViewSinglePanel: true,
    ViewMultiPanel: true,
    ViewForm: true,
    ViewTranscripts: true,
    AnswerTicket: true,
    AnnotateTicket: true,
  };

  const call = (method: Method, url: string, token?: string, payload?: unknown) =>
    t.app.inject({ method, url, headers: token ? bearer(token) : {}, payload: payload as never });
  const setSupportPermissions = async (permissions: Partial<TeamPermissions>) => {
    const res = await call("PUT", `/api/${DEMO_COMMUNITY_ID}/teams/${supportTeamId}/permissions`, admin, {
      Permissions: { ...noPermissions(), ...permissions },
    });
    expect(res.statusCode).toBe(200);
  };
  const allExcept = (keys: TeamPermission[]) => {
    const p = allPermissions();
    for (const k of keys) p[k] = false;
    return p;
  };

  beforeAll(async () => {
    t = await createTestApp();
    [admin, staff, visitor] = await Promise.all([t.signIn(DEMO_ADMIN_ID), t.signIn(DEMO_STAFF_ID), t.signIn(DEMO_VISITOR_ID)]);
    const teams = (await call("GET", `/api/${DEMO_COMMUNITY_ID}/teams`, admin)).json().teams;
    supportTeamId = teams.find((x: { TeamName: string }) => x.TeamName === "Support Team").TeamId;
  });
  afterAll(async () => {
    await t?.close();
  });

  it("knows the permission of every guild route the server has", () => {
    const known = new Set([...probes, ...botRoutes].map((p) => `${p.method} ${p.route}`));
    const guildRoutes = registeredRoutes(t.app.printRoutes({ commonPrefix: false })).filter(
      (r) => r.route.startsWith("/api/:guildId") || r.route.startsWith("/api/guilds/:guildId"),
    );
    expect(guildRoutes.length).toBeGreaterThan(30);
    expect(guildRoutes.map((r) => `${r.method} ${r.route}`).filter((r) => !known.has(r))).toEqual([]);
  });

  it("Demo Staff holds exactly the seeded Support Team permissions", async () => {
    const res = await call("GET", `/api/${DEMO_COMMUNITY_ID}/permissions`, staff);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ level: "staff", permissions: { ...noPermissions(), ...seeded } });
  });

  it("with the seeded team: 200 on what it holds, 403 on everything else", async () => {
    for (const probe of probes) {
      const res = await call(probe.method, urlOf(probe.route), staff, probe.body);
      const label = `${probe.method} ${probe.route}`;
      const holds = probe.anyOf !== "managers" && (probe.anyOf.length === 0 || probe.anyOf.some((k) => seeded[k]));
      if (!holds) {
        expect(res.statusCode, label).toBe(403);
        expect(res.json(), label).toEqual({ error: authMessages.accessDenied });
      } else if (probe.list) {
        expect(res.statusCode, label).toBe(200);
      } else {
        expect([401, 403], label).not.toContain(res.statusCode);
      }
    }
    // The example: Demo Staff cannot add a tag.
    const tag = await call("POST", `/api/${DEMO_COMMUNITY_ID}/tags`, staff, { TagName: "nope", Content: "nope" });
    expect(tag.statusCode).toBe(403);
  });

  it("anonymous callers get 401 and Demo Visitor 403 on every guild route", async () => {
    for (const probe of probes) {
      const label = `${probe.method} ${probe.route}`;
      expect((await call(probe.method, urlOf(probe.route), undefined, probe.body)).statusCode, label).toBe(401);
      expect((await call(probe.method, urlOf(probe.route), visitor, probe.body)).statusCode, label).toBe(403);
    }
    for (const route of botRoutes) {
      // A session is not a bot key.
      const res = await call(route.method as Method, urlOf(route.route), staff, {});
      expect(res.statusCode).toBe(401);
    }
  });

  it("each route needs exactly its permission: all others are not enough, it alone is", async () => {
    try {
      for (const probe of probes.filter((p) => p.anyOf.length > 0)) {
        const label = `${probe.method} ${probe.route}`;
        if (probe.anyOf === "managers") {
          await setSupportPermissions(allPermissions());
          expect((await call(probe.method, urlOf(probe.route), staff, probe.body)).statusCode, `${label} with every team permission`).toBe(
            403,
          );
          continue;
        }
        await setSupportPermissions(allExcept(probe.anyOf));
        const denied = await call(probe.method, urlOf(probe.route), staff, probe.body);
        expect(denied.statusCode, `${label} without ${probe.anyOf.join("/")}`).toBe(403);
        for (const key of probe.anyOf) {
          await setSupportPermissions({ [key]: true });
          const allowed = await call(probe.method, urlOf(probe.route), staff, probe.body);
          if (probe.list) expect(allowed.statusCode, `${label} with ${key}`).toBe(200);
          else expect([401, 403], `${label} with ${key}`).not.toContain(allowed.statusCode);
        }
      }
    } finally {
      await setSupportPermissions(seeded);
    }
  });

  it("the owner gets through every guild route", async () => {
    for (const probe of probes) {
      const res = await call(probe.method, urlOf(probe.route), admin, probe.body);
      const label = `${probe.method} ${probe.route}`;
      if (probe.list) expect(res.statusCode, label).toBe(200);
      else expect([401, 403], label).not.toContain(res.statusCode);
    }
  });

  it("after the owner grants CreateTag, Demo Staff can add a tag", async () => {
    const payload = { TagName: "staff-tag", Content: "Added by staff" };
    expect((await call("POST", `/api/${DEMO_COMMUNITY_ID}/tags`, staff, payload)).statusCode).toBe(403);
    const grant = await call("PUT", `/api/${DEMO_COMMUNITY_ID}/teams/${supportTeamId}/permissions`, admin, {
      Permissions: { CreateTag: true },
    });
    expect(grant.statusCode).toBe(200);
    try {
      const res = await call("POST", `/api/${DEMO_COMMUNITY_ID}/tags`, staff, payload);
      expect(res.statusCode).toBe(201);
      const tags = (await call("GET", `/api/${DEMO_COMMUNITY_ID}/tags`, staff)).json().tags;
      expect(tags.map((x: { TagName: string }) => x.TagName)).toContain("staff-tag");
      // Still nothing beyond what was granted.
      expect((await call("DELETE", `/api/${DEMO_COMMUNITY_ID}/tags/${tags[0].TagId}`, staff)).statusCode).toBe(403);
    } finally {
      await setSupportPermissions(seeded);
    }
  });

  it("a member of two teams has the union of their permissions", async () => {
    const created = await call("POST", `/api/${DEMO_COMMUNITY_ID}/teams`, admin, { team_name: "Auditors", roles: [MEMBER_ROLE] });
    expect(created.statusCode).toBe(200);
    const auditors = (await call("GET", `/api/${DEMO_COMMUNITY_ID}/teams`, admin))
      .json()
      .teams.find((x: { TeamName: string }) => x.TeamName === "Auditors");
    try {
      expect((await call("GET", `/api/${DEMO_COMMUNITY_ID}/activity`, staff)).statusCode).toBe(403);
      await call("PUT", `/api/${DEMO_COMMUNITY_ID}/teams/${auditors.TeamId}/permissions`, admin, { Permissions: { ViewActivity: true } });
      expect((await call("GET", `/api/${DEMO_COMMUNITY_ID}/activity`, staff)).statusCode).toBe(200);
      const access = (await call("GET", `/api/${DEMO_COMMUNITY_ID}/permissions`, staff)).json();
      expect(access.permissions).toEqual({ ...noPermissions(), ...seeded, ViewActivity: true });
      // Demo Visitor holds the Member role too: a team with it lets the visitor in, with that team's permissions only.
      expect((await call("GET", `/api/${DEMO_COMMUNITY_ID}/activity`, visitor)).statusCode).toBe(200);
      expect((await call("GET", `/api/${DEMO_COMMUNITY_ID}/tags`, visitor)).statusCode).toBe(403);
    } finally {
      expect((await call("DELETE", `/api/${DEMO_COMMUNITY_ID}/teams/${auditors.TeamId}`, admin)).statusCode).toBe(200);
    }
    expect((await call("GET", `/api/${DEMO_COMMUNITY_ID}/activity`, staff)).statusCode).toBe(403);
    expect((await call("GET", `/api/${DEMO_COMMUNITY_ID}/tags`, visitor)).statusCode).toBe(403);
  });

  it("after the Support role leaves the team, Demo Staff loses the guild at once; adding it back restores it", async () => {
    const rolesUrl = `/api/${DEMO_COMMUNITY_ID}/teams/${supportTeamId}/roles`;
    expect((await call("GET", `/api/${DEMO_COMMUNITY_ID}/tags`, staff)).statusCode).toBe(200);
    const removed = await call("DELETE", rolesUrl, admin, { RoleId: DEMO_SUPPORT_ROLE_ID });
    expect(removed.statusCode).toBe(200);
    try {
      expect((await call("GET", `/api/${DEMO_COMMUNITY_ID}/tags`, staff)).statusCode).toBe(403);
      expect((await call("GET", `/api/${DEMO_COMMUNITY_ID}/permissions`, staff)).statusCode).toBe(403);
      expect((await call("GET", `/api/guilds/${DEMO_COMMUNITY_ID}`, staff)).statusCode).toBe(403);
      expect((await call("GET", "/api/guilds", staff)).json().guilds).toEqual([]);
    } finally {
      expect((await call("POST", rolesUrl, admin, { RoleId: DEMO_SUPPORT_ROLE_ID })).statusCode).toBe(200);
    }
    expect((await call("GET", `/api/${DEMO_COMMUNITY_ID}/tags`, staff)).statusCode).toBe(200);
    expect((await call("GET", "/api/guilds", staff)).json().guilds.map((x: { id: string }) => x.id)).toEqual([DEMO_COMMUNITY_ID]);
  });
});

/** The demo platform behind the caches a real platform adapter keeps (a minute per user, as the Discord one). */
class CachingPlatform extends DemoPlatform {
  readonly guildLoads: string[] = [];
  private readonly userGuilds = new TtlCache<Awaited<ReturnType<DemoPlatform["listUserGuilds"]>>>(60_000);
  private readonly memberRoles = new TtlCache<string[]>(60_000);
  override listUserGuilds(user: PlatformUser) {
    return this.userGuilds.get(user.id, () => {
      this.guildLoads.push(user.id);
      return super.listUserGuilds(user);
    });
  }
  override getMemberRoles(guildId: string, userId: string) {
    return this.memberRoles.get(`${guildId}:${userId}`, () => super.getMemberRoles(guildId, userId));
  }
}

describe("platform caches do not hide team changes", () => {
  let t: TestApp;
  let platform: CachingPlatform;

  beforeAll(async () => {
    platform = new CachingPlatform();
    t = await createTestApp({ platform });
  });
  afterAll(async () => {
    await t?.close();
  });

  it("team roles and permissions come from the database on every request, while the guild list stays cached", async () => {
    const [admin, staff] = await Promise.all([t.signIn(DEMO_ADMIN_ID), t.signIn(DEMO_STAFF_ID)]);
    const teams = (await t.app.inject({ method: "GET", url: `/api/${DEMO_COMMUNITY_ID}/teams`, headers: bearer(admin) })).json().teams;
    const team = teams.find((x: { TeamName: string }) => x.TeamName === "Support Team");
    const tags = () => t.app.inject({ method: "GET", url: `/api/${DEMO_COMMUNITY_ID}/tags`, headers: bearer(staff) });
    const settings = () => t.app.inject({ method: "GET", url: `/api/${DEMO_COMMUNITY_ID}/settings`, headers: bearer(staff) });

    expect((await tags()).statusCode).toBe(200);
    expect((await settings()).statusCode).toBe(403);
    const loadsBefore = platform.guildLoads.filter((id) => id === DEMO_STAFF_ID).length;

    await t.app.inject({
      method: "PUT",
      url: `/api/${DEMO_COMMUNITY_ID}/teams/${team.TeamId}/permissions`,
      headers: bearer(admin),
      payload: { Permissions: { ViewSettings: true } },
    });
    expect((await settings()).statusCode).toBe(200);

    await t.app.inject({
      method: "DELETE",
      url: `/api/${DEMO_COMMUNITY_ID}/teams/${team.TeamId}/roles`,
      headers: bearer(admin),
      payload: { RoleId: DEMO_SUPPORT_ROLE_ID },
    });
    expect((await tags()).statusCode).toBe(403);
    // Served from the cached guild list: the change did not wait for the cache to expire.
    expect(platform.guildLoads.filter((id) => id === DEMO_STAFF_ID).length).toBe(loadsBefore);
  });
});
