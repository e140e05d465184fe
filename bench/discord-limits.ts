// Two instances of the bot and Discord's limits: each instance's REST client keeps Discord's buckets and the global
// 50 requests a second for itself, so two of them together can send twice that; through the shared REST proxy
// (DISCORD_REST_PROXY, server/platform/rest-proxy.ts) they hold them together. Against the fake Discord of the test
// suites with Discord's global limit (50 a second) and a per-channel bucket on sending messages (5 per 5 s): the
// same work from two instances, alone and through the proxy. Prints requests per second reaching Discord and the
// 429s it answered; the goal is 0 under the documented limits.
//   npx tsx bench/discord-limits.ts
import { botPermissionBits } from "../src/schemas/bot-permissions";
import { DiscordPlatform } from "../server/platform/discord";
import { startDiscordProxy } from "../server/platform/rest-proxy";
import { FakeDiscord } from "../tests/server/discord/fake-discord";

const APP = "700000000000000777";
const G = "790000000000000001";
const OWNER = "790000000000000002";
const CHANNELS = Array.from({ length: 40 }, (_, i) => `7900000000000001${String(i).padStart(2, "0")}`);
const READS = 400;
const SENDS = 60;

async function round(label: string, fake: FakeDiscord, viaProxy: boolean) {
  const proxy = viaProxy ? await startDiscordProxy({ upstream: fake.base, botToken: fake.botToken }) : undefined;
  const instance = () =>
    new DiscordPlatform({
      apiBase: fake.base,
      clientId: APP,
      clientSecret: fake.clientSecret,
      botToken: fake.botToken,
      restProxy: proxy?.url,
      maxRetryAfterMs: 30_000,
    });
  const [a, b] = [instance(), instance()];
  const from = fake.calls.length;
  const started = Date.now();
  // Reads of many channels (the global limit binds) and messages into few channels (their buckets bind), split
  // between the instances and sent at once.
  await Promise.all([
    ...Array.from({ length: READS }, (_, i) => (i % 2 ? a : b).getChannel(CHANNELS[i % CHANNELS.length])),
    ...Array.from({ length: SENDS }, (_, i) =>
      (i % 2 ? a : b).sendMessage(CHANNELS[i % 3], { content: `note ${i}`, allowed_mentions: { parse: [] } }),
    ),
  ]);
  const seconds = (Date.now() - started) / 1000;
  const calls = fake.calls.slice(from);
  const global = calls.filter((c) => c.status === 429 && c.global).length;
  const bucket = calls.filter((c) => c.status === 429 && !c.global).length;
  console.log(
    `  ${label.padEnd(38)} ${String(READS + SENDS).padStart(4)} requests in ${seconds.toFixed(1).padStart(5)} s: ${(calls.length / seconds).toFixed(1).padStart(5)} req/s reached Discord; 429s: ${global} global, ${bucket} per route`,
  );
  await proxy?.close();
}

export async function measureDiscordLimits() {
  console.log("\nTwo instances and Discord's limits (fake Discord: 50 requests/s global, 5 messages per 5 s per channel)");
  const fake = await FakeDiscord.start({
    applicationId: APP,
    rateLimits: { globalPerSecond: 50, routes: { "POST /channels/{channel_id}/messages": { limit: 5, windowMs: 5000 } } },
  });
  fake.addUser({ id: OWNER, username: "owner" });
  fake.addGuild({ id: G, name: "Bench", ownerId: OWNER, botPermissions: BigInt(botPermissionBits) });
  for (const id of CHANNELS) fake.addChannel(G, { id, name: `c${id.slice(-2)}` });
  try {
    // The fake checks each request against Discord's contract and compiles a validator per route on first use (up to
    // half a second, in this process): warm them up, so no pause bunches the requests the rounds send.
    const warm = new DiscordPlatform({ apiBase: fake.base, clientId: APP, clientSecret: fake.clientSecret, botToken: fake.botToken });
    await warm.getChannel(CHANNELS[39]);
    await warm.sendMessage(CHANNELS[39], { content: "warm-up", allowed_mentions: { parse: [] } });
    fake.setRateLimits({ globalPerSecond: 50, routes: { "POST /channels/{channel_id}/messages": { limit: 5, windowMs: 5000 } } });
    await round("each instance on its own", fake, false);
    fake.setRateLimits({ globalPerSecond: 50, routes: { "POST /channels/{channel_id}/messages": { limit: 5, windowMs: 5000 } } });
    await round("both through the shared proxy", fake, true);
  } finally {
    await fake.close().catch(() => undefined);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await measureDiscordLimits();
