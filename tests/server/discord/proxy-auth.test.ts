import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { botPermissionBits } from "../../../src/schemas/bot-permissions";
import { ConfigError, loadConfig } from "../../../server/config";
import { DiscordPlatform } from "../../../server/platform/discord";
import { PROXY_SECRET_HEADER } from "../../../server/proxy-secret";
import { type RunningDiscordProxy, startDiscordProxy } from "../../../server/platform/rest-proxy";
import { FakeDiscord } from "./fake-discord";

// The shared REST proxy trusts no stranger: without DISCORD_PROXY_SECRET (or with a wrong one) it answers 401 and
// neither forwards the request nor counts it towards Discord's invalid-request limit (which a stranger could
// otherwise spend for the bot, stopping it for minutes); it forwards only the bot's own token; it will not listen
// beyond this machine without a secret; and an instance pointed at a proxy elsewhere must carry the secret.

const APP = "700000000000000998";
const G = "781000000000000001";
const CHANNEL = "781000000000000101";
const SECRET = "s3cret-shared-by-the-instances";

let fake: FakeDiscord;
let proxy: RunningDiscordProxy | undefined;

beforeAll(async () => {
  fake = await FakeDiscord.start({ applicationId: APP });
  fake.addUser({ id: "781000000000000303", username: "owner" });
  fake.addGuild({ id: G, name: "Proxied", ownerId: "781000000000000303", botPermissions: BigInt(botPermissionBits) });
  fake.addChannel(G, { id: CHANNEL, name: "general" });
});
afterEach(async () => {
  await proxy?.close();
  proxy = undefined;
});
afterAll(async () => {
  await fake?.close();
});

/** A raw request to the proxy, as a stranger (or a misconfigured instance) would send it. */
const ask = (headers: Record<string, string>) => fetch(`${proxy!.url}/channels/${CHANNEL}`, { headers });
const bot = { authorization: "" };
const credentials = () => ({ apiBase: fake.base, clientId: APP, clientSecret: fake.clientSecret, botToken: fake.botToken });

describe("the REST proxy asks for the shared secret", () => {
  it("without it, or with a wrong one, answers 401: nothing reaches Discord and nothing is counted", async () => {
    proxy = await startDiscordProxy({ upstream: fake.base, botToken: fake.botToken, secret: SECRET, invalidRequestLimit: 3 });
    bot.authorization = `Bot ${fake.botToken}`;
    const calls = fake.calls.length;
    const invalid = fake.invalidRequests();
    // More than the proxy's own invalid-request line: a stranger must not be able to pause the bot.
    const strangers: Record<string, string>[] = [
      {},
      { [PROXY_SECRET_HEADER]: "wrong" },
      { [PROXY_SECRET_HEADER]: `${SECRET}x` },
      bot,
      { ...bot, [PROXY_SECRET_HEADER]: "" },
    ];
    for (const headers of strangers) {
      const res = await ask(headers);
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual({ message: "401: Unauthorized", code: 0 });
    }
    expect(fake.calls.length).toBe(calls);
    expect(fake.invalidRequests()).toBe(invalid);
    expect(proxy.guard.count()).toBe(0);
    expect(proxy.guard.backingOff()).toBe(false);
  });

  it("with the secret, forwards only the bot's own token: another token (or none) is refused, unforwarded", async () => {
    proxy = await startDiscordProxy({ upstream: fake.base, botToken: fake.botToken, secret: SECRET });
    const calls = fake.calls.length;
    const others = [
      "Bot someone-elses-token",
      `Bearer ${fake.accessToken("781000000000000303")}`,
      `Bot ${fake.botToken}x`,
      `bot ${fake.botToken}`,
      undefined,
    ];
    for (const authorization of others) {
      const res = await ask({ [PROXY_SECRET_HEADER]: SECRET, ...(authorization === undefined ? {} : { authorization }) });
      expect(res.status).toBe(403);
    }
    expect(fake.calls.length).toBe(calls);
    expect(proxy.guard.count()).toBe(0);
  });

  it("the right secret and the bot's token pass; the secret itself never reaches Discord", async () => {
    proxy = await startDiscordProxy({ upstream: fake.base, botToken: fake.botToken, secret: SECRET });
    const instance = new DiscordPlatform({ ...credentials(), restProxy: proxy.url, restProxySecret: SECRET });
    const from = fake.calls.length;
    expect(await instance.getChannel(CHANNEL)).toMatchObject({ id: CHANNEL, name: "general" });
    const forwarded = fake.calls.slice(from);
    expect(forwarded.map((c) => `${c.method} ${c.path}`)).toEqual([`GET /channels/${CHANNEL}`]);
    expect(forwarded[0].headers[PROXY_SECRET_HEADER]).toBeUndefined();
    // An instance without the secret gets nothing through.
    const stranger = new DiscordPlatform({ ...credentials(), restProxy: proxy.url, retries: 0 });
    await expect(stranger.getChannel(CHANNEL)).rejects.toThrow();
    expect(fake.calls.length).toBe(from + 1);
  });
});

describe("where the proxy may listen", () => {
  it("refuses to listen beyond this machine without a secret, and a secret too short to hold", async () => {
    await expect(startDiscordProxy({ upstream: fake.base, botToken: fake.botToken, host: "0.0.0.0" })).rejects.toThrow(
      /DISCORD_PROXY_SECRET/,
    );
    await expect(startDiscordProxy({ upstream: fake.base, botToken: fake.botToken, secret: "short" })).rejects.toThrow(
      /at least 16 characters/,
    );
    await expect(startDiscordProxy({ upstream: fake.base, botToken: "" })).rejects.toThrow(/DISCORD_BOT_TOKEN/);
    proxy = await startDiscordProxy({ upstream: fake.base, botToken: fake.botToken, host: "0.0.0.0", secret: SECRET });
    expect(proxy.url).toMatch(/^http:\/\/0\.0\.0\.0:\d+\/api\/v10$/);
  });

  it("an instance pointed at a proxy on another machine must carry the secret", () => {
    const discord = { DISCORD_CLIENT_ID: APP, DISCORD_CLIENT_SECRET: "x", DISCORD_BOT_TOKEN: "y" };
    const elsewhere = { ...discord, DISCORD_REST_PROXY: "http://10.0.0.5:8080/api/v10" };
    expect(() => loadConfig(elsewhere)).toThrow(ConfigError);
    expect(() => loadConfig({ ...elsewhere, DISCORD_PROXY_SECRET: "short" })).toThrow(/at least 16 characters/);
    expect(loadConfig({ ...elsewhere, DISCORD_PROXY_SECRET: SECRET })).toMatchObject({ discordProxySecret: SECRET });
    expect(loadConfig({ ...discord, DISCORD_REST_PROXY: "http://127.0.0.1:8080/api/v10" })).toMatchObject({ discordProxySecret: null });
  });
});
