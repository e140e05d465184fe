// The one place that talks to the chat platform. The demo adapter serves seeded guilds; the Discord adapter
// uses Discord's REST API. Routes and the access check only ever see these shapes.

/** The signed-in user as the adapter needs them (Discord mode: with the user's OAuth tokens). */
export interface PlatformUser {
  id: string;
  username: string;
  avatar: string | null;
  accessToken?: string | null;
  refreshToken?: string | null;
  tokenExpiresAt?: number | null;
}

/** A guild of the user's own guild list, with what the user is there. */
export interface UserGuild {
  id: string;
  name: string;
  /** Icon URL (absolute CDN URL or local path), or null. */
  icon_url: string | null;
  owner: boolean;
  /** The member's permission bitfield in that guild, as a decimal string. */
  permissions: string;
  /** The member's role ids, when the list already knows them (demo); otherwise ask getMemberRoles. */
  roles?: string[];
}

export interface GuildRole {
  id: string;
  name: string;
  position: number;
}

export interface GuildChannel {
  id: string;
  name: string;
  position: number;
  /** Category id of a text channel. */
  parent_id?: string | null;
}

export interface GuildEmoji {
  id: string;
  name: string;
  url: string;
}

export interface GuildOwner {
  id: string;
  username: string;
  /** Avatar URL (absolute CDN URL or local path), or null. */
  avatar_url: string | null;
}

/** Full guild data the dashboard needs (server info, roles for teams, channels for panels and settings). */
export interface PlatformGuild {
  id: string;
  name: string;
  icon_url: string | null;
  /** Roles without @everyone, highest position first. */
  roles: GuildRole[];
  text_channels: GuildChannel[];
  categories: GuildChannel[];
  emojis: GuildEmoji[];
  member_count: number;
  boosts: number;
  owner: GuildOwner;
}

/** A guild the bot is in (for the landing page's totals). */
export interface BotGuild {
  id: string;
  member_count: number;
}

/** A panel message: embed(s) and components in Discord's message format. */
export interface PanelMessagePayload {
  content?: string;
  embeds?: unknown[];
  components?: unknown[];
}

export interface PlatformAdapter {
  readonly kind: "demo" | "discord";
  /** The user's guilds (cached about a minute per user). */
  listUserGuilds(user: PlatformUser): Promise<UserGuild[]>;
  /** The member's role ids in a guild (cached about a minute); [] when not a member. */
  getMemberRoles(guildId: string, userId: string): Promise<string[]>;
  /** The guilds the bot is in. */
  listBotGuilds(): Promise<BotGuild[]>;
  /** Guild data; throws PlatformNotFoundError when the guild is unknown or the bot is not in it. */
  getGuild(guildId: string): Promise<PlatformGuild>;
  /** A role joined or left a staff team: the adapter checks the role exists and syncs what it needs to. */
  applyTeamRole(guildId: string, teamId: number | string, roleId: string, op: "add" | "remove"): Promise<void>;
  /** Sends (or resends) a panel message to a channel; returns the message id. */
  sendPanelMessage(guildId: string, channelId: string, payload: PanelMessagePayload): Promise<string>;
  /** Forgets cached data of a user (after sign-in, so a new session sees fresh permissions). */
  forgetUser(userId: string): void;
}

/** Permission bits of the platform that grant every team permission (§6 decision). */
export const ADMINISTRATOR = 0x8n;
export const MANAGE_GUILD = 0x20n;

export function hasBit(permissions: string, bit: bigint): boolean {
  try {
    return (BigInt(permissions) & bit) === bit;
  } catch {
    return false;
  }
}
