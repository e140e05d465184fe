import { randomUUID } from "node:crypto";
import type { REST } from "@discordjs/rest";
import { type SessionInfo, SimpleShardingStrategy, WebSocketManager, WebSocketShardEvents } from "@discordjs/ws";
import {
  type APIApplication,
  type APIGatewayBotInfo,
  type GatewayDispatchPayload,
  type GatewayReadyDispatchData,
  Routes,
} from "discord-api-types/v10";
import type { FastifyBaseLogger, FastifyInstance } from "fastify";
import { DISALLOWED_INTENTS, notEnabled, privilegedIn } from "../bot-setup/gateway";
import type { DialectName } from "../db/dialect";
import type { Db } from "../db/schema";
import type { PlatformAdapter } from "../platform/adapter";
import { DiscordPlatform } from "../platform/discord";
import { type DoorDeps, EventDoor, orderKeyOf } from "./events";
import { DatabaseIdentifyThrottler, NO_SESSION_STARTS } from "./identify-throttle";
import { Inbox } from "./inbox";
import { wantedIntents } from "./intents";
import { type SessionState, ShardLeases, type ShardRow } from "./leases";
import { SerialQueues, Watermark } from "./pipeline";
import { purgeDepartedGuilds } from "./retention";

// The gateway connection of one instance (DISCORD_GATEWAY=1; docs/decisions/011-gateway.md). Each shard is a
// @discordjs/ws WebSocketManager of its own (shardIds: [id], the shard count every instance agrees on), so an instance
// can take a shard over or give it back at any time; the managers share the app's REST client (GET /gateway/bot comes
// from DISCORD_API_BASE, or through the shared REST proxy) and one identify throttle in the database.
//
// A heartbeat (every `tickMs`) renews this instance's leases with how far each session's events were applied, counts
// the live instances and keeps this one's fair share: ceil(shards / instances) — takes free or expired shards, gives
// back extra ones (closing with 4200, not 1000, so the session stays resumable and the next holder RESUMEs it). A holder
// that dies stops renewing; within `leaseMs` plus one heartbeat another instance takes its shards and resumes them
// from the stored sequence: Discord replays what came after, the inbox drops what was applied already. On SQLite one
// instance holds every shard.
//
// Dispatches go through the door (./events.ts) one after another per channel (./pipeline.ts), each claimed in the
// inbox first (./inbox.ts). A close code that says not to reconnect (4004, 4010–4014) leaves the shard down and
// recorded, for Bot setup to explain (4014: which privileged intent the application lacks); the bot meanwhile works
// by polling, as without the gateway, and the shard tries again once the application's flags allow what it asks.

declare module "fastify" {
  interface FastifyInstance {
    /** The gateway connection (DISCORD_GATEWAY=1 in Discord mode), or null. */
    gateway: GatewayRunner | null;
  }
}

/** Close codes after which Discord says not to reconnect (topics/opcodes-and-status-codes.mdx). */
const FATAL_CLOSE_CODES = new Set([4004, 4010, 4011, 4012, 4013, 4014]);
/** Closing with this code keeps the session resumable (anything but 1000 and 1001); @discordjs/ws's own "resuming". */
const KEEP_SESSION = 4200;
/** Forgets the session: the shard identifies again (a new set of intents). */
const END_SESSION = 1000;
/** A shard that could not start (Discord or the network failing) tries again after this long. */
const CONNECT_RETRY_MS = 5000;

export interface GatewayRunnerOptions {
  db: Db;
  dialect: DialectName;
  /** The app's REST client with the bot's token (server/platform/discord.ts). */
  rest: REST;
  token: string;
  door: DoorDeps;
  /** For the purge's check that the bot is really gone. */
  platform: PlatformAdapter;
  log: FastifyBaseLogger;
  instanceId?: string;
  /** A holder that stops renewing loses its shards after this long (default 20 s: taken over within 25 s). */
  leaseMs?: number;
  /** The heartbeat (default leaseMs / 4). */
  tickMs?: number;
  /** Identify window per max_concurrency bucket (default 5.5 s). */
  identifyIntervalMs?: number;
  /** After a refused identify, how often the application's flags are read again (default 5 minutes). */
  flagsCheckMs?: number;
  /** How often the wanted intents are recomputed from the settings (default a minute). */
  intentsCheckMs?: number;
  /** The shard count (default: Discord's recommendation, GET /gateway/bot `shards`). */
  shardCount?: number;
  now?: () => number;
  /** Told of every dispatch the door acted on: applied here, or already applied (a replay, another instance). */
  onEvent?: (event: { key: string; t: string; shardId: number; outcome: "applied" | "duplicate"; ms: number }) => void;
  /** @discordjs/ws's timeouts, for tests. */
  helloTimeoutMs?: number;
  readyTimeoutMs?: number;
}

/** The runner of an app in Discord mode (its database, REST client, the ticket core and settings); `overrides` for tests. */
export function createGatewayRunner(app: FastifyInstance, overrides: Partial<GatewayRunnerOptions> = {}): GatewayRunner {
  const platform = app.platform;
  if (!(platform instanceof DiscordPlatform) || !app.config.discord) throw new Error("the gateway runs in Discord mode only");
  return new GatewayRunner({
    db: app.db,
    dialect: app.dbDialect,
    rest: platform.botRest,
    token: app.config.discord.botToken,
    platform,
    log: app.log,
    leaseMs: app.config.gatewayLeaseMs,
    door: { core: app.tickets.deps, retentionMs: app.config.guildRetentionDays * 24 * 60 * 60_000, now: Date.now },
    ...overrides,
  });
}

/** A shard this instance holds. */
class HeldShard {
  manager: WebSocketManager | null = null;
  /** The session as @discordjs/ws knows it (what it resumes with; its sequence runs ahead of what was applied). */
  session: SessionInfo | null = null;
  /** The session id event keys use (set before a resume's replays arrive). */
  sessionId: string | null = null;
  watermark = new Watermark(0);
  intents = 0;
  /** Giving it back or going: a session the library drops is kept for the next holder. */
  stopping = false;
  refused: { code: number; at: number } | null = null;
  ready = false;
  /** When a shard that could not start tries again. */
  retryAt: number | null = null;

  constructor(
    readonly shardId: number,
    readonly shardCount: number,
  ) {}

  /** What the lease stores: the session, and the sequence up to which everything was applied. */
  state(): SessionState | null {
    if (!this.session) return null;
    return { sessionId: this.session.sessionId, resumeUrl: this.session.resumeURL, sequence: this.watermark.value, intents: this.intents };
  }
}

export class GatewayRunner {
  readonly instanceId: string;
  readonly leases: ShardLeases;
  readonly inbox: Inbox;
  readonly throttler: DatabaseIdentifyThrottler;
  private readonly door: EventDoor;
  private readonly queues = new SerialQueues();
  private readonly held = new Map<number, HeldShard>();
  private readonly leaseMs: number;
  private readonly tickMs: number;
  private readonly now: () => number;
  private timer: NodeJS.Timeout | null = null;
  private retry: NodeJS.Timeout | null = null;
  private ticking: Promise<void> | null = null;
  private shardCount = 0;
  private wanted = 0;
  private lastIntentsCheck = 0;
  private lastFlagsCheck = 0;
  private lastMinuteJobs = 0;
  private running = false;

  constructor(private readonly options: GatewayRunnerOptions) {
    this.instanceId = options.instanceId ?? randomUUID();
    this.now = options.now ?? Date.now;
    this.leaseMs = options.leaseMs ?? 20_000;
    this.tickMs = options.tickMs ?? Math.max(50, Math.floor(this.leaseMs / 4));
    this.leases = new ShardLeases(options.db, this.instanceId, this.now);
    this.inbox = new Inbox(options.db, this.instanceId, this.now);
    this.door = new EventDoor(options.door);
    this.throttler = new DatabaseIdentifyThrottler(options.db, {
      gatewayInfo: () => this.gatewayInfo(),
      intervalMs: options.identifyIntervalMs,
      now: this.now,
      warn: (message, detail) => options.log.warn(detail, `gateway: ${message}`),
    });
  }

  /** Joins the shards' sharing: the shard count (Discord's recommendation on the first start), then the heartbeat. */
  async start(): Promise<void> {
    if (this.running) return;
    this.running = true;
    const recommended = this.options.shardCount ?? (await this.gatewayInfo()).shards;
    this.shardCount = await this.leases.ensureShards(Math.max(1, recommended));
    this.wanted = await wantedIntents(this.options.db);
    this.lastIntentsCheck = this.now();
    await this.tick();
    this.timer = setInterval(() => void this.tick(), this.tickMs);
    this.timer.unref();
  }

  /** Starts, and when Discord or the database cannot be reached yet, tries again every `retryMs` until it does. */
  startSoon(retryMs = 60_000): void {
    void this.start().catch((error) => {
      this.running = false;
      this.options.log.warn(
        { err: error },
        `gateway not started; trying again in ${Math.round(retryMs / 1000)} s (the bot polls meanwhile)`,
      );
      this.retry = setTimeout(() => this.startSoon(retryMs), retryMs);
      this.retry.unref();
    });
  }

  /** Gives every shard back (sessions kept, for another instance or the next start to resume) and leaves. */
  async stop(): Promise<void> {
    if (this.retry) clearTimeout(this.retry);
    if (!this.running) return;
    this.running = false;
    if (this.timer) clearInterval(this.timer);
    await this.ticking;
    for (const held of [...this.held.values()]) await this.giveBack(held);
    await this.leases.leave();
  }

  /** Stops as a crash would (tests): connections dropped, nothing written — the leases run out on their own. */
  async crash(): Promise<void> {
    this.running = false;
    if (this.timer) clearInterval(this.timer);
    for (const held of this.held.values()) {
      held.stopping = true;
      await closeQuietly(held.manager, KEEP_SESSION);
    }
    this.held.clear();
  }

  /** The shards this instance holds, and whether each is connected. */
  status(): { shardId: number; ready: boolean; refused: number | null; sessionId: string | null; sequence: number }[] {
    return [...this.held.values()].map((h) => ({
      shardId: h.shardId,
      ready: h.ready,
      refused: h.refused?.code ?? null,
      sessionId: h.sessionId,
      sequence: h.watermark.value,
    }));
  }

  /** Resolves once every dispatch received so far has been applied. */
  idle(): Promise<void> {
    return this.queues.idle();
  }

  // ---- the heartbeat ----------------------------------------------------------------------------------------

  private tick(): Promise<void> {
    if (this.ticking) return this.ticking;
    this.ticking = this.heartbeat()
      .catch((error) => this.options.log.warn({ err: error }, "gateway heartbeat failed"))
      .finally(() => (this.ticking = null));
    return this.ticking;
  }

  private async heartbeat(): Promise<void> {
    if (!this.running) return;
    const alive = await this.leases.heartbeat(this.leaseMs);
    for (const held of [...this.held.values()]) {
      if (!(await this.leases.renew(held.shardId, this.leaseMs, held.state()))) this.lose(held);
    }
    const now = this.now();
    if (now - this.lastIntentsCheck >= (this.options.intentsCheckMs ?? 60_000)) {
      this.lastIntentsCheck = now;
      this.wanted = await wantedIntents(this.options.db);
      for (const held of this.held.values()) if ((this.wanted & ~held.intents) !== 0 && !held.refused) await this.reidentify(held);
    }
    await this.retryRefused(now);
    for (const held of this.held.values()) {
      if (held.retryAt === null || held.retryAt > now) continue;
      held.retryAt = null;
      await closeQuietly(held.manager, KEEP_SESSION);
      this.startManager(held);
    }
    await this.share(alive);
    if (now - this.lastMinuteJobs >= 60_000) {
      this.lastMinuteJobs = now;
      await this.inbox.prune();
      await purgeDepartedGuilds(this.options.db, this.options.dialect, this.options.platform, now);
    }
  }

  /** Holds this instance's fair share: takes free or expired shards up to it, gives one extra back per heartbeat. */
  private async share(alive: number): Promise<void> {
    const target = Math.ceil(this.shardCount / alive);
    if (this.held.size > target) {
      const extra = [...this.held.values()].sort((a, b) => b.shardId - a.shardId)[0];
      await this.giveBack(extra);
      return;
    }
    if (this.held.size >= target) return;
    const now = this.now();
    const free = (await this.leases.all()).filter((r) => !this.held.has(r.shard_id) && (r.holder === null || Number(r.lease_until) < now));
    for (const row of free.slice(0, target - this.held.size)) {
      const claimed = await this.leases.claim(row.shard_id, this.leaseMs);
      if (claimed) this.connect(claimed);
    }
  }

  // ---- one shard ----------------------------------------------------------------------------------------------

  /** Connects a shard just claimed: RESUMEs the session its row stores when it asked for these intents, else identifies. */
  private connect(row: ShardRow, intents = this.wanted): void {
    const held = new HeldShard(row.shard_id, this.shardCount);
    held.intents = intents;
    const resumable = row.session_id && row.resume_url && row.sequence !== null && Number(row.intents) === intents;
    if (resumable) {
      held.session = {
        sessionId: row.session_id!,
        resumeURL: row.resume_url!,
        sequence: Number(row.sequence),
        shardId: row.shard_id,
        shardCount: this.shardCount,
      };
      held.sessionId = row.session_id;
      held.watermark = new Watermark(Number(row.sequence));
    }
    this.held.set(held.shardId, held);
    this.startManager(held);
  }

  private startManager(held: HeldShard): void {
    const { log } = this.options;
    const manager = new WebSocketManager({
      token: this.options.token,
      intents: held.intents,
      rest: this.options.rest,
      shardCount: held.shardCount,
      shardIds: [held.shardId],
      identifyProperties: { os: process.platform, browser: "Ticketeer", device: "Ticketeer" },
      buildIdentifyThrottler: () => this.throttler,
      buildStrategy: (m) => new GuardedStrategy(m, () => held.stopping),
      retrieveSessionInfo: () => held.session,
      updateSessionInfo: (_shardId, info) => {
        // Giving the shard back, the library drops the session as it closes: it is kept, for the next holder.
        if (!info && held.stopping) return;
        held.session = info;
        // Discord ended the session: the next holder must identify.
        if (!info) void this.leases.forgetSession(held.shardId).catch((error) => log.warn({ err: error }, "gateway session not forgotten"));
      },
      ...(this.options.helloTimeoutMs ? { helloTimeout: this.options.helloTimeoutMs } : {}),
      ...(this.options.readyTimeoutMs ? { readyTimeout: this.options.readyTimeoutMs } : {}),
    });
    held.manager = manager;
    manager.on(WebSocketShardEvents.Ready, (data) => void this.onReady(held, data));
    manager.on(WebSocketShardEvents.Resumed, () => void this.onResumed(held));
    manager.on(WebSocketShardEvents.Dispatch, (payload) => this.onDispatch(held, payload));
    manager.on(WebSocketShardEvents.Closed, (code) => void this.onClosed(held, code));
    manager.on(WebSocketShardEvents.Error, (error) => log.warn({ err: error, shard: held.shardId }, "gateway shard error"));
    manager.on(WebSocketShardEvents.Debug, (message) => log.debug({ shard: held.shardId }, message));
    // Resolves once the shard is ready; a shard Discord refuses never is (its close is handled on its own). One that
    // cannot start (no session start left today, Discord unreachable) tries again later.
    void manager.connect().catch(async (error) => {
      if (held.stopping) return;
      const limit = (await this.gatewayInfo().catch(() => null))?.session_start_limit;
      const exhausted = limit !== undefined && limit.remaining <= 0;
      if (exhausted) log.warn({ shard: held.shardId, resetAfterMs: limit.reset_after }, `gateway: ${NO_SESSION_STARTS}`);
      else log.warn({ err: error, shard: held.shardId }, "gateway shard did not connect; trying again shortly");
      held.retryAt = this.now() + (exhausted ? Math.max(1000, limit.reset_after) : CONNECT_RETRY_MS);
    });
  }

  private async onReady(held: HeldShard, data: GatewayReadyDispatchData) {
    if (held.stopping) return;
    held.sessionId = data.session_id;
    // READY itself needs applying by nobody: a resume starts after it (the library has its sequence by now).
    const readySequence = held.session?.sessionId === data.session_id ? held.session.sequence : 0;
    held.watermark = new Watermark(readySequence);
    held.ready = true;
    held.refused = null;
    const state: SessionState = {
      sessionId: data.session_id,
      resumeUrl: data.resume_gateway_url,
      sequence: readySequence,
      intents: held.intents,
    };
    await this.leases.ready(held.shardId, state, false).catch((error) => this.options.log.warn({ err: error }, "gateway ready not stored"));
    this.options.log.info({ shard: held.shardId, intents: held.intents }, "gateway shard identified");
  }

  private async onResumed(held: HeldShard) {
    if (held.stopping) return;
    held.ready = true;
    const state = held.state();
    if (state)
      await this.leases
        .ready(held.shardId, state, true)
        .catch((error) => this.options.log.warn({ err: error }, "gateway resume not stored"));
    this.options.log.info({ shard: held.shardId }, "gateway shard resumed");
  }

  private async onClosed(held: HeldShard, code: number) {
    if (held.stopping) return;
    held.ready = false;
    if (FATAL_CLOSE_CODES.has(code)) {
      held.refused = { code, at: this.now() };
      await this.leases
        .refused(held.shardId, code, held.intents)
        .catch((error) => this.options.log.warn({ err: error }, "gateway refusal not stored"));
      const missing = code === 4014 ? ` (privileged intents asked for: ${privilegedIn(held.intents).join(", ")})` : "";
      this.options.log.error(
        { shard: held.shardId, code },
        `Discord refused the gateway connection with ${code}${missing}; the bot works without it (polling) until this is fixed`,
      );
      return;
    }
    await this.leases.down(held.shardId).catch(() => undefined);
  }

  private onDispatch(held: HeldShard, payload: GatewayDispatchPayload): void {
    if (held.stopping) return;
    const seq = payload.s;
    // This session's watermark (a new session starts another one).
    const watermark = held.watermark;
    watermark.begin(seq);
    const origin = { shardId: held.shardId, sessionId: held.sessionId ?? "none" };
    void this.queues.run(orderKeyOf(payload) ?? `shard:${held.shardId}`, async () => {
      try {
        if (!held.stopping) await this.apply(held, payload, origin);
      } catch (error) {
        this.options.log.warn({ err: error, shard: held.shardId, event: payload.t }, "gateway event not applied");
      } finally {
        watermark.end(seq);
      }
    });
  }

  /** One dispatch through the door: claimed in the inbox, applied, marked done; a claim given back when it fails. */
  private async apply(held: HeldShard, payload: GatewayDispatchPayload, origin: { shardId: number; sessionId: string }) {
    const started = performance.now();
    const action = await this.door.actionFor(payload, origin);
    if (!action) return;
    if (action.key === null) return action.apply();
    const claim = await this.inbox.claim(action.key, held.shardId);
    if (claim === "notHolder") return this.lose(held);
    if (claim === "applied") {
      this.options.onEvent?.({
        key: action.key,
        t: payload.t,
        shardId: held.shardId,
        outcome: "duplicate",
        ms: performance.now() - started,
      });
      return;
    }
    try {
      await action.apply();
    } catch (error) {
      await this.inbox.release(action.key).catch(() => undefined);
      throw error;
    }
    await this.inbox.done(action.key);
    this.options.onEvent?.({ key: action.key, t: payload.t, shardId: held.shardId, outcome: "applied", ms: performance.now() - started });
  }

  /** Gives a shard back: its connection closed keeping the session, its queued events applied, its lease released. */
  private async giveBack(held: HeldShard): Promise<void> {
    held.stopping = true;
    this.held.delete(held.shardId);
    await closeQuietly(held.manager, KEEP_SESSION);
    await this.queues.idle();
    await this.leases.release(held.shardId, held.state());
  }

  /** Another instance holds the shard now: this one stops at once and writes nothing more of it. */
  private lose(held: HeldShard): void {
    if (!this.held.has(held.shardId)) return;
    this.options.log.warn({ shard: held.shardId }, "gateway shard taken over by another instance");
    held.stopping = true;
    this.held.delete(held.shardId);
    void closeQuietly(held.manager, KEEP_SESSION);
  }

  /** New intents (close-on-leave turned on somewhere): the shard identifies again with them. */
  private async reidentify(held: HeldShard): Promise<void> {
    this.options.log.info({ shard: held.shardId, intents: this.wanted }, "gateway intents changed: identifying again");
    held.stopping = true;
    await closeQuietly(held.manager, END_SESSION);
    await this.queues.idle();
    await this.leases.forgetSession(held.shardId);
    this.held.delete(held.shardId);
    const row = (await this.leases.all()).find((r) => r.shard_id === held.shardId);
    if (row && row.holder === this.instanceId) this.connect(row, this.wanted);
  }

  /**
   * A shard refused for a privileged intent (4014) tries again once the application's flags (read every
   * `flagsCheckMs`) enable what it asks. The other refusals (a bad token, shard or intents) wait for a restart with a
   * fixed configuration: trying again would only spend session starts.
   */
  private async retryRefused(now: number): Promise<void> {
    const refused = [...this.held.values()].filter((h) => h.refused?.code === DISALLOWED_INTENTS);
    if (refused.length === 0 || now - this.lastFlagsCheck < (this.options.flagsCheckMs ?? 5 * 60_000)) return;
    this.lastFlagsCheck = now;
    const application = (await this.options.rest.get(Routes.currentApplication())) as APIApplication;
    for (const held of refused) {
      if (notEnabled(this.wanted, application.flags ?? 0).length > 0) continue;
      await closeQuietly(held.manager, END_SESSION);
      held.stopping = true;
      this.held.delete(held.shardId);
      const row = (await this.leases.all()).find((r) => r.shard_id === held.shardId);
      if (row && row.holder === this.instanceId) this.connect(row, this.wanted);
    }
  }

  private gatewayInfo(): Promise<APIGatewayBotInfo> {
    return this.options.rest.get(Routes.gatewayBot()) as Promise<APIGatewayBotInfo>;
  }
}

/** Closes a shard's connection with a close code; a failure to close is nothing to stop for. */
async function closeQuietly(manager: WebSocketManager | null, code: number): Promise<void> {
  try {
    await manager?.destroy({ code });
  } catch {
    // already closed
  }
}

/**
 * The library's in-process strategy, but a shard given back while its manager was still starting (reading GET
 * /gateway/bot) does not connect afterwards.
 */
class GuardedStrategy extends SimpleShardingStrategy {
  constructor(
    manager: WebSocketManager,
    private readonly cancelled: () => boolean,
  ) {
    super(manager);
  }

  override async connect(): Promise<void> {
    if (this.cancelled()) return;
    await super.connect();
  }
}
