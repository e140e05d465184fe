import type { APIAllowedMentions, APIEmbed } from "discord-api-types/v10";
import type { MentionNames } from "../../src/schemas/message-parts";

declare module "fastify" {
  interface FastifyInstance {
    platform: PlatformAdapter;
  }
}

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
  /** Every channel of the guild: text, voice, stage, forum, announcement and categories. */
  channel_count: number;
  boosts: number;
  owner: GuildOwner;
}

/** A guild the bot is in (for the landing page's totals). */
export interface BotGuild {
  id: string;
  member_count: number;
}

/**
 * A message the bot sends, in Discord's format. `allowed_mentions` is required: every message names exactly whom it
 * may ping (never @everyone, never a role it was not told to).
 */
export interface BotMessage {
  content?: string;
  embeds?: APIEmbed[];
  components?: unknown[];
  allowed_mentions: APIAllowedMentions;
  /** 64: only the caller sees it (interaction replies). */
  flags?: number;
}

/**
 * A file a bot's answer attaches (at most discordLimits.uploadBytes). An interaction's first answer is JSON, so on
 * Discord an answer with a file is deferred and the file goes with the edit (server/discord/endpoint.ts).
 */
export interface BotFile {
  name: string;
  contentType: string;
  data: Buffer;
}

/** A panel message: embed(s) and components in Discord's message format. */
export type PanelMessagePayload = BotMessage;

/** Discord's permission overwrite: type 0 a role, 1 a member; bitfields as decimal strings. */
export interface PermissionOverwrite {
  id: string;
  type: 0 | 1;
  allow: string;
  deny: string;
}

export interface TicketChannelInput {
  name: string;
  /** The category the channel goes in, or null. */
  parentId: string | null;
  topic?: string;
  overwrites: PermissionOverwrite[];
}

/** What a ticket step changes of its channel (Discord's Modify Channel: name, permission_overwrites, parent_id). */
export interface ChannelPatch {
  name?: string;
  overwrites?: PermissionOverwrite[];
  /** The category the channel moves into; null: out of any category. */
  parentId?: string | null;
}

/** A channel the bot can see: what the engine needs of it. */
export interface PlatformChannel {
  id: string;
  guildId: string | null;
  name: string;
  /** The newest message's id (a snowflake: its time is in it), or null. */
  lastMessageId: string | null;
  /** When the newest message was written, where the platform knows better than its id (the demo's clock per server). */
  lastMessageAt?: number | null;
  overwrites: PermissionOverwrite[];
}

/** An embed of a message as read back: every part Discord gives (./message-read.ts reads it). */
export interface ChannelEmbed {
  title?: string;
  description?: string;
  url?: string;
  color?: number;
  /** Epoch milliseconds. */
  timestamp?: number;
  author?: { name: string; url?: string; icon_url?: string };
  fields?: { name: string; value: string; inline?: boolean }[];
  footer?: { text: string; icon_url?: string };
  image?: { url: string };
  thumbnail?: { url: string };
}

/** A message as read back from a channel (for the ticket page and transcripts): every part of it. */
export interface ChannelMessage {
  id: string;
  author: { id: string; username: string; bot: boolean };
  content: string;
  embeds: ChannelEmbed[];
  attachments: { name: string; url: string; size?: number; content_type?: string }[];
  stickers?: { name: string }[];
  /** The message this one replies to: its id, and its author and text when the platform says. */
  reply?: { message_id: string; author?: string; content?: string };
  /** Users the content mentions, named as the platform gave them with the message (Discord's `mentions`). */
  mentioned_users?: { id: string; name: string }[];
  /** The names of what the message mentions, captured when the bot read it (server/tickets/message-record.ts). */
  names?: MentionNames;
  /** Epoch milliseconds. */
  timestamp: number;
  /** The author's avatar URL (absolute, or a local path on the demo platform), when the platform says. */
  avatar?: string | null;
}

/** A member of a guild as the engine needs them. */
export interface GuildMember {
  id: string;
  username: string;
  avatar: string | null;
  roles: string[];
}

/** A text channel or category as Bot setup sees it: where it is and what the bot may do there. */
export interface BotChannelFacts {
  id: string;
  name: string;
  kind: "text" | "category";
  /** Its category (text channels), or null. */
  parentId: string | null;
  /** The bot's effective permissions there (Discord's algorithm, overwrites applied), as a decimal string. */
  permissions: string;
}

/** What Bot setup checks, as the platform tells it (server/bot-setup/check.ts turns it into problems). */
export interface BotSetupFacts {
  /** The application's id: the invite link's client_id. */
  applicationId: string;
  /** The bot's permissions server-wide (@everyone and its roles; everything as owner or Administrator), decimal string. */
  serverPermissions: string;
  /** The guild's text channels and categories, each with the bot's permissions in it. */
  channels: BotChannelFacts[];
  /** Channels in each category (every type: Discord's 50 counts them all), by category id. */
  channelsPerCategory: Record<string, number>;
  /** Channels in the guild, categories included (Discord's 500). */
  channelCount: number;
  /** The application's flags (GET /applications/@me). */
  applicationFlags: number;
  /** The registered global commands as the registry labels them: "/close", and "/panel resend" for each subcommand. */
  commandNames: string[];
  /** When these were read from the platform (epoch ms). */
  readAt: number;
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
  /**
   * What Bot setup checks in a guild. Cached about 30 s per guild, so the card cannot hammer the platform; `fresh`
   * (the owner's "Check again") accepts cached facts only a few seconds old; `readAfter` only facts read after that
   * time (what the bot holds now that Discord refused it something).
   */
  botSetupFacts(guildId: string, options?: { fresh?: boolean; readAfter?: number }): Promise<BotSetupFacts>;

  // ---- the ticket engine (server/tickets/) ----
  /** The bot's own user id (its overwrite in ticket channels). */
  readonly botUserId: string;
  /** Creates a text channel with its permission overwrites; returns its id. */
  createTicketChannel(guildId: string, input: TicketChannelInput): Promise<string>;
  /** The channel, or null when it is gone (deleted by hand). */
  getChannel(channelId: string): Promise<PlatformChannel | null>;
  /**
   * Renames a channel, rewrites its overwrites, moves it into another category (`parentId`; null: none). A name
   * change counts towards Discord's two renames per channel per ten minutes (PlatformRefusedError "rateLimited"); a
   * full category is "categoryFull".
   */
  editChannel(channelId: string, patch: ChannelPatch): Promise<void>;
  /** Deletes a channel; one already gone counts as deleted. */
  deleteChannel(channelId: string): Promise<void>;
  sendMessage(channelId: string, message: BotMessage): Promise<string>;
  editMessage(channelId: string, messageId: string, message: BotMessage): Promise<void>;
  /**
   * Up to 100 messages before `before` (or the newest), newest first; [] when the channel is gone. `after` (the live
   * read of the help desk): the (up to 100) oldest messages after that one instead, still newest first.
   */
  readMessages(channelId: string, before?: string, after?: string): Promise<ChannelMessage[]>;
  /** A direct message from the bot (on behalf of `guildId`: the demo stamps it with that server's clock); null when the user does not accept them. */
  sendDirectMessage(userId: string, message: BotMessage, guildId?: string): Promise<{ channelId: string; messageId: string } | null>;
  /** A member of the guild, or null when they are not (any more). */
  getMember(guildId: string, userId: string): Promise<GuildMember | null>;
  // ---- Tickets as private threads of the panel's channel
  /** A private thread (type 12, not invitable) of a text channel; returns its id. */
  createTicketThread(guildId: string, channelId: string, name: string): Promise<string>;
  /** Adds (or removes) a member of a thread. */
  setThreadMember(threadId: string, userId: string, add: boolean): Promise<void>;
  /** A closed ticket's thread: archived and locked, or deleted. One already gone counts as done. */
  closeThread(threadId: string, mode: "archive" | "delete"): Promise<void>;
  /**
   * The ids of the guild's text channels named `name`, newest first, read fresh (no cache): the scheduler finds the
   * channel of a ticket whose open was cut short after the channel was made. Throws when the platform cannot say.
   */
  findTextChannels(guildId: string, name: string): Promise<string[]>;
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
