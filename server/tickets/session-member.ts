import { authMessages } from "../../src/schemas/messages";
import type { SessionUser } from "../auth/session-user";
import { HttpError } from "../errors";
import type { PlatformAdapter } from "../platform/adapter";
import type { Member } from "./members";

/** The signed-in dashboard user as the engine's Member: their roles and permissions in the guild, from the platform. */
export async function memberOfSession(platform: PlatformAdapter, user: SessionUser, guildId: string): Promise<Member> {
  const guild = (await platform.listUserGuilds(user)).find((g) => g.id === guildId);
  if (!guild) throw new HttpError(403, authMessages.accessDenied);
  return {
    id: user.id,
    username: user.username,
    avatar: user.avatar,
    roles: guild.roles ?? (await platform.getMemberRoles(guildId, user.id)),
    permissions: guild.permissions,
    owner: guild.owner,
  };
}
