import type { Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authMessages, teamMessages } from "../../src/schemas/messages";
import { allPermissions, noPermissions, teamPermissionKeys } from "../../src/schemas/team";
import { DemoPlatform } from "../../server/platform/demo";
import { DEMO_SUPPORT_ROLE_ID } from "../../server/platform/demo-fixtures";
import { teamText } from "../../server/teams/service";
import { PlatformUnavailableError } from "../../server/errors";
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

const VIP_ROLE = "812345678901234604";
const MODERATOR_ROLE = "812345678901234602";
const GAMING_HELPER_ROLE = "823456789012345603";

/** The demo platform, with switches that make applyTeamRole fail like an outage, or wait until released. */
class FlakyPlatform extends DemoPlatform {
  failApply = false;
  /** While set, applyTeamRole waits for it. */
  gate: Promise<void> | undefined;
  applied: { guildId: string; teamId: string; roleId: string; op: string }[] = [];
  override async applyTeamRole(guildId: string, teamId: number | string, roleId: string, op: "add" | "remove") {
    if (this.gate) await this.gate;
    if (this.failApply) throw new PlatformUnavailableError();
    await super.applyTeamRole(guildId, teamId, roleId, op);
    this.applied.push({ guildId, teamId: String(teamId), roleId, op });
  }
}

describe("staff teams API", () => {
  let t: TestApp;
  let platform: FlakyPlatform;
  let admin: string;
  let staff: string;
  let visitor: string;

  const call = (method: "GET" | "POST" | "PUT" | "DELETE", url: string, token?: string, payload?: unknown) =>
    t.app.inject({ method, url: `/api${url}`, headers: token ? bearer(token) : {}, payload: payload as never });
  const teamsOf = async (guildId = DEMO_COMMUNITY_ID) => (await call("GET", `/${guildId}/teams`, admin)).json();
  const teamByName = async (name: string, guildId = DEMO_COMMUNITY_ID) =>
    (await teamsOf(guildId)).teams.find((x: { TeamName: string }) => x.TeamName === name);
  const countTeams = async () =>
    (
      await t.db
        .selectFrom("teams")
        .select((eb) => eb.fn.countAll().as("n"))
        .executeTakeFirstOrThrow()
    ).n;
  const lastActivity = () => t.db.selectFrom("activity").selectAll().orderBy("id", "desc").limit(1).executeTakeFirstOrThrow();
  const supportTeamId = async () => (await teamByName("Support Team")).TeamId as string;
  const setSupportPermissions = async (permissions: Record<string, boolean>) => {
    const res = await call("PUT", `/${DEMO_COMMUNITY_ID}/teams/${await supportTeamId()}/permissions`, admin, { Permissions: permissions });
    expect(res.statusCode).toBe(200);
  };

  beforeAll(async () => {
    platform = new FlakyPlatform();
    t = await createTestApp({ platform });
    [admin, staff, visitor] = await Promise.all([t.signIn(DEMO_ADMIN_ID), t.signIn(DEMO_STAFF_ID), t.signIn(DEMO_VISITOR_ID)]);
  });
  afterAll(async () => {
    await t?.close();
  });

  describe("GET /{guildId}/teams", () => {
    it("lists the teams with roles and the 26 permissions, and every role of the guild", async () => {
      const res = await call("GET", `/${DEMO_COMMUNITY_ID}/teams`, admin);
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.roles).toEqual([
        { RoleId: "812345678901234601", RoleName: "Admin" },
        { RoleId: MODERATOR_ROLE, RoleName: "Moderator" },
        { RoleId: DEMO_SUPPORT_ROLE_ID, RoleName: "Support" },
        { RoleId: VIP_ROLE, RoleName: "VIP" },
        { RoleId: "812345678901234605", RoleName: "Member" },
      ]);
      const support = body.teams.find((x: { TeamName: string }) => x.TeamName === "Support Team");
      expect(support).toMatchObject({
        TeamId: expect.stringMatching(/^\d+$/),
        Roles: [{ RoleId: DEMO_SUPPORT_ROLE_ID, RoleName: "Support" }],
      });
      expect(Object.keys(support.Permissions).sort()).toEqual([...teamPermissionKeys].sort());
      expect(support.Permissions.ViewTag).toBe(true);
      expect(support.Permissions.EditTeam).toBe(false);
    });

    it("shows another guild only its own teams", async () => {
      const body = await teamsOf(GAMING_HUB_ID);
      expect(body.teams).toEqual([]);
      expect(body.roles.map((r: { RoleName: string }) => r.RoleName)).toEqual(["Admin", "Moderator", "Helper", "Gamer"]);
    });

    it("refuses anonymous (401), a visitor (403) and staff without ViewTeam (403)", async () => {
      expect((await call("GET", `/${DEMO_COMMUNITY_ID}/teams`)).statusCode).toBe(401);
      const v = await call("GET", `/${DEMO_COMMUNITY_ID}/teams`, visitor);
      expect(v.statusCode).toBe(403);
      expect(v.json()).toEqual({ error: authMessages.accessDenied });
      expect((await call("GET", `/${DEMO_COMMUNITY_ID}/teams`, staff)).statusCode).toBe(403);
      expect((await call("GET", `/${GAMING_HUB_ID}/teams`, staff)).statusCode).toBe(403);
    });

    it("answers 404 for a malformed guild id", async () => {
      expect((await call("GET", `/12345/teams`, admin)).statusCode).toBe(404);
    });
  });

  describe("POST /{guildId}/teams", () => {
    it("creates a team with a trimmed name, no permissions, and records the activity", async () => {
      const res = await call("POST", `/${DEMO_COMMUNITY_ID}/teams`, admin, { team_name: "  Billing  ", roles: [] });
      expect(res.statusCode).toBe(200);
      expect(res.json().message).toBe(teamText.created);
      const team = await teamByName("Billing");
      expect(team).toMatchObject({ TeamName: "Billing", Roles: [], Permissions: noPermissions() });
      const entry = await lastActivity();
      expect(entry).toMatchObject({ guild_id: DEMO_COMMUNITY_ID, action: "Team Created", user_id: DEMO_ADMIN_ID });
      expect(JSON.parse(entry.after_json!)).toMatchObject({ TeamName: "Billing", TeamId: team.TeamId });
    });

    it("can start with roles of the guild, applied through the platform", async () => {
      const res = await call("POST", `/${DEMO_COMMUNITY_ID}/teams`, admin, { team_name: "Moderation", roles: [MODERATOR_ROLE] });
      expect(res.statusCode).toBe(200);
      const team = await teamByName("Moderation");
      expect(team.Roles).toEqual([{ RoleId: MODERATOR_ROLE, RoleName: "Moderator" }]);
      expect(platform.applied).toContainEqual({ guildId: DEMO_COMMUNITY_ID, teamId: team.TeamId, roleId: MODERATOR_ROLE, op: "add" });
    });

    it("refuses a blank or too long name, unknown roles and bad bodies with 400, storing nothing", async () => {
      const before = await countTeams();
      for (const [payload, message] of [
        [{ team_name: "   ", roles: [] }, "Team name is required"],
        [{ team_name: "x".repeat(101), roles: [] }, "Team name must be at most 100 characters"],
        [{ team_name: "Ghosts", roles: ["999999999999999999"] }, teamText.roleNotInGuild],
        [{ team_name: "Ghosts", roles: [GAMING_HELPER_ROLE] }, teamText.roleNotInGuild],
        [{ team_name: "Ghosts", roles: ["abc"] }, "Must be a numeric id"],
      ] as const) {
        const res = await call("POST", `/${DEMO_COMMUNITY_ID}/teams`, admin, payload);
        expect(res.statusCode, JSON.stringify(payload)).toBe(400);
        expect(res.json().error).toContain(message);
      }
      expect((await call("POST", `/${DEMO_COMMUNITY_ID}/teams`, admin)).statusCode).toBe(400);
      expect((await call("POST", `/${DEMO_COMMUNITY_ID}/teams`, admin, { roles: [] })).statusCode).toBe(400);
      expect(await countTeams()).toBe(before);
    });

    it("refuses a duplicate name (any case) with 409", async () => {
      const res = await call("POST", `/${DEMO_COMMUNITY_ID}/teams`, admin, { team_name: "support team", roles: [] });
      expect(res.statusCode).toBe(409);
      expect(res.json().error).toBe(teamText.duplicate("support team"));
      // The same name is fine in another guild.
      expect((await call("POST", `/${GAMING_HUB_ID}/teams`, admin, { team_name: "Support Team", roles: [] })).statusCode).toBe(200);
    });

    it("refuses anonymous, visitor and staff without CreateTeam", async () => {
      const before = await countTeams();
      const payload = { team_name: "Sneaky", roles: [] };
      expect((await call("POST", `/${DEMO_COMMUNITY_ID}/teams`, undefined, payload)).statusCode).toBe(401);
      expect((await call("POST", `/${DEMO_COMMUNITY_ID}/teams`, visitor, payload)).statusCode).toBe(403);
      expect((await call("POST", `/${DEMO_COMMUNITY_ID}/teams`, staff, payload)).statusCode).toBe(403);
      expect(await countTeams()).toBe(before);
    });
  });

  describe("team roles", () => {
    it("adds and removes a role ('Team role add queued' / 'Team role remove queued') with activity", async () => {
      const team = await teamByName("Billing");
      const url = `/${DEMO_COMMUNITY_ID}/teams/${team.TeamId}/roles`;
      const add = await call("POST", url, admin, { RoleId: VIP_ROLE });
      expect(add.statusCode).toBe(200);
      expect(add.json()).toEqual({ message: teamMessages.roleAddQueued });
      expect((await teamByName("Billing")).Roles).toEqual([{ RoleId: VIP_ROLE, RoleName: "VIP" }]);
      expect(platform.applied.at(-1)).toEqual({ guildId: DEMO_COMMUNITY_ID, teamId: team.TeamId, roleId: VIP_ROLE, op: "add" });
      let entry = await lastActivity();
      expect(entry.action).toBe("Team Role Added");
      expect(JSON.parse(entry.before_json!).Roles).toEqual([]);
      expect(JSON.parse(entry.after_json!).Roles).toEqual([{ RoleId: VIP_ROLE, RoleName: "VIP" }]);

      expect((await call("POST", url, admin, { RoleId: VIP_ROLE })).statusCode).toBe(409);

      const remove = await call("DELETE", url, admin, { RoleId: VIP_ROLE });
      expect(remove.statusCode).toBe(200);
      expect(remove.json()).toEqual({ message: teamMessages.roleRemoveQueued });
      expect((await teamByName("Billing")).Roles).toEqual([]);
      expect(platform.applied.at(-1)?.op).toBe("remove");
      entry = await lastActivity();
      expect(entry.action).toBe("Team Role Removed");

      const again = await call("DELETE", url, admin, { RoleId: VIP_ROLE });
      expect(again.statusCode).toBe(404);
      expect(again.json().error).toBe(teamText.roleNotInTeam);
    });

    it("refuses a role the guild does not have, a bad RoleId, and keeps the team unchanged", async () => {
      const team = await teamByName("Billing");
      const url = `/${DEMO_COMMUNITY_ID}/teams/${team.TeamId}/roles`;
      const foreign = await call("POST", url, admin, { RoleId: GAMING_HELPER_ROLE });
      expect(foreign.statusCode).toBe(400);
      expect(foreign.json().error).toBe(teamText.roleNotInGuild);
      const bad = await call("POST", url, admin, { RoleId: "not-a-role" });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().error).toBe("Must be a numeric id");
      expect((await call("POST", url, admin, {})).statusCode).toBe(400);
      expect((await teamByName("Billing")).Roles).toEqual([]);
    });

    it("is queued, as it says: stored at once, applied on the platform after the answer, outside any transaction", async () => {
      const team = await teamByName("Billing");
      let release!: () => void;
      platform.gate = new Promise<void>((resolve) => (release = resolve));
      platform.applied = [];
      try {
        const res = await call("POST", `/${DEMO_COMMUNITY_ID}/teams/${team.TeamId}/roles`, admin, { RoleId: VIP_ROLE });
        // Answered while the platform has not finished: the request never waited for it.
        expect(res.statusCode).toBe(200);
        expect(res.json()).toEqual({ message: teamMessages.roleAddQueued });
        expect(platform.applied).toEqual([]);
        // The database is free meanwhile: other requests (and writes) go on.
        expect((await call("GET", `/${DEMO_COMMUNITY_ID}/tags`, admin)).statusCode).toBe(200);
        expect((await teamByName("Billing")).Roles).toEqual([{ RoleId: VIP_ROLE, RoleName: "VIP" }]);
      } finally {
        release();
        platform.gate = undefined;
      }
      await t.app.teamRoleSync.idle();
      expect(platform.applied).toEqual([{ guildId: DEMO_COMMUNITY_ID, teamId: team.TeamId, roleId: VIP_ROLE, op: "add" }]);

      // A platform failure afterwards is logged; what was stored stays (the team's roles are ours).
      platform.failApply = true;
      try {
        const removed = await call("DELETE", `/${DEMO_COMMUNITY_ID}/teams/${team.TeamId}/roles`, admin, { RoleId: VIP_ROLE });
        expect(removed.json()).toEqual({ message: teamMessages.roleRemoveQueued });
        await t.app.teamRoleSync.idle();
      } finally {
        platform.failApply = false;
      }
      expect((await teamByName("Billing")).Roles).toEqual([]);
    });

    it("answers 404 for a team of another guild or an unknown team", async () => {
      const gaming = await teamByName("Support Team", GAMING_HUB_ID);
      for (const teamId of [gaming.TeamId, "999999", "abc", "0"]) {
        const res = await call("POST", `/${DEMO_COMMUNITY_ID}/teams/${teamId}/roles`, admin, { RoleId: VIP_ROLE });
        expect(res.statusCode, teamId).toBe(404);
      }
      expect((await teamByName("Support Team", GAMING_HUB_ID)).Roles).toEqual([]);
    });

    it("refuses anonymous, visitor and staff without EditTeam", async () => {
      const team = await teamByName("Billing");
      const url = `/${DEMO_COMMUNITY_ID}/teams/${team.TeamId}/roles`;
      expect((await call("POST", url, undefined, { RoleId: VIP_ROLE })).statusCode).toBe(401);
      expect((await call("POST", url, visitor, { RoleId: VIP_ROLE })).statusCode).toBe(403);
      expect((await call("POST", url, staff, { RoleId: VIP_ROLE })).statusCode).toBe(403);
      expect((await call("DELETE", url, staff, { RoleId: VIP_ROLE })).statusCode).toBe(403);
      expect((await teamByName("Billing")).Roles).toEqual([]);
    });
  });

  describe("PUT /{guildId}/teams/{teamId}/permissions", () => {
    it("updates the given keys, keeps the others, and records before/after", async () => {
      const team = await teamByName("Billing");
      const url = `/${DEMO_COMMUNITY_ID}/teams/${team.TeamId}/permissions`;
      const res = await call("PUT", url, admin, { Permissions: { ViewTag: true, CreateTag: true } });
      expect(res.statusCode).toBe(200);
      expect(res.json().message).toBe(teamText.permissionsUpdated);
      expect((await teamByName("Billing")).Permissions).toEqual({ ...noPermissions(), ViewTag: true, CreateTag: true });
      const entry = await lastActivity();
      expect(entry.action).toBe("Team Permissions Updated");
      expect(JSON.parse(entry.before_json!).Permissions).toEqual({ ViewTag: false, CreateTag: false });
      expect(JSON.parse(entry.after_json!).Permissions).toEqual({ ViewTag: true, CreateTag: true });

      expect((await call("PUT", url, admin, { Permissions: allPermissions() })).statusCode).toBe(200);
      expect((await teamByName("Billing")).Permissions).toEqual(allPermissions());
      expect((await call("PUT", url, admin, { Permissions: { ...allPermissions(), ViewTag: false } })).statusCode).toBe(200);
      expect((await teamByName("Billing")).Permissions.ViewTag).toBe(false);
    });

    it("refuses unknown keys, non-booleans and a missing map with 400, changing nothing", async () => {
      const team = await teamByName("Moderation");
      const url = `/${DEMO_COMMUNITY_ID}/teams/${team.TeamId}/permissions`;
      for (const payload of [
        { Permissions: { ViewTag: true, Launch: true } },
        { Permissions: { ViewTag: "yes" } },
        {},
        { Permissions: [] },
      ]) {
        const res = await call("PUT", url, admin, payload);
        expect(res.statusCode, JSON.stringify(payload)).toBe(400);
        expect(res.json().error).toBeTypeOf("string");
      }
      expect((await call("PUT", url, admin, { Permissions: { ViewTag: true, Launch: true } })).json().error).toMatch(/Launch/);
      expect((await teamByName("Moderation")).Permissions).toEqual(noPermissions());
    });

    it("answers 404 for another guild's team", async () => {
      const gaming = await teamByName("Support Team", GAMING_HUB_ID);
      const res = await call("PUT", `/${DEMO_COMMUNITY_ID}/teams/${gaming.TeamId}/permissions`, admin, { Permissions: { ViewTag: true } });
      expect(res.statusCode).toBe(404);
      expect((await teamByName("Support Team", GAMING_HUB_ID)).Permissions.ViewTag).toBe(false);
    });

    it("refuses anonymous, visitor and staff without EditTeam", async () => {
      const url = `/${DEMO_COMMUNITY_ID}/teams/${await supportTeamId()}/permissions`;
      const payload = { Permissions: allPermissions() };
      expect((await call("PUT", url, undefined, payload)).statusCode).toBe(401);
      expect((await call("PUT", url, visitor, payload)).statusCode).toBe(403);
      expect((await call("PUT", url, staff, payload)).statusCode).toBe(403);
      expect((await teamByName("Support Team")).Permissions.EditTeam).toBe(false);
    });

    it("lets staff with EditTeam change teams, but not grant what they lack or join a stronger team", async () => {
      await setSupportPermissions({ ViewTeam: true, EditTeam: true });
      try {
        const billing = await teamByName("Billing"); // holds (almost) everything
        const moderation = await teamByName("Moderation"); // holds nothing
        const grant = await call("PUT", `/${DEMO_COMMUNITY_ID}/teams/${moderation.TeamId}/permissions`, staff, {
          Permissions: { ViewTag: true, ViewSettings: true },
        });
        expect(grant.statusCode).toBe(403);
        expect(grant.json().error).toBe(teamText.cannotGrant(["ViewSettings"]));
        expect((await teamByName("Moderation")).Permissions).toEqual(noPermissions());

        const ok = await call("PUT", `/${DEMO_COMMUNITY_ID}/teams/${moderation.TeamId}/permissions`, staff, {
          Permissions: { ViewTag: true },
        });
        expect(ok.statusCode).toBe(200);
        // Turning a permission off is always allowed.
        const off = await call("PUT", `/${DEMO_COMMUNITY_ID}/teams/${billing.TeamId}/permissions`, staff, {
          Permissions: { DeleteForm: false },
        });
        expect(off.statusCode).toBe(200);

        const join = await call("POST", `/${DEMO_COMMUNITY_ID}/teams/${billing.TeamId}/roles`, staff, { RoleId: VIP_ROLE });
        expect(join.statusCode).toBe(403);
        expect(join.json().error).toBe(teamText.cannotJoinStrongerTeam);
        const joinWeak = await call("POST", `/${DEMO_COMMUNITY_ID}/teams/${moderation.TeamId}/roles`, staff, { RoleId: VIP_ROLE });
        expect(joinWeak.statusCode).toBe(200);
        expect(
          (await call("DELETE", `/${DEMO_COMMUNITY_ID}/teams/${moderation.TeamId}/roles`, staff, { RoleId: VIP_ROLE })).statusCode,
        ).toBe(200);
      } finally {
        await setSupportPermissions(noPermissions());
        await setSupportPermissions({ ViewTag: true, ViewSinglePanel: true, ViewMultiPanel: true, ViewForm: true, ViewTranscripts: true });
      }
    });
  });

  describe("DELETE /{guildId}/teams/{teamId}", () => {
    it("refuses anonymous, visitor and staff without DeleteTeam", async () => {
      const team = await teamByName("Moderation");
      const url = `/${DEMO_COMMUNITY_ID}/teams/${team.TeamId}`;
      expect((await call("DELETE", url)).statusCode).toBe(401);
      expect((await call("DELETE", url, visitor)).statusCode).toBe(403);
      expect((await call("DELETE", url, staff)).statusCode).toBe(403);
      expect(await teamByName("Moderation")).toBeDefined();
    });

    it("answers 404 for another guild's team and an unknown team", async () => {
      const gaming = await teamByName("Support Team", GAMING_HUB_ID);
      expect((await call("DELETE", `/${DEMO_COMMUNITY_ID}/teams/${gaming.TeamId}`, admin)).statusCode).toBe(404);
      expect((await call("DELETE", `/${DEMO_COMMUNITY_ID}/teams/424242`, admin)).statusCode).toBe(404);
      expect(await teamByName("Support Team", GAMING_HUB_ID)).toBeDefined();
    });

    it("refuses (409) to delete a team a panel still uses", async () => {
      const team = await teamByName("Billing");
      const db = t.db as unknown as Kysely<any>;
      const tables = await db.introspection.getTables();
      if (!tables.some((x) => x.name === "panels")) {
        // The panels migration is another module's; the exact table is part of the shared contract.
        await db.schema
          .createTable("panels")
          .addColumn("id", "integer", (c) => c.primaryKey())
          .addColumn("guild_id", "text", (c) => c.notNull())
          .addColumn("kind", "text", (c) => c.notNull())
          .addColumn("name", "text", (c) => c.notNull())
          .addColumn("team_id", "integer")
          .addColumn("data_json", "text", (c) => c.notNull())
          .execute();
      }
      await db
        .insertInto("panels")
        .values({ guild_id: DEMO_COMMUNITY_ID, kind: "single", name: "Billing help", team_id: Number(team.TeamId), data_json: "{}" })
        .execute();
      const res = await call("DELETE", `/${DEMO_COMMUNITY_ID}/teams/${team.TeamId}`, admin);
      expect(res.statusCode).toBe(409);
      expect(res.json().error).toBe(teamText.usedByPanels(["Billing help"]));
      expect(await teamByName("Billing")).toBeDefined();
      await db.deleteFrom("panels").where("name", "=", "Billing help").execute();
      expect((await call("DELETE", `/${DEMO_COMMUNITY_ID}/teams/${team.TeamId}`, admin)).statusCode).toBe(200);
    });

    it("deletes the team and its roles, with the activity entry", async () => {
      const team = await teamByName("Moderation");
      const res = await call("DELETE", `/${DEMO_COMMUNITY_ID}/teams/${team.TeamId}`, admin);
      expect(res.statusCode).toBe(200);
      expect(res.json().message).toBe(teamText.deleted);
      expect(await teamByName("Moderation")).toBeUndefined();
      const roles = await t.db.selectFrom("team_roles").selectAll().where("team_id", "=", Number(team.TeamId)).execute();
      expect(roles).toEqual([]);
      const entry = await lastActivity();
      expect(entry.action).toBe("Team Deleted");
      expect(JSON.parse(entry.before_json!)).toMatchObject({ TeamName: "Moderation", Roles: [{ RoleId: MODERATOR_ROLE }] });
    });
  });
});
