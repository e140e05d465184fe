import { authMessages } from "../../src/schemas/messages";
import type { ResolvedAccess } from "../access/resolve";
import type { SessionUser } from "../auth/session-user";
import { HttpError } from "../errors";
import type { PlatformAdapter } from "../platform/adapter";
import type { Member } from "./members";

/**
 * The signed-in dashboard user as the core's Member: their roles and permissions in the guild, from the platform.
 * With what the dashboard's guard resolved, their access comes along and is not worked out again.
 */
export async function memberOfSession(
  platform: PlatformAdapter,
  user: SessionUser,
  guildId: string,
  resolved?: ResolvedAccess | null,
): Promise<Member> {
  const guild = resolved?.guild ?? (await platform.listUserGuilds(user)).find((g) => g.id === guildId);
  if (!guild) throw new HttpError(403, authMessages.accessDenied);
  return {
    id: user.id,
    username: user.username,
    avatar: user.avatar,
    roles: resolved?.roles ?? guild.roles ?? (await platform.getMemberRoles(guildId, user.id)),
    permissions: guild.permissions,
    owner: guild.owner,
    ...(resolved ? { access: { manager: resolved.access.level !== "staff", teamIds: resolved.teamIds, access: resolved.access } } : {}),
  };
}
