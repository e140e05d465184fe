import { botPermissionBits } from "../../../src/schemas/bot-permissions";
import { createGatewayRunner, type GatewayRunner, type GatewayRunnerOptions } from "../../../server/gateway/runner";
import { findTicket, type TicketRow } from "../../../server/tickets/store";
import { FakeDiscord } from "../discord/fake-discord";
import { FakeGateway, type FakeGatewayOptions } from "../discord/fake-gateway";
import { ChannelType } from "../discord/fake-world";
import { createTestApp, type TestApp } from "../helpers";

// A Discord-mode app against the fake Discord and its fake gateway (tests/server/discord/), for the gateway's suites:
// one guild with a ticket category, an owner, a member and a staff member; runners made as the app makes its own, with
// the test's short lease and heartbeat, so a takeover is a matter of a second or two, not half a minute.

export const APP = "730000000000000001";
/** Guild ids on shards 0 and 1 of two ((id >> 22) % 2). */
const BASE = (730000000000000000n >> 23n) << 1n;
export const G = String((BASE << 22n) | 7n);
export const G1 = String(((BASE + 1n) << 22n) | 7n);
export const OWNER = "730000000000000002";
export const MEMBER = "730000000000000003";
export const STAFF = "730000000000000004";

export interface GatewayWorld {
  fake: FakeDiscord;
  gateway: FakeGateway;
  t: TestApp;
  category: string;
  runners: GatewayRunner[];
  /** A runner of this app (as app.ts makes it) with the test's timings; `events` collects what it applied. */
  runner(overrides?: Partial<GatewayRunnerOptions>): GatewayRunner & { events: { key: string; t: string; outcome: string }[] };
  close(): Promise<void>;
}

/** Test timings: a lease of 1.5 s and a heartbeat every 100 ms; identifies 300 ms apart per bucket. */
export const TEST_TIMINGS = {
  leaseMs: 1500,
  tickMs: 100,
  identifyIntervalMs: 300,
  intentsCheckMs: 200,
  flagsCheckMs: 200,
  helloTimeoutMs: 5000,
  readyTimeoutMs: 5000,
};

export async function gatewayWorld(
  options: { gateway?: Partial<FakeGatewayOptions>; applicationFlags?: number; env?: Record<string, string> } = {},
): Promise<GatewayWorld> {
  const fake = await FakeDiscord.start({ applicationId: APP, applicationFlags: options.applicationFlags });
  fake.addUser({ id: OWNER, username: "owner" });
  fake.addUser({ id: MEMBER, username: "member" });
  fake.addUser({ id: STAFF, username: "staffer" });
  fake.addGuild({ id: G, name: "Gateway Guild", ownerId: OWNER, botPermissions: BigInt(botPermissionBits) });
  fake.addGuild({ id: G1, name: "Other Guild", ownerId: OWNER, botPermissions: BigInt(botPermissionBits) });
  for (const guild of [G, G1]) {
    fake.addMember(guild, MEMBER);
    fake.addMember(guild, STAFF);
  }
  const category = fake.addChannel(G, { name: "Tickets", type: ChannelType.GuildCategory }).id;
  // Discord's own heartbeat interval: on a loaded machine a shorter one would see heartbeats late and resume now and
  // then, which the live read rightly answers by polling (fake-gateway.test.ts covers the timeout itself).
  const gateway = await FakeGateway.start({ discord: fake, identifyWindowMs: 250, ...options.gateway });
  const t = await createTestApp({
    env: {
      DISCORD_CLIENT_ID: APP,
      DISCORD_CLIENT_SECRET: fake.clientSecret,
      DISCORD_BOT_TOKEN: fake.botToken,
      DISCORD_API_BASE: fake.base,
      DISCORD_GATEWAY: "1",
      ...options.env,
    },
    seed: false,
  });
  const runners: GatewayRunner[] = [];
  return {
    fake,
    gateway,
    t,
    category,
    runners,
    runner(overrides = {}) {
      const events: { key: string; t: string; outcome: string }[] = [];
      const runner = createGatewayRunner(t.app, { ...TEST_TIMINGS, onEvent: (e) => events.push(e), ...overrides }) as GatewayRunner & {
        events: typeof events;
      };
      runner.events = events;
      runners.push(runner);
      return runner;
    },
    async close() {
      for (const runner of runners) await runner.stop().catch(() => undefined);
      await t.close();
      await gateway.close();
      await fake.close();
    },
  };
}

/** Polls until `check` holds (or throws with `what` after `timeoutMs`). */
export async function until<T>(check: () => T | Promise<T>, what: string, timeoutMs = 10_000): Promise<NonNullable<T>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value as NonNullable<T>;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

let number = 0;

/** A ticket of MEMBER opened now (its channel in the fake, its row open), as the core leaves one. */
export async function openTicket(w: GatewayWorld, guildId = G): Promise<TicketRow> {
  const channel = w.fake.addChannel(guildId, { name: `ticket-${++number}`, parentId: guildId === G ? w.category : null });
  const now = Date.now();
  await w.t.db
    .insertInto("tickets")
    .values({
      guild_id: guildId,
      number,
      panel_id: null,
      panel_name: "Unknown",
      opener_id: MEMBER,
      opener_name: "member",
      subject: null,
      status: "open",
      channel_id: channel.id,
      claimed_by: null,
      claimed_by_name: null,
      form_answers_json: null,
      opened_at: now,
      last_activity_at: now,
      first_response_at: null,
      closed_at: null,
      closed_by: null,
      closed_by_name: null,
      close_reason: null,
      rating: null,
      response_ms: null,
      resolution_ms: null,
    })
    .execute();
  return (await findTicket(w.t.db, guildId, number))!;
}

/** The runner's shards, ready. */
export const readyShards = (runner: GatewayRunner) =>
  runner
    .status()
    .filter((s) => s.ready)
    .map((s) => s.shardId)
    .sort();
