import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { PlatformAuthError, PlatformNotFoundError, PlatformUnavailableError } from "../../server/errors";
import { DiscordPlatform } from "../../server/platform/discord";
import { type StubRequest, type StubResponse, startDiscordStub } from "./discord-stub";
import { type TestApp, bearer, cookieHeader, createTestApp } from "./helpers";

// Discord world of the stub: the user (USER) and five guilds.
const USER = "700000000000000001";
const OWNED = "711111111111111111"; // owner, bot present
const MANAGED = "722222222222222222"; // Manage Server, bot present
const NO_BOT = "733333333333333333"; // Administrator, bot absent
const STAFFED = "744444444444444444"; // plain member holding a team role, bot present
const PLAIN = "755555555555555555"; // plain member, bot present
const TEAM_ROLE = "744444444444444501";
const CHANNEL = "711111111111111201";

const userGuilds = [
  { id: OWNED, name: "Owned", icon: "abc", owner: true, permissions: "2251799813685247" },
  { id: MANAGED, name: "Managed", icon: null, owner: false, permissions: String(0x20 | 0x400) },
  { id: NO_BOT, name: "No Bot", icon: null, owner: false, permissions: "8" },
  { id: STAFFED, name: "Staffed", icon: null, owner: false, permissions: "1024" },
  { id: PLAIN, name: "Plain", icon: null, owner: false, permissions: "1024" },
];

function routes(req: StubRequest): StubResponse | undefined {
  const auth = String(req.headers.authorization ?? "");
  if (req.method === "POST" && req.path === "/oauth2/token") {
    const form = new URLSearchParams(req.body);
    if (!auth.startsWith("Basic ")) return { status: 401, json: { error: "invalid_client" } };
    if (form.get("grant_type") === "authorization_code" && form.get("code") === "good-code") {
      return { json: { access_token: "user-token", refresh_token: "refresh-1", expires_in: 604800, token_type: "Bearer" } };
    }
    if (form.get("grant_type") === "refresh_token" && form.get("refresh_token") === "refresh-1") {
      return { json: { access_token: "user-token", refresh_token: "refresh-2", expires_in: 604800 } };
    }
    return { status: 400, json: { error: "invalid_grant" } };
  }
  if (req.method === "GET" && req.path === "/users/@me") {
    if (auth !== "Bearer user-token") return { status: 401, json: { message: "401: Unauthorized" } };
    return { json: { id: USER, username: "stubuser", global_name: "Stub User", avatar: "a1b2c3" } };
  }
  if (req.method === "GET" && req.path === "/users/@me/guilds") {
    if (auth === "Bot bot-token") {
      return { json: [OWNED, MANAGED, STAFFED, PLAIN].map((id, i) => ({ id, name: id, approximate_member_count: 100 * (i + 1) })) };
    }
    if (auth !== "Bearer user-token") return { status: 401, json: { message: "401: Unauthorized" } };
    return { json: userGuilds };
  }
  if (auth !== "Bot bot-token") return { status: 401, json: { message: "401: Unauthorized" } };
  let m = /^\/guilds\/(\d+)$/.exec(req.path);
  if (req.method === "GET" && m && m[1] === OWNED) {
    return {
      json: {
        id: OWNED,
        name: "Owned",
        icon: "abc",
        owner_id: USER,
        roles: [
          { id: OWNED, name: "@everyone", position: 0 },
          { id: "711111111111111102", name: "Mods", position: 2 },
          { id: "711111111111111101", name: "Helpers", position: 1 },
        ],
        emojis: [
          { id: "711111111111111301", name: "party", animated: true },
          { id: null, name: "bad" },
        ],
        approximate_member_count: 42,
        premium_subscription_count: 3,
      },
    };
  }
  m = /^\/guilds\/(\d+)\/channels$/.exec(req.path);
  if (req.method === "GET" && m && m[1] === OWNED) {
    return {
      json: [
        { id: CHANNEL, name: "general", type: 0, position: 1, parent_id: "711111111111111200" },
        { id: "711111111111111200", name: "Text", type: 4, position: 0 },
        { id: "711111111111111202", name: "news", type: 5, position: 0, parent_id: null },
        { id: "711111111111111203", name: "voice", type: 2, position: 2 },
      ],
    };
  }
  if (req.method === "GET" && req.path === `/users/${USER}`)
    return { json: { id: USER, username: "stubuser", global_name: null, avatar: "a1b2c3" } };
  if (req.method === "GET" && req.path === `/guilds/${STAFFED}/members/${USER}`) return { json: { roles: [TEAM_ROLE] } };
  if (req.method === "GET" && req.path === `/guilds/${PLAIN}/members/${USER}`) return { json: { roles: [] } };
  if (req.method === "POST" && req.path === `/channels/${CHANNEL}/messages`) return { json: { id: "799999999999999999" } };
  return undefined;
}

type Stub = Awaited<ReturnType<typeof startDiscordStub>>;

describe("Discord adapter against a stub", () => {
  let stub: Stub;
  const make = (extra: Partial<ConstructorParameters<typeof DiscordPlatform>[0]> = {}) =>
    new DiscordPlatform({ apiBase: stub.base, clientId: "cid", clientSecret: "secret", botToken: "bot-token", ...extra });
  const user = {
    id: USER,
    username: "Stub User",
    avatar: "a1b2c3",
    accessToken: "user-token",
    refreshToken: "refresh-1",
    tokenExpiresAt: Date.now() + 86_400_000,
  };

  beforeAll(async () => {
    stub = await startDiscordStub(routes);
  });
  afterEach(() => stub.setOverride(undefined));
  afterAll(async () => {
    await stub.close();
  });

  it("maps the user's guild list and caches it per user", async () => {
    const platform = make();
    const before = stub.count("GET", "/users/@me/guilds");
    const guilds = await platform.listUserGuilds(user);
    expect(guilds[0]).toEqual({
      id: OWNED,
      name: "Owned",
      icon_url: `https://cdn.discordapp.com/icons/${OWNED}/abc.png`,
      owner: true,
      permissions: "2251799813685247",
    });
    expect(guilds[1]).toMatchObject({ id: MANAGED, icon_url: null, owner: false, permissions: String(0x420) });
    await platform.listUserGuilds(user);
    expect(stub.count("GET", "/users/@me/guilds")).toBe(before + 1);
    const last = stub.calls.filter((c) => c.path === "/users/@me/guilds").pop()!;
    expect(last.headers.authorization).toBe("Bearer user-token");
    platform.forgetUser(USER);
    await platform.listUserGuilds(user);
    expect(stub.count("GET", "/users/@me/guilds")).toBe(before + 2);
  });

  it("the guild-list cache expires (permission changes show within its lifetime)", async () => {
    const platform = make({ userGuildsTtlMs: 50 });
    const before = stub.count("GET", "/users/@me/guilds");
    await platform.listUserGuilds(user);
    await new Promise((r) => setTimeout(r, 80));
    await platform.listUserGuilds(user);
    expect(stub.count("GET", "/users/@me/guilds")).toBe(before + 2);
  });

  it("maps a guild: roles without @everyone, text channels, categories, emojis, counts, owner", async () => {
    const guild = await make().getGuild(OWNED);
    expect(guild).toEqual({
      id: OWNED,
      name: "Owned",
      icon_url: `https://cdn.discordapp.com/icons/${OWNED}/abc.png`,
      roles: [
        { id: "711111111111111102", name: "Mods", position: 2 },
        { id: "711111111111111101", name: "Helpers", position: 1 },
      ],
      text_channels: [
        { id: "711111111111111202", name: "news", position: 0, parent_id: null },
        { id: CHANNEL, name: "general", position: 1, parent_id: "711111111111111200" },
      ],
      categories: [{ id: "711111111111111200", name: "Text", position: 0 }],
      emojis: [{ id: "711111111111111301", name: "party", url: "https://cdn.discordapp.com/emojis/711111111111111301.gif" }],
      member_count: 42,
      channel_count: 4,
      boosts: 3,
      owner: { id: USER, username: "stubuser", avatar_url: `https://cdn.discordapp.com/avatars/${USER}/a1b2c3.png` },
    });
    await expect(make().getGuild(NO_BOT)).rejects.toBeInstanceOf(PlatformNotFoundError);
  });

  it("waits retry_after on 429, then succeeds", async () => {
    let limited = 0;
    stub.setOverride((req) => {
      if (req.path === "/users/@me/guilds" && limited++ === 0) {
        return { status: 429, json: { message: "You are being rate limited.", retry_after: 0.3, global: false } };
      }
      return undefined;
    });
    const before = stub.count("GET", "/users/@me/guilds");
    const started = Date.now();
    const guilds = await make().listUserGuilds(user);
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);
    expect(guilds).toHaveLength(5);
    expect(stub.count("GET", "/users/@me/guilds")).toBe(before + 2);
  });

  it("gives up after 3 tries on 5xx with a PlatformUnavailableError", async () => {
    stub.setOverride((req) => (req.path === "/users/@me/guilds" ? { status: 502, json: { message: "bad gateway" } } : undefined));
    const before = stub.count("GET", "/users/@me/guilds");
    await expect(make().listUserGuilds(user)).rejects.toBeInstanceOf(PlatformUnavailableError);
    expect(stub.count("GET", "/users/@me/guilds")).toBe(before + 3);
  });

  it("waits out short rate limits as often as they come, and fails at once when the wait is too long", async () => {
    let limited = 0;
    stub.setOverride((req) =>
      req.path === "/users/@me/guilds" && limited++ < 2 ? { status: 429, json: { retry_after: 0.01 } } : undefined,
    );
    let before = stub.count("GET", "/users/@me/guilds");
    expect(await make().listUserGuilds(user)).toHaveLength(5);
    expect(stub.count("GET", "/users/@me/guilds")).toBe(before + 3);
    stub.setOverride((req) => (req.path === "/users/@me/guilds" ? { status: 429, json: { retry_after: 3600 } } : undefined));
    before = stub.count("GET", "/users/@me/guilds");
    await expect(make().listUserGuilds(user)).rejects.toBeInstanceOf(PlatformUnavailableError);
    expect(stub.count("GET", "/users/@me/guilds")).toBe(before + 1);
  });

  it("a revoked user token is a PlatformAuthError", async () => {
    await expect(make().listUserGuilds({ ...user, accessToken: "revoked" })).rejects.toBeInstanceOf(PlatformAuthError);
  });

  it("refreshes an expiring user token and reports the new tokens", async () => {
    const saved: unknown[] = [];
    const platform = make({ onTokens: async (id, tokens) => void saved.push({ id, tokens }) });
    await platform.listUserGuilds({ ...user, accessToken: "old", tokenExpiresAt: Date.now() - 1 });
    expect(saved).toMatchObject([{ id: USER, tokens: { accessToken: "user-token", refreshToken: "refresh-2" } }]);
  });

  it("sends panel messages only to text channels of the guild", async () => {
    const platform = make();
    const payload = { embeds: [{ title: "Open a ticket" }], allowed_mentions: { parse: [] } };
    expect(await platform.sendPanelMessage(OWNED, CHANNEL, payload)).toBe("799999999999999999");
    const post = stub.calls.filter((c) => c.method === "POST" && c.path === `/channels/${CHANNEL}/messages`).pop()!;
    expect(JSON.parse(post.body)).toEqual(payload);
    await expect(platform.sendPanelMessage(OWNED, "799999999999999998", { allowed_mentions: { parse: [] } })).rejects.toBeInstanceOf(
      PlatformNotFoundError,
    );
  });
});

describe("Discord mode end to end (OAuth2 and guilds)", () => {
  let stub: Stub;
  let t: TestApp;

  beforeAll(async () => {
    stub = await startDiscordStub(routes);
    const env = {
      DISCORD_CLIENT_ID: "cid",
      DISCORD_CLIENT_SECRET: "secret",
      DISCORD_BOT_TOKEN: "bot-token",
      DISCORD_API_BASE: stub.base,
      PUBLIC_URL: "https://tickets.example.com",
    };
    const platform = new DiscordPlatform({ apiBase: stub.base, clientId: "cid", clientSecret: "secret", botToken: "bot-token" });
    t = await createTestApp({ env, platform, seed: false });
    const team = await t.db
      .insertInto("teams")
      .values({ guild_id: STAFFED, name: "Helpers", permissions_json: JSON.stringify({ ViewTag: true }), created_at: Date.now() })
      .returning("id")
      .executeTakeFirstOrThrow();
    await t.db.insertInto("team_roles").values({ team_id: team.id, role_id: TEAM_ROLE, role_name: "Helper" }).execute();
  });
  afterEach(() => stub.setOverride(undefined));
  afterAll(async () => {
    await t?.close();
    await stub?.close();
  });

  const login = async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/api/auth/login" });
    expect(res.statusCode).toBe(200);
    const url = new URL(res.json().url);
    return { url, state: url.searchParams.get("state")!, cookie: cookieHeader(res) };
  };
  const callback = (state: string, cookie?: string, code = "good-code") =>
    t.app.inject({
      method: "GET",
      url: `/api/api/auth/callback?code=${code}&state=${encodeURIComponent(state)}`,
      headers: cookie ? { cookie } : {},
    });

  /** The dashboard's last step: trade the redirect's one-time code for the session, in the same browser. */
  const tradeCode = async (redirect: { headers: Record<string, unknown> }, cookie: string) => {
    const code = new URL(redirect.headers.location as string).searchParams.get("token")!;
    const res = await t.app.inject({ method: "POST", url: "/api/api/auth/exchange", headers: { cookie }, payload: { code } });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().token as string;
  };

  it("login answers Discord's authorize URL with scopes identify guilds and a state cookie", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/api/auth/login" });
    const url = new URL(res.json().url);
    expect(url.origin + url.pathname).toBe(`${new URL(stub.base).origin}/oauth2/authorize`);
    expect(url.searchParams.get("client_id")).toBe("cid");
    expect(url.searchParams.get("response_type")).toBe("code");
    expect(url.searchParams.get("scope")).toBe("identify guilds");
    expect(url.searchParams.get("redirect_uri")).toBe("https://tickets.example.com/api/api/auth/callback");
    expect(url.searchParams.get("state")!.length).toBeGreaterThanOrEqual(32);
    const cookie = res.cookies.find((c) => c.name === "ticketeer_login_state");
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: "Lax", secure: true });
  });

  it("the callback exchanges the code, stores the user and redirects with a session token", async () => {
    const { state, cookie } = await login();
    const res = await callback(state, cookie);
    expect(res.statusCode).toBe(302);
    const location = new URL(res.headers.location as string);
    expect(location.origin + location.pathname).toBe("https://tickets.example.com/dashboard");
    const token = await tradeCode(res, cookie);
    const me = await t.app.inject({ method: "GET", url: "/api/api/auth/user", headers: bearer(token) });
    expect(me.json().user).toEqual({ user_id: USER, username: "Stub User", avatar: "a1b2c3" });
    // The OAuth tokens are stored sealed (never as they are), bound to their user and column, and open again.
    const row = await t.db.selectFrom("users").selectAll().where("id", "=", USER).executeTakeFirstOrThrow();
    expect(row.access_token).toMatch(/^v1\./);
    expect(row.refresh_token).toMatch(/^v1\./);
    expect(JSON.stringify(row)).not.toContain("user-token");
    expect(JSON.stringify(row)).not.toContain("refresh-1");
    expect(t.app.secrets.open(row.access_token!, `users/${USER}/access_token`)).toBe("user-token");
    expect(t.app.secrets.open(row.refresh_token!, `users/${USER}/refresh_token`)).toBe("refresh-1");
    expect(t.app.secrets.open(row.access_token!, `users/${USER}/refresh_token`)).toBeNull();
    expect(t.app.secrets.open(row.access_token!, `users/123/access_token`)).toBeNull();
    // The session's user carries the opened token: the guild list is fetched from the platform with it.
    const guilds = await t.app.inject({ method: "GET", url: "/api/guilds", headers: bearer(token) });
    expect(guilds.statusCode).toBe(200);
    const userCalls = stub.calls.filter((c) => c.path === "/users/@me/guilds" && String(c.headers.authorization).startsWith("Bearer "));
    expect(userCalls.map((c) => c.headers.authorization)).toContain("Bearer user-token");
    const exchange = stub.calls.filter((c) => c.path === "/oauth2/token").pop()!;
    expect(new URLSearchParams(exchange.body).get("redirect_uri")).toBe("https://tickets.example.com/api/api/auth/callback");
  });

  it("a state is single-use", async () => {
    const { state, cookie } = await login();
    expect((await callback(state, cookie)).statusCode).toBe(302);
    const replay = await callback(state, cookie);
    expect(replay.statusCode).toBe(400);
    expect(replay.json().error).toBeTypeOf("string");
  });

  it("a state is bound to the browser that asked for it", async () => {
    const mine = await login();
    const theirs = await login();
    expect((await callback(mine.state)).statusCode).toBe(400);
    const other = await login();
    expect((await callback(other.state, theirs.cookie)).statusCode).toBe(400);
    expect((await callback("forged-state-value-123456", mine.cookie)).statusCode).toBe(400);
  });

  it("an invalid code is a 400; a cancelled sign-in returns home", async () => {
    const { state, cookie } = await login();
    expect((await callback(state, cookie, "bad-code")).statusCode).toBe(400);
    const cancelled = await login();
    const res = await t.app.inject({
      method: "GET",
      url: `/api/api/auth/callback?error=access_denied&state=${cancelled.state}`,
      headers: { cookie: cancelled.cookie },
    });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe("https://tickets.example.com/");
  });

  it("the demo sign-in is off in Discord mode", async () => {
    expect((await t.app.inject({ method: "GET", url: "/api/api/auth/demo" })).statusCode).toBe(403);
  });

  it("lists the guilds the user manages or staffs where the bot is", async () => {
    const { state, cookie } = await login();
    const token = await tradeCode(await callback(state, cookie), cookie);
    const res = await t.app.inject({ method: "GET", url: "/api/guilds", headers: bearer(token) });
    expect(res.statusCode).toBe(200);
    expect(res.json().guilds).toEqual([
      { id: MANAGED, name: "Managed", icon_url: null, default_icon_url: "https://cdn.discordapp.com/embed/avatars/3.png" },
      {
        id: OWNED,
        name: "Owned",
        icon_url: `https://cdn.discordapp.com/icons/${OWNED}/abc.png`,
        default_icon_url: "https://cdn.discordapp.com/embed/avatars/2.png",
      },
      { id: STAFFED, name: "Staffed", icon_url: null, default_icon_url: "https://cdn.discordapp.com/embed/avatars/0.png" },
    ]);
    expect((await t.app.inject({ method: "GET", url: `/api/${STAFFED}/tags`, headers: bearer(token) })).statusCode).toBe(200);
    expect((await t.app.inject({ method: "GET", url: `/api/${STAFFED}/activity`, headers: bearer(token) })).statusCode).toBe(403);
    expect((await t.app.inject({ method: "GET", url: `/api/${PLAIN}/tags`, headers: bearer(token) })).statusCode).toBe(403);

    const info = await t.app.inject({ method: "GET", url: `/api/guilds/${OWNED}`, headers: bearer(token) });
    expect(info.json()).toEqual({
      name: "Owned",
      id: OWNED,
      icon_url: `https://cdn.discordapp.com/icons/${OWNED}/abc.png`,
      member_count: 42,
      roles: 2,
      channels: 4, // every channel, the voice channel and the category included
      boosts: 3,
      owner: "stubuser",
      owner_avatar: `https://cdn.discordapp.com/avatars/${USER}/a1b2c3.png`,
    });
  });

  it("a guild route answers 404 for a guild the bot is not in, and the failed look-up is remembered", async () => {
    const { state, cookie } = await login();
    const token = await tradeCode(await callback(state, cookie), cookie);
    const before = stub.count("GET", `/guilds/${NO_BOT}`);
    for (let i = 0; i < 3; i++) {
      const res = await t.app.inject({ method: "GET", url: `/api/${NO_BOT}/settings`, headers: bearer(token) });
      expect(res.statusCode, res.body).toBe(404);
    }
    expect(stub.count("GET", `/guilds/${NO_BOT}`)).toBe(before + 1);
  });

  it("Discord being down is a 502 {error}", async () => {
    const { state, cookie } = await login();
    const token = await tradeCode(await callback(state, cookie), cookie);
    stub.setOverride((req) => (req.path === "/users/@me/guilds" ? { status: 503, json: {} } : undefined));
    const res = await t.app.inject({ method: "GET", url: "/api/guilds", headers: bearer(token) });
    expect(res.statusCode).toBe(502);
    expect(res.json().error).toBeTypeOf("string");
  });

  it("stats come from the bot's guilds", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/stats" });
    expect(res.json()).toEqual({ total_member_count: 100 + 200 + 300 + 400, total_guilds: 4, total_tickets: 0, demo: false });
  });
});
