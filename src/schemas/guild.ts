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
export const matchesServerSearch = (name: string, query: string) =>
  name.toLowerCase().includes(query.trim().toLowerCase());
