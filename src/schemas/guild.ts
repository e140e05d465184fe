import { z } from "zod";

/** A server of the picker and the sidebar (§3). */
export const guildInListSchema = z.object({
  id: z.string(),
  name: z.string(),
  icon_url: z.string().nullable(),
  default_icon_url: z.string().nullable(),
});
export type GuildInList = z.infer<typeof guildInListSchema>;
export const guildListResponseSchema = z.object({ guilds: z.array(guildInListSchema) });

/**
 * A server the user manages that removed the bot (seen by the gateway, DISCORD_GATEWAY=1): when it left, and when its
 * data is deleted unless the bot is invited back (GUILD_RETENTION_DAYS after it left).
 */
export const removedGuildSchema = z.object({
  id: z.string(),
  name: z.string(),
  icon_url: z.string().nullable(),
  default_icon_url: z.string().nullable(),
  removed_at: z.number(),
  purge_at: z.number(),
  /** The bot's invite link for this server (with exactly the permissions it uses). */
  invite_url: z.string(),
});
export type RemovedGuild = z.infer<typeof removedGuildSchema>;
export const removedGuildListResponseSchema = z.object({ guilds: z.array(removedGuildSchema) });

/** Server information of /{guildId} (§3). */
export const guildInfoSchema = z.object({
  name: z.string(),
  id: z.string(),
  icon_url: z.string().nullable(),
  member_count: z.number(),
  roles: z.number(),
  channels: z.number(),
  boosts: z.number(),
  owner: z.string(),
  owner_avatar: z.string().nullable(),
});
export type GuildInfo = z.infer<typeof guildInfoSchema>;

/** The first letter shown when a server has no icon (§2). */
export const guildInitial = (name: string) => (name.trim()[0] ?? "?").toUpperCase();

/** Server search of §5: case-insensitive substring of the name. */
export const matchesServerSearch = (name: string, query: string) => name.toLowerCase().includes(query.trim().toLowerCase());
