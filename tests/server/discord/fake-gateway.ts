import { randomBytes } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import WebSocket, { type WebSocketServer } from "ws";
import type { FakeDiscord } from "./fake-discord";
import { channelJson, guildJson, memberJson, messageJson, userJson } from "./fake-json";
import { ChannelType, type FakeChannel, type FakeGuild, type FakeMessage, type Json, THREADS, type WorldEvent } from "./fake-world";

// Discord's gateway v10 for the suites, beside the fake REST Discord (fake-discord.ts), as Discord's documentation
// describes it (discord/discord-api-docs: events/gateway.mdx, events/gateway-events.mdx,
// topics/opcodes-and-status-codes.mdx): a WebSocket server that says HELLO with its heartbeat interval, answers
// IDENTIFY with READY (session id, resume_gateway_url, shard) and the shard's GUILD_CREATEs, ACKs heartbeats and
// closes a connection that stops sending them, dispatches what happens in the fake world (a member's message, a
// channel deleted by hand, a member leaving, the bot removed) with increasing sequence numbers to the sessions whose
// shard and intents cover it, keeps a disconnected session resumable for a while and RESUMEs it by replaying every
// dispatch after the client's sequence, then RESUMED. It refuses what Discord refuses:
//   4001 unknown opcode or a payload missing what its opcode needs, 4002 a payload that is not JSON or over 4096 bytes,
//   4003 a payload before IDENTIFY, 4004 a wrong token, 4005 a second IDENTIFY, 4007 a RESUME with a sequence the
//   session never reached, 4008 more than 120 payloads in 60 s, 4009 a session that stopped heartbeating, 4010 an
//   invalid shard, 4011 a shard that would hold more than 2,500 guilds, 4012 an API version other than 10, 4013 an
//   unknown intent bit, 4014 a privileged intent (GUILD_MEMBERS, GUILD_PRESENCES, MESSAGE_CONTENT) the application's
//   flags do not enable; INVALID_SESSION (d: false) for a second IDENTIFY of a max_concurrency bucket within 5 s and
//   for a RESUME of a session that is gone; past the session start limit every session ends and the token is reset.
//
//   const gateway = await FakeGateway.start({ discord: fake });   // GET /gateway/bot now names it
//   fake.postAs(MEMBER, channelId, "hi")                          // → MESSAGE_CREATE to the guild's shard
//   gateway.dropConnection(sessionId)                             // the network fails; the session waits for RESUME

export const GatewayOpcodes = {
  Dispatch: 0,
  Heartbeat: 1,
  Identify: 2,
  PresenceUpdate: 3,
  VoiceStateUpdate: 4,
  Resume: 6,
  Reconnect: 7,
  RequestGuildMembers: 8,
  InvalidSession: 9,
  Hello: 10,
  HeartbeatAck: 11,
  RequestSoundboardSounds: 31,
  RequestChannelInfo: 43,
} as const;

export const GatewayCloseCodes = {
  UnknownError: 4000,
  UnknownOpcode: 4001,
  DecodeError: 4002,
  NotAuthenticated: 4003,
  AuthenticationFailed: 4004,
  AlreadyAuthenticated: 4005,
  InvalidSeq: 4007,
  RateLimited: 4008,
  SessionTimedOut: 4009,
  InvalidShard: 4010,
  ShardingRequired: 4011,
  InvalidAPIVersion: 4012,
  InvalidIntents: 4013,
  DisallowedIntents: 4014,
} as const;

/** gateway.mdx, "List of Intents". */
export const Intents = {
  GUILDS: 1 << 0,
  GUILD_MEMBERS: 1 << 1,
  GUILD_MODERATION: 1 << 2,
  GUILD_EXPRESSIONS: 1 << 3,
  GUILD_INTEGRATIONS: 1 << 4,
  GUILD_WEBHOOKS: 1 << 5,
  GUILD_INVITES: 1 << 6,
  GUILD_VOICE_STATES: 1 << 7,
  GUILD_PRESENCES: 1 << 8,
  GUILD_MESSAGES: 1 << 9,
  GUILD_MESSAGE_REACTIONS: 1 << 10,
  GUILD_MESSAGE_TYPING: 1 << 11,
  DIRECT_MESSAGES: 1 << 12,
  DIRECT_MESSAGE_REACTIONS: 1 << 13,
  DIRECT_MESSAGE_TYPING: 1 << 14,
  MESSAGE_CONTENT: 1 << 15,
  GUILD_SCHEDULED_EVENTS: 1 << 16,
  AUTO_MODERATION_CONFIGURATION: 1 << 20,
  AUTO_MODERATION_EXECUTION: 1 << 21,
  GUILD_MESSAGE_POLLS: 1 << 24,
  DIRECT_MESSAGE_POLLS: 1 << 25,
} as const;
const KNOWN_INTENTS = Object.values(Intents).reduce((all, bit) => all | bit, 0);

/** Application flags (application.mdx, "Application Flags"): a privileged intent is allowed by either of its two. */
export const ApplicationFlags = {
  GATEWAY_PRESENCE: 1 << 12,
  GATEWAY_PRESENCE_LIMITED: 1 << 13,
  GATEWAY_GUILD_MEMBERS: 1 << 14,
  GATEWAY_GUILD_MEMBERS_LIMITED: 1 << 15,
  GATEWAY_MESSAGE_CONTENT: 1 << 18,
  GATEWAY_MESSAGE_CONTENT_LIMITED: 1 << 19,
} as const;
const PRIVILEGED: { intent: number; flags: number }[] = [
  { intent: Intents.GUILD_MEMBERS, flags: ApplicationFlags.GATEWAY_GUILD_MEMBERS | ApplicationFlags.GATEWAY_GUILD_MEMBERS_LIMITED },
  { intent: Intents.GUILD_PRESENCES, flags: ApplicationFlags.GATEWAY_PRESENCE | ApplicationFlags.GATEWAY_PRESENCE_LIMITED },
  { intent: Intents.MESSAGE_CONTENT, flags: ApplicationFlags.GATEWAY_MESSAGE_CONTENT | ApplicationFlags.GATEWAY_MESSAGE_CONTENT_LIMITED },
];

/** gateway.mdx: "Must not exceed 4096 bytes"; "120 gateway events per connection every 60 seconds". */
const MAX_PAYLOAD_BYTES = 4096;
const SEND_LIMIT = 120;
const SEND_WINDOW_MS = 60_000;
/** "Each shard can only support a maximum of 2500 guilds". */
const GUILDS_PER_SHARD = 2500;
const DAY_MS = 24 * 60 * 60_000;

/** Which shard a guild's events go to (gateway.mdx, "Sharding Formula"). */
export const shardOf = (guildId: string, shardCount: number) => Number((BigInt(guildId) >> 22n) % BigInt(shardCount));

export interface GatewayPayload {
  op: number;
  d: unknown;
  s: number | null;
  t: string | null;
}

export interface FakeSession {
  id: string;
  shard: [number, number];
  intents: number;
  /** The last sequence number handed out. */
  seq: number;
  /** Every dispatch of the session, in order: what a RESUME replays. */
  dispatched: GatewayPayload[];
  socket: WebSocket | null;
  /** Until when a disconnected session may be resumed (epoch ms of the gateway's clock); null while connected. */
  resumableUntil: number | null;
  /** False once invalidated (a 1000/1001 close, INVALID_SESSION false, an expired resume window). */
  alive: boolean;
}

export interface IdentifyRecord {
  at: number;
  shard: [number, number] | null;
  intents: number;
  /** The session it started, or what refused it. */
  outcome: { session: string } | { invalidSession: true } | { closed: number };
}

export interface ResumeRecord {
  at: number;
  sessionId: string;
  seq: number;
  /** Whether the client came back on the session's resume_gateway_url. */
  viaResumeUrl: boolean;
  outcome: { replayed: number } | { invalidSession: true } | { closed: number };
}

export interface SessionStartLimit {
  total: number;
  remaining: number;
  /** Epoch ms (gateway clock) when `remaining` goes back to `total`. */
  resetAt: number;
  maxConcurrency: number;
}

export interface FakeGatewayOptions {
  /** The fake REST Discord whose world (guilds, channels, members, messages) the gateway tells about. */
  discord: FakeDiscord;
  /** HELLO's heartbeat_interval (Discord sends about 41,250 ms). */
  heartbeatIntervalMs?: number;
  /** How long past the interval a missing heartbeat is tolerated before the connection is closed with 4009. */
  heartbeatGraceMs?: number;
  /** How long a disconnected session can still be resumed ("a few minutes"). */
  resumeWindowMs?: number;
  /** GET /gateway/bot's recommended shard count. */
  shards?: number;
  /** Session starts per day and how many identifies may run per 5 s (max_concurrency). */
  sessionStartLimit?: { total?: number; remaining?: number; resetAfterMs?: number; maxConcurrency?: number };
  /** The window of one identify per max_concurrency bucket (5 s). */
  identifyWindowMs?: number;
  /** The gateway's clock for identify windows, the session start limit and resume windows. */
  now?: () => number;
}

interface Connection {
  socket: WebSocket;
  session: FakeSession | null;
  viaResumeUrl: boolean;
  heartbeatTimer: NodeJS.Timeout | null;
  sends: { windowStart: number; count: number };
  /** False: heartbeats go unacknowledged (a "zombied" connection, for the client to notice). */
  acking: boolean;
}

export class FakeGateway {
  readonly sessions = new Map<string, FakeSession>();
  readonly identifies: IdentifyRecord[] = [];
  readonly resumes: ResumeRecord[] = [];
  /** Close codes the gateway sent, with the session they ended (if any). */
  readonly closes: { code: number; sessionId: string | null }[] = [];
  /** Close codes clients sent. */
  readonly clientCloses: { code: number; sessionId: string | null }[] = [];
  heartbeats = 0;
  shards: number;
  readonly sessionStartLimit: SessionStartLimit;
  readonly heartbeatIntervalMs: number;
  private readonly heartbeatGraceMs: number;
  private readonly resumeWindowMs: number;
  private readonly identifyWindowMs: number;
  private readonly now: () => number;
  private readonly connections = new Set<Connection>();
  private readonly bucketIdentifiedAt = new Map<number, number>();
  private readonly discord: FakeDiscord;
  private readonly unwatch: () => void;
  private server!: http.Server;
  private wss!: WebSocketServer;
  private port = 0;

  private constructor(options: FakeGatewayOptions) {
    this.discord = options.discord;
    this.now = options.now ?? Date.now;
    this.heartbeatIntervalMs = options.heartbeatIntervalMs ?? 41_250;
    this.heartbeatGraceMs = options.heartbeatGraceMs ?? Math.max(1000, Math.round(this.heartbeatIntervalMs / 2));
    this.resumeWindowMs = options.resumeWindowMs ?? 3 * 60_000;
    this.identifyWindowMs = options.identifyWindowMs ?? 5000;
    this.shards = options.shards ?? 1;
    const limit = options.sessionStartLimit ?? {};
    this.sessionStartLimit = {
      total: limit.total ?? 1000,
      remaining: limit.remaining ?? limit.total ?? 1000,
      resetAt: this.now() + (limit.resetAfterMs ?? DAY_MS),
      maxConcurrency: limit.maxConcurrency ?? 1,
    };
    this.unwatch = this.discord.watch((event) => this.onWorld(event));
  }

  static async start(options: FakeGatewayOptions): Promise<FakeGateway> {
    const gateway = new FakeGateway(options);
    gateway.server = http.createServer((_req, res) => res.writeHead(426).end());
    // WebSocket.Server: the name both the installed ws 7 and ws 8 (which calls it WebSocketServer too) export.
    gateway.wss = new (WebSocket as unknown as { Server: typeof WebSocketServer }).Server({ server: gateway.server });
    gateway.wss.on("connection", (socket, request) => gateway.accept(socket, request));
    await new Promise<void>((resolve) => gateway.server.listen(0, "127.0.0.1", resolve));
    gateway.port = (gateway.server.address() as AddressInfo).port;
    options.discord.attachGateway(gateway);
    return gateway;
  }

  /** The WSS URL GET /gateway/bot gives. */
  get url(): string {
    return `ws://127.0.0.1:${this.port}`;
  }

  /** GET /gateway/bot's answer (gateway.mdx, "Get Gateway Bot"). */
  botInfo(): Json {
    this.refreshStartLimit();
    const limit = this.sessionStartLimit;
    return {
      url: this.url,
      shards: this.shards,
      session_start_limit: {
        total: limit.total,
        remaining: limit.remaining,
        reset_after: Math.max(0, limit.resetAt - this.now()),
        max_concurrency: limit.maxConcurrency,
      },
    };
  }

  /** Live sessions, of one shard when given (several sessions may share a shard, as Discord allows). */
  liveSessions(shardId?: number): FakeSession[] {
    return [...this.sessions.values()].filter((s) => s.alive && (shardId === undefined || s.shard[0] === shardId));
  }

  /** Sessions with an open connection. */
  connectedSessions(shardId?: number): FakeSession[] {
    return this.liveSessions(shardId).filter((s) => s.socket !== null && s.socket.readyState === WebSocket.OPEN);
  }

  /** Sends RECONNECT (op 7) on a session's connection: the client should reconnect and resume. */
  reconnect(sessionId: string): void {
    const session = this.session(sessionId);
    if (session.socket) send(session.socket, { op: GatewayOpcodes.Reconnect, d: null, s: null, t: null });
  }

  /** Sends INVALID_SESSION (op 9); `resumable` false also ends the session. */
  invalidate(sessionId: string, resumable: boolean): void {
    const session = this.session(sessionId);
    if (!resumable) session.alive = false;
    if (session.socket) send(session.socket, { op: GatewayOpcodes.InvalidSession, d: resumable, s: null, t: null });
  }

  /** The network fails under a session: its socket goes without a close frame; the session waits for a RESUME. */
  dropConnection(sessionId: string): void {
    const session = this.session(sessionId);
    session.socket?.terminate();
  }

  /** A session's resume window runs out now (a RESUME of it gets INVALID_SESSION false). */
  expireSession(sessionId: string): void {
    this.session(sessionId).alive = false;
  }

  /** Stops (or starts again) acknowledging the heartbeats of a session's connection. */
  setAcking(sessionId: string, acking: boolean): void {
    for (const c of this.connections) if (c.session?.id === sessionId) c.acking = acking;
  }

  /** Every dispatch a session was sent, by event name. */
  dispatchesOf(sessionId: string, t?: string): GatewayPayload[] {
    return this.session(sessionId).dispatched.filter((p) => t === undefined || p.t === t);
  }

  async close(): Promise<void> {
    this.unwatch();
    for (const c of this.connections) c.socket.terminate();
    for (const c of this.connections) if (c.heartbeatTimer) clearTimeout(c.heartbeatTimer);
    await new Promise<void>((resolve) => this.wss.close(() => resolve()));
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  // ---- connections ------------------------------------------------------------------------------------------

  private session(id: string): FakeSession {
    const session = this.sessions.get(id);
    if (!session) throw new Error(`unknown gateway session ${id}`);
    return session;
  }

  private accept(socket: WebSocket, request: http.IncomingMessage) {
    const url = new URL(request.url ?? "/", this.url);
    const c: Connection = {
      socket,
      session: null,
      viaResumeUrl: url.pathname.startsWith("/resume"),
      heartbeatTimer: null,
      sends: { windowStart: this.now(), count: 0 },
      acking: true,
    };
    this.connections.add(c);
    socket.on("close", (code: number) => this.onSocketClosed(c, code));
    socket.on("error", () => socket.terminate());
    // gateway.mdx, "Gateway URL Query String Params": v is the API version; only 10 here.
    if (url.searchParams.get("v") !== "10") return this.closeWith(c, GatewayCloseCodes.InvalidAPIVersion, "Invalid API version");
    if ((url.searchParams.get("encoding") ?? "json") !== "json") return this.closeWith(c, GatewayCloseCodes.DecodeError, "Decode error");
    send(socket, { op: GatewayOpcodes.Hello, d: { heartbeat_interval: this.heartbeatIntervalMs }, s: null, t: null });
    this.armHeartbeat(c);
    socket.on("message", (data: WebSocket.RawData) => this.onPayload(c, data));
  }

  /** A connection that sends no heartbeat for an interval (and the grace) is closed; its session may be resumed. */
  private armHeartbeat(c: Connection) {
    if (c.heartbeatTimer) clearTimeout(c.heartbeatTimer);
    c.heartbeatTimer = setTimeout(
      () => this.closeWith(c, GatewayCloseCodes.SessionTimedOut, "Session timed out"),
      this.heartbeatIntervalMs + this.heartbeatGraceMs,
    );
    c.heartbeatTimer.unref();
  }

  private onSocketClosed(c: Connection, code: number) {
    if (c.heartbeatTimer) clearTimeout(c.heartbeatTimer);
    this.connections.delete(c);
    const session = c.session;
    if (!session || session.socket !== c.socket) return;
    this.clientCloses.push({ code, sessionId: session.id });
    session.socket = null;
    // gateway.mdx, "Initiating a Disconnect": 1000 or 1001 invalidates the session; any other close (or none) keeps it
    // active for a few minutes, so it can be resumed.
    if (code === 1000 || code === 1001) session.alive = false;
    else session.resumableUntil = this.now() + this.resumeWindowMs;
  }

  private closeWith(c: Connection, code: number, reason: string) {
    this.closes.push({ code, sessionId: c.session?.id ?? null });
    if (c.heartbeatTimer) clearTimeout(c.heartbeatTimer);
    const session = c.session;
    if (session && session.socket === c.socket) {
      session.socket = null;
      const fatal = code === GatewayCloseCodes.AuthenticationFailed || code === GatewayCloseCodes.InvalidSeq;
      if (fatal) session.alive = false;
      else session.resumableUntil = this.now() + this.resumeWindowMs;
    }
    if (c.socket.readyState === WebSocket.OPEN) c.socket.close(code, reason);
  }

  private onPayload(c: Connection, data: WebSocket.RawData) {
    const text = Buffer.isBuffer(data)
      ? data.toString("utf8")
      : Array.isArray(data)
        ? Buffer.concat(data).toString("utf8")
        : Buffer.from(data).toString("utf8");
    if (Buffer.byteLength(text) > MAX_PAYLOAD_BYTES) return this.closeWith(c, GatewayCloseCodes.DecodeError, "Decode error");
    const now = this.now();
    if (now - c.sends.windowStart >= SEND_WINDOW_MS) c.sends = { windowStart: now, count: 0 };
    if (++c.sends.count > SEND_LIMIT) return this.closeWith(c, GatewayCloseCodes.RateLimited, "Rate limited");
    let payload: { op?: unknown; d?: unknown };
    try {
      payload = JSON.parse(text) as { op?: unknown; d?: unknown };
    } catch {
      return this.closeWith(c, GatewayCloseCodes.DecodeError, "Decode error");
    }
    if (!payload || typeof payload !== "object") return this.closeWith(c, GatewayCloseCodes.DecodeError, "Decode error");
    switch (payload.op) {
      case GatewayOpcodes.Heartbeat:
        this.heartbeats++;
        this.armHeartbeat(c);
        if (c.acking) send(c.socket, { op: GatewayOpcodes.HeartbeatAck, d: null, s: null, t: null });
        return;
      case GatewayOpcodes.Identify:
        return this.identify(c, payload.d);
      case GatewayOpcodes.Resume:
        return this.resume(c, payload.d);
      case GatewayOpcodes.PresenceUpdate:
      case GatewayOpcodes.VoiceStateUpdate:
      case GatewayOpcodes.RequestGuildMembers:
      case GatewayOpcodes.RequestSoundboardSounds:
      case GatewayOpcodes.RequestChannelInfo:
        // Understood, answered by nothing here; but never before the session exists.
        if (!c.session) return this.closeWith(c, GatewayCloseCodes.NotAuthenticated, "Not authenticated");
        return;
      default:
        return this.closeWith(c, GatewayCloseCodes.UnknownOpcode, "Unknown opcode");
    }
  }

  private identify(c: Connection, raw: unknown) {
    if (c.session) return this.closeWith(c, GatewayCloseCodes.AlreadyAuthenticated, "Already authenticated");
    const d = isObject(raw) ? raw : {};
    const properties = isObject(d.properties) ? d.properties : null;
    const shard = Array.isArray(d.shard) ? d.shard : d.shard === undefined ? null : "invalid";
    const intents = typeof d.intents === "number" && Number.isInteger(d.intents) ? d.intents : null;
    const record = (outcome: IdentifyRecord["outcome"]) =>
      this.identifies.push({
        at: this.now(),
        shard: Array.isArray(shard) ? (shard as [number, number]) : null,
        intents: intents ?? 0,
        outcome,
      });
    const refuse = (code: number, reason: string) => {
      record({ closed: code });
      this.closeWith(c, code, reason);
    };
    // gateway-events.mdx, Identify Structure: token, properties and intents are required.
    if (typeof d.token !== "string" || !properties || intents === null) return refuse(GatewayCloseCodes.UnknownOpcode, "Unknown opcode");
    if (d.token !== this.discord.botToken) return refuse(GatewayCloseCodes.AuthenticationFailed, "Authentication failed");
    if ((intents & ~KNOWN_INTENTS) !== 0 || intents < 0) return refuse(GatewayCloseCodes.InvalidIntents, "Invalid intent(s)");
    // A privileged intent the application has not enabled (nor been approved for) in the developer portal.
    if (PRIVILEGED.some((p) => (intents & p.intent) !== 0 && (this.discord.applicationFlags & p.flags) === 0)) {
      return refuse(GatewayCloseCodes.DisallowedIntents, "Disallowed intent(s)");
    }
    let shardPair: [number, number] = [0, 1];
    if (shard !== null) {
      const [id, count] = shard === "invalid" ? [NaN, NaN] : (shard as unknown[]);
      if (
        shard === "invalid" ||
        (shard as unknown[]).length !== 2 ||
        !Number.isInteger(id) ||
        !Number.isInteger(count) ||
        (count as number) < 1 ||
        (id as number) < 0 ||
        (id as number) >= (count as number)
      ) {
        return refuse(GatewayCloseCodes.InvalidShard, "Invalid shard");
      }
      shardPair = [id as number, count as number];
    }
    if (this.guildsOfShard(shardPair).length > GUILDS_PER_SHARD) return refuse(GatewayCloseCodes.ShardingRequired, "Sharding required");
    this.refreshStartLimit();
    const limit = this.sessionStartLimit;
    if (limit.remaining <= 0) {
      // gateway.mdx: past the limit "all active sessions for the app will be terminated, the bot token will be reset".
      record({ closed: GatewayCloseCodes.AuthenticationFailed });
      this.discord.resetBotToken();
      for (const other of [...this.connections]) this.closeWith(other, GatewayCloseCodes.AuthenticationFailed, "Authentication failed");
      for (const session of this.sessions.values()) session.alive = false;
      return;
    }
    // "Apps also have a limit for concurrent Identify requests allowed per 5 seconds. If you hit this limit, the
    // Gateway will respond with an Invalid Session (opcode 9)." Buckets: shard_id % max_concurrency.
    const bucket = shardPair[0] % limit.maxConcurrency;
    const last = this.bucketIdentifiedAt.get(bucket);
    const now = this.now();
    if (last !== undefined && now - last < this.identifyWindowMs) {
      record({ invalidSession: true });
      send(c.socket, { op: GatewayOpcodes.InvalidSession, d: false, s: null, t: null });
      return;
    }
    this.bucketIdentifiedAt.set(bucket, now);
    limit.remaining--;
    const session: FakeSession = {
      id: randomBytes(16).toString("hex"),
      shard: shardPair,
      intents,
      seq: 0,
      dispatched: [],
      socket: c.socket,
      resumableUntil: null,
      alive: true,
    };
    this.sessions.set(session.id, session);
    c.session = session;
    record({ session: session.id });
    const bot = this.discord.user(this.discord.applicationId);
    const guilds = this.guildsOfShard(shardPair);
    this.push(session, "READY", {
      v: 10,
      user: { ...userJson(bot), verified: true, mfa_enabled: false, flags: 0 },
      guilds: guilds.map((g) => ({ id: g.id, unavailable: true })),
      session_id: session.id,
      resume_gateway_url: `${this.url}/resume`,
      ...(shard !== null ? { shard: shardPair } : {}),
      application: { id: this.discord.applicationId, flags: this.discord.applicationFlags },
    });
    // "As guilds become available to you, you will receive Guild Create events."
    if (intents & Intents.GUILDS) for (const guild of guilds) this.push(session, "GUILD_CREATE", this.guildCreateJson(guild));
  }

  private resume(c: Connection, raw: unknown) {
    if (c.session) return this.closeWith(c, GatewayCloseCodes.AlreadyAuthenticated, "Already authenticated");
    const d = isObject(raw) ? raw : {};
    if (typeof d.token !== "string" || typeof d.session_id !== "string" || typeof d.seq !== "number" || !Number.isInteger(d.seq)) {
      return this.closeWith(c, GatewayCloseCodes.UnknownOpcode, "Unknown opcode");
    }
    const record = (outcome: ResumeRecord["outcome"]) =>
      this.resumes.push({ at: this.now(), sessionId: d.session_id as string, seq: d.seq as number, viaResumeUrl: c.viaResumeUrl, outcome });
    if (d.token !== this.discord.botToken) {
      record({ closed: GatewayCloseCodes.AuthenticationFailed });
      return this.closeWith(c, GatewayCloseCodes.AuthenticationFailed, "Authentication failed");
    }
    const session = this.sessions.get(d.session_id);
    const expired = session?.resumableUntil !== null && session?.resumableUntil !== undefined && this.now() > session.resumableUntil;
    if (!session || !session.alive || expired) {
      if (session) session.alive = false;
      record({ invalidSession: true });
      send(c.socket, { op: GatewayOpcodes.InvalidSession, d: false, s: null, t: null });
      return;
    }
    // topics/opcodes-and-status-codes.mdx, 4007: "The sequence sent when resuming the session was invalid."
    if (d.seq > session.seq || d.seq < 0) {
      record({ closed: GatewayCloseCodes.InvalidSeq });
      c.session = session;
      session.socket = c.socket;
      return this.closeWith(c, GatewayCloseCodes.InvalidSeq, "Invalid seq");
    }
    // A session lives on one connection: an older one still open is let go.
    if (session.socket && session.socket !== c.socket) {
      const old = [...this.connections].find((x) => x.socket === session.socket);
      if (old) {
        old.session = null;
        this.closeWith(old, GatewayCloseCodes.UnknownError, "Unknown error");
      }
    }
    c.session = session;
    session.socket = c.socket;
    session.resumableUntil = null;
    // "the Gateway will send the missed events in order, finishing with a Resumed event".
    const missed = session.dispatched.filter((p) => (p.s ?? 0) > (d.seq as number));
    for (const p of missed) send(c.socket, p);
    record({ replayed: missed.length });
    this.push(session, "RESUMED", {});
  }

  private refreshStartLimit() {
    const limit = this.sessionStartLimit;
    while (this.now() >= limit.resetAt) {
      limit.remaining = limit.total;
      limit.resetAt += DAY_MS;
    }
  }

  // ---- dispatches -------------------------------------------------------------------------------------------

  /** A dispatch of a session: the next sequence number, kept for a resume, sent while it is connected. */
  private push(session: FakeSession, t: string, d: unknown) {
    const payload: GatewayPayload = { op: GatewayOpcodes.Dispatch, d, s: ++session.seq, t };
    session.dispatched.push(payload);
    if (session.socket && session.socket.readyState === WebSocket.OPEN) send(session.socket, payload);
  }

  /**
   * An event to every live session that should get it: of the guild's shard (events without a guild go to shard 0),
   * with the intent. Disconnected sessions keep it for their resume.
   */
  private dispatch(guildId: string | null, intent: number, t: string, d: Json | ((session: FakeSession) => Json)) {
    const now = this.now();
    for (const session of this.sessions.values()) {
      if (!session.alive) continue;
      if (session.resumableUntil !== null && now > session.resumableUntil) {
        session.alive = false;
        continue;
      }
      const [id, count] = session.shard;
      if ((guildId === null ? 0 : shardOf(guildId, count)) !== id) continue;
      if ((session.intents & intent) === 0) continue;
      this.push(session, t, typeof d === "function" ? d(session) : d);
    }
  }

  private onWorld(event: WorldEvent) {
    const world = this.discord;
    switch (event.kind) {
      case "messageCreate":
      case "messageUpdate": {
        const { message, channel } = event;
        if (!this.botSees(channel)) return;
        const t = event.kind === "messageCreate" ? "MESSAGE_CREATE" : "MESSAGE_UPDATE";
        return this.dispatch(channel.guildId, channel.guildId ? Intents.GUILD_MESSAGES : Intents.DIRECT_MESSAGES, t, (s) =>
          this.messageEventJson(s, message, channel),
        );
      }
      case "messageDelete": {
        const { message, channel } = event;
        if (!this.botSees(channel)) return;
        return this.dispatch(channel.guildId, channel.guildId ? Intents.GUILD_MESSAGES : Intents.DIRECT_MESSAGES, "MESSAGE_DELETE", {
          id: message.id,
          channel_id: channel.id,
          ...(channel.guildId ? { guild_id: channel.guildId } : {}),
        });
      }
      case "channelCreate": {
        const { channel } = event;
        if (!channel.guildId || !this.botSees(channel)) return;
        if (THREADS.has(channel.type))
          return this.dispatch(channel.guildId, Intents.GUILDS, "THREAD_CREATE", { ...channelJson(world, channel), newly_created: true });
        return this.dispatch(channel.guildId, Intents.GUILDS, "CHANNEL_CREATE", channelJson(world, channel));
      }
      case "channelDelete": {
        const { channel } = event;
        if (!channel.guildId || !event.visibleToBot) return;
        // Thread Delete: "a subset of the channel object, containing just the id, guild_id, parent_id, and type".
        if (THREADS.has(channel.type)) {
          return this.dispatch(channel.guildId, Intents.GUILDS, "THREAD_DELETE", {
            id: channel.id,
            guild_id: channel.guildId,
            parent_id: channel.parentId,
            type: channel.type,
          });
        }
        return this.dispatch(channel.guildId, Intents.GUILDS, "CHANNEL_DELETE", channelJson(world, channel));
      }
      case "memberAdd":
        return this.dispatch(event.guild.id, Intents.GUILD_MEMBERS, "GUILD_MEMBER_ADD", {
          ...memberJson(world, event.member),
          guild_id: event.guild.id,
        });
      case "memberRemove": {
        const user = world.users.get(event.userId);
        return this.dispatch(event.guild.id, Intents.GUILD_MEMBERS, "GUILD_MEMBER_REMOVE", {
          guild_id: event.guild.id,
          user: user ? userJson(user) : { id: event.userId, username: "Deleted User", global_name: null, avatar: null, discriminator: "0" },
        });
      }
      case "guildCreate":
        return this.dispatch(event.guild.id, Intents.GUILDS, "GUILD_CREATE", this.guildCreateJson(event.guild));
      case "guildDelete":
        // Guild Delete: "If the unavailable field is not set, the user was removed from the guild."
        return this.dispatch(event.guild.id, Intents.GUILDS, "GUILD_DELETE", { id: event.guild.id });
    }
  }

  private botSees(channel: FakeChannel): boolean {
    if (channel.type === ChannelType.DM) return true;
    const VIEW_CHANNEL = 1n << 10n;
    return (this.discord.permissionsIn(channel, this.discord.applicationId) & VIEW_CHANNEL) === VIEW_CHANNEL;
  }

  /** Message Create: the message with guild_id, the author's partial member, and channel_type. */
  private messageEventJson(session: FakeSession, message: FakeMessage, channel: FakeChannel): Json {
    const world = this.discord;
    const json = messageJson(world, message, channel, (session.intents & Intents.MESSAGE_CONTENT) !== 0);
    const member = channel.guildId ? world.guild(channel.guildId).members.get(message.authorId) : undefined;
    if (member) {
      const { user: _user, ...partial } = memberJson(world, member);
      json.member = partial;
    }
    json.channel_type = channel.type;
    return json;
  }

  /** The guilds whose events a shard gets (those the bot is in). */
  private guildsOfShard([id, count]: [number, number]): FakeGuild[] {
    return [...this.discord.guilds.values()].filter((g) => g.members.has(this.discord.applicationId) && shardOf(g.id, count) === id);
  }

  /** Guild Create: the guild with its channels, threads and (without GUILD_PRESENCES) only the bot as a member. */
  private guildCreateJson(guild: FakeGuild): Json {
    const world = this.discord;
    const channels = world.channelsOf(guild.id);
    const bot = guild.members.get(world.applicationId);
    return {
      ...guildJson(guild, false),
      joined_at: new Date(bot?.joinedAt ?? Date.now()).toISOString(),
      large: false,
      unavailable: false,
      member_count: guild.members.size,
      voice_states: [],
      members: bot ? [memberJson(world, bot)] : [],
      channels: channels.filter((c) => !THREADS.has(c.type)).map((c) => channelJson(world, c)),
      threads: channels.filter((c) => THREADS.has(c.type) && !c.archived).map((c) => channelJson(world, c)),
      presences: [],
      stage_instances: [],
      guild_scheduled_events: [],
      soundboard_sounds: [],
    };
  }
}

function send(socket: WebSocket, payload: GatewayPayload) {
  if (socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(payload));
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}
