import { ApplicationFlags, PermissionFlagsBits as P } from "discord-api-types/v10";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { botPermissionBits } from "../../../src/schemas/bot-permissions";
import type { BotProblem, BotSetupResponse } from "../../../src/schemas/bot-setup";
import { singlePanelSchema } from "../../../src/schemas/panel";
import { recordBotProblem } from "../../../server/bot-setup/problems";
import { singlePanelData } from "../../../server/panels/store";
import { DiscordPlatform } from "../../../server/platform/discord";
import { startDiscordStub } from "../discord-stub";
import { type TestApp, bearer, cookieHeader, createTestApp, DEMO_COMMUNITY_ID, signInDemoUsers } from "../helpers";
import {
  APP,
  ARCHIVE_CHANNEL,
  BOT_ROLE,
  GUILD,
  healthyWorld,
  OVERFLOW,
  PANEL_CHANNEL,
  TEAM_ROLE,
  TICKETS,
  type World,
  worldRoutes,
} from "./world";

// Bot setup (GET /{guildId}/bot-setup) against the Discord adapter and a local stub of Discord, on SQLite and (with
// TEST_DATABASE_URL) PostgreSQL: each problem the card can show is made in the stub's world and must be found; the
// demo platform's bot has none. The stub's answers are held to Discord's OpenAPI document (./discord-contract.ts).

type Stub = Awaited<ReturnType<typeof startDiscordStub>>;

describe("Bot setup against Discord (the adapter and a local stub)", () => {
  let stub: Stub;
  let t: TestApp;
  let world: World;
  const contract: string[] = [];
  const tokens = { owner: "", staff: "" };

  /** Signs in through Discord's OAuth (the stub's code names the user); returns the session token. */
  async function signIn(code: string): Promise<string> {
    const login = await t.app.inject({ method: "GET", url: "/api/api/auth/login" });
    const cookie = cookieHeader(login);
    const state = new URL(login.json().url).searchParams.get("state")!;
    const back = await t.app.inject({
      method: "GET",
      url: `/api/api/auth/callback?code=${code}&state=${encodeURIComponent(state)}`,
      headers: { cookie },
    });
    const oneTime = new URL(back.headers.location as string).searchParams.get("token")!;
    const exchanged = await t.app.inject({
      method: "POST",
      url: "/api/api/auth/exchange",
      headers: { cookie },
      payload: { code: oneTime },
    });
    expect(exchanged.statusCode, exchanged.body).toBe(200);
    return exchanged.json().token;
  }

  /** A single panel in the world's channels, stored as the panels' routes store it. */
  async function addPanel(name: string, ticketCategory: string | null, overflowCategory: string | null) {
    const panel = singlePanelSchema.parse({
      PanelName: name,
      TicketCategory: ticketCategory,
      OverflowCategory: overflowCategory,
      PanelMessage: { PanelChannel: PANEL_CHANNEL, PanelTitle: name },
      WelcomeMessage: { WelcomeTitle: "Welcome" },
    });
    await t.db
      .insertInto("panels")
      .values({
        guild_id: GUILD,
        kind: "single",
        name,
        form_id: null,
        team_id: null,
        data_json: JSON.stringify(singlePanelData(panel)),
        message_id: null,
        revision: 1,
        created_at: Date.now(),
        updated_at: Date.now(),
      })
      .execute();
  }

  async function botSetup(token = tokens.owner, query = ""): Promise<BotSetupResponse> {
    const res = await t.app.inject({ method: "GET", url: `/api/${GUILD}/bot-setup${query}`, headers: bearer(token) });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  }
  const problems = async () => (await botSetup()).problems;

  beforeAll(async () => {
    world = healthyWorld();
    // The routes read `world` on every request, so a test changes the world by replacing or editing it.
    stub = await startDiscordStub((req) => worldRoutes(world, contract)(req));
    const env = {
      DISCORD_CLIENT_ID: APP,
      DISCORD_CLIENT_SECRET: "secret",
      DISCORD_BOT_TOKEN: "bot-token",
      DISCORD_API_BASE: stub.base,
      PUBLIC_URL: "https://tickets.example.com",
      TRANSCRIPT_QUOTA_MB: "1",
    };
    // Facts never reused here (each test changes the world); the cache has its own test below.
    const platform = new DiscordPlatform({
      apiBase: stub.base,
      clientId: APP,
      clientSecret: "secret",
      botToken: "bot-token",
      botSetupTtlMs: 0,
    });
    t = await createTestApp({ env, platform, seed: false });
    // Two panels share the ticket category; Refunds overflows into Overflow, Orders has no overflow category.
    await addPanel("Orders", TICKETS, null);
    await addPanel("Refunds", TICKETS, OVERFLOW);
    await t.db
      .insertInto("guild_settings")
      .values({ guild_id: GUILD, data_json: JSON.stringify({ ArchiveChannelId: ARCHIVE_CHANNEL }), revision: 1, updated_at: Date.now() })
      .execute();
    const team = await t.db
      .insertInto("teams")
      .values({
        guild_id: GUILD,
        name: "Helpers",
        permissions_json: JSON.stringify({ ViewTag: true, ViewTranscripts: true }),
        created_at: Date.now(),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await t.db.insertInto("team_roles").values({ team_id: team.id, role_id: TEAM_ROLE, role_name: "Helpers" }).execute();
    tokens.owner = await signIn("owner-code");
    tokens.staff = await signIn("staff-code");
  });
  beforeEach(async () => {
    world = healthyWorld();
    await t.db.deleteFrom("bot_problems").execute();
    await t.db.deleteFrom("transcript_counts").execute();
  });
  afterAll(async () => {
    await t?.close();
    await stub?.close();
    // Every answer the stub gave the bot was one Discord could have given.
    expect(contract).toEqual([]);
  });

  it("finds nothing when the bot holds what its invite asks for, the intent is on and every command is registered", async () => {
    const answer = await botSetup();
    expect(answer.problems).toEqual([]);
    expect(answer.platform).toBe("discord");
    expect(answer.checkedAt).toBeGreaterThan(Date.now() - 60_000);
    const invite = new URL(answer.inviteUrl);
    expect(Object.fromEntries(invite.searchParams)).toEqual({
      client_id: APP,
      permissions: botPermissionBits,
      scope: "bot applications.commands",
      guild_id: GUILD,
      disable_guild_select: "true",
    });
    expect(contract).toEqual([]);
  });

  it("a permission the bot's roles lack is missing server-wide, told once (not again in every channel)", async () => {
    world.botRole &= ~(P.ManageRoles | P.ManageChannels);
    expect(await problems()).toEqual([
      {
        kind: "missingPermission",
        permission: "ManageChannels",
        scope: "server",
        channelId: null,
        channelName: null,
        purpose: null,
        panelName: null,
        seenAt: null,
        foundNow: true,
      },
      {
        kind: "missingPermission",
        permission: "ManageRoles",
        scope: "server",
        channelId: null,
        channelName: null,
        purpose: null,
        panelName: null,
        seenAt: null,
        foundNow: true,
      },
    ]);
  });

  it("@everyone's permissions count server-wide, and Administrator holds everything, overwrites or not", async () => {
    world.everyone = P.ViewChannel | P.SendMessages | P.EmbedLinks | P.AttachFiles | P.ReadMessageHistory;
    // And the thread permissions of thread mode.
    world.botRole = P.ManageChannels | P.ManageRoles | P.CreatePrivateThreads | P.SendMessagesInThreads | P.ManageThreads;
    expect(await problems()).toEqual([]);
    world.botRole = P.Administrator;
    world.overwrites[TICKETS] = [{ id: BOT_ROLE, type: 0, allow: 0n, deny: P.ManageRoles | P.ViewChannel }];
    expect(await problems()).toEqual([]);
  });

  it("an overwrite taking Manage Roles from the bot's role in the ticket category: scope category, its name and its panels", async () => {
    world.overwrites[TICKETS] = [{ id: BOT_ROLE, type: 0, allow: 0n, deny: P.ManageRoles }];
    expect(await problems()).toEqual([
      {
        kind: "missingPermission",
        permission: "ManageRoles",
        scope: "category",
        channelId: TICKETS,
        channelName: "Support Tickets",
        purpose: "tickets",
        panelName: "Orders",
        panelNames: ["Orders", "Refunds"],
        seenAt: null,
        foundNow: true,
      },
    ]);
  });

  it("@everyone's deny in the panel channel takes View Channels from the bot too, until its own overwrite allows it", async () => {
    world.overwrites[PANEL_CHANNEL] = [{ id: GUILD, type: 0, allow: 0n, deny: P.ViewChannel | P.SendMessages }];
    expect(await problems()).toEqual([
      {
        kind: "missingPermission",
        permission: "ViewChannel",
        scope: "channel",
        channelId: PANEL_CHANNEL,
        channelName: "support",
        purpose: "panel",
        panelName: "Orders",
        panelNames: ["Orders", "Refunds"],
        seenAt: null,
        foundNow: true,
      },
      {
        kind: "missingPermission",
        permission: "SendMessages",
        scope: "channel",
        channelId: PANEL_CHANNEL,
        channelName: "support",
        purpose: "panel",
        panelName: "Orders",
        panelNames: ["Orders", "Refunds"],
        seenAt: null,
        foundNow: true,
      },
    ]);
    world.overwrites[PANEL_CHANNEL].push({ id: APP, type: 1, allow: P.ViewChannel | P.SendMessages, deny: 0n });
    expect(await problems()).toEqual([]);
  });

  it("the archive channel and the overflow category are checked for what is needed there", async () => {
    world.overwrites[ARCHIVE_CHANNEL] = [{ id: APP, type: 1, allow: 0n, deny: P.EmbedLinks | P.ManageRoles }];
    world.overwrites[OVERFLOW] = [{ id: BOT_ROLE, type: 0, allow: 0n, deny: P.ManageChannels }];
    // Manage Roles is not needed in the archive channel: only Embed Links is told there.
    expect(await problems()).toEqual([
      {
        kind: "missingPermission",
        permission: "ManageChannels",
        scope: "category",
        channelId: OVERFLOW,
        channelName: "Overflow",
        purpose: "tickets",
        panelName: "Refunds",
        seenAt: null,
        foundNow: true,
      },
      {
        kind: "missingPermission",
        permission: "EmbedLinks",
        scope: "channel",
        channelId: ARCHIVE_CHANNEL,
        channelName: "ticket-logs",
        purpose: "archive",
        panelName: null,
        seenAt: null,
        foundNow: true,
      },
    ]);
  });

  it("a ticket category at 45 channels is nearly full and at 50 full; Refunds' overflow takes over, Orders' tickets cannot open", async () => {
    world.extraChannelsIn[TICKETS] = 44;
    expect(await problems()).toEqual([]);
    world.extraChannelsIn[TICKETS] = 45;
    const fill = (kind: string, channels: number, panelNames: string[], overflowCategoryName: string | null) => ({
      kind,
      categoryId: TICKETS,
      categoryName: "Support Tickets",
      channels,
      limit: 50,
      panelNames,
      overflowCategoryName,
      seenAt: null,
      foundNow: true,
    });
    expect(await problems()).toEqual([
      fill("categoryNearlyFull", 45, ["Orders"], null),
      fill("categoryNearlyFull", 45, ["Refunds"], "Overflow"),
    ]);
    world.extraChannelsIn[TICKETS] = 50;
    expect(await problems()).toEqual([fill("categoryFull", 50, ["Orders"], null), fill("categoryFull", 50, ["Refunds"], "Overflow")]);
  });

  it("when the overflow category fills up too, Refunds' tickets cannot open either, and the overflow's fill is told", async () => {
    world.extraChannelsIn[TICKETS] = 50;
    world.extraChannelsIn[OVERFLOW] = 50;
    const found = await problems();
    expect(found.filter((p) => p.kind === "categoryFull")).toEqual([
      expect.objectContaining({ categoryId: TICKETS, panelNames: ["Orders"], overflowCategoryName: null }),
      expect.objectContaining({ categoryId: TICKETS, panelNames: ["Refunds"], overflowCategoryName: null }),
      expect.objectContaining({
        categoryId: OVERFLOW,
        categoryName: "Overflow",
        channels: 50,
        panelNames: ["Refunds"],
        overflowCategoryName: null,
      }),
    ]);
  });

  it("the server at Discord's 500 channels", async () => {
    world.extraVoiceChannels = 495; // + 3 categories and 2 text channels
    expect(await problems()).toEqual([{ kind: "serverChannelsFull", channels: 500, limit: 500, seenAt: null, foundNow: true }]);
    world.extraVoiceChannels = 494;
    expect(await problems()).toEqual([]);
  });

  it("the Message Content intent: off with flags 0 (or only other flags), on with 1 << 18 or 1 << 19", async () => {
    world.applicationFlags = 0;
    expect(await problems()).toEqual([{ kind: "messageContentIntent" }]);
    world.applicationFlags = ApplicationFlags.ApplicationCommandBadge | ApplicationFlags.GatewayGuildMembersLimited;
    expect(await problems()).toEqual([{ kind: "messageContentIntent" }]);
    world.applicationFlags = 1 << 18;
    expect(await problems()).toEqual([]);
    world.applicationFlags = 1 << 19;
    expect(await problems()).toEqual([]);
  });

  it("commands Discord does not have: a command and a subcommand of the registry", async () => {
    world.commands.delete("close");
    world.commands.set("panel", []);
    expect(await problems()).toEqual([{ kind: "commandsNotRegistered", missing: ["/close", "/panel resend"] }]);
    world.commands = new Map();
    const [none] = await problems();
    expect(none.kind === "commandsNotRegistered" && none.missing.length).toBeGreaterThan(10);
  });

  it("refusals the bot recorded: joined to what the check finds, the others after it, newest first", async () => {
    world.overwrites[TICKETS] = [{ id: BOT_ROLE, type: 0, allow: 0n, deny: P.ManageRoles }];
    const now = Date.now();
    const refusal = {
      scope: "category",
      channelId: TICKETS,
      channelName: "Support Tickets",
      purpose: "tickets",
      panelName: "Orders",
      seenAt: null,
    } as const;
    for (const at of [now - 3 * 3600_000, now - 2 * 3600_000, now - 2 * 3600_000 + 1]) {
      await recordBotProblem(t.db, GUILD, { kind: "missingPermission", permission: "ManageRoles", ...refusal }, at);
    }
    await recordBotProblem(
      t.db,
      GUILD,
      {
        kind: "categoryFull",
        categoryId: OVERFLOW,
        categoryName: "Overflow",
        channels: 50,
        limit: 50,
        panelNames: ["Refunds"],
        overflowCategoryName: null,
        seenAt: null,
      },
      now - 60_000,
    );
    await recordBotProblem(t.db, GUILD, { kind: "missingPermission", permission: "AttachFiles", ...refusal }, now - 24 * 3600_000);
    // Older than a week: the owner fixed it long ago.
    await recordBotProblem(t.db, GUILD, { kind: "serverChannelsFull", channels: 500, limit: 500, seenAt: null }, now - 8 * 24 * 3600_000);
    const found = await problems();
    expect(found).toEqual([
      {
        kind: "missingPermission",
        permission: "ManageRoles",
        ...refusal,
        panelNames: ["Orders", "Refunds"],
        seenAt: now - 2 * 3600_000 + 1,
        times: 3,
        foundNow: true,
      },
      {
        kind: "categoryFull",
        categoryId: OVERFLOW,
        categoryName: "Overflow",
        channels: 50,
        limit: 50,
        panelNames: ["Refunds"],
        overflowCategoryName: null,
        seenAt: now - 60_000,
        times: 1,
        foundNow: false,
      },
      { kind: "missingPermission", permission: "AttachFiles", ...refusal, seenAt: now - 24 * 3600_000, times: 1, foundNow: false },
    ]);
  });

  it("transcript storage from 90% of the quota, and a refused transcript with today's figures", async () => {
    const quota = 1024 * 1024; // TRANSCRIPT_QUOTA_MB=1
    // transcript_counts is what the quota measures (kept by triggers from the transcripts); written here directly.
    await t.db
      .insertInto("transcript_counts")
      .values({ guild_id: GUILD, n: 40, bytes: Math.floor(quota * 0.89) })
      .execute();
    expect(await problems()).toEqual([]);
    await t.db
      .updateTable("transcript_counts")
      .set({ bytes: Math.floor(quota * 0.95) })
      .where("guild_id", "=", GUILD)
      .execute();
    expect(await problems()).toEqual([
      { kind: "transcriptQuota", usedBytes: Math.floor(quota * 0.95), quotaBytes: quota, ticketNumber: null, seenAt: null, foundNow: true },
    ]);
    const at = Date.now() - 5 * 60_000;
    await recordBotProblem(
      t.db,
      GUILD,
      { kind: "transcriptQuota", usedBytes: quota, quotaBytes: quota, ticketNumber: 12, seenAt: null },
      at,
    );
    expect(await problems()).toEqual([
      {
        kind: "transcriptQuota",
        usedBytes: Math.floor(quota * 0.95),
        quotaBytes: quota,
        ticketNumber: 12,
        seenAt: at,
        times: 1,
        foundNow: true,
      },
    ]);
    // Old transcripts deleted since: the refusal is still told, with what is stored now.
    await t.db.updateTable("transcript_counts").set({ bytes: 1000 }).where("guild_id", "=", GUILD).execute();
    expect(await problems()).toEqual([
      { kind: "transcriptQuota", usedBytes: 1000, quotaBytes: quota, ticketNumber: 12, seenAt: at, times: 1, foundNow: false },
    ]);
  });

  it("only with ViewSettings: a staff member whose team lacks it gets 403, the owner 200", async () => {
    const refused = await t.app.inject({ method: "GET", url: `/api/${GUILD}/bot-setup`, headers: bearer(tokens.staff) });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ error: "You can't access this content!" });
    expect((await t.app.inject({ method: "GET", url: `/api/${GUILD}/tags`, headers: bearer(tokens.staff) })).statusCode).toBe(200);
    expect((await botSetup(tokens.owner)).problems).toEqual([]);
  });

  it("Discord failing is a 502 {error}, not a wrong answer", async () => {
    stub.setOverride((req) => (req.path === "/applications/@me" ? { status: 503, json: { message: "unavailable", code: 0 } } : undefined));
    try {
      const res = await t.app.inject({ method: "GET", url: `/api/${GUILD}/bot-setup`, headers: bearer(tokens.owner) });
      expect(res.statusCode).toBe(502);
      expect(res.json().error).toBeTypeOf("string");
    } finally {
      stub.setOverride(undefined);
    }
  });

  it("facts are read once per guild for 30 s; Check again (fresh) re-reads unless they are a few seconds old", async () => {
    const platform = new DiscordPlatform({ apiBase: stub.base, clientId: APP, clientSecret: "secret", botToken: "bot-token", retries: 0 });
    const reads = () => stub.count("GET", "/applications/@me");
    const before = reads();
    await Promise.all([platform.botSetupFacts(GUILD), platform.botSetupFacts(GUILD)]);
    await platform.botSetupFacts(GUILD);
    expect(reads()).toBe(before + 1);
    await platform.botSetupFacts(GUILD, { fresh: true }); // read just now: reused
    expect(reads()).toBe(before + 1);
    const eager = new DiscordPlatform({
      apiBase: stub.base,
      clientId: APP,
      clientSecret: "secret",
      botToken: "bot-token",
      botSetupFreshMs: 0,
    });
    await eager.botSetupFacts(GUILD);
    await eager.botSetupFacts(GUILD);
    await eager.botSetupFacts(GUILD, { fresh: true });
    expect(reads()).toBe(before + 3);
    // The route passes fresh=true on.
    const first = await botSetup(tokens.owner, "?fresh=true");
    expect(first.checkedAt).toBeLessThanOrEqual(Date.now());
    expect(
      (await t.app.inject({ method: "GET", url: `/api/${GUILD}/bot-setup?fresh=maybe`, headers: bearer(tokens.owner) })).statusCode,
    ).toBe(400);
  });
});

describe("Bot setup on the demo platform", () => {
  let t: TestApp;
  let tokens: Record<"admin" | "staff" | "visitor", string>;
  beforeAll(async () => {
    t = await createTestApp();
    tokens = await signInDemoUsers(t);
  });
  afterAll(async () => {
    await t?.close();
  });
  const get = (token: string) => t.app.inject({ method: "GET", url: `/api/${DEMO_COMMUNITY_ID}/bot-setup`, headers: bearer(token) });

  it("the demo bot has everything it needs: no problem, the demo application's invite", async () => {
    const res = await get(tokens.admin);
    expect(res.statusCode).toBe(200);
    const answer: BotSetupResponse = res.json();
    expect(answer.platform).toBe("demo");
    expect(answer.problems).toEqual([]);
    expect(new URL(answer.inviteUrl).searchParams.get("permissions")).toBe(botPermissionBits);
  });

  it("Demo Staff (no ViewSettings) and Demo Visitor get 403", async () => {
    expect((await get(tokens.staff)).statusCode).toBe(403);
    expect((await get(tokens.visitor)).statusCode).toBe(403);
  });

  it("a refusal the bot recorded shows on the demo platform too", async () => {
    const problem: BotProblem = {
      kind: "categoryFull",
      categoryId: "812345678901234702",
      categoryName: "Support",
      channels: 50,
      limit: 50,
      panelNames: ["Support"],
      overflowCategoryName: null,
      seenAt: null,
    };
    await recordBotProblem(t.db, DEMO_COMMUNITY_ID, problem as Extract<BotProblem, { kind: "categoryFull" }>);
    const { problems } = (await get(tokens.admin)).json() as BotSetupResponse;
    expect(problems).toEqual([{ ...problem, seenAt: expect.any(Number), times: 1, foundNow: false }]);
  });
});
