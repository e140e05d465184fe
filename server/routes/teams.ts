import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { Kysely } from "kysely";
import { resourcePermissions } from "../../src/schemas/access";
import { teamMessages } from "../../src/schemas/messages";
import {
  noPermissions,
  type Team,
  type TeamPermission,
  teamPermissionKeys,
  type TeamPermissions,
  type TeamRole,
  teamCreateSchema,
  teamPermissionsUpdateSchema,
  teamRoleChangeSchema,
} from "../../src/schemas/team";
import { guard, guildIdOf } from "../access/guard";
import { requireRecentSignIn } from "../auth/recent-sign-in";
import { assertBelowGuildLimit } from "../db/guild-limits";
import { guildLimits } from "../../src/schemas/limits";

import { activityActions, recordActivity } from "../activity/record";
import { fromDbJson } from "../db/dialect";
import type { Database } from "../db/schema";
import { HttpError, notFound } from "../errors";
import { guildParams, idParams } from "../http/support/route-schemas";
import { s } from "../http/support/openapi/components";
import type { GuildRole } from "../platform/adapter";

// Staff teams (SPEC §2, §3, §7): GET/POST /{guildId}/teams, DELETE /{guildId}/teams/{teamId},
// POST/DELETE /{guildId}/teams/{teamId}/roles, PUT /{guildId}/teams/{teamId}/permissions.
// A team's roles and permissions decide what its members may do (server/access/resolve.ts reads them on
// every request, so a change takes effect at once).

export const teamText = {
  created: "Team created successfully",
  deleted: "Team deleted successfully",
  permissionsUpdated: "Team permissions updated successfully",
  notFound: "Team not found",
  duplicate: (name: string) => `A team named "${name}" already exists`,
  roleNotInGuild: "Role not found in this server",
  roleAlreadyInTeam: "This role is already in the team",
  roleNotInTeam: "This role is not in the team",
  usedByPanels: (names: string[]) => `This team is used by ${names.length === 1 ? "the panel" : "the panels"} ${names.map((n) => `"${n}"`).join(", ")}. Remove it from ${names.length === 1 ? "that panel" : "those panels"} first.`,
  cannotGrant: (keys: string[]) => `You can't grant permissions you don't have: ${keys.join(", ")}`,
  cannotJoinStrongerTeam: "You can't add roles to a team that has permissions you don't have",
} as const;

type Trx = Kysely<Database>;

/** The 24 keys, missing ones false (a stored map may predate a key). */
export function permissionsFromJson(json: string): TeamPermissions {
  const stored = fromDbJson<Record<string, unknown>>(json, {});
  const out = noPermissions();
  for (const key of teamPermissionKeys) out[key] = stored[key] === true;
  return out;
}

const toRole = (r: GuildRole): TeamRole => ({ RoleId: r.id, RoleName: r.name });

/** Team ids in paths are positive integers; anything else is simply not found. */
function teamIdOf(request: FastifyRequest): number {
  const raw = (request.params as { teamId: string }).teamId;
  if (!/^\d{1,15}$/.test(raw)) throw notFound(teamText.notFound);
  const id = Number(raw);
  if (!Number.isSafeInteger(id) || id <= 0 || id > 2_147_483_647) throw notFound(teamText.notFound); // integer column
  return id;
}

async function loadTeam(db: Trx, guildId: string, teamId: number): Promise<Team & { Permissions: TeamPermissions }> {
  const row = await db
    .selectFrom("teams")
    .select(["id", "name", "permissions_json"])
    .where("guild_id", "=", guildId)
    .where("id", "=", teamId)
    .executeTakeFirst();
  if (!row) throw notFound(teamText.notFound);
  const roles = await db
    .selectFrom("team_roles")
    .select(["role_id", "role_name"])
    .where("team_id", "=", teamId)
    .orderBy("role_name")
    .execute();
  return {
    TeamId: String(row.id),
    TeamName: row.name,
    Roles: roles.map((r) => ({ RoleId: r.role_id, RoleName: r.role_name })),
    Permissions: permissionsFromJson(row.permissions_json),
  };
}

/** Whether the panels table exists yet (it comes with another migration); cached per database. */
const panelsTableKnown = new WeakMap<object, boolean>();
async function hasPanelsTable(db: Trx): Promise<boolean> {
  const known = panelsTableKnown.get(db);
  if (known !== undefined) return known;
  const tables = await db.introspection.getTables();
  const found = tables.some((t) => t.name === "panels");
  if (found) panelsTableKnown.set(db, true);
  return found;
}

/** Names of the guild's panels that name this team as their support team. */
async function panelsUsingTeam(db: Trx, guildId: string, teamId: number): Promise<string[]> {
  if (!(await hasPanelsTable(db))) return [];
  const rows = await (db as Kysely<any>)
    .selectFrom("panels")
    .select(["name"])
    .where("guild_id", "=", guildId)
    .where("team_id", "=", teamId)
    .orderBy("name")
    .execute();
  return rows.map((r: { name: string }) => r.name);
}

/**
 * A staff member (not an owner or administrator) must not gain through team edits what they do not hold:
 * they can neither grant a permission they lack nor put roles into a team stronger than themselves.
 */
function missingFromCaller(request: FastifyRequest, wanted: Partial<TeamPermissions>): TeamPermission[] {
  const access = request.access;
  if (!access || access.level !== "staff") return [];
  return teamPermissionKeys.filter((k) => wanted[k] === true && !access.permissions[k]);
}

const isUniqueViolation = (error: unknown) => {
  const code = (error as { code?: string })?.code;
  return code === "23505" || code === "SQLITE_CONSTRAINT_UNIQUE" || code === "SQLITE_CONSTRAINT_PRIMARYKEY";
};

export default async function teamRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const perms = resourcePermissions.teams;
  const tags = ["Staff Teams"];
  const teamParams = idParams("teamId");

  app.get(
    "/:guildId(^\\d+$)/teams",
    { onRequest: guard(perms.list), schema: { tags, summary: "Staff teams and the server's roles", params: guildParams, response: { 200: s.teams } } },
    async (request) => {
    const guildId = guildIdOf(request);
    const guild = await app.platform.getGuild(guildId);
    const liveNames = new Map(guild.roles.map((r) => [r.id, r.name]));
    const rows = await app.db
      .selectFrom("teams")
      .select(["id", "name", "permissions_json"])
      .where("guild_id", "=", guildId)
      .orderBy("name")
      .orderBy("id")
      .execute();
    const roleRows = rows.length
      ? await app.db
          .selectFrom("team_roles")
          .select(["team_id", "role_id", "role_name"])
          .where("team_id", "in", rows.map((r) => r.id))
          .execute()
      : [];
    const teams: Team[] = rows.map((row) => ({
      TeamId: String(row.id),
      TeamName: row.name,
      // The platform's current role name wins over the one stored when the role joined.
      Roles: roleRows
        .filter((r) => r.team_id === row.id)
        .map((r) => ({ RoleId: r.role_id, RoleName: liveNames.get(r.role_id) ?? r.role_name }))
        .sort((a, b) => a.RoleName.localeCompare(b.RoleName)),
      Permissions: permissionsFromJson(row.permissions_json),
    }));
    return { teams, roles: guild.roles.map(toRole) };
    },
  );

  app.post(
    "/:guildId(^\\d+$)/teams",
    {
      onRequest: guard(perms.create),
      schema: { tags, summary: "Create a team", params: guildParams, body: teamCreateSchema, response: { 200: s.teamCreated, 409: s.error } },
    },
    async (request, reply) => {
    const guildId = guildIdOf(request);
    const { team_name: name } = request.body;
    const roleIds = [...new Set(request.body.roles)];
    let roles: TeamRole[] = [];
    if (roleIds.length) {
      const guildRoles = new Map((await app.platform.getGuild(guildId)).roles.map((r) => [r.id, r]));
      if (roleIds.some((id) => !guildRoles.has(id))) throw new HttpError(400, teamText.roleNotInGuild);
      roles = roleIds.map((id) => toRole(guildRoles.get(id)!));
    }
    const team = await app.db.transaction().execute(async (trx) => {
      const existing = await trx
        .selectFrom("teams")
        .select("id")
        .where("guild_id", "=", guildId)
        .where((eb) => eb(eb.fn("lower", ["name"]), "=", name.toLowerCase()))
        .executeTakeFirst();
      if (existing) throw new HttpError(409, teamText.duplicate(name));
      await assertBelowGuildLimit(trx, "teams", guildId, guildLimits.teams, "staff teams");
      const permissions = noPermissions();
      const inserted = await trx
        .insertInto("teams")
        .values({ guild_id: guildId, name, permissions_json: JSON.stringify(permissions), created_at: Date.now() })
        .returning("id")
        .executeTakeFirstOrThrow();
      for (const role of roles) {
        await trx.insertInto("team_roles").values({ team_id: inserted.id, role_id: role.RoleId, role_name: role.RoleName }).execute();
      }
      const created: Team = { TeamId: String(inserted.id), TeamName: name, Roles: roles, Permissions: permissions };
      await recordActivity(trx, request, { action: activityActions.teamCreated, after: created });
      return created;
    });
    app.teamRoleSync.enqueue(...roles.map((role) => ({ guildId, teamId: Number(team.TeamId), roleId: role.RoleId, op: "add" as const })));
    // §7: success is read as the pair [body, status 200].
    return reply.code(200).send({ message: teamText.created, team });
    },
  );

  app.delete(
    "/:guildId(^\\d+$)/teams/:teamId",
    { onRequest: guard(perms.delete), schema: { tags, summary: "Delete a team", params: teamParams, response: { 200: s.message, 409: s.error } } },
    async (request) => {
    const guildId = guildIdOf(request);
    const teamId = teamIdOf(request);
    await app.db.transaction().execute(async (trx) => {
      const before = await loadTeam(trx, guildId, teamId);
      const panels = await panelsUsingTeam(trx, guildId, teamId);
      if (panels.length) throw new HttpError(409, teamText.usedByPanels(panels));
      await trx.deleteFrom("team_roles").where("team_id", "=", teamId).execute();
      await trx.deleteFrom("teams").where("guild_id", "=", guildId).where("id", "=", teamId).execute();
      await recordActivity(trx, request, { action: activityActions.teamDeleted, before });
    });
    return { message: teamText.deleted };
    },
  );

  async function changeRole(request: FastifyRequest, op: "add" | "remove") {
    const guildId = guildIdOf(request);
    const teamId = teamIdOf(request);
    const { RoleId } = teamRoleChangeSchema.parse(request.body);
    // The team first (404 for another guild's team), then the role.
    await loadTeam(app.db, guildId, teamId);
    const guildRole = (await app.platform.getGuild(guildId)).roles.find((r) => r.id === RoleId);
    if (op === "add" && !guildRole) throw new HttpError(400, teamText.roleNotInGuild);
    await app.db.transaction().execute(async (trx) => {
      const before = await loadTeam(trx, guildId, teamId);
      const inTeam = before.Roles.some((r) => r.RoleId === RoleId);
      if (op === "add") {
        if (inTeam) throw new HttpError(409, teamText.roleAlreadyInTeam);
        if (missingFromCaller(request, before.Permissions).length) throw new HttpError(403, teamText.cannotJoinStrongerTeam);
        try {
          await trx.insertInto("team_roles").values({ team_id: teamId, role_id: RoleId, role_name: guildRole!.name }).execute();
        } catch (error) {
          if (isUniqueViolation(error)) throw new HttpError(409, teamText.roleAlreadyInTeam);
          throw error;
        }
      } else {
        if (!inTeam) throw notFound(teamText.roleNotInTeam);
        await trx.deleteFrom("team_roles").where("team_id", "=", teamId).where("role_id", "=", RoleId).execute();
      }
      const after = await loadTeam(trx, guildId, teamId);
      await recordActivity(trx, request, {
        action: op === "add" ? activityActions.teamRoleAdded : activityActions.teamRoleRemoved,
        before: { TeamId: before.TeamId, TeamName: before.TeamName, Roles: before.Roles },
        after: { TeamId: after.TeamId, TeamName: after.TeamName, Roles: after.Roles },
      });
    });
    // Stored; the platform learns of it after this answer (server/platform/team-role-sync.ts). A role deleted from
    // the server can still leave the team: there is nothing to tell the platform then.
    if (guildRole) app.teamRoleSync.enqueue({ guildId, teamId, roleId: RoleId, op });
    return { message: op === "add" ? teamMessages.roleAddQueued : teamMessages.roleRemoveQueued };
  }

  const roleChange = (summary: string, answer: string) => ({
    onRequest: guard(perms.edit),
    schema: { tags, summary, params: teamParams, body: teamRoleChangeSchema, response: { 200: s.message.describe(answer), 409: s.error } },
  });
  app.post("/:guildId(^\\d+$)/teams/:teamId/roles", roleChange("Add a role to a team", "Team role add queued"), (request) => changeRole(request, "add"));
  app.delete("/:guildId(^\\d+$)/teams/:teamId/roles", roleChange("Remove a role from a team", "Team role remove queued"), (request) => changeRole(request, "remove"));

  app.put(
    "/:guildId(^\\d+$)/teams/:teamId/permissions",
    {
      onRequest: [guard(perms.edit), requireRecentSignIn],
      schema: {
        tags,
        summary: "Set a team's permissions",
        description: "Keys left out keep their value. Staff cannot grant what they do not hold (403).",
        params: teamParams,
        body: teamPermissionsUpdateSchema,
        response: { 200: s.message },
      },
    },
    async (request) => {
    const guildId = guildIdOf(request);
    const teamId = teamIdOf(request);
    const changes = request.body.Permissions;
    await app.db.transaction().execute(async (trx) => {
      const before = await loadTeam(trx, guildId, teamId);
      const granted = Object.fromEntries(
        teamPermissionKeys.filter((k) => changes[k] === true && !before.Permissions[k]).map((k) => [k, true]),
      ) as Partial<TeamPermissions>;
      const refused = missingFromCaller(request, granted);
      if (refused.length) throw new HttpError(403, teamText.cannotGrant(refused));
      const after: TeamPermissions = { ...before.Permissions };
      for (const key of teamPermissionKeys) if (typeof changes[key] === "boolean") after[key] = changes[key]!;
      await trx
        .updateTable("teams")
        .set({ permissions_json: JSON.stringify(after) })
        .where("guild_id", "=", guildId)
        .where("id", "=", teamId)
        .execute();
      const changed = teamPermissionKeys.filter((k) => before.Permissions[k] !== after[k]);
      await recordActivity(trx, request, {
        action: activityActions.teamPermissionsUpdated,
        before: { TeamId: before.TeamId, TeamName: before.TeamName, Permissions: Object.fromEntries(changed.map((k) => [k, before.Permissions[k]])) },
        after: { TeamId: before.TeamId, TeamName: before.TeamName, Permissions: Object.fromEntries(changed.map((k) => [k, after[k]])) },
      });
    });
    return { message: teamText.permissionsUpdated };
    },
  );
}
