import { randomBytes } from "node:crypto";
import { nextSnowflake, snowflakeTime } from "../../../server/platform/snowflake";
import {
  basePermissions,
  bits,
  DEFAULT_EVERYONE,
  hasAll,
  type Overwrite,
  overwritePermissions,
  type PermissionGuild,
  Permissions,
} from "./permissions";

// The state of the fake Discord (fake-discord.ts serves it over HTTP): users and their OAuth tokens, guilds with
// roles, members and an owner, channels (text, category, announcement, public and private threads) with permission
// overwrites, messages with snowflake ids that grow with time, DMs, the application's commands and flags, and the
// interactions whose webhooks may be used. Permissions are computed by Discord's algorithm (permissions.ts).

export const MESSAGE_CONTENT = 1 << 18; // GATEWAY_MESSAGE_CONTENT (application.mdx, "Application Flags")
export const MESSAGE_CONTENT_LIMITED = 1 << 19; // GATEWAY_MESSAGE_CONTENT_LIMITED

export const ChannelType = { GuildText: 0, DM: 1, GuildCategory: 4, GuildAnnouncement: 5, PublicThread: 11, PrivateThread: 12 } as const;
export type FakeChannelType = (typeof ChannelType)[keyof typeof ChannelType];
export const THREADS: ReadonlySet<number> = new Set<number>([ChannelType.PublicThread, ChannelType.PrivateThread]);

/** What a bot invited with least privilege for tickets gets (no Administrator). */
export const TICKET_BOT_PERMISSIONS =
  Permissions.VIEW_CHANNEL |
  Permissions.SEND_MESSAGES |
  Permissions.EMBED_LINKS |
  Permissions.ATTACH_FILES |
  Permissions.READ_MESSAGE_HISTORY |
  Permissions.MANAGE_CHANNELS |
  Permissions.MANAGE_ROLES |
  Permissions.SEND_MESSAGES_IN_THREADS |
  Permissions.CREATE_PRIVATE_THREADS |
  Permissions.MANAGE_THREADS;

export type Json = Record<string, unknown>;
export type Bits = bigint | string | number;

export interface FakeUser {
  id: string;
  username: string;
  globalName: string | null;
  avatar: string | null;
  bot: boolean;
  /** Off: the user takes no DMs from this server's members (sending answers 403 50007). */
  acceptsDms: boolean;
}

export interface FakeRole {
  id: string;
  name: string;
  permissions: bigint;
  position: number;
  managed: boolean;
  mentionable: boolean;
}

export interface FakeMember {
  userId: string;
  roles: string[];
  nick: string | null;
  joinedAt: number;
}

export interface FakeGuild {
  id: string;
  name: string;
  ownerId: string;
  icon: string | null;
  roles: Map<string, FakeRole>;
  members: Map<string, FakeMember>;
  emojis: { id: string; name: string; animated: boolean }[];
  premiumSubscriptionCount: number;
}

export type FakeOverwrite = Overwrite;

export interface FakeChannel {
  id: string;
  type: FakeChannelType;
  guildId: string | null;
  name: string;
  topic: string | null;
  position: number;
  parentId: string | null;
  overwrites: FakeOverwrite[];
  /** DM: the other user. */
  recipientId?: string;
  /** Threads. */
  ownerId?: string;
  archived?: boolean;
  locked?: boolean;
  invitable?: boolean;
  threadMembers?: Set<string>;
  /** Times of the requests that changed name or topic (Discord allows two per ten minutes). */
  renames: number[];
}

export interface FakeMessage {
  id: string;
  channelId: string;
  authorId: string;
  content: string;
  embeds: unknown[];
  components: unknown[];
  attachments: unknown[];
  /** Users the content mentions (<@id>). */
  mentions: string[];
  timestamp: number;
  editedAt: number | null;
  /** The body the bot sent (bot messages only), to look at what the product asked for. */
  request?: Json;
}

export interface FakeInteraction {
  token: string;
  channelId: string | null;
  guildId: string | null;
  createdAt: number;
  /** The interaction's original answer as edited through its webhook (PATCH …/messages/@original). */
  original: Json | null;
  edits: Json[];
  followups: Json[];
  /** The files the edits attached (multipart), in order. */
  files: { name: string; type: string; data: Buffer }[];
}

export interface GuildInput {
  id?: string;
  name: string;
  ownerId: string;
  icon?: string | null;
  /** @everyone's permissions (default: the client's usual set). */
  everyone?: Bits;
  /** The bot's role's permissions (default TICKET_BOT_PERMISSIONS); null: the bot is not in the guild. */
  botPermissions?: Bits | null;
  emojis?: { id: string; name: string; animated?: boolean }[];
  premiumSubscriptionCount?: number;
}

export interface ChannelInput {
  id?: string;
  name: string;
  type?: FakeChannelType;
  parentId?: string | null;
  topic?: string | null;
  position?: number;
  overwrites?: { id: string; type: 0 | 1; allow?: Bits; deny?: Bits }[];
}

/**
 * What happened in the world, as the gateway tells it (fake-gateway.ts turns each into a dispatch): every change a
 * client or a member makes, with the thing as it was at that moment (a deleted channel or message is gone after).
 */
export type WorldEvent =
  | { kind: "messageCreate"; message: FakeMessage; channel: FakeChannel }
  | { kind: "messageUpdate"; message: FakeMessage; channel: FakeChannel }
  | { kind: "messageDelete"; message: FakeMessage; channel: FakeChannel }
  | { kind: "channelCreate"; channel: FakeChannel }
  | { kind: "channelDelete"; channel: FakeChannel; visibleToBot: boolean }
  | { kind: "memberAdd"; guild: FakeGuild; member: FakeMember }
  | { kind: "memberRemove"; guild: FakeGuild; userId: string }
  | { kind: "guildCreate"; guild: FakeGuild }
  | { kind: "guildDelete"; guild: FakeGuild };

const mentionsIn = (content: string) => [...content.matchAll(/<@!?(\d{15,21})>/g)].map((m) => m[1]);

export class DiscordWorld {
  readonly users = new Map<string, FakeUser>();
  readonly guilds = new Map<string, FakeGuild>();
  readonly channels = new Map<string, FakeChannel>();
  /** Every channel's messages, oldest first. */
  readonly messages = new Map<string, FakeMessage[]>();
  readonly deletedChannels: string[] = [];
  readonly interactions = new Map<string, FakeInteraction>();
  /** The application's global commands as the last bulk overwrite left them. */
  commands: Json[] = [];
  readonly codes = new Map<string, { userId: string; redirectUri: string | null }>();
  readonly accessTokens = new Map<string, string>();
  readonly refreshTokens = new Map<string, string>();
  private readonly watchers: ((event: WorldEvent) => void)[] = [];

  constructor(
    /** The application's id, which is also the bot user's id. */
    readonly applicationId: string,
    botName: string,
    /** Application flags (GET /applications/@me). */
    public applicationFlags: number,
  ) {
    this.addUser({ id: applicationId, username: botName, bot: true });
  }

  /** Hears every change (the fake gateway); returns the undo. */
  watch(listener: (event: WorldEvent) => void): () => void {
    this.watchers.push(listener);
    return () => {
      const i = this.watchers.indexOf(listener);
      if (i >= 0) this.watchers.splice(i, 1);
    };
  }

  protected emit(event: WorldEvent): void {
    for (const listener of this.watchers) listener(event);
  }

  // ---- building the world -------------------------------------------------------------------------------------

  addUser(input: {
    id?: string;
    username: string;
    globalName?: string | null;
    avatar?: string | null;
    bot?: boolean;
    acceptsDms?: boolean;
  }): FakeUser {
    const user: FakeUser = {
      id: input.id ?? nextSnowflake(),
      username: input.username,
      globalName: input.globalName ?? null,
      avatar: input.avatar ?? null,
      bot: input.bot === true,
      acceptsDms: input.acceptsDms !== false,
    };
    this.users.set(user.id, user);
    return user;
  }

  /** Whether a user takes DMs from the bot (off: 403 50007). */
  setAcceptsDms(userId: string, accepts: boolean): void {
    this.user(userId).acceptsDms = accepts;
  }

  addGuild(input: GuildInput): FakeGuild {
    const id = input.id ?? nextSnowflake();
    const guild: FakeGuild = {
      id,
      name: input.name,
      ownerId: input.ownerId,
      icon: input.icon ?? null,
      roles: new Map([
        [
          id,
          {
            id,
            name: "@everyone",
            permissions: input.everyone === undefined ? DEFAULT_EVERYONE : bits(input.everyone),
            position: 0,
            managed: false,
            mentionable: false,
          },
        ],
      ]),
      members: new Map(),
      emojis: (input.emojis ?? []).map((e) => ({ ...e, animated: e.animated === true })),
      premiumSubscriptionCount: input.premiumSubscriptionCount ?? 0,
    };
    this.guilds.set(id, guild);
    if (!this.users.has(input.ownerId)) this.addUser({ id: input.ownerId, username: `owner${input.ownerId.slice(-4)}` });
    this.addMember(id, input.ownerId);
    if (input.botPermissions !== null) {
      // An invited bot gets a managed role of its own holding the permissions it was invited with.
      const role = this.addRole(id, {
        name: this.user(this.applicationId).username,
        permissions: input.botPermissions ?? TICKET_BOT_PERMISSIONS,
        managed: true,
      });
      this.addMember(id, this.applicationId, { roles: [role.id] });
    }
    return guild;
  }

  addRole(
    guildId: string,
    input: { id?: string; name: string; permissions?: Bits; position?: number; managed?: boolean; mentionable?: boolean },
  ): FakeRole {
    const guild = this.guild(guildId);
    const role: FakeRole = {
      id: input.id ?? nextSnowflake(),
      name: input.name,
      permissions: bits(input.permissions ?? 0n),
      position: input.position ?? Math.max(...[...guild.roles.values()].map((r) => r.position)) + 1,
      managed: input.managed === true,
      mentionable: input.mentionable === true,
    };
    guild.roles.set(role.id, role);
    return role;
  }

  /** The permissions of the bot's own (managed) role in a guild, e.g. Permissions.ADMINISTRATOR. */
  setBotPermissions(guildId: string, permissions: Bits): void {
    const guild = this.guild(guildId);
    const member = guild.members.get(this.applicationId);
    const role = member && [...guild.roles.values()].find((r) => r.managed && member.roles.includes(r.id));
    if (!role) throw new Error(`the bot has no role of its own in guild ${guildId}`);
    role.permissions = bits(permissions);
  }

  addMember(guildId: string, userId: string, input: { roles?: string[]; nick?: string | null } = {}): FakeMember {
    const guild = this.guild(guildId);
    if (!this.users.has(userId)) this.addUser({ id: userId, username: `user${userId.slice(-4)}` });
    const member: FakeMember = { userId, roles: input.roles ?? [], nick: input.nick ?? null, joinedAt: Date.now() };
    const joined = !guild.members.has(userId);
    guild.members.set(userId, member);
    if (userId === this.applicationId && joined) this.emit({ kind: "guildCreate", guild });
    else if (joined) this.emit({ kind: "memberAdd", guild, member });
    return member;
  }

  /** A member leaves (or is kicked or banned). */
  removeMember(guildId: string, userId: string): void {
    const guild = this.guild(guildId);
    if (!guild.members.delete(userId)) return;
    this.emit({ kind: "memberRemove", guild, userId });
  }

  /** The bot is removed from a guild (kicked, or the server deleted): its role and member go. */
  removeBot(guildId: string): void {
    const guild = this.guild(guildId);
    const member = guild.members.get(this.applicationId);
    if (!member) return;
    guild.members.delete(this.applicationId);
    for (const roleId of member.roles) if (guild.roles.get(roleId)?.managed) guild.roles.delete(roleId);
    this.emit({ kind: "guildDelete", guild });
  }

  addChannel(guildId: string, input: ChannelInput): FakeChannel {
    this.guild(guildId);
    const channel: FakeChannel = {
      id: input.id ?? nextSnowflake(),
      type: input.type ?? ChannelType.GuildText,
      guildId,
      name: input.name,
      topic: input.topic ?? null,
      position: input.position ?? this.channelsOf(guildId).length,
      parentId: input.parentId ?? null,
      overwrites: (input.overwrites ?? []).map((o) => ({ id: o.id, type: o.type, allow: bits(o.allow), deny: bits(o.deny) })),
      renames: [],
    };
    this.channels.set(channel.id, channel);
    this.messages.set(channel.id, []);
    this.emit({ kind: "channelCreate", channel });
    return channel;
  }

  /** A channel deleted by someone else (a moderator, by hand), or by the bot (fake-discord.ts). */
  removeChannel(channelId: string): void {
    const channel = this.channels.get(channelId);
    if (!channel) return;
    const visibleToBot =
      channel.type === ChannelType.DM || hasAll(this.permissionsIn(channel, this.applicationId), Permissions.VIEW_CHANNEL);
    this.channels.delete(channelId);
    this.deletedChannels.push(channelId);
    this.emit({ kind: "channelDelete", channel, visibleToBot });
  }

  /** A member writes in a channel (must be able to see it and send there, as in Discord). */
  postAs(userId: string, channelId: string, content: string, extra: { embeds?: unknown[]; attachments?: unknown[] } = {}): FakeMessage {
    const channel = this.channel(channelId);
    if (!channel) throw new Error(`postAs: unknown channel ${channelId}`);
    if (channel.guildId) {
      const perms = this.permissionsIn(channel, userId);
      const send = THREADS.has(channel.type) ? Permissions.SEND_MESSAGES_IN_THREADS : Permissions.SEND_MESSAGES;
      if (!hasAll(perms, Permissions.VIEW_CHANNEL | send)) throw new Error(`postAs: ${userId} cannot write in ${channelId}`);
    }
    return this.storeMessage(channelId, userId, {
      content,
      embeds: extra.embeds ?? [],
      components: [],
      attachments: extra.attachments ?? [],
    });
  }

  /** A member edits their message (Discord sends MESSAGE_UPDATE). */
  editAs(userId: string, messageId: string, content: string): FakeMessage {
    const message = this.findMessage(messageId);
    if (!message || message.authorId !== userId) throw new Error(`editAs: ${userId} has no message ${messageId}`);
    return this.changeMessage(message, { content });
  }

  /** A message is deleted (by its author or a moderator). */
  deleteMessage(messageId: string): void {
    const message = this.findMessage(messageId);
    if (!message) throw new Error(`deleteMessage: unknown message ${messageId}`);
    const list = this.messages.get(message.channelId)!;
    list.splice(list.indexOf(message), 1);
    const channel = this.channels.get(message.channelId);
    if (channel) this.emit({ kind: "messageDelete", message, channel });
  }

  /** Authorizes a user: an OAuth2 code for the token exchange (redirect_uri checked when given). */
  authorizationCode(userId: string, redirectUri: string | null = null, code = randomBytes(12).toString("hex")): string {
    this.user(userId);
    this.codes.set(code, { userId, redirectUri });
    return code;
  }

  /** A valid OAuth2 access token of a user (as if the exchange had happened). */
  accessToken(userId: string, token = randomBytes(16).toString("hex")): string {
    this.user(userId);
    this.accessTokens.set(token, userId);
    return token;
  }

  /** A refresh token of a user, for the refresh grant. */
  refreshToken(userId: string, token = randomBytes(16).toString("hex")): string {
    this.refreshTokens.set(token, userId);
    return token;
  }

  /** Makes an interaction's token known (the interaction helper does it before posting). */
  registerInteraction(token: string, where: { channelId?: string | null; guildId?: string | null } = {}): FakeInteraction {
    const interaction: FakeInteraction = {
      token,
      channelId: where.channelId ?? null,
      guildId: where.guildId ?? null,
      createdAt: Date.now(),
      original: null,
      edits: [],
      files: [],
      followups: [],
    };
    this.interactions.set(token, interaction);
    return interaction;
  }

  // ---- reading the world --------------------------------------------------------------------------------------

  user(id: string): FakeUser {
    const user = this.users.get(id);
    if (!user) throw new Error(`unknown user ${id}`);
    return user;
  }

  guild(id: string): FakeGuild {
    const guild = this.guilds.get(id);
    if (!guild) throw new Error(`unknown guild ${id}`);
    return guild;
  }

  channel(id: string): FakeChannel | undefined {
    return this.channels.get(id);
  }

  /** A guild's channels and threads, by position. */
  channelsOf(guildId: string): FakeChannel[] {
    return [...this.channels.values()].filter((c) => c.guildId === guildId).sort((a, b) => a.position - b.position);
  }

  /** A channel's messages, oldest first. */
  messagesIn(channelId: string): FakeMessage[] {
    return this.messages.get(channelId) ?? [];
  }

  /** The DM channel of the bot and a user, once one was opened. */
  dmWith(userId: string): FakeChannel | undefined {
    return [...this.channels.values()].find((c) => c.type === ChannelType.DM && c.recipientId === userId);
  }

  /** The DM channel of the bot and a user, opened now if it was not (the user writes to the bot first). */
  dmChannelOf(userId: string): FakeChannel {
    let dm = this.dmWith(userId);
    if (!dm) {
      dm = {
        id: nextSnowflake(),
        type: ChannelType.DM,
        guildId: null,
        name: "",
        topic: null,
        position: 0,
        parentId: null,
        overwrites: [],
        recipientId: userId,
        renames: [],
      };
      this.channels.set(dm.id, dm);
      this.messages.set(dm.id, []);
    }
    return dm;
  }

  /** A member's permissions in a guild channel (Discord's algorithm; threads take their parent's overwrites). */
  permissionsIn(channel: FakeChannel, userId: string): bigint {
    if (!channel.guildId) return 0n;
    const guild = this.guild(channel.guildId);
    const member = guild.members.get(userId);
    if (!member) return 0n;
    const pg = this.permissionGuild(guild);
    const m = { userId, roles: member.roles };
    const base = basePermissions(pg, m);
    if (THREADS.has(channel.type)) {
      const parent = channel.parentId ? this.channels.get(channel.parentId) : undefined;
      let perms = overwritePermissions(base, guild.id, m, parent?.overwrites ?? []);
      // A private thread shows only to its members and to those who manage threads.
      if (channel.type === ChannelType.PrivateThread && !channel.threadMembers?.has(userId) && !hasAll(perms, Permissions.MANAGE_THREADS))
        perms &= ~Permissions.VIEW_CHANNEL;
      return perms;
    }
    return overwritePermissions(base, guild.id, m, channel.overwrites);
  }

  /** A member's permissions in a guild (roles only). */
  guildPermissions(guildId: string, userId: string): bigint {
    const guild = this.guild(guildId);
    const member = guild.members.get(userId);
    return member ? basePermissions(this.permissionGuild(guild), { userId, roles: member.roles }) : 0n;
  }

  /** The bot's permissions in a channel (an interaction's app_permissions). */
  botPermissionsIn(channelId: string): bigint {
    const channel = this.channels.get(channelId);
    return channel ? this.permissionsIn(channel, this.applicationId) : 0n;
  }

  permissionGuild(guild: FakeGuild): PermissionGuild {
    return { id: guild.id, ownerId: guild.ownerId, rolePermissions: (id) => guild.roles.get(id)?.permissions };
  }

  /** The Message Content intent (either of its two application flags). */
  hasMessageContentIntent(): boolean {
    return (this.applicationFlags & (MESSAGE_CONTENT | MESSAGE_CONTENT_LIMITED)) !== 0;
  }

  /** Keeps a message; its id (and so its time) comes from the clock. */
  storeMessage(
    channelId: string,
    authorId: string,
    m: { content: string; embeds: unknown[]; components: unknown[]; attachments: unknown[]; request?: Json },
  ): FakeMessage {
    const id = nextSnowflake();
    const message: FakeMessage = {
      id,
      channelId,
      authorId,
      ...m,
      mentions: mentionsIn(m.content),
      timestamp: snowflakeTime(id),
      editedAt: null,
    };
    this.messages.get(channelId)?.push(message);
    const channel = this.channels.get(channelId);
    if (channel) this.emit({ kind: "messageCreate", message, channel });
    return message;
  }

  /** A message's new content, embeds or components (an edit): stamped, and told. */
  changeMessage(message: FakeMessage, change: { content?: string; embeds?: unknown[]; components?: unknown[] }): FakeMessage {
    if (change.content !== undefined) {
      message.content = change.content;
      message.mentions = mentionsIn(change.content);
    }
    if (change.embeds !== undefined) message.embeds = change.embeds;
    if (change.components !== undefined) message.components = change.components;
    message.editedAt = Date.now();
    const channel = this.channels.get(message.channelId);
    if (channel) this.emit({ kind: "messageUpdate", message, channel });
    return message;
  }

  findMessage(messageId: string): FakeMessage | undefined {
    for (const list of this.messages.values()) {
      const found = list.find((m) => m.id === messageId);
      if (found) return found;
    }
    return undefined;
  }
}
