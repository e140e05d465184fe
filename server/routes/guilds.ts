import type { FastifyInstance } from "fastify";
import type { GuildAccess } from "../../src/schemas/access";
import type { GuildInfo, GuildInList } from "../../src/schemas/guild";
import { guard } from "../access/guard";
import { listAccessibleGuilds } from "../access/resolve";
import { authenticate } from "../auth/authenticate";

/** GET /guilds, GET /guilds/{guildId}, GET /{guildId}/permissions. */
export default async function guildRoutes(app: FastifyInstance) {
  app.get("/guilds", { preHandler: authenticate }, async (request) => {
    const entries = await listAccessibleGuilds(app, request.user!);
    const guilds: GuildInList[] = entries.map(({ guild }) => ({
      id: guild.id,
      name: guild.name,
      icon_url: guild.icon_url,
      default_icon_url: null,
    }));
    return { guilds };
  });

  app.get("/guilds/:guildId(^\\d+$)", { preHandler: guard() }, async (request) => {
    const guild = await app.platform.getGuild((request.params as { guildId: string }).guildId);
    const info: GuildInfo = {
      name: guild.name,
      id: guild.id,
      icon_url: guild.icon_url,
      member_count: guild.member_count,
      roles: guild.roles.length,
      channels: guild.text_channels.length + guild.categories.length,
      boosts: guild.boosts,
      owner: guild.owner.username,
      owner_avatar: guild.owner.avatar_url,
    };
    return info;
  });

  app.get("/:guildId(^\\d+$)/permissions", { preHandler: guard() }, async (request) => {
    const access: GuildAccess = request.access!;
    return access;
  });
}
