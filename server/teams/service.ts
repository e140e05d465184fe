import type { FastifyInstance } from "fastify";
import type { GuildAccess } from "../../src/schemas/access";
import { guildLimits } from "../../src/schemas/limits";
import { teamMessages } from "../../src/schemas/messages";
import {
  noPermissions,
  type Team,
  type TeamPermission,
  teamPermissionKeys,
  type TeamPermissions,
  type TeamRole,
} from "../../src/schemas/team";
import { type ActivityActor, activityActions, recordActivityOf } from "../activity/record";
import { isUniqueViolation } from "../db/errors";
import { assertBelowGuildLimit } from "../db/guild-limits";
import type { Db } from "../db/schema";
import { HttpError, notFound } from "../errors";
import type { GuildRole, PlatformAdapter } from "../platform/adapter";
import type { TeamRoleSync } from "./role-sync";
import { loadTeam, panelsUsingTeam, teamNotFound, teamsWithRoles } from "./store";

// Staff teams (SPEC §2, §3, §7): list, create, delete, a team's roles and its permissions. A team's roles and
// permissions decide what its members may do. Role changes are stored first and reach the platform after the answer
// (./role-sync.ts), never inside a transaction.

export const teamText = {
  created: "Team created successfully",
  deleted: "Team deleted successfully",
  permissionsUpdated: "Team permissions updated successfully",
  notFound: teamNotFound,
  duplicate: (name: string) => `A team named "${name}" already exists`,
  roleNotInGuild: "Role not found in this server",
  roleAlreadyInTeam: "This role is already in the team",
  roleNotInTeam: "This role is not in the team",
  usedByPanels: (names: string[]) =>
    `This team is used by ${names.length === 1 ? "the panel" : "the panels"} ${names.map((n) => `"${n}"`).join(", ")}. Remove it from ${names.length === 1 ? "that panel" : "those panels"} first.`,
  cannotGrant: (keys: string[]) => `You can't grant permissions you don't have: ${keys.join(", ")}`,
  cannotJoinStrongerTeam: "You can't add roles to a team that has permissions you don't have",
} as const;

/** Who acts: the activity log's actor, and their access in the guild (what they may grant). */
export interface TeamEditor {
  actor: ActivityActor;
  access: GuildAccess | null;
}

const toRole = (r: GuildRole): TeamRole => ({ RoleId: r.id, RoleName: r.name });

/**
 * A staff member (not an owner or administrator) must not gain through team edits what they do not hold:
 * they can neither grant a permission they lack nor put roles into a team stronger than themselves.
 */
function missingFromEditor(access: GuildAccess | null, wanted: Partial<TeamPermissions>): TeamPermission[] {
  if (!access || access.level !== "staff") return [];
  return teamPermissionKeys.filter((k) => wanted[k] === true && !access.permissions[k]);
}

export class TeamsService {
  constructor(private readonly deps: { db: Db; platform: PlatformAdapter; roleSync: TeamRoleSync }) {}

  /** The guild's teams (roles under their current names) and the guild's roles to choose from. */
  async list(guildId: string): Promise<{ teams: Team[]; roles: TeamRole[] }> {
    const guild = await this.deps.platform.getGuild(guildId);
    const teams = await teamsWithRoles(this.deps.db, guildId, new Map(guild.roles.map((r) => [r.id, r.name])), "name");
    return { teams, roles: guild.roles.map(toRole) };
  }

  async create(guildId: string, name: string, roleIds: string[], editor: TeamEditor): Promise<Team> {
    const { db, platform } = this.deps;
    let roles: TeamRole[] = [];
    if (roleIds.length) {
      const guildRoles = new Map((await platform.getGuild(guildId)).roles.map((r) => [r.id, r]));
      if (roleIds.some((id) => !guildRoles.has(id))) throw new HttpError(400, teamText.roleNotInGuild);
      roles = roleIds.map((id) => toRole(guildRoles.get(id)!));
    }
    const team = await db.transaction().execute(async (trx) => {
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
      await recordActivityOf(trx, editor.actor, { guildId, action: activityActions.teamCreated, after: created });
      return created;
    });
    this.deps.roleSync.enqueue(...roles.map((role) => ({ guildId, teamId: Number(team.TeamId), roleId: role.RoleId, op: "add" as const })));
    return team;
  }

  /** Deletes a team no panel uses (409 naming the panels that do). */
  async remove(guildId: string, teamId: number, actor: ActivityActor): Promise<void> {
    await this.deps.db.transaction().execute(async (trx) => {
      const before = await loadTeam(trx, guildId, teamId);
      const panels = await panelsUsingTeam(trx, guildId, teamId);
      if (panels.length) throw new HttpError(409, teamText.usedByPanels(panels));
      await trx.deleteFrom("team_roles").where("team_id", "=", teamId).execute();
      await trx.deleteFrom("teams").where("guild_id", "=", guildId).where("id", "=", teamId).execute();
      await recordActivityOf(trx, actor, { guildId, action: activityActions.teamDeleted, before });
    });
  }

  /** Adds a role to a team or removes it; the platform learns of it after the answer. Returns what to answer. */
  async changeRole(guildId: string, teamId: number, roleId: string, op: "add" | "remove", editor: TeamEditor): Promise<string> {
    const { db, platform } = this.deps;
    // The team first (404 for another guild's team), then the role.
    await loadTeam(db, guildId, teamId);
    const guildRole = (await platform.getGuild(guildId)).roles.find((r) => r.id === roleId);
    if (op === "add" && !guildRole) throw new HttpError(400, teamText.roleNotInGuild);
    await db.transaction().execute(async (trx) => {
      const before = await loadTeam(trx, guildId, teamId);
      const inTeam = before.Roles.some((r) => r.RoleId === roleId);
      if (op === "add") {
        if (inTeam) throw new HttpError(409, teamText.roleAlreadyInTeam);
        if (missingFromEditor(editor.access, before.Permissions).length) throw new HttpError(403, teamText.cannotJoinStrongerTeam);
        try {
          await trx.insertInto("team_roles").values({ team_id: teamId, role_id: roleId, role_name: guildRole!.name }).execute();
        } catch (error) {
          if (isUniqueViolation(error)) throw new HttpError(409, teamText.roleAlreadyInTeam);
          throw error;
        }
      } else {
        if (!inTeam) throw notFound(teamText.roleNotInTeam);
        await trx.deleteFrom("team_roles").where("team_id", "=", teamId).where("role_id", "=", roleId).execute();
      }
      const after = await loadTeam(trx, guildId, teamId);
      await recordActivityOf(trx, editor.actor, {
        guildId,
        action: op === "add" ? activityActions.teamRoleAdded : activityActions.teamRoleRemoved,
        before: { TeamId: before.TeamId, TeamName: before.TeamName, Roles: before.Roles },
        after: { TeamId: after.TeamId, TeamName: after.TeamName, Roles: after.Roles },
      });
    });
    // A role deleted from the server can still leave the team: there is nothing to tell the platform then.
    if (guildRole) this.deps.roleSync.enqueue({ guildId, teamId, roleId, op });
    return op === "add" ? teamMessages.roleAddQueued : teamMessages.roleRemoveQueued;
  }

  /** Sets the permissions named in `changes` (the others keep their value); staff cannot grant what they lack (403). */
  async setPermissions(guildId: string, teamId: number, changes: Partial<TeamPermissions>, editor: TeamEditor): Promise<void> {
    await this.deps.db.transaction().execute(async (trx) => {
      const before = await loadTeam(trx, guildId, teamId);
      const granted = Object.fromEntries(
        teamPermissionKeys.filter((k) => changes[k] === true && !before.Permissions[k]).map((k) => [k, true]),
      ) as Partial<TeamPermissions>;
      const refused = missingFromEditor(editor.access, granted);
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
      await recordActivityOf(trx, editor.actor, {
        guildId,
        action: activityActions.teamPermissionsUpdated,
        before: {
          TeamId: before.TeamId,
          TeamName: before.TeamName,
          Permissions: Object.fromEntries(changed.map((k) => [k, before.Permissions[k]])),
        },
        after: { TeamId: before.TeamId, TeamName: before.TeamName, Permissions: Object.fromEntries(changed.map((k) => [k, after[k]])) },
      });
    });
  }
}

declare module "fastify" {
  interface FastifyInstance {
    teams: TeamsService;
  }
}

export function registerTeams(app: FastifyInstance): void {
  app.decorate("teams", new TeamsService({ db: app.db, platform: app.platform, roleSync: app.teamRoleSync }));
}
