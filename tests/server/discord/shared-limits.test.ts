import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { botPermissionBits } from "../../../src/schemas/bot-permissions";
import { PlatformRefusedError } from "../../../server/errors";
import { DiscordPlatform } from "../../../server/platform/discord";
import { type RunningDiscordProxy, startDiscordProxy } from "../../../server/platform/rest-proxy";
import { FakeDiscord } from "./fake-discord";

// Discord's limits held by several instances together. Each instance's REST client keeps Discord's buckets and its
// global 50 requests a second for itself, so two instances together send up to twice that and are refused; through
// the one REST proxy they share (DISCORD_REST_PROXY, @discordjs/proxy) they stay within it. And the invalid-request
// limit: past our line the bot stops sending before Discord would ban its address.

const APP = "700000000000000999";
const G = "780000000000000001";
const CHANNELS = Array.from({ length: 30 }, (_, i) => `7800000000000001${String(i).padStart(2, "0")}`);
const REQUESTS = 160;

let fake: FakeDiscord;
let proxy: RunningDiscordProxy | undefined;

const instance = (options: { restProxy?: string; invalidRequestLimit?: number } = {}) =>
  new DiscordPlatform({
    apiBase: fake.base,
    clientId: APP,
    clientSecret: fake.clientSecret,
    botToken: fake.botToken,
    retries: 0,
    ...options,
  });

/** 429s of the global limit the fake answered. */
const global429s = () => fake.calls.filter((c) => c.status === 429 && c.global).length;

beforeAll(async () => {
  fake = await FakeDiscord.start({ applicationId: APP, rateLimits: { globalPerSecond: 50 } });
  fake.addUser({ id: "780000000000000303", username: "owner" });
  fake.addGuild({ id: G, name: "Shared", ownerId: "780000000000000303", botPermissions: BigInt(botPermissionBits) });
  for (const id of CHANNELS) fake.addChannel(G, { id, name: `c${id.slice(-2)}` });
});
afterEach(async () => {
  await proxy?.close();
  proxy = undefined;
  fake.setRateLimits({ globalPerSecond: 50 });
});
afterAll(async () => {
  await fake?.close();
});

/** Two instances reading channels as fast as their clients let them: half the requests each. */
async function twoInstancesRead(a: DiscordPlatform, b: DiscordPlatform) {
  await Promise.all(Array.from({ length: REQUESTS }, (_, i) => (i % 2 ? a : b).getChannel(CHANNELS[i % CHANNELS.length])));
}

describe("two instances and Discord's global limit (50 requests a second)", () => {
  it("each on its own, they exceed it together and Discord answers 429", async () => {
    const before = global429s();
    await twoInstancesRead(instance(), instance());
    expect(global429s() - before).toBeGreaterThan(0);
  });

  it("through the shared REST proxy, they stay within it: no 429", async () => {
    proxy = await startDiscordProxy({ upstream: fake.base, botToken: fake.botToken });
    const before = global429s();
    const started = fake.calls.length;
    await twoInstancesRead(instance({ restProxy: proxy.url }), instance({ restProxy: proxy.url }));
    expect(global429s() - before).toBe(0);
    expect(fake.calls.length - started).toBe(REQUESTS);
  });
});

describe("Discord's invalid-request limit (10,000 refusals in ten minutes ban the address)", () => {
  it("refusals are counted and, past our line, the bot stops sending instead of asking again", async () => {
    const bot = instance({ invalidRequestLimit: 5 });
    const undo = fake.fail({
      method: "GET",
      route: "/channels/{channel_id}",
      status: 403,
      json: { message: "Missing Access", code: 50001 },
    });
    try {
      // 403 (Missing Access) counts; the adapter reads it as "gone" (null).
      for (let i = 0; i < 5; i++) expect(await bot.getChannel(CHANNELS[0])).toBeNull();
      expect(bot.invalidRequests.count()).toBe(5);
      const sent = fake.calls.length;
      await expect(bot.getChannel(CHANNELS[1])).rejects.toBeInstanceOf(PlatformRefusedError);
      await expect(bot.getChannel(CHANNELS[1])).rejects.toMatchObject({ reason: "backingOff" });
      expect(fake.calls.length).toBe(sent);
    } finally {
      undo();
    }
  });

  it("the shared proxy counts for every instance and answers 503 past its line, without asking Discord", async () => {
    proxy = await startDiscordProxy({ upstream: fake.base, botToken: fake.botToken, invalidRequestLimit: 4 });
    const a = instance({ restProxy: proxy.url });
    const b = instance({ restProxy: proxy.url });
    const undo = fake.fail({
      method: "GET",
      route: "/channels/{channel_id}",
      status: 403,
      json: { message: "Missing Access", code: 50001 },
    });
    try {
      for (const bot of [a, b, a, b]) expect(await bot.getChannel(CHANNELS[0])).toBeNull();
      expect(proxy.guard.count()).toBe(4);
      const sent = fake.calls.length;
      await expect(a.getChannel(CHANNELS[1])).rejects.toThrow();
      expect(fake.calls.length).toBe(sent);
    } finally {
      undo();
    }
  });
});
