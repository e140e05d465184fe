import type { FastifyInstance, FastifyRequest } from "fastify";
import { authMessages } from "../../src/schemas/messages";
import { HttpError } from "../errors";
import type { Member } from "./members";

/** The signed-in dashboard user as the engine's Member: their roles and permissions in the guild, from the platform. */
export async function memberOfSession(app: FastifyInstance, request: FastifyRequest, guildId: string): Promise<Member> {
  const user = request.user!;
  const guild = (await app.platform.listUserGuilds(user)).find((g) => g.id === guildId);
  if (!guild) throw new HttpError(403, authMessages.accessDenied);
  return {
    id: user.id,
    username: user.username,
    avatar: user.avatar,
    roles: guild.roles ?? (await app.platform.getMemberRoles(guildId, user.id)),
    permissions: guild.permissions,
    owner: guild.owner,
  };
}
