import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { GuildAccess } from "../../src/schemas/access";
import { botInviteUrl } from "../../src/schemas/bot-permissions";
import type { GuildInfo, GuildInList, RemovedGuild } from "../../src/schemas/guild";
import { guard } from "../access/guard";
import { listAccessibleGuilds, managerAccess } from "../access/resolve";
import { departuresOf } from "../gateway/retention";
import { authenticate } from "../auth/authenticate";
import { guildParams } from "./support/route-schemas";
import { s } from "./support/openapi/components";
import type { PlatformAdapter } from "../platform/adapter";

/**
 * The icon a server without one shows before the first letter of its name: Discord's default images (one of six,
 * chosen by the id's timestamp as Discord does for new accounts); the demo's local default.
 */
export function defaultGuildIconUrl(platform: Pick<PlatformAdapter, "kind">, guildId: string): string {
  if (platform.kind === "demo") return "/images/default-avatar.svg";
  return `https://cdn.discordapp.com/embed/avatars/${Number((BigInt(guildId) >> 22n) % 6n)}.png`;
}

/** GET /guilds, GET /guilds/{guildId}, GET /{guildId}/permissions. */
export default async function guildRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ["Guilds"];

  app.get(
    "/guilds",
    { onRequest: authenticate, schema: { tags, summary: "Servers the user may manage or staffs", response: { 200: s.guildList } } },
    async (request) => {
      const entries = await listAccessibleGuilds(app, request.user!);
      const guilds: GuildInList[] = entries.map(({ guild }) => ({
        id: guild.id,
        name: guild.name,
        icon_url: guild.icon_url,
        default_icon_url: defaultGuildIconUrl(app.platform, guild.id),
      }));
      return { guilds };
    },
  );

  app.get(
    "/guilds/removed",
    {
      onRequest: authenticate,
      schema: {
        tags,
        summary: "Servers the user manages that removed the bot, and when their data is deleted",
        response: { 200: s.removedGuildList },
      },
    },
    async (request) => {
      // Only the gateway hears the bot being removed (GUILD_DELETE); only managers may invite it back.
      if (app.platform.kind !== "discord") return { guilds: [] };
      const managed = (await app.platform.listUserGuilds(request.user!)).filter((g) => managerAccess(g) !== null);
      const byId = new Map(managed.map((g) => [g.id, g]));
      const departures = await departuresOf(app.db, [...byId.keys()]);
      const guilds: RemovedGuild[] = departures
        .sort((a, b) => a.purge_at - b.purge_at)
        .map((d) => {
          const guild = byId.get(d.guild_id)!;
          return {
            id: guild.id,
            name: guild.name,
            icon_url: guild.icon_url,
            default_icon_url: defaultGuildIconUrl(app.platform, guild.id),
            removed_at: d.removed_at,
            purge_at: d.purge_at,
            invite_url: botInviteUrl(app.platform.botUserId, guild.id),
          };
        });
      return { guilds };
    },
  );

  app.get(
    "/guilds/:guildId(^\\d+$)",
    { onRequest: guard(), schema: { tags, summary: "Server information", params: guildParams, response: { 200: s.guildInfo } } },
    async (request) => {
      const guild = await app.platform.getGuild(request.params.guildId);
      const info: GuildInfo = {
        name: guild.name,
        id: guild.id,
        icon_url: guild.icon_url,
        member_count: guild.member_count,
        roles: guild.roles.length,
        channels: guild.channel_count,
        boosts: guild.boosts,
        owner: guild.owner.username,
        owner_avatar: guild.owner.avatar_url,
      };
      return info;
    },
  );

  app.get(
    "/:guildId(^\\d+$)/permissions",
    {
      onRequest: guard(),
      schema: { tags, summary: "The caller's access in the server", params: guildParams, response: { 200: s.guildAccess } },
    },
    async (request) => {
      const access: GuildAccess = request.access!;
      return access;
    },
  );
}
