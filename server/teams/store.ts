import type { Kysely } from "kysely";
import { noPermissions, type Team, teamPermissionKeys, type TeamPermissions } from "../../src/schemas/team";
import { fromDbJson } from "../db/dialect";
import type { Database } from "../db/schema";
import { notFound } from "../errors";

// Staff teams in the database: a team row (name, permissions as JSON) and its roles. access/resolve.ts reads the
// same rows on every request, so a change takes effect at once.

type Db = Kysely<Database>;

export const teamNotFound = "Team not found";

/** The 24 keys, missing ones false (a stored map may predate a key). */
export function permissionsFromJson(json: string): TeamPermissions {
  const stored = fromDbJson<Record<string, unknown>>(json, {});
  const out = noPermissions();
  for (const key of teamPermissionKeys) out[key] = stored[key] === true;
  return out;
}

/** One team of the guild with its roles (as stored); 404 when the guild has no such team. */
export async function loadTeam(db: Db, guildId: string, teamId: number): Promise<Team & { Permissions: TeamPermissions }> {
  const row = await db
    .selectFrom("teams")
    .select(["id", "name", "permissions_json"])
    .where("guild_id", "=", guildId)
    .where("id", "=", teamId)
    .executeTakeFirst();
  if (!row) throw notFound(teamNotFound);
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

/**
 * Every team of the guild with its roles, in `order` (by name, or as created), each role under the platform's current
 * name when it knows the role (the name stored when the role joined, otherwise).
 */
export async function teamsWithRoles(
  db: Db,
  guildId: string,
  liveRoleNames: Map<string, string>,
  order: "name" | "id",
): Promise<(Team & { Permissions: TeamPermissions })[]> {
  let query = db.selectFrom("teams").select(["id", "name", "permissions_json"]).where("guild_id", "=", guildId);
  query = order === "name" ? query.orderBy("name").orderBy("id") : query.orderBy("id");
  const rows = await query.execute();
  const roleRows = rows.length
    ? await db
        .selectFrom("team_roles")
        .select(["team_id", "role_id", "role_name"])
        .where(
          "team_id",
          "in",
          rows.map((r) => r.id),
        )
        .execute()
    : [];
  return rows.map((row) => ({
    TeamId: String(row.id),
    TeamName: row.name,
    Roles: roleRows
      .filter((r) => r.team_id === row.id)
      .map((r) => ({ RoleId: r.role_id, RoleName: liveRoleNames.get(r.role_id) ?? r.role_name }))
      .sort((a, b) => a.RoleName.localeCompare(b.RoleName)),
    Permissions: permissionsFromJson(row.permissions_json),
  }));
}

/** Whether the panels table exists yet (it comes with another migration); cached per database. */
const panelsTableKnown = new WeakMap<object, boolean>();
async function hasPanelsTable(db: Db): Promise<boolean> {
  const known = panelsTableKnown.get(db);
  if (known !== undefined) return known;
  const tables = await db.introspection.getTables();
  const found = tables.some((t) => t.name === "panels");
  if (found) panelsTableKnown.set(db, true);
  return found;
}

/** Names of the guild's panels that name this team as their support team. */
export async function panelsUsingTeam(db: Db, guildId: string, teamId: number): Promise<string[]> {
  if (!(await hasPanelsTable(db))) return [];
  const rows = await db
    .selectFrom("panels")
    .select(["name"])
    .where("guild_id", "=", guildId)
    .where("team_id", "=", teamId)
    .orderBy("name")
    .execute();
  return rows.map((r) => r.name);
}
