import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { DiscordPlatform } from "../../../server/platform/discord";
import { FakeDiscord } from "./fake-discord";
import { ChannelType, MESSAGE_CONTENT_LIMITED, TICKET_BOT_PERMISSIONS } from "./fake-world";
import { Permissions } from "./permissions";

// The fake Discord refuses what Discord refuses, with Discord's bodies and headers. Requests are sent as a client
// would (fetch with the bot's token), so each one also passes the stub's contract check.

const APP = "710000000000000001";
const OWNER = "710000000000000002";
const MEMBER = "710000000000000003";
const G = "710000000000000100";
const {
  VIEW_CHANNEL,
  SEND_MESSAGES,
  MANAGE_ROLES,
  MENTION_EVERYONE,
  ADMINISTRATOR,
  READ_MESSAGE_HISTORY,
  CREATE_PRIVATE_THREADS,
  MANAGE_THREADS,
} = Permissions;

let fake: FakeDiscord;

interface Answer {
  status: number;
  json: any; // Discord's answers, read field by field below
  headers: Headers;
}

async function api(method: string, path: string, body?: unknown, auth: string | null = `Bot ${fake.botToken}`): Promise<Answer> {
  const headers: Record<string, string> = {};
  if (auth) headers.authorization = auth;
  if (body !== undefined) headers["content-type"] = "application/json";
  const res = await fetch(`${fake.base}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await res.text();
  return { status: res.status, json: text ? JSON.parse(text) : undefined, headers: res.headers };
}

const ticket = (overwrites: { id: string; type: 0 | 1; allow?: bigint; deny?: bigint }[], extra: Record<string, unknown> = {}) => ({
  name: "ticket-1",
  type: 0,
  permission_overwrites: overwrites.map((o) => ({ id: o.id, type: o.type, allow: String(o.allow ?? 0n), deny: String(o.deny ?? 0n) })),
  ...extra,
});

beforeAll(async () => {
  fake = await FakeDiscord.start({ applicationId: APP });
  fake.addUser({ id: OWNER, username: "owner" });
  fake.addUser({ id: MEMBER, username: "member" });
  // A lean @everyone, so the bot's own role decides what the bot may do.
  fake.addGuild({ id: G, name: "Guild", ownerId: OWNER, everyone: VIEW_CHANNEL | SEND_MESSAGES | Permissions.SEND_MESSAGES_IN_THREADS });
  fake.addMember(G, MEMBER);
});
afterEach(() => {
  fake.setBotPermissions(G, TICKET_BOT_PERMISSIONS);
  fake.setRateLimits({});
  fake.applicationFlags = MESSAGE_CONTENT_LIMITED;
});
afterAll(async () => {
  await fake?.close();
});

describe("permissions (guild.mdx, Create Guild Channel; channel.mdx, Modify Channel)", () => {
  it("an overwrite setting Manage Permissions needs Administrator: 403 50013 without it, 201 with it", async () => {
    const own = { id: APP, type: 1 as const, allow: VIEW_CHANNEL | SEND_MESSAGES | MANAGE_ROLES };
    const refused = await api("POST", `/guilds/${G}/channels`, ticket([{ id: G, type: 0, deny: VIEW_CHANNEL }, own]));
    expect(refused.status).toBe(403);
    expect(refused.json).toEqual({ message: "Missing Permissions", code: 50013 });
    expect(
      (
        await api(
          "POST",
          `/guilds/${G}/channels`,
          ticket([
            { id: G, type: 0, deny: VIEW_CHANNEL },
            { ...own, allow: VIEW_CHANNEL | SEND_MESSAGES },
          ]),
        )
      ).status,
    ).toBe(201);
    // Denying it is setting it too.
    expect((await api("POST", `/guilds/${G}/channels`, ticket([{ id: MEMBER, type: 1, deny: MANAGE_ROLES }]))).status).toBe(403);
    fake.setBotPermissions(G, ADMINISTRATOR);
    const made = await api("POST", `/guilds/${G}/channels`, ticket([{ id: G, type: 0, deny: VIEW_CHANNEL }, own]));
    expect(made.status).toBe(201);
    expect(made.json.permission_overwrites).toContainEqual({ id: APP, type: 1, allow: String(own.allow), deny: "0" });
  });

  it("an overwrite may only allow or deny what the bot has", async () => {
    expect(
      (await api("POST", `/guilds/${G}/channels`, ticket([{ id: MEMBER, type: 1, allow: VIEW_CHANNEL | MENTION_EVERYONE }]))).json,
    ).toEqual({ message: "Missing Permissions", code: 50013 });
    fake.setBotPermissions(G, TICKET_BOT_PERMISSIONS & ~Permissions.MANAGE_CHANNELS);
    expect((await api("POST", `/guilds/${G}/channels`, { name: "plain" })).status).toBe(403);
  });

  it("modifying overwrites needs Manage Roles; a Manage Roles overwrite of its own lets the bot set bits it lacks", async () => {
    const plain = fake.addChannel(G, { name: "plain" });
    expect((await api("PATCH", `/channels/${plain.id}`, ticket([{ id: MEMBER, type: 1, allow: MENTION_EVERYONE }]))).status).toBe(403);
    const own = fake.addChannel(G, { name: "own", overwrites: [{ id: APP, type: 1, allow: VIEW_CHANNEL | MANAGE_ROLES }] });
    const ok = await api("PATCH", `/channels/${own.id}`, {
      permission_overwrites: [
        { id: APP, type: 1, allow: String(VIEW_CHANNEL | MANAGE_ROLES) },
        { id: MEMBER, type: 1, allow: String(MENTION_EVERYONE) },
      ],
    });
    expect(ok.status, JSON.stringify(ok.json)).toBe(200);
    fake.setBotPermissions(G, TICKET_BOT_PERMISSIONS & ~MANAGE_ROLES);
    const hidden = fake.addChannel(G, { name: "x" });
    expect((await api("PATCH", `/channels/${hidden.id}`, { permission_overwrites: [] })).json).toEqual({
      message: "Missing Permissions",
      code: 50013,
    });
  });

  it("a channel the bot cannot see is 403 50001 Missing Access; unknown things are Discord's 404 codes", async () => {
    const secret = fake.addChannel(G, { name: "staff", overwrites: [{ id: G, type: 0, deny: VIEW_CHANNEL }] });
    expect((await api("GET", `/channels/${secret.id}`)).json).toEqual({ message: "Missing Access", code: 50001 });
    expect((await api("POST", `/channels/${secret.id}/messages`, { content: "hi", allowed_mentions: { parse: [] } })).status).toBe(403);
    expect((await api("GET", "/channels/719999999999999999")).json).toEqual({ message: "Unknown Channel", code: 10003 });
    expect((await api("GET", "/guilds/719999999999999999")).json).toEqual({ message: "Unknown Guild", code: 10004 });
    expect((await api("GET", `/guilds/${G}/members/${APP.replace(/1$/, "9")}`)).json.code).toBe(10013);
    fake.addUser({ id: "710000000000000099", username: "stranger" });
    expect((await api("GET", `/guilds/${G}/members/710000000000000099`)).json).toEqual({ message: "Unknown Member", code: 10007 });
    expect((await api("GET", `/channels/${fake.addChannel(G, { name: "empty" }).id}/messages/719999999999999999`)).json).toEqual({
      message: "Unknown Message",
      code: 10008,
    });
    expect((await api("GET", "/users/719999999999999999")).json).toEqual({ message: "Unknown User", code: 10013 });
  });

  it("a user who takes no DMs: 403 50007", async () => {
    fake.setAcceptsDms(MEMBER, false);
    const dm = await api("POST", "/users/@me/channels", { recipient_id: MEMBER });
    expect(dm.json.type).toBe(ChannelType.DM);
    expect((await api("POST", `/channels/${dm.json.id}/messages`, { content: "rate us", allowed_mentions: { parse: [] } })).json).toEqual({
      message: "Cannot send messages to this user",
      code: 50007,
    });
    fake.setAcceptsDms(MEMBER, true);
    expect((await api("POST", `/channels/${dm.json.id}/messages`, { content: "rate us", allowed_mentions: { parse: [] } })).status).toBe(
      200,
    );
  });

  it("private threads need Create Private Threads; locking needs Manage Threads; members are added and removed", async () => {
    const parent = fake.addChannel(G, { name: "support" });
    fake.setBotPermissions(G, TICKET_BOT_PERMISSIONS & ~CREATE_PRIVATE_THREADS);
    expect((await api("POST", `/channels/${parent.id}/threads`, { name: "ticket-1", type: 12 })).status).toBe(403);
    fake.setBotPermissions(G, TICKET_BOT_PERMISSIONS);
    const thread = await api("POST", `/channels/${parent.id}/threads`, { name: "ticket-1", type: 12, invitable: false });
    expect(thread.status).toBe(201);
    expect(thread.json).toMatchObject({
      type: 12,
      parent_id: parent.id,
      thread_metadata: { archived: false, locked: false, invitable: false },
    });
    expect((await api("PUT", `/channels/${thread.json.id}/thread-members/${MEMBER}`)).status).toBe(204);
    expect(fake.channel(thread.json.id)!.threadMembers!.has(MEMBER)).toBe(true);
    expect((await api("DELETE", `/channels/${thread.json.id}/thread-members/${MEMBER}`)).status).toBe(204);
    fake.setBotPermissions(G, TICKET_BOT_PERMISSIONS & ~MANAGE_THREADS);
    expect((await api("PATCH", `/channels/${thread.json.id}`, { locked: true })).status).toBe(403);
    fake.setBotPermissions(G, TICKET_BOT_PERMISSIONS);
    expect((await api("PATCH", `/channels/${thread.json.id}`, { archived: true, locked: true })).json.thread_metadata).toMatchObject({
      archived: true,
      locked: true,
    });
    expect((await api("PUT", `/channels/${thread.json.id}/thread-members/${MEMBER}`)).json).toEqual({
      message: "Thread is archived",
      code: 50083,
    });
  });
});

describe("limits", () => {
  it("a category holds 50 channels: the 51st is 400 50035 CHANNEL_PARENT_MAX_CHANNELS on parent_id", async () => {
    const category = fake.addChannel(G, { name: "Tickets", type: ChannelType.GuildCategory });
    for (let i = 0; i < 50; i++) fake.addChannel(G, { name: `t-${i}`, parentId: category.id });
    const res = await api("POST", `/guilds/${G}/channels`, { name: "ticket-51", type: 0, parent_id: category.id });
    expect(res.status).toBe(400);
    expect(res.json).toEqual({
      message: "Invalid Form Body",
      code: 50035,
      errors: {
        parent_id: { _errors: [{ code: "CHANNEL_PARENT_MAX_CHANNELS", message: "Maximum number of channels in category reached (50)" }] },
      },
    });
  });

  it("a guild holds 500 channels: then 400 30013", async () => {
    const big = fake.addGuild({ name: "Big", ownerId: OWNER });
    for (let i = 0; i < 500; i++) fake.addChannel(big.id, { name: `c-${i}` });
    expect((await api("POST", `/guilds/${big.id}/channels`, { name: "one-more" })).json).toEqual({
      message: "Maximum number of guild channels reached (500)",
      code: 30013,
    });
  });

  it("a channel renamed a third time within ten minutes: 429, shared scope, retry_after until the oldest rename is ten minutes old", async () => {
    const channel = fake.addChannel(G, { name: "ticket-9" });
    const before = fake.invalidRequests();
    expect((await api("PATCH", `/channels/${channel.id}`, { name: "ticket-9-a" })).status).toBe(200);
    expect((await api("PATCH", `/channels/${channel.id}`, { topic: "Refund" })).status).toBe(200);
    const third = await api("PATCH", `/channels/${channel.id}`, { name: "ticket-9-b" });
    expect(third.status).toBe(429);
    expect(third.json.global).toBe(false);
    expect(third.json.retry_after).toBeGreaterThan(595);
    expect(third.json.retry_after).toBeLessThanOrEqual(600);
    expect(third.headers.get("x-ratelimit-scope")).toBe("shared");
    expect(third.headers.get("retry-after")).toBe("600");
    expect(fake.channel(channel.id)!.name).toBe("ticket-9-a");
    // Overwrites alone are not a rename; a shared 429 is not an invalid request.
    expect((await api("PATCH", `/channels/${channel.id}`, { permission_overwrites: [] })).status).toBe(200);
    expect(fake.invalidRequests()).toBe(before);
  });

  it("the global limit: 50 requests a second per token, then 429 global", async () => {
    fake.setRateLimits({ globalPerSecond: 50 });
    const before = fake.invalidRequests();
    const answers = await Promise.all(Array.from({ length: 60 }, () => api("GET", "/users/@me")));
    const limited = answers.filter((a) => a.status === 429);
    expect(limited.length).toBeGreaterThanOrEqual(10);
    expect(limited[0].json).toMatchObject({ message: "You are being rate limited.", global: true });
    expect(limited[0].json.retry_after).toBeLessThanOrEqual(1);
    expect(limited[0].headers.get("x-ratelimit-global")).toBe("true");
    expect(limited[0].headers.get("x-ratelimit-scope")).toBe("global");
    expect(fake.invalidRequests() - before).toBe(limited.length);
  });

  it("a route bucket: 5 messages per 5 s per channel, with Discord's headers", async () => {
    fake.setRateLimits({ routes: { "POST /channels/{channel_id}/messages": { limit: 5, windowMs: 5000 } } });
    const a = fake.addChannel(G, { name: "a" });
    const b = fake.addChannel(G, { name: "b" });
    const send = (id: string) => api("POST", `/channels/${id}/messages`, { content: "hi", allowed_mentions: { parse: [] } });
    const first = await send(a.id);
    expect(first.headers.get("x-ratelimit-limit")).toBe("5");
    expect(first.headers.get("x-ratelimit-remaining")).toBe("4");
    expect(Number(first.headers.get("x-ratelimit-reset-after"))).toBeGreaterThan(4);
    for (let i = 0; i < 4; i++) expect((await send(a.id)).status).toBe(200);
    const sixth = await send(a.id);
    expect(sixth.status).toBe(429);
    expect(sixth.json).toMatchObject({ message: "You are being rate limited.", global: false });
    expect(sixth.headers.get("x-ratelimit-scope")).toBe("user");
    expect((await send(b.id)).status).toBe(200); // another channel: another bucket
  });
});

describe("reading messages", () => {
  it("without the Message Content intent, members' messages read back empty — except the bot's own, mentions of the bot, and DMs", async () => {
    const channel = fake.addChannel(G, { name: "talk" });
    fake.postAs(MEMBER, channel.id, "my order number is 77", { embeds: [{ title: "x" }] });
    fake.postAs(MEMBER, channel.id, `<@${APP}> help`);
    await api("POST", `/channels/${channel.id}/messages`, { content: "bot here", allowed_mentions: { parse: [] } });
    const dm = (await api("POST", "/users/@me/channels", { recipient_id: MEMBER })).json.id as string;
    fake.postAs(MEMBER, dm, "dm text");

    fake.applicationFlags = 0;
    expect((await api("GET", "/applications/@me")).json.flags).toBe(0);
    const read = (await api("GET", `/channels/${channel.id}/messages`)).json as { content: string; embeds: unknown[] }[];
    expect(read.map((m) => m.content)).toEqual(["bot here", `<@${APP}> help`, ""]);
    expect(read[2].embeds).toEqual([]);
    expect((await api("GET", `/channels/${dm}/messages`)).json[0].content).toBe("dm text");
    // The product's own reader sees the same.
    const platform = new DiscordPlatform({ apiBase: fake.base, clientId: APP, clientSecret: fake.clientSecret, botToken: fake.botToken });
    expect((await platform.readMessages(channel.id)).map((m) => m.content)).toEqual(["bot here", `<@${APP}> help`, ""]);

    fake.applicationFlags = MESSAGE_CONTENT_LIMITED;
    expect((await api("GET", `/channels/${channel.id}/messages`)).json[2].content).toBe("my order number is 77");
  });

  it("ids grow with time; before, after, around and limit page as Discord does; no history without Read Message History", async () => {
    const channel = fake.addChannel(G, { name: "log" });
    const ids = Array.from({ length: 10 }, (_, i) => fake.postAs(MEMBER, channel.id, `m${i}`).id);
    expect([...ids].sort((x, y) => (BigInt(x) < BigInt(y) ? -1 : 1))).toEqual(ids);
    const page = async (q: string) =>
      ((await api("GET", `/channels/${channel.id}/messages?${q}`)).json as { content: string }[]).map((m) => m.content);
    expect(await page("limit=3")).toEqual(["m9", "m8", "m7"]);
    expect(await page(`before=${ids[5]}&limit=2`)).toEqual(["m4", "m3"]);
    expect(await page(`after=${ids[5]}&limit=2`)).toEqual(["m7", "m6"]);
    expect(await page(`around=${ids[5]}&limit=3`)).toEqual(["m6", "m5", "m4"]);
    fake.setBotPermissions(G, TICKET_BOT_PERMISSIONS & ~READ_MESSAGE_HISTORY);
    expect(await page("limit=3")).toEqual([]);
  });
});

describe("tokens", () => {
  it("401 without a valid token; a user's Bearer token reads their own user and guilds; invalid requests are counted", async () => {
    const before = fake.invalidRequests();
    expect((await api("GET", `/guilds/${G}`, undefined, null)).json).toEqual({ message: "401: Unauthorized", code: 0 });
    expect((await api("GET", `/guilds/${G}`, undefined, "Bot wrong")).status).toBe(401);
    expect((await api("GET", `/guilds/${G}/channels`, undefined, `Bearer ${fake.accessToken(MEMBER)}`)).status).toBe(401);
    const token = fake.accessToken(OWNER);
    expect((await api("GET", "/users/@me", undefined, `Bearer ${token}`)).json).toMatchObject({ id: OWNER, username: "owner" });
    const guilds = (await api("GET", "/users/@me/guilds?with_counts=true", undefined, `Bearer ${token}`)).json as {
      id: string;
      owner: boolean;
      permissions: string;
    }[];
    expect(guilds.find((g) => g.id === G)).toMatchObject({ owner: true, approximate_member_count: expect.any(Number) });
    expect(BigInt(guilds.find((g) => g.id === G)!.permissions) & ADMINISTRATOR).toBe(ADMINISTRATOR);
    expect(fake.invalidRequests() - before).toBe(3);
  });

  it("a forced failure answers for its route, then goes away", async () => {
    const undo = fake.fail({ method: "GET", route: "/guilds/{guild_id}", status: 503 });
    expect((await api("GET", `/guilds/${G}`)).status).toBe(503);
    undo();
    fake.fail({ method: "GET", route: "/guilds/{guild_id}", status: 403, times: 1 });
    expect((await api("GET", `/guilds/${G}`)).json).toEqual({ message: "Missing Permissions", code: 50013 });
    expect((await api("GET", `/guilds/${G}`)).status).toBe(200);
  });
});
