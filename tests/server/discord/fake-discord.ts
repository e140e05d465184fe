import { nextSnowflake } from "../../../server/platform/snowflake";
import { type DiscordStub, type StubFile, type StubRequest, type StubResponse, startDiscordStub } from "../discord-stub";
import { addError, type ErrorTree, formErrors, invalidFormBody } from "./form-errors";
import { applicationJson, channelJson, guildJson, memberJson, messageJson, roleJson, userJson } from "./fake-json";
import {
  type Bits,
  ChannelType,
  DiscordWorld,
  type FakeChannel,
  type FakeChannelType,
  type FakeGuild,
  type FakeMessage,
  type FakeOverwrite,
  type Json,
  MESSAGE_CONTENT_LIMITED,
  THREADS,
} from "./fake-world";
import { bits, hasAll, Permissions } from "./permissions";
import { type RateLimitConfig, RateLimiter, rateLimitedBody, sharedRateLimit } from "./rate-limits";
import type { FakeGateway } from "./fake-gateway";

// A stateful Discord for the suites (the world of fake-world.ts) served by the contract-checking stub, so tests stop
// hand-writing routes. It refuses what Discord refuses, with Discord's bodies: 401 without a valid token; 403 50001
// when the bot cannot see a channel (or is not in the guild); 403 50013 when the bot lacks a permission the route
// needs (the rules of guild.mdx "Create Guild Channel" and channel.mdx "Modify Channel" are quoted where they are
// checked); 404 10003/10004/10007/10008/10013 for unknown things; 403 50007 for a user who takes no DMs; 400 50035
// CHANNEL_PARENT_MAX_CHANNELS for a full category (50) and 400 30013 for a full guild (500); a shared 429 for the
// third rename of a channel within ten minutes; and, without the Message Content intent, members' messages read
// back empty. Rate limits (per-route buckets, the global 50/s) and forced failures are switches.
//
//   const fake = await FakeDiscord.start({ applicationId: APP });
//   fake.addGuild({ id: G, name: "Guild", ownerId: OWNER, botPermissions: Permissions.ADMINISTRATOR });
//   fake.addChannel(G, { id: CATEGORY, name: "Tickets", type: ChannelType.GuildCategory });
//   … the product runs with DISCORD_API_BASE = fake.base …
//   fake.postAs(MEMBER, channelId, "hello");  fake.messagesIn(channelId);  await fake.close();

const TEN_MINUTES = 10 * 60_000;
const INTERACTION_TOKEN_MS = 15 * 60_000;

export interface FakeFailure {
  method: string;
  /** A route template of Discord's API description ("/guilds/{guild_id}/channels") or a literal path. */
  route: string;
  status: number;
  json?: unknown;
  /** How many requests fail (default: all, until removed). */
  times?: number;
}

export interface FakeDiscordOptions {
  /** The application's id, which is also the bot user's id. */
  applicationId: string;
  botToken?: string;
  clientSecret?: string;
  botName?: string;
  /** Application flags (GET /applications/@me); default: GATEWAY_MESSAGE_CONTENT_LIMITED (the intent is on). */
  applicationFlags?: number;
  latencyMs?: number;
  /** Refusing buckets and the global limit (off by default so suites are not slowed). */
  rateLimits?: RateLimitConfig;
}

const refusal = (status: number, message: string, code: number): StubResponse => ({ status, json: { message, code } });
const refuse = {
  unauthorized: () => refusal(401, "401: Unauthorized", 0),
  missingAccess: () => refusal(403, "Missing Access", 50001),
  missingPermissions: () => refusal(403, "Missing Permissions", 50013),
  unknownChannel: () => refusal(404, "Unknown Channel", 10003),
  unknownGuild: () => refusal(404, "Unknown Guild", 10004),
  unknownMember: () => refusal(404, "Unknown Member", 10007),
  unknownMessage: () => refusal(404, "Unknown Message", 10008),
  unknownUser: () => refusal(404, "Unknown User", 10013),
  unknownWebhook: () => refusal(404, "Unknown Webhook", 10015),
  invalidWebhookToken: () => refusal(401, "Invalid Webhook Token", 50027),
  cannotDm: () => refusal(403, "Cannot send messages to this user", 50007),
  notText: () => refusal(400, "Cannot send messages in a non-text channel", 50008),
  othersMessage: () => refusal(403, "Cannot edit a message authored by another user", 50005),
  archived: () => refusal(400, "Thread is archived", 50083),
  locked: () => refusal(403, "Thread is locked", 160005),
  guildFull: () => refusal(400, "Maximum number of guild channels reached (500)", 30013),
  wrongChannelType: () => refusal(400, "Cannot execute action on this channel type", 50024),
};

const iso = (ms: number) => new Date(ms).toISOString();
const isObject = (v: unknown): v is Json => typeof v === "object" && v !== null && !Array.isArray(v);

export class FakeDiscord extends DiscordWorld {
  /** The bot's token; a new one after Discord resets it (past the gateway's session start limit). */
  botToken: string;
  readonly clientSecret: string;
  /** The fake gateway GET /gateway/bot names (fake-gateway.ts), once one is started. */
  private gateway: FakeGateway | null = null;
  private readonly failures: FakeFailure[] = [];
  /** Until when Discord's global limit refuses the bot's token (epoch ms). */
  private botHeldUntil = 0;
  private stub!: DiscordStub;

  private constructor(options: FakeDiscordOptions) {
    super(options.applicationId, options.botName ?? "Ticketeer", options.applicationFlags ?? MESSAGE_CONTENT_LIMITED);
    this.botToken = options.botToken ?? "bot-token";
    this.clientSecret = options.clientSecret ?? "secret";
  }

  static async start(options: FakeDiscordOptions): Promise<FakeDiscord> {
    const fake = new FakeDiscord(options);
    fake.stub = await startDiscordStub((req) => fake.handle(req), { latencyMs: options.latencyMs, rateLimits: options.rateLimits });
    return fake;
  }

  /** The API base to configure the product with (DISCORD_API_BASE). */
  get base(): string {
    return this.stub.base;
  }
  get calls(): StubRequest[] {
    return this.stub.calls;
  }
  /** Requests Discord would have refused (see discord-stub.ts). */
  get violations() {
    return this.stub.violations;
  }
  get contractTime() {
    return this.stub.contractTime;
  }
  /** 401/403/429 answers (shared-scope 429s aside) of the last ten minutes. */
  invalidRequests(): number {
    return this.stub.invalidRequests();
  }
  /** Replaces the refusing buckets and the global limit. */
  setRateLimits(config: RateLimitConfig): void {
    this.stub.setRateLimits(config);
  }
  /** Calls matching a method and a template ("/channels/{channel_id}/messages") or a literal path. */
  callsTo(method: string, route: string): StubRequest[] {
    return this.stub.calls.filter((c) => c.method === method && (c.route?.template === route || c.path === route));
  }
  /** Stops the server; rejects with every contract violation seen. */
  close(): Promise<void> {
    return this.stub.close();
  }

  /** Called by FakeGateway.start: GET /gateway/bot answers with its URL, shards and session start limit. */
  attachGateway(gateway: FakeGateway): void {
    this.gateway = gateway;
  }

  /** Discord resets the bot's token (the old one is refused everywhere from now on). */
  resetBotToken(): void {
    this.botToken = `reset-${Math.random().toString(36).slice(2)}`;
  }

  /** Fails requests of a route: a 5xx, or a forced 403 (default body by status). Returns the undo. */
  fail(failure: FakeFailure): () => void {
    this.failures.push(failure);
    return () => {
      const i = this.failures.indexOf(failure);
      if (i >= 0) this.failures.splice(i, 1);
    };
  }

  /**
   * Discord's global limit refusing the bot for `ms`: every request with the bot's token is answered 429 (global).
   * Interaction webhooks, sent without it, pass ("Interaction endpoints are not bound to the bot's Global Rate
   * Limit"). Returns the undo.
   */
  holdBotGlobally(ms: number): () => void {
    this.botHeldUntil = Date.now() + ms;
    return () => {
      this.botHeldUntil = 0;
    };
  }

  // ---- the API --------------------------------------------------------------------------------------------------

  private handle(req: StubRequest): StubResponse | undefined {
    const held = this.botHeldUntil - Date.now();
    if (held > 0 && req.headers.authorization === `Bot ${this.botToken}`) {
      return { status: 429, json: rateLimitedBody(held, true), headers: { "x-ratelimit-global": "true", "x-ratelimit-scope": "global" } };
    }
    const route = req.route?.template ?? req.path;
    const failure = this.failures.find((f) => f.method === req.method && (f.route === route || f.route === req.path));
    if (failure) {
      if (failure.times !== undefined && --failure.times <= 0) this.failures.splice(this.failures.indexOf(failure), 1);
      const json =
        failure.json ??
        (failure.status === 403
          ? { message: "Missing Permissions", code: 50013 }
          : { message: `${failure.status}: Internal Server Error`, code: 0 });
      return { status: failure.status, json };
    }
    const p = req.route?.params ?? {};
    const raw = parseBody(req.body);
    const body: Json = isObject(raw) ? raw : {};
    const key = `${req.method} ${route}`;
    if (key === "POST /oauth2/token") return this.tokenExchange(req);
    // gateway.mdx, Get Gateway: "This endpoint does not require authentication."
    if (key === "GET /gateway") return { json: { url: this.gatewayInfo().url } };
    if (route.startsWith("/webhooks/")) return this.webhook(key, p, body, req.files ?? []);

    const who = this.authenticate(String(req.headers.authorization ?? ""));
    if (!who) return refuse.unauthorized();
    if (who.kind === "user") {
      if (key === "GET /users/@me") return { json: userJson(this.user(who.userId)) };
      if (key === "GET /users/@me/guilds") return { json: this.guildList(who.userId, req.query) };
      return refuse.unauthorized();
    }
    const bot = this.applicationId;
    switch (key) {
      case "GET /applications/@me":
        return { json: applicationJson(this) };
      case "GET /gateway/bot":
        return { json: this.gatewayInfo() };
      case "GET /applications/{application_id}/commands":
        return p.application_id === bot ? { json: this.commands } : refuse.missingAccess();
      case "PUT /applications/{application_id}/commands":
        return p.application_id === bot ? this.bulkOverwrite(raw) : refuse.missingAccess();
      case "GET /users/@me":
        return { json: userJson(this.user(bot)) };
      case "GET /users/@me/guilds":
        return { json: this.guildList(bot, req.query) };
      case "GET /users/{user_id}": {
        const user = this.users.get(p.user_id);
        return user ? { json: userJson(user) } : refuse.unknownUser();
      }
      case "POST /users/@me/channels":
        return this.openDm(body);
      case "GET /guilds/{guild_id}":
        return this.withGuild(p.guild_id, (g) => ({ json: guildJson(g, req.query.get("with_counts") === "true") }));
      case "GET /guilds/{guild_id}/channels":
        return this.withGuild(p.guild_id, (g) => ({
          json: this.channelsOf(g.id)
            .filter((c) => !THREADS.has(c.type))
            .map((c) => channelJson(this, c)),
        }));
      case "GET /guilds/{guild_id}/roles":
        return this.withGuild(p.guild_id, (g) => ({ json: [...g.roles.values()].map(roleJson) }));
      case "GET /guilds/{guild_id}/members/{user_id}":
        return this.withGuild(p.guild_id, (g) => {
          const member = g.members.get(p.user_id);
          if (member) return { json: memberJson(this, member) };
          return this.users.has(p.user_id) ? refuse.unknownMember() : refuse.unknownUser();
        });
      case "POST /guilds/{guild_id}/channels":
        return this.withGuild(p.guild_id, (g) => this.createChannel(g, body));
      case "GET /channels/{channel_id}":
        return this.withChannel(p.channel_id, (c) => ({ json: channelJson(this, c) }));
      case "PATCH /channels/{channel_id}":
        return this.withChannel(p.channel_id, (c) => (THREADS.has(c.type) ? this.modifyThread(c, body) : this.modifyChannel(c, body)));
      case "DELETE /channels/{channel_id}":
        return this.withChannel(p.channel_id, (c) => this.deleteChannel(c));
      case "GET /channels/{channel_id}/messages":
        return this.withChannel(p.channel_id, (c) => this.listMessages(c, req.query));
      case "POST /channels/{channel_id}/messages":
        return this.withChannel(p.channel_id, (c) => this.createMessage(c, body));
      case "GET /channels/{channel_id}/messages/{message_id}":
        return this.withChannel(p.channel_id, (c) => {
          const m = this.messagesIn(c.id).find((x) => x.id === p.message_id);
          return m ? { json: messageJson(this, m, c) } : refuse.unknownMessage();
        });
      case "PATCH /channels/{channel_id}/messages/{message_id}":
        return this.withChannel(p.channel_id, (c) => this.editMessage(c, p.message_id, body));
      case "POST /channels/{channel_id}/threads":
        return this.withChannel(p.channel_id, (c) => this.createThread(c, body));
      case "PUT /channels/{channel_id}/thread-members/{user_id}":
      case "DELETE /channels/{channel_id}/thread-members/{user_id}":
        return this.withChannel(p.channel_id, (c) => this.threadMember(c, p.user_id, req.method === "PUT"));
    }
    throw new Error(`the fake Discord does not implement ${key} yet`);
  }

  private authenticate(header: string): { kind: "bot" } | { kind: "user"; userId: string } | null {
    if (header === `Bot ${this.botToken}`) return { kind: "bot" };
    if (header.startsWith("Bearer ")) {
      const userId = this.accessTokens.get(header.slice(7));
      return userId ? { kind: "user", userId } : null;
    }
    return null;
  }

  /** A guild the bot is in: 404 10004 when unknown, 403 50001 when the bot is not a member. */
  private withGuild(id: string, run: (guild: FakeGuild) => StubResponse): StubResponse {
    const guild = this.guilds.get(id);
    if (!guild) return refuse.unknownGuild();
    if (!guild.members.has(this.applicationId)) return refuse.missingAccess();
    return run(guild);
  }

  /** A channel the bot can see: 404 10003 when unknown, 403 50001 without View Channel (or not in the guild). */
  private withChannel(id: string, run: (channel: FakeChannel) => StubResponse): StubResponse {
    const channel = this.channels.get(id);
    if (!channel) return refuse.unknownChannel();
    if (channel.type === ChannelType.DM)
      return channel.recipientId && this.users.has(channel.recipientId) ? run(channel) : refuse.missingAccess();
    if (!hasAll(this.permissionsIn(channel, this.applicationId), Permissions.VIEW_CHANNEL)) return refuse.missingAccess();
    return run(channel);
  }

  private botCan(channel: FakeChannel, wanted: bigint): boolean {
    return hasAll(this.permissionsIn(channel, this.applicationId), wanted);
  }

  // ---- channels ----

  private createChannel(guild: FakeGuild, body: Json): StubResponse {
    const bot = this.applicationId;
    const base = this.guildPermissions(guild.id, bot);
    const parent = typeof body.parent_id === "string" ? this.channels.get(body.parent_id) : undefined;
    const inParent = parent ? this.permissionsIn(parent, bot) : 0n;
    // guild.mdx, Create Guild Channel: "Requires the MANAGE_CHANNELS permission." — in the category it goes in (an
    // overwrite of the category that denies it wins over the role, as everywhere in Discord's permission algorithm).
    if (!hasAll(parent ? inParent : base, Permissions.MANAGE_CHANNELS)) return refuse.missingPermissions();
    const type = typeof body.type === "number" ? body.type : ChannelType.GuildText;
    const creatable: readonly number[] = [ChannelType.GuildText, ChannelType.GuildCategory, ChannelType.GuildAnnouncement];
    if (!creatable.includes(type)) return refuse.wrongChannelType();
    const overwrites = parseOverwrites(body.permission_overwrites);
    // "If setting permission overwrites, only permissions your bot has in the guild can be allowed/denied. Setting
    // MANAGE_ROLES permission in channels is only possible for guild administrators." (The parent's permissions
    // count too: channel.mdx says "in the guild or parent channel" for the same rule on Modify Channel.)
    if (!hasAll(base, Permissions.ADMINISTRATOR)) {
      for (const o of overwrites) {
        const used = o.allow | o.deny;
        if ((used & Permissions.MANAGE_ROLES) !== 0n || (used & ~(base | inParent)) !== 0n) return refuse.missingPermissions();
      }
    }
    const errors: ErrorTree = {};
    if (body.parent_id !== undefined && body.parent_id !== null) {
      if (!parent || parent.guildId !== guild.id || parent.type !== ChannelType.GuildCategory || type === ChannelType.GuildCategory) {
        addError(errors, ["parent_id"], formErrors.notACategory());
      } else if (this.channelsOf(guild.id).filter((c) => c.parentId === parent.id && !THREADS.has(c.type)).length >= 50) {
        // channel.mdx: "each parent category can contain up to 50 channels".
        addError(errors, ["parent_id"], formErrors.categoryFull());
      }
    }
    if (Object.keys(errors).length) return { status: 400, json: invalidFormBody(errors) };
    if (this.channelsOf(guild.id).filter((c) => !THREADS.has(c.type)).length >= 500) return refuse.guildFull();
    const channel = this.addChannel(guild.id, {
      name: String(body.name),
      type: type as FakeChannelType,
      parentId: parent?.id ?? null,
      topic: typeof body.topic === "string" ? body.topic : null,
      position: typeof body.position === "number" ? body.position : undefined,
    });
    channel.overwrites = overwrites;
    return { status: 201, json: channelJson(this, channel) };
  }

  private modifyChannel(channel: FakeChannel, body: Json): StubResponse {
    if (channel.type === ChannelType.DM) return refuse.wrongChannelType();
    const bot = this.applicationId;
    const inChannel = this.permissionsIn(channel, bot);
    // channel.mdx, Modify Channel: "Requires the MANAGE_CHANNELS permission for the guild." (Discord accepts it from
    // the channel's own overwrites as well, which is what the product relies on.)
    if (!hasAll(inChannel, Permissions.MANAGE_CHANNELS)) return refuse.missingPermissions();
    let overwrites: FakeOverwrite[] | undefined;
    if (body.permission_overwrites !== undefined && body.permission_overwrites !== null) {
      // "If modifying permission overwrites, the MANAGE_ROLES permission is required. Only permissions your bot has in
      // the guild or parent channel (if applicable) can be allowed/denied (unless your bot has a MANAGE_ROLES
      // overwrite in the channel)." Only what the request changes is weighed.
      if (!hasAll(inChannel, Permissions.MANAGE_ROLES)) return refuse.missingPermissions();
      overwrites = parseOverwrites(body.permission_overwrites);
      const guild = this.guild(channel.guildId!);
      const base = this.guildPermissions(guild.id, bot);
      const member = guild.members.get(bot)!;
      const ownManageRoles = channel.overwrites.some(
        (o) =>
          (o.allow & Permissions.MANAGE_ROLES) !== 0n &&
          ((o.type === 1 && o.id === bot) || (o.type === 0 && (member.roles.includes(o.id) || o.id === guild.id))),
      );
      if (!hasAll(base, Permissions.ADMINISTRATOR) && !ownManageRoles) {
        const parent = channel.parentId ? this.channels.get(channel.parentId) : undefined;
        const granted = base | (parent ? this.permissionsIn(parent, bot) : 0n);
        const changed = changedBits(channel.overwrites, overwrites);
        if ((changed & ~granted) !== 0n) return refuse.missingPermissions();
      }
    }
    if (body.parent_id !== undefined && body.parent_id !== null && body.parent_id !== channel.parentId) {
      const parent = this.channels.get(String(body.parent_id));
      const errors: ErrorTree = {};
      if (!parent || parent.type !== ChannelType.GuildCategory || parent.guildId !== channel.guildId)
        addError(errors, ["parent_id"], formErrors.notACategory());
      else if (this.channelsOf(channel.guildId!).filter((c) => c.parentId === parent.id && !THREADS.has(c.type)).length >= 50)
        addError(errors, ["parent_id"], formErrors.categoryFull());
      if (Object.keys(errors).length) return { status: 400, json: invalidFormBody(errors) };
    }
    const limited = this.renameLimit(channel, body);
    if (limited) return limited;
    if (typeof body.name === "string") channel.name = body.name;
    if (body.topic !== undefined) channel.topic = typeof body.topic === "string" ? body.topic : null;
    if (body.parent_id !== undefined) channel.parentId = typeof body.parent_id === "string" ? body.parent_id : null;
    if (typeof body.position === "number") channel.position = body.position;
    if (overwrites) channel.overwrites = overwrites;
    return { json: channelJson(this, channel) };
  }

  /** Name or topic changed more than twice in ten minutes: a shared 429 until the oldest change leaves the window. */
  private renameLimit(channel: FakeChannel, body: Json): StubResponse | undefined {
    if (body.name === undefined && body.topic === undefined) return undefined;
    const now = Date.now();
    channel.renames = channel.renames.filter((t) => t > now - TEN_MINUTES);
    if (channel.renames.length >= 2) {
      const limited = sharedRateLimit(channel.renames[0] + TEN_MINUTES - now, RateLimiter.bucketOf("PATCH", "/channels/{channel_id}"));
      return { status: 429, json: limited.json, headers: limited.headers };
    }
    channel.renames.push(now);
    return undefined;
  }

  private modifyThread(thread: FakeChannel, body: Json): StubResponse {
    const perms = this.permissionsIn(thread, this.applicationId);
    // channel.mdx, Modify Channel (Thread): "When setting archived to false, when locked is also false, only the
    // SEND_MESSAGES permission is required. Otherwise, requires the MANAGE_THREADS permission."
    const unarchiveOnly =
      body.archived === false && body.locked !== true && Object.keys(body).every((k) => k === "archived" || k === "locked");
    if (
      unarchiveOnly
        ? !hasAll(perms, Permissions.SEND_MESSAGES_IN_THREADS) && !hasAll(perms, Permissions.SEND_MESSAGES)
        : !hasAll(perms, Permissions.MANAGE_THREADS)
    ) {
      return refuse.missingPermissions();
    }
    // "Requires the thread to have archived set to false or be set to false in the request."
    if (thread.archived && body.archived !== false) return refuse.archived();
    const limited = body.name !== undefined ? this.renameLimit(thread, body) : undefined;
    if (limited) return limited;
    if (typeof body.name === "string") thread.name = body.name;
    if (typeof body.archived === "boolean") thread.archived = body.archived;
    if (typeof body.locked === "boolean") thread.locked = body.locked;
    if (typeof body.invitable === "boolean") thread.invitable = body.invitable;
    return { json: channelJson(this, thread) };
  }

  private deleteChannel(channel: FakeChannel): StubResponse {
    if (channel.type !== ChannelType.DM) {
      // "Requires the MANAGE_CHANNELS permission for the guild, or MANAGE_THREADS if the channel is a thread."
      const wanted = THREADS.has(channel.type) ? Permissions.MANAGE_THREADS : Permissions.MANAGE_CHANNELS;
      if (!this.botCan(channel, wanted)) return refuse.missingPermissions();
    }
    const json = channelJson(this, channel);
    this.removeChannel(channel.id);
    for (const c of this.channels.values()) if (c.parentId === channel.id && !THREADS.has(c.type)) c.parentId = null;
    return { json };
  }

  private createThread(parent: FakeChannel, body: Json): StubResponse {
    if (parent.type !== ChannelType.GuildText && parent.type !== ChannelType.GuildAnnouncement) return refuse.wrongChannelType();
    // "type currently defaults to PRIVATE_THREAD" (channel.mdx, Start Thread without Message).
    const type = typeof body.type === "number" ? body.type : ChannelType.PrivateThread;
    const wanted = type === ChannelType.PrivateThread ? Permissions.CREATE_PRIVATE_THREADS : Permissions.CREATE_PUBLIC_THREADS;
    if (!this.botCan(parent, wanted)) return refuse.missingPermissions();
    const thread = this.addChannel(parent.guildId!, { name: String(body.name), type: type as FakeChannelType, parentId: parent.id });
    thread.ownerId = this.applicationId;
    thread.archived = false;
    thread.locked = false;
    thread.invitable = body.invitable !== false;
    thread.threadMembers = new Set([this.applicationId]);
    return { status: 201, json: channelJson(this, thread) };
  }

  private threadMember(thread: FakeChannel, userId: string, add: boolean): StubResponse {
    if (!THREADS.has(thread.type)) return refuse.wrongChannelType();
    if (thread.archived) return refuse.archived();
    const perms = this.permissionsIn(thread, this.applicationId);
    if (add) {
      // "Requires the ability to send messages in the thread."
      if (!hasAll(perms, Permissions.SEND_MESSAGES_IN_THREADS)) return refuse.missingPermissions();
      if (!this.guild(thread.guildId!).members.has(userId)) return refuse.unknownMember();
      thread.threadMembers?.add(userId);
    } else {
      // "Requires the MANAGE_THREADS permission, or the creator of the thread if it is a PRIVATE_THREAD."
      const creator = thread.type === ChannelType.PrivateThread && thread.ownerId === this.applicationId;
      if (!creator && !hasAll(perms, Permissions.MANAGE_THREADS)) return refuse.missingPermissions();
      thread.threadMembers?.delete(userId);
    }
    return { status: 204 };
  }

  // ---- messages ----

  private createMessage(channel: FakeChannel, body: Json): StubResponse {
    if (channel.type === ChannelType.GuildCategory) return refuse.notText();
    if (channel.type === ChannelType.DM) {
      if (!this.user(channel.recipientId!).acceptsDms) return refuse.cannotDm();
    } else if (THREADS.has(channel.type)) {
      if (!this.botCan(channel, Permissions.SEND_MESSAGES_IN_THREADS)) return refuse.missingPermissions();
      if (channel.locked && !this.botCan(channel, Permissions.MANAGE_THREADS)) return refuse.locked();
      channel.archived = false; // a message unarchives a thread that is not locked
    } else if (!this.botCan(channel, Permissions.SEND_MESSAGES)) {
      // message.mdx, Create Message: "the current user must have the SEND_MESSAGES permission".
      return refuse.missingPermissions();
    }
    const list = (v: unknown) => (Array.isArray(v) ? v : []);
    const message = this.storeMessage(channel.id, this.applicationId, {
      content: typeof body.content === "string" ? body.content : "",
      embeds: list(body.embeds),
      components: list(body.components),
      attachments: [],
      request: body,
    });
    return { json: messageJson(this, message, channel) };
  }

  private editMessage(channel: FakeChannel, messageId: string, body: Json): StubResponse {
    const message = this.messagesIn(channel.id).find((m) => m.id === messageId);
    if (!message) return refuse.unknownMessage();
    if (message.authorId !== this.applicationId) return refuse.othersMessage();
    if (THREADS.has(channel.type) && channel.archived) return refuse.archived();
    message.request = { ...message.request, ...body };
    this.changeMessage(message, {
      content: typeof body.content === "string" ? body.content : undefined,
      embeds: Array.isArray(body.embeds) ? body.embeds : undefined,
      components: Array.isArray(body.components) ? body.components : undefined,
    });
    return { json: messageJson(this, message, channel) };
  }

  /** message.mdx, Get Channel Messages: newest first; before/after/around; 1–100 (50); nothing without history. */
  private listMessages(channel: FakeChannel, query: URLSearchParams): StubResponse {
    if (channel.type !== ChannelType.DM && !this.botCan(channel, Permissions.READ_MESSAGE_HISTORY)) {
      // "If the current user is missing the READ_MESSAGE_HISTORY permission in the channel, then no messages will be returned."
      return { json: [] };
    }
    const limit = Math.min(100, Math.max(1, Number(query.get("limit") ?? 50)));
    const all = this.messagesIn(channel.id); // oldest first
    const before = query.get("before");
    const after = query.get("after");
    const around = query.get("around");
    let picked: FakeMessage[];
    if (before) picked = all.filter((m) => BigInt(m.id) < BigInt(before)).slice(-limit);
    else if (after) picked = all.filter((m) => BigInt(m.id) > BigInt(after)).slice(0, limit);
    else if (around) {
      const i = all.findIndex((m) => BigInt(m.id) >= BigInt(around));
      const at = i < 0 ? all.length : i;
      const half = Math.floor(limit / 2);
      picked = all.slice(Math.max(0, at - half), Math.max(0, at - half) + limit);
    } else picked = all.slice(-limit);
    return { json: [...picked].reverse().map((m) => messageJson(this, m, channel)) };
  }

  // ---- DMs, users, guild lists ----

  private openDm(body: Json): StubResponse {
    const recipient = typeof body.recipient_id === "string" ? this.users.get(body.recipient_id) : undefined;
    if (!recipient) return refuse.unknownUser();
    return { json: channelJson(this, this.dmChannelOf(recipient.id)) };
  }

  private guildList(userId: string, query: URLSearchParams): Json[] {
    const limit = Math.min(200, Math.max(1, Number(query.get("limit") ?? 200)));
    const after = query.get("after");
    const before = query.get("before");
    const counts = query.get("with_counts") === "true";
    let list = [...this.guilds.values()].filter((g) => g.members.has(userId)).sort((a, b) => (BigInt(a.id) < BigInt(b.id) ? -1 : 1));
    if (after) list = list.filter((g) => BigInt(g.id) > BigInt(after));
    if (before) list = list.filter((g) => BigInt(g.id) < BigInt(before));
    return list.slice(0, limit).map((g) => ({
      id: g.id,
      name: g.name,
      icon: g.icon,
      banner: null,
      owner: g.ownerId === userId,
      permissions: String(this.guildPermissions(g.id, userId)),
      features: [],
      ...(counts ? { approximate_member_count: g.members.size, approximate_presence_count: 0 } : {}),
    }));
  }

  private tokenExchange(req: StubRequest): StubResponse {
    const basic = `Basic ${Buffer.from(`${this.applicationId}:${this.clientSecret}`).toString("base64")}`;
    if (req.headers.authorization !== basic) return { status: 401, json: { error: "invalid_client" } };
    const form = new URLSearchParams(req.body);
    let userId: string | undefined;
    if (form.get("grant_type") === "authorization_code") {
      const code = this.codes.get(form.get("code") ?? "");
      if (code && (code.redirectUri === null || code.redirectUri === form.get("redirect_uri"))) userId = code.userId;
      this.codes.delete(form.get("code") ?? ""); // single use
    } else if (form.get("grant_type") === "refresh_token") {
      userId = this.refreshTokens.get(form.get("refresh_token") ?? "");
      this.refreshTokens.delete(form.get("refresh_token") ?? "");
    }
    if (!userId) return { status: 400, json: { error: "invalid_grant" } };
    return {
      json: {
        access_token: this.accessToken(userId),
        token_type: "Bearer",
        expires_in: 604800,
        refresh_token: this.refreshToken(userId),
        scope: "identify guilds",
      },
    };
  }

  // ---- the gateway ----

  /** Get Gateway Bot (gateway.mdx): the fake gateway's, or Discord's own address and limits when none runs. */
  private gatewayInfo(): Json {
    if (this.gateway) return this.gateway.botInfo();
    return {
      url: "wss://gateway.discord.gg",
      shards: 1,
      session_start_limit: { total: 1000, remaining: 1000, reset_after: 0, max_concurrency: 1 },
    };
  }

  // ---- the application and interactions ----

  private bulkOverwrite(body: unknown): StubResponse {
    const list = Array.isArray(body) ? body.filter(isObject) : [];
    this.commands = list.map((c) => ({
      id: nextSnowflake(),
      application_id: this.applicationId,
      version: nextSnowflake(),
      type: 1,
      default_member_permissions: null,
      nsfw: false,
      ...c,
    }));
    return { json: this.commands };
  }

  private webhook(key: string, p: Record<string, string>, body: Json, files: StubFile[]): StubResponse {
    if (p.webhook_id !== this.applicationId) return refuse.unknownWebhook();
    const interaction = this.interactions.get(p.webhook_token ?? "");
    // An interaction's token is valid for 15 minutes.
    if (!interaction || Date.now() - interaction.createdAt > INTERACTION_TOKEN_MS) return refuse.invalidWebhookToken();
    const reply = (content: Json) => ({
      json: {
        id: nextSnowflake(),
        type: 20,
        channel_id: interaction.channelId ?? "0",
        author: { ...userJson(this.user(this.applicationId)) },
        content: typeof content.content === "string" ? content.content : "",
        embeds: Array.isArray(content.embeds) ? content.embeds : [],
        components: Array.isArray(content.components) ? content.components : [],
        attachments: [],
        mentions: [],
        mention_roles: [],
        mention_everyone: false,
        pinned: false,
        tts: false,
        timestamp: iso(Date.now()),
        edited_timestamp: null,
        flags: typeof content.flags === "number" ? content.flags : 0,
        webhook_id: this.applicationId,
        application_id: this.applicationId,
      },
    });
    switch (key) {
      case "PATCH /webhooks/{webhook_id}/{webhook_token}/messages/@original":
        interaction.original = { ...interaction.original, ...body };
        interaction.edits.push(body);
        interaction.files.push(...files.map((f) => ({ name: f.name, type: f.type, data: f.data })));
        return reply(interaction.original);
      case "POST /webhooks/{webhook_id}/{webhook_token}":
        interaction.followups.push(body);
        return reply(body);
      case "GET /webhooks/{webhook_id}/{webhook_token}/messages/@original":
        return interaction.original ? reply(interaction.original) : refuse.unknownMessage();
    }
    throw new Error(`the fake Discord does not implement ${key} yet`);
  }
}

function parseBody(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined; // form bodies (the token exchange) are read where they are used
  }
}

/** Overwrites of a request ("allow and deny can be omitted or set to null, which both default to "0""). */
function parseOverwrites(value: unknown): FakeOverwrite[] {
  if (!Array.isArray(value)) return [];
  return value.filter(isObject).map((o) => ({
    id: String(o.id),
    type: o.type === 1 || o.type === "1" ? 1 : 0,
    allow: bits(o.allow as Bits | null | undefined),
    deny: bits(o.deny as Bits | null | undefined),
  }));
}

/** The bits a new overwrite list changes against the old one (added, removed or edited overwrites). */
function changedBits(before: readonly FakeOverwrite[], after: readonly FakeOverwrite[]): bigint {
  let changed = 0n;
  const key = (o: FakeOverwrite) => `${o.type}:${o.id}`;
  const old = new Map(before.map((o) => [key(o), o]));
  const now = new Map(after.map((o) => [key(o), o]));
  for (const [k, o] of now) {
    const prev = old.get(k);
    changed |= prev ? (o.allow ^ prev.allow) | (o.deny ^ prev.deny) : o.allow | o.deny;
  }
  for (const [k, o] of old) if (!now.has(k)) changed |= o.allow | o.deny;
  return changed;
}

// What tests building a world need, from one place.
export { ChannelType, TICKET_BOT_PERMISSIONS } from "./fake-world";
export { Permissions } from "./permissions";
