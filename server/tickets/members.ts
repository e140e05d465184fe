import type { GuildAccess } from "../../src/schemas/access";
import type { TeamPermission } from "../../src/schemas/team";
import { managerAccess, teamAccessOf } from "../access/resolve";
import type { Db } from "../db/schema";
import type { PlatformAdapter } from "../platform/adapter";

// Who is acting, as every engine step sees them: the member's id, name, roles and platform permissions, from the
// interaction (Discord), the session (the dashboard) or the demo fixtures. Their access is resolved the way the
// dashboard resolves it (server/access/resolve.ts): owner, Administrator and Manage Server hold everything; staff
// hold the union of their teams' permissions.

export interface Member {
  id: string;
  username: string;
  avatar: string | null;
  roles: string[];
  /** The member's permission bitfield in the guild (decimal string). */
  permissions: string;
  owner: boolean;
  /** Their access, when the door has worked it out already (the dashboard's guard): not worked out again. */
  access?: MemberAccess;
}

export interface MemberAccess {
  /** Owner, Administrator or Manage Server. */
  manager: boolean;
  /** The teams whose roles the member holds. */
  teamIds: Set<number>;
  access: GuildAccess | null;
}

export async function memberAccess(db: Db, guildId: string, member: Member): Promise<MemberAccess> {
  if (member.access) return member.access;
  const manager = managerAccess({ id: guildId, name: "", icon_url: null, owner: member.owner, permissions: member.permissions });
  const teams = await teamAccessOf(db, guildId, member.roles);
  return { manager: manager !== null, teamIds: teams.teamIds, access: manager ?? teams.access };
}

export const can = (access: MemberAccess, permission: TeamPermission) => access.access?.permissions[permission] === true;

/** The role ids of a set of teams; of every team of the guild when `teamIds` is empty (a panel without a team). */
export async function supportRoles(db: Db, guildId: string, teamIds: number[]): Promise<string[]> {
  let query = db
    .selectFrom("teams as t")
    .innerJoin("team_roles as r", "r.team_id", "t.id")
    .select("r.role_id")
    .where("t.guild_id", "=", guildId);
  if (teamIds.length) query = query.where("t.id", "in", teamIds);
  return [...new Set((await query.execute()).map((r) => r.role_id))];
}

/** Staff of a ticket: a manager, or a member of the panel's support team (any team when the panel has none). */
export function isTicketStaff(access: MemberAccess, ticketTeamIds: number[]): boolean {
  if (access.manager) return true;
  if (ticketTeamIds.length === 0) return access.teamIds.size > 0;
  return ticketTeamIds.some((id) => access.teamIds.has(id));
}

/**
 * A user as a member of the guild now (their roles, read from the platform; the owner by the guild's owner id; no
 * channel permissions known), or null when they are not a member (any more: they left or were banned).
 */
export async function guildMemberOf(platform: PlatformAdapter, guildId: string, userId: string): Promise<Member | null> {
  const found = await platform.getMember(guildId, userId);
  if (!found) return null;
  const guild = await platform.getGuild(guildId).catch(() => null);
  return { ...found, permissions: "0", owner: guild?.owner.id === found.id };
}

/** Whether a user is still a member of the guild and staff of a ticket of these teams (a claim a change of team keeps). */
export async function stillStaff(
  deps: { db: Db; platform: PlatformAdapter },
  guildId: string,
  userId: string,
  teamIds: number[],
): Promise<boolean> {
  const member = await guildMemberOf(deps.platform, guildId, userId);
  return member !== null && isTicketStaff(await memberAccess(deps.db, guildId, member), teamIds);
}
