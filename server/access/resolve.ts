import type { FastifyInstance } from "fastify";
import type { GuildAccess } from "../../src/schemas/access";
import { allPermissions, noPermissions, teamPermissionKeys, type TeamPermissions } from "../../src/schemas/team";
import { fromDbJson } from "../db/dialect";
import { prepared } from "../db/prepared";
import type { Db } from "../db/schema";
import { ADMINISTRATOR, MANAGE_GUILD, hasBit, type PlatformUser, type UserGuild } from "../platform/adapter";

// Who may do what in a guild (docs/decisions/001-permissions.md): the owner, Administrator (0x8) and
// Manage Server (0x20) holders have every permission; a member whose roles are in staff teams has the union of
// those teams' permissions; anyone else has no access at all.

/** Access from the platform alone (owner / Administrator / Manage Server), or null. */
export function managerAccess(guild: UserGuild): GuildAccess | null {
  if (guild.owner) return { level: "owner", permissions: allPermissions() };
  if (hasBit(guild.permissions, ADMINISTRATOR)) return { level: "administrator", permissions: allPermissions() };
  if (hasBit(guild.permissions, MANAGE_GUILD)) return { level: "manager", permissions: allPermissions() };
  return null;
}

interface TeamRoleRow {
  guild_id: string;
  team_id: number;
  role_id: string;
  permissions_json: string;
}

// Runs on every guarded request of a staff member: compiled once per number of guilds (server/db/prepared.ts).
const teamRolesQuery = prepared((db, v: { guildIds: string[] }) =>
  db
    .selectFrom("teams as t")
    .innerJoin("team_roles as r", "r.team_id", "t.id")
    .select(["t.guild_id", "t.id as team_id", "r.role_id", "t.permissions_json"])
    .where("t.guild_id", "in", v.guildIds),
);

async function teamRolesOf(db: Db, guildIds: string[]): Promise<TeamRoleRow[]> {
  if (guildIds.length === 0) return [];
  return teamRolesQuery.execute(db, { guildIds }, undefined);
}

/** The union of the permissions of the teams holding one of `roles`, or null when none does. */
function staffAccess(rows: TeamRoleRow[], roles: string[]): GuildAccess | null {
  const held = new Set(roles);
  const teams = new Map<number, string>();
  for (const row of rows) if (held.has(row.role_id)) teams.set(row.team_id, row.permissions_json);
  if (teams.size === 0) return null;
  const permissions: TeamPermissions = noPermissions();
  for (const json of teams.values()) {
    const p = fromDbJson<Record<string, unknown>>(json, {});
    for (const key of teamPermissionKeys) if (p[key] === true) permissions[key] = true;
  }
  return { level: "staff", permissions };
}

/** What holding `roles` gives in a guild: the teams those roles are in, and the union of their permissions. */
export async function teamAccessOf(
  db: Db,
  guildId: string,
  roles: string[],
): Promise<{ teamIds: Set<number>; access: GuildAccess | null }> {
  const rows = await teamRolesOf(db, [guildId]);
  const held = new Set(roles);
  return { teamIds: new Set(rows.filter((r) => held.has(r.role_id)).map((r) => r.team_id)), access: staffAccess(rows, roles) };
}

/** A caller's access in one guild, with what it was worked out from. */
export interface ResolvedAccess {
  access: GuildAccess;
  /** The guild as the platform lists it for the caller (owner, permissions). */
  guild: UserGuild;
  /** The caller's roles, when their access needed them (a manager's did not: null). */
  roles: string[] | null;
  /** The staff teams whose roles the caller holds (none looked up for a manager, who holds everything). */
  teamIds: Set<number>;
}

/** The caller's access in one guild, with how it came about, or null (→ 403). */
export async function resolveAccess(app: FastifyInstance, user: PlatformUser, guildId: string): Promise<ResolvedAccess | null> {
  const guild = (await app.platform.listUserGuilds(user)).find((g) => g.id === guildId);
  if (!guild) return null;
  const manager = managerAccess(guild);
  if (manager) return { access: manager, guild, roles: null, teamIds: new Set() };
  const rows = await teamRolesOf(app.db, [guildId]);
  if (rows.length === 0) return null;
  const roles = guild.roles ?? (await app.platform.getMemberRoles(guildId, user.id));
  const access = staffAccess(rows, roles);
  const held = new Set(roles);
  return access ? { access, guild, roles, teamIds: new Set(rows.filter((r) => held.has(r.role_id)).map((r) => r.team_id)) } : null;
}

/** The caller's access in one guild, or null (→ 403). */
export async function resolveGuildAccess(app: FastifyInstance, user: PlatformUser, guildId: string): Promise<GuildAccess | null> {
  return (await resolveAccess(app, user, guildId))?.access ?? null;
}

/** The user's guilds they may manage or staff (GET /guilds), with their access in each. */
export async function listAccessibleGuilds(app: FastifyInstance, user: PlatformUser): Promise<{ guild: UserGuild; access: GuildAccess }[]> {
  let guilds = await app.platform.listUserGuilds(user);
  if (app.platform.kind === "discord") {
    // Only guilds the bot is in can be managed.
    const botGuilds = new Set((await app.platform.listBotGuilds()).map((g) => g.id));
    guilds = guilds.filter((g) => botGuilds.has(g.id));
  }
  const out: { guild: UserGuild; access: GuildAccess }[] = [];
  const candidates: UserGuild[] = [];
  for (const guild of guilds) {
    const manager = managerAccess(guild);
    if (manager) out.push({ guild, access: manager });
    else candidates.push(guild);
  }
  const rows = await teamRolesOf(
    app.db,
    candidates.map((g) => g.id),
  );
  const withTeams = candidates.filter((g) => rows.some((r) => r.guild_id === g.id));
  const staffed = await Promise.all(
    withTeams.map(async (guild) => {
      const roles = guild.roles ?? (await app.platform.getMemberRoles(guild.id, user.id));
      const access = staffAccess(
        rows.filter((r) => r.guild_id === guild.id),
        roles,
      );
      return access ? { guild, access } : null;
    }),
  );
  for (const entry of staffed) if (entry) out.push(entry);
  return out.sort((a, b) => a.guild.name.localeCompare(b.guild.name));
}
