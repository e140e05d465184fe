import { DiscordAPIError, HTTPError, RateLimitError, REST, type RequestData, type RouteLike } from "@discordjs/rest";
import {
  type APIApplication,
  type APIApplicationCommand,
  type APIChannel,
  type APIGuild,
  type APIGuildMember,
  type APIMessage,
  type APIPartialGuild,
  type APIUser,
  ChannelType,
  type RESTPostOAuth2AccessTokenResult,
  Routes,
} from "discord-api-types/v10";
import { authMessages } from "../../src/schemas/messages";
import { PlatformAuthError, PlatformNotFoundError, PlatformRefusedError, PlatformUnavailableError } from "../errors";
import type {
  BotChannelFacts,
  BotFile,
  BotGuild,
  BotMessage,
  BotSetupFacts,
  ChannelMessage,
  ChannelPatch,
  GuildChannel,
  GuildMember,
  PanelMessagePayload,
  PermissionOverwrite,
  PlatformAdapter,
  PlatformChannel,
  PlatformGuild,
  PlatformUser,
  TicketChannelInput,
  UserGuild,
} from "./adapter";
import { TtlCache } from "./cache";
import { InvalidRequestGuard } from "./invalid-requests";
import { fromDiscordMessage } from "./message-read";
import { type ApplicationCommandBody, commandLabels } from "./command-labels";
import { PROXY_SECRET_HEADER } from "../proxy-secret";
import { basePermissions, channelPermissions, type MemberInGuild } from "./permissions";

// Discord's REST API through @discordjs/rest, the client discord.js itself uses: it keeps the per-route buckets
// and the global limit, waits the `retry_after` Discord asks for, and retries 5xx answers and timeouts a bounded
// number of times. We only map its errors onto ours: 401 of a user token → PlatformAuthError (sign in again),
// 403/404 → PlatformNotFoundError, refusals a member or an owner can act on (50013 Missing Permissions, a full
// category or server, a rate limit longer than we wait) → PlatformRefusedError, anything else (5xx after the
// retries, network) → PlatformUnavailableError (502 for the caller). Every answer is counted towards Discord's
// invalid-request limit (invalid-requests.ts); past our own line the bot stops sending for a while. With
// DISCORD_REST_PROXY the bot's requests go through one @discordjs/proxy that every instance shares, so the buckets
// and the global limit are counted once for all of them (the proxy then does the counting), each request carrying
// DISCORD_PROXY_SECRET. Guild data uses the bot token; the user's own guild list their OAuth token (a second client,
// so a user's buckets never hold up the bot's). Interaction answers finished through the interaction's webhook go
// to Discord directly, without the bot's token, from a third client: Discord does not bind interaction endpoints to
// the bot's global limit, so a global 429 of the bot (here or at the shared proxy) never holds a member's answer.

const CDN = "https://cdn.discordapp.com";

/** Discord answered with an unexpected 4xx (for OAuth: 400 invalid_grant). Still a 502 for our caller. */
export class PlatformRejectedError extends PlatformUnavailableError {
  constructor(readonly upstreamStatus: number) {
    super(`The chat platform refused the request (${upstreamStatus}).`);
  }
}

export interface OAuthTokens {
  accessToken: string;
  refreshToken: string | null;
  /** Epoch ms. */
  expiresAt: number;
}

export interface DiscordUserProfile {
  id: string;
  username: string;
  avatar: string | null;
}

export interface DiscordOptions {
  /** Discord's API base with its version, as configured (https://discord.com/api/v10). */
  apiBase: string;
  clientId: string;
  clientSecret: string;
  botToken: string;
  /** Persists refreshed OAuth tokens of a user. */
  onTokens?: (userId: string, tokens: OAuthTokens) => Promise<void>;
  /** Retries of a 5xx answer or a timeout, after the first attempt (default 2). */
  retries?: number;
  /** Longest rate-limit wait we accept inside a request (default 10 s); a longer one fails at once. */
  maxRetryAfterMs?: number;
  /** Per-attempt timeout (default 10 s). */
  timeoutMs?: number;
  /** A @discordjs/proxy shared by every instance (scripts/discord-proxy.ts): the bot's requests go there. */
  restProxy?: string;
  /** The shared secret the proxy asks of every request (DISCORD_PROXY_SECRET), sent in PROXY_SECRET_HEADER. */
  restProxySecret?: string;
  /** Refused answers in ten minutes past which the bot stops sending (0: never; ignored behind a proxy, which counts). */
  invalidRequestLimit?: number;
  userGuildsTtlMs?: number;
  guildTtlMs?: number;
  botGuildsTtlMs?: number;
  /** How long Bot setup's facts of a guild are reused (default 30 s), and how old they may be for "Check again" (5 s). */
  botSetupTtlMs?: number;
  botSetupFreshMs?: number;
}

export type { ApplicationCommandBody } from "./command-labels";

export class DiscordPlatform implements PlatformAdapter {
  readonly kind = "discord" as const;
  readonly botUserId: string;
  private readonly bot: REST;
  private readonly asUser: REST;
  /** Interaction webhooks: no token, straight to Discord, outside the bot's global limit. */
  private readonly interactions: REST;
  private readonly userGuilds: TtlCache<UserGuild[]>;
  private readonly memberRoles: TtlCache<string[]>;
  private readonly guilds: TtlCache<PlatformGuild>;
  private readonly botGuilds: TtlCache<BotGuild[]>;
  /** Discord's invalid-request count as this process sees it. */
  readonly invalidRequests: InvalidRequestGuard;
  private readonly setupFacts: TtlCache<BotSetupFacts>;

  constructor(private readonly options: DiscordOptions) {
    // The bot's user id is the application's id for every bot made in the developer portal since 2020.
    this.botUserId = options.clientId;
    const maxWait = options.maxRetryAfterMs ?? 10_000;
    const { api, version } = splitApiBase(options.apiBase);
    this.invalidRequests = new InvalidRequestGuard(options.restProxy ? 0 : (options.invalidRequestLimit ?? 5_000));
    const guard = this.invalidRequests;
    const common = {
      api,
      version,
      retries: options.retries ?? 2,
      timeout: options.timeoutMs ?? 10_000,
      rejectOnRateLimit: (limit: { retryAfter: number; timeToReset: number }) => Math.max(limit.retryAfter, limit.timeToReset) > maxWait,
      userAgentAppendix: "Ticketeer",
      makeRequest: async (url: string, init: RequestInit) => {
        const response = await fetch(url, init);
        guard.note(response.status, response.headers.get("x-ratelimit-scope"));
        return response;
      },
    };
    const proxied = options.restProxySecret ? { headers: { [PROXY_SECRET_HEADER]: options.restProxySecret } } : {};
    const bot = options.restProxy ? { ...common, ...splitApiBase(options.restProxy), ...proxied } : common;
    this.bot = new REST(bot as ConstructorParameters<typeof REST>[0]).setToken(options.botToken);
    this.asUser = new REST({ ...common, authPrefix: "Bearer" } as ConstructorParameters<typeof REST>[0]);
    this.interactions = new REST({ ...common, globalRequestsPerSecond: Number.POSITIVE_INFINITY } as ConstructorParameters<typeof REST>[0]);
    this.userGuilds = new TtlCache(options.userGuildsTtlMs ?? 60_000);
    this.memberRoles = new TtlCache(options.userGuildsTtlMs ?? 60_000);
    this.guilds = new TtlCache(options.guildTtlMs ?? 30_000, 2000);
    this.botGuilds = new TtlCache(options.botGuildsTtlMs ?? 5 * 60_000, 1);
    this.setupFacts = new TtlCache(options.botSetupTtlMs ?? 30_000, 2000);
  }

  /** The bot's REST client (buckets, the global limit, the shared proxy): the gateway reads GET /gateway/bot with it. */
  get botRest(): REST {
    return this.bot;
  }

  // ---- OAuth2 -------------------------------------------------------------------------------------------

  authorizeUrl(state: string, redirectUri: string): string {
    const params = new URLSearchParams({
      client_id: this.options.clientId,
      response_type: "code",
      redirect_uri: redirectUri,
      scope: "identify guilds",
      state,
      prompt: "none",
    });
    // Discord's authorize page lives on the API's origin (https://discord.com), so a stub can stand in for it.
    return `${new URL(this.options.apiBase).origin}/oauth2/authorize?${params}`;
  }

  exchangeCode(code: string, redirectUri: string): Promise<OAuthTokens> {
    return this.tokenRequest({ grant_type: "authorization_code", code, redirect_uri: redirectUri });
  }

  refreshTokens(refreshToken: string): Promise<OAuthTokens> {
    return this.tokenRequest({ grant_type: "refresh_token", refresh_token: refreshToken });
  }

  async getCurrentUser(accessToken: string): Promise<DiscordUserProfile> {
    const me = await this.call<APIUser>(() => this.userCall(accessToken, Routes.user("@me")));
    return { id: me.id, username: me.global_name || me.username, avatar: me.avatar };
  }

  // ---- PlatformAdapter ----------------------------------------------------------------------------------

  listUserGuilds(user: PlatformUser): Promise<UserGuild[]> {
    return this.userGuilds.get(user.id, async () => {
      const token = await this.validAccessToken(user);
      const out: UserGuild[] = [];
      let after: string | undefined;
      for (let page = 0; page < 5; page++) {
        const query = new URLSearchParams({ limit: "200", ...(after ? { after } : {}) });
        const batch = await this.call<(APIPartialGuild & { owner?: boolean; permissions?: string })[]>(() =>
          this.userCall(token, Routes.userGuilds(), query),
        );
        for (const g of batch) {
          out.push({
            id: g.id,
            name: g.name,
            icon_url: g.icon ? `${CDN}/icons/${g.id}/${g.icon}.png` : null,
            owner: g.owner === true,
            permissions: g.permissions ?? "0",
          });
        }
        if (batch.length < 200) break;
        after = batch[batch.length - 1].id;
      }
      return out;
    });
  }

  getMemberRoles(guildId: string, userId: string): Promise<string[]> {
    return this.memberRoles.get(`${guildId}:${userId}`, async () => (await this.getMember(guildId, userId))?.roles ?? []);
  }

  listBotGuilds(): Promise<BotGuild[]> {
    return this.botGuilds.get("bot", async () => {
      const out: BotGuild[] = [];
      let after: string | undefined;
      for (let page = 0; page < 50; page++) {
        const query = new URLSearchParams({ limit: "200", with_counts: "true", ...(after ? { after } : {}) });
        const batch = await this.botGet<{ id: string; approximate_member_count?: number }[]>(Routes.userGuilds(), query);
        for (const g of batch) out.push({ id: g.id, member_count: g.approximate_member_count ?? 0 });
        if (batch.length < 200) break;
        after = batch[batch.length - 1].id;
      }
      return out;
    });
  }

  getGuild(guildId: string): Promise<PlatformGuild> {
    return this.guilds.get(guildId, () => this.fetchGuild(guildId));
  }

  async applyTeamRole(guildId: string, _teamId: number | string, roleId: string, _op: "add" | "remove"): Promise<void> {
    // Staff teams live in our database; the bot reads them. Here we only make sure the role is real.
    let guild = await this.getGuild(guildId);
    if (!guild.roles.some((r) => r.id === roleId)) {
      this.guilds.delete(guildId);
      guild = await this.getGuild(guildId);
      if (!guild.roles.some((r) => r.id === roleId)) throw new PlatformNotFoundError("Role not found");
    }
  }

  async sendPanelMessage(guildId: string, channelId: string, payload: PanelMessagePayload): Promise<string> {
    // Only to a text channel of this guild: the bot may be in other guilds the caller has no access to.
    let guild = await this.getGuild(guildId);
    if (!guild.text_channels.some((c) => c.id === channelId)) {
      this.guilds.delete(guildId);
      guild = await this.getGuild(guildId);
      if (!guild.text_channels.some((c) => c.id === channelId)) throw new PlatformNotFoundError("Channel not found");
    }
    return this.sendMessage(channelId, payload);
  }

  forgetUser(userId: string): void {
    this.userGuilds.delete(userId);
    this.memberRoles.deleteWhere((key) => key.endsWith(`:${userId}`));
  }

  botSetupFacts(guildId: string, { fresh = false, readAfter }: { fresh?: boolean; readAfter?: number } = {}): Promise<BotSetupFacts> {
    const maxAgeMs = fresh ? (this.options.botSetupFreshMs ?? 5_000) : undefined;
    return this.setupFacts.get(guildId, () => this.fetchBotSetupFacts(guildId), { maxAgeMs, notBefore: readAfter });
  }

  // ---- the ticket engine ----

  async createTicketChannel(guildId: string, input: TicketChannelInput): Promise<string> {
    const channel = await this.call<APIChannel>(() =>
      this.bot.post(Routes.guildChannels(guildId), {
        body: {
          name: input.name,
          type: ChannelType.GuildText,
          parent_id: input.parentId,
          topic: input.topic,
          permission_overwrites: input.overwrites,
        },
      }),
    );
    return channel.id;
  }

  async getChannel(channelId: string): Promise<PlatformChannel | null> {
    const channel = await this.orNull(() =>
      this.botGet<APIChannel & { guild_id?: string; last_message_id?: string | null; permission_overwrites?: PermissionOverwrite[] }>(
        Routes.channel(channelId),
      ),
    );
    if (!channel) return null;
    return {
      id: channel.id,
      guildId: channel.guild_id ?? null,
      name: channel.name ?? "",
      lastMessageId: channel.last_message_id ?? null,
      overwrites: (channel.permission_overwrites ?? []).map((o) => ({
        id: o.id,
        type: o.type,
        allow: String(o.allow),
        deny: String(o.deny),
      })),
    };
  }

  async editChannel(channelId: string, patch: ChannelPatch): Promise<void> {
    const body: Record<string, unknown> = {};
    if (patch.name !== undefined) body.name = patch.name;
    if (patch.overwrites !== undefined) body.permission_overwrites = patch.overwrites;
    if (patch.parentId !== undefined) body.parent_id = patch.parentId;
    await this.call(() => this.bot.patch(Routes.channel(channelId), { body }));
  }

  // Threads (channel.mdx "Start Thread without Message", "Add/Remove Thread Member", "Modify Channel" of a thread).
  async createTicketThread(_guildId: string, channelId: string, name: string): Promise<string> {
    const thread = await this.call<APIChannel>(() =>
      this.bot.post(Routes.threads(channelId), {
        body: { name, type: ChannelType.PrivateThread, invitable: false, auto_archive_duration: 10080 },
      }),
    );
    return thread.id;
  }

  async setThreadMember(threadId: string, userId: string, add: boolean): Promise<void> {
    const route = Routes.threadMembers(threadId, userId);
    await this.call(() => (add ? this.bot.put(route) : this.bot.delete(route)));
  }

  async closeThread(threadId: string, mode: "archive" | "delete"): Promise<void> {
    if (mode === "delete") return this.deleteChannel(threadId);
    await this.orNull(() => this.call(() => this.bot.patch(Routes.channel(threadId), { body: { archived: true, locked: true } })));
  }

  async deleteChannel(channelId: string): Promise<void> {
    await this.orNull(() => this.call(() => this.bot.delete(Routes.channel(channelId))));
  }

  async sendMessage(channelId: string, message: BotMessage): Promise<string> {
    const sent = await this.call<APIMessage>(() => this.bot.post(Routes.channelMessages(channelId), { body: message }));
    return sent.id;
  }

  async editMessage(channelId: string, messageId: string, message: BotMessage): Promise<void> {
    await this.call(() => this.bot.patch(Routes.channelMessage(channelId, messageId), { body: message }));
  }

  async readMessages(channelId: string, before?: string, after?: string): Promise<ChannelMessage[]> {
    const query = new URLSearchParams({ limit: "100", ...(before ? { before } : after ? { after } : {}) });
    const messages = await this.orNull(() => this.botGet<APIMessage[]>(Routes.channelMessages(channelId), query));
    return (messages ?? []).map(fromDiscordMessage);
  }

  async sendDirectMessage(userId: string, message: BotMessage): Promise<{ channelId: string; messageId: string } | null> {
    try {
      const channel = await this.call<APIChannel>(() => this.bot.post(Routes.userChannels(), { body: { recipient_id: userId } }));
      return { channelId: channel.id, messageId: await this.sendMessage(channel.id, message) };
    } catch (error) {
      // 403 (50007): the user does not accept direct messages from this server's members.
      if (error instanceof PlatformNotFoundError) return null;
      throw error;
    }
  }

  async getMember(guildId: string, userId: string): Promise<GuildMember | null> {
    const member = await this.orNull(() => this.botGet<APIGuildMember>(Routes.guildMember(guildId, userId)));
    if (!member) return null;
    const user = member.user;
    return {
      id: user?.id ?? userId,
      username: member.nick || user?.global_name || user?.username || "Unknown",
      avatar: user?.avatar ? `${CDN}/avatars/${user.id}/${user.avatar}.png` : null,
      roles: member.roles ?? [],
    };
  }

  async findTextChannels(guildId: string, name: string): Promise<string[]> {
    // Fresh from Discord (the guild cache may predate the channel); every channel of the guild in one call.
    const channels = await this.botGet<APIChannel[]>(Routes.guildChannels(guildId));
    return channels
      .filter((c) => c.type === ChannelType.GuildText && c.name === name)
      .map((c) => c.id)
      .sort((a, b) => (BigInt(b) > BigInt(a) ? 1 : BigInt(b) < BigInt(a) ? -1 : 0));
  }

  // ---- interactions (Discord only) ----

  /**
   * Replaces the deferred answer of an interaction (its token is valid 15 minutes; no bot token needed): directly to
   * Discord and outside the bot's global limit ("Interaction endpoints are not bound to the bot's Global Rate Limit").
   */
  async editInteractionReply(interactionToken: string, message: BotMessage, files: BotFile[] = []): Promise<void> {
    // With files the body goes as multipart/form-data: payload_json, and files[n] named by the attachments' ids.
    const body = files.length ? { ...message, attachments: files.map((f, i) => ({ id: String(i), filename: f.name })) } : message;
    const raw = files.map((f, i) => ({ key: `files[${i}]`, name: f.name, contentType: f.contentType, data: f.data }));
    await this.call(() =>
      this.interactions.patch(Routes.webhookMessage(this.options.clientId, interactionToken, "@original"), {
        body,
        auth: false,
        ...(raw.length ? { files: raw } : {}),
      }),
    );
  }

  /** Bulk overwrite of the global slash commands: idempotent, so every start may call it. */
  async registerCommands(commands: ApplicationCommandBody[]): Promise<void> {
    await this.call(() => this.bot.put(Routes.applicationCommands(this.options.clientId), { body: commands }));
  }

  // ---- internals ----------------------------------------------------------------------------------------

  private async fetchGuild(guildId: string): Promise<PlatformGuild> {
    const [guild, channels] = await Promise.all([
      this.botGet<APIGuild & { approximate_member_count?: number; member_count?: number }>(
        Routes.guild(guildId),
        new URLSearchParams({ with_counts: "true" }),
      ),
      this.botGet<{ id: string; name: string; type: number; position: number; parent_id?: string | null }[]>(Routes.guildChannels(guildId)),
    ]);
    let owner = { id: guild.owner_id, username: "Unknown", avatar_url: null as string | null };
    try {
      const u = await this.botGet<APIUser>(Routes.user(guild.owner_id));
      owner = { id: u.id, username: u.global_name || u.username, avatar_url: u.avatar ? `${CDN}/avatars/${u.id}/${u.avatar}.png` : null };
    } catch (error) {
      if (!(error instanceof PlatformNotFoundError)) throw error;
    }
    const byPosition = (a: GuildChannel, b: GuildChannel) => a.position - b.position;
    return {
      id: guild.id,
      name: guild.name,
      icon_url: guild.icon ? `${CDN}/icons/${guild.id}/${guild.icon}.png` : null,
      roles: guild.roles
        .filter((r) => r.id !== guild.id)
        .map((r) => ({ id: r.id, name: r.name, position: r.position }))
        .sort((a, b) => b.position - a.position),
      text_channels: channels
        .filter((c) => c.type === ChannelType.GuildText || c.type === ChannelType.GuildAnnouncement)
        .map((c) => ({ id: c.id, name: c.name, position: c.position, parent_id: c.parent_id ?? null }))
        .sort(byPosition),
      categories: channels
        .filter((c) => c.type === ChannelType.GuildCategory)
        .map((c) => ({ id: c.id, name: c.name, position: c.position }))
        .sort(byPosition),
      emojis: (guild.emojis ?? [])
        .filter((e): e is typeof e & { id: string; name: string } => Boolean(e.id && e.name))
        .map((e) => ({ id: e.id, name: e.name, url: `${CDN}/emojis/${e.id}.${e.animated ? "gif" : "png"}` })),
      member_count: guild.approximate_member_count ?? guild.member_count ?? 0,
      channel_count: channels.length,
      boosts: guild.premium_subscription_count ?? 0,
      owner,
    };
  }

  /** Five reads of the bot's own token: the guild's roles, its channels, the bot's member, the application, its commands. */
  private async fetchBotSetupFacts(guildId: string): Promise<BotSetupFacts> {
    type Channel = { id: string; name?: string; type: number; parent_id?: string | null; permission_overwrites?: PermissionOverwrite[] };
    const [guild, channels, member, application] = await Promise.all([
      this.botGet<APIGuild>(Routes.guild(guildId)),
      this.botGet<Channel[]>(Routes.guildChannels(guildId)),
      this.botGet<APIGuildMember>(Routes.guildMember(guildId, this.botUserId)),
      this.botGet<APIApplication>(Routes.currentApplication()),
    ]);
    const commands = await this.botGet<APIApplicationCommand[]>(Routes.applicationCommands(application.id));
    const bot: MemberInGuild = {
      guildId,
      ownerId: guild.owner_id,
      userId: this.botUserId,
      roleIds: member.roles ?? [],
      rolePermissions: new Map(guild.roles.map((r) => [r.id, String(r.permissions)])),
    };
    const base = basePermissions(bot);
    const kindOf = (type: number): BotChannelFacts["kind"] | null =>
      type === ChannelType.GuildCategory
        ? "category"
        : type === ChannelType.GuildText || type === ChannelType.GuildAnnouncement
          ? "text"
          : null;
    const facts: BotChannelFacts[] = [];
    const channelsPerCategory: Record<string, number> = {};
    for (const c of channels) {
      if (c.parent_id) channelsPerCategory[c.parent_id] = (channelsPerCategory[c.parent_id] ?? 0) + 1;
      const kind = kindOf(c.type);
      if (!kind) continue;
      const overwrites = (c.permission_overwrites ?? []).map((o) => ({ ...o, allow: String(o.allow), deny: String(o.deny) }));
      facts.push({
        id: c.id,
        name: c.name ?? "",
        kind,
        parentId: c.parent_id ?? null,
        permissions: channelPermissions(base, bot, overwrites).toString(),
      });
    }
    return {
      applicationId: application.id,
      serverPermissions: base.toString(),
      channels: facts,
      channelsPerCategory,
      channelCount: channels.length,
      applicationFlags: application.flags ?? 0,
      commandNames: commandLabels(commands),
      readAt: Date.now(),
    };
  }

  private async validAccessToken(user: PlatformUser): Promise<string> {
    if (!user.accessToken) throw new PlatformAuthError(authMessages.authenticationFailed);
    const expiresSoon = user.tokenExpiresAt != null && user.tokenExpiresAt < Date.now() + 60_000;
    if (!expiresSoon) return user.accessToken;
    if (!user.refreshToken) throw new PlatformAuthError(authMessages.authenticationFailed);
    let tokens: OAuthTokens;
    try {
      tokens = await this.refreshTokens(user.refreshToken);
    } catch (error) {
      // Discord answers 400 invalid_grant for a revoked refresh token: the user must sign in again.
      if (error instanceof PlatformRejectedError && error.upstreamStatus === 400) {
        throw new PlatformAuthError(authMessages.authenticationFailed);
      }
      throw error;
    }
    await this.options.onTokens?.(user.id, tokens);
    return tokens.accessToken;
  }

  private async tokenRequest(form: Record<string, string>): Promise<OAuthTokens> {
    const basic = Buffer.from(`${this.options.clientId}:${this.options.clientSecret}`).toString("base64");
    const body = await this.call<RESTPostOAuth2AccessTokenResult>(() =>
      this.asUser.post(Routes.oauth2TokenExchange(), {
        auth: false,
        passThroughBody: true,
        body: new URLSearchParams(form).toString(),
        headers: { Authorization: `Basic ${basic}`, "Content-Type": "application/x-www-form-urlencoded" },
      }),
    );
    if (!body?.access_token) throw new PlatformUnavailableError("The chat platform sent no access token.");
    return {
      accessToken: body.access_token,
      refreshToken: body.refresh_token ?? null,
      expiresAt: Date.now() + (body.expires_in ?? 604800) * 1000,
    };
  }

  private userCall(token: string, route: RouteLike, query?: URLSearchParams): Promise<unknown> {
    const data: RequestData = { auth: false, headers: { Authorization: `Bearer ${token}` }, query };
    return this.asUser.get(route, data).catch((error: unknown) => {
      // A 401 with the user's token: revoked or expired; they sign in again.
      if (error instanceof DiscordAPIError && error.status === 401) throw new PlatformAuthError(authMessages.authenticationFailed);
      throw error;
    });
  }

  private botGet<T>(route: RouteLike, query?: URLSearchParams): Promise<T> {
    return this.call<T>(() => this.bot.get(route, query ? { query } : {}));
  }

  /** The call, with the library's errors mapped onto ours. */
  private async call<T>(run: () => Promise<unknown>): Promise<T> {
    if (this.invalidRequests.backingOff()) {
      throw new PlatformRefusedError(
        "backingOff",
        "The bot is pausing its requests to Discord for a few minutes.",
        this.invalidRequests.retryAfterMs(),
      );
    }
    try {
      return (await run()) as T;
    } catch (error) {
      throw platformError(error);
    }
  }

  /** Null when the thing is gone (404/403), the call's answer otherwise. */
  private async orNull<T>(run: () => Promise<T>): Promise<T | null> {
    try {
      return await run();
    } catch (error) {
      if (error instanceof PlatformNotFoundError) return null;
      throw error;
    }
  }
}

/** Whether Discord's 50035 errors tree holds an error of this code anywhere. */
function hasFormError(tree: unknown, code: string, depth = 0): boolean {
  if (!tree || typeof tree !== "object" || depth > 8) return false;
  const errors = (tree as { _errors?: unknown })._errors;
  if (Array.isArray(errors) && errors.some((e) => (e as { code?: unknown })?.code === code)) return true;
  return Object.entries(tree).some(([key, value]) => key !== "_errors" && hasFormError(value, code, depth + 1));
}

function platformError(error: unknown): Error {
  if (error instanceof PlatformAuthError || error instanceof PlatformNotFoundError || error instanceof PlatformUnavailableError)
    return error;
  if (error instanceof DiscordAPIError) {
    if (error.status === 403 && error.code === 50013)
      return new PlatformRefusedError("missingPermission", "Discord refused: the bot lacks a permission.");
    if (error.code === 30013) return new PlatformRefusedError("serverFull", "Discord refused: the server holds 500 channels.");
    if (error.code === 50035 && hasFormError((error.rawError as { errors?: unknown }).errors, "CHANNEL_PARENT_MAX_CHANNELS")) {
      return new PlatformRefusedError("categoryFull", "Discord refused: the category holds 50 channels.");
    }
    if (error.status === 403 || error.status === 404) {
      const what = new URL(error.url).pathname.includes("/guilds/") ? "Guild not found" : "Not found";
      return new PlatformNotFoundError(what, typeof error.code === "number" ? error.code : null);
    }
    if (error.status >= 500)
      return new PlatformUnavailableError(`The chat platform is unavailable (${error.status}). Please try again later.`);
    return new PlatformRejectedError(error.status);
  }
  if (error instanceof HTTPError)
    return new PlatformUnavailableError(`The chat platform is unavailable (${error.status}). Please try again later.`);
  if (error instanceof RateLimitError) {
    const wait = Math.max(error.retryAfter, error.timeToReset);
    return new PlatformRefusedError(
      "rateLimited",
      `Discord asks the bot to wait ${Math.ceil(wait / 1000)} s before doing that again.`,
      wait,
    );
  }
  return new PlatformUnavailableError(
    `The chat platform is unavailable (${(error as Error)?.message ?? "network error"}). Please try again later.`,
  );
}

/** "https://discord.com/api/v10" → the library's `api` and `version` options. */
export function splitApiBase(apiBase: string): { api: string; version: string } {
  const trimmed = apiBase.replace(/\/+$/, "");
  const slash = trimmed.lastIndexOf("/");
  const last = trimmed.slice(slash + 1);
  if (last.length > 1 && last[0] === "v" && /^\d+$/.test(last.slice(1))) return { api: trimmed.slice(0, slash), version: last.slice(1) };
  return { api: trimmed, version: "10" };
}
