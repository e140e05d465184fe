import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { botPermissionBits } from "../../../src/schemas/bot-permissions";
import { singlePanelSchema } from "../../../src/schemas/panel";
import { recordedBotProblems } from "../../../server/bot-setup/problems";
import { singlePanelData } from "../../../server/panels/store";
import { botTexts } from "../../../server/discord/texts";
import { type TestApp, createTestApp } from "../helpers";
import { FakeDiscord } from "./fake-discord";
import { Permissions } from "./permissions";
import { ChannelType } from "./fake-world";
import { type InteractionClient, interactionClient, testKeys, type Where } from "./interactions";
import { discordSignIn } from "./sign-in";

// "Meet the real Discord", the refusals a real server answers with, against the fake Discord (which answers with
// Discord's own bodies): a full category (400 50035 CHANNEL_PARENT_MAX_CHANNELS), a third rename within ten minutes
// (429, retry_after ≈ 600 s, scope shared). The member reads what happened and when to try again; the owner sees it
// on Bot setup. Every request and answer is checked against Discord's contract.

const APP = "700000000000000888";
const G = "770000000000000001";
const CATEGORY = "770000000000000100";
const OVERFLOW = "770000000000000101";
const PANEL_CHANNEL = "770000000000000102";
const OPENER = "770000000000000301";
const OWNER = "770000000000000303";

const keys = testKeys();
let fake: FakeDiscord;
let t: TestApp;
let discord: InteractionClient;
let panelId: number;

const at = (user: string, channel: string): Where => ({ user, guild: G, channel });
/** The owner signs in to the dashboard through Discord's OAuth (the fake's authorize step). */
const ownerToken = () => discordSignIn(t, fake, OWNER);
const clickPanel = () => discord.send(discord.click({ ...at(OPENER, PANEL_CHANNEL), customId: `panel:${panelId}` }));
async function setOverflow(categoryId: string | null) {
  const row = await t.db.selectFrom("panels").selectAll().where("id", "=", panelId).executeTakeFirstOrThrow();
  await t.db
    .updateTable("panels")
    .set({ data_json: JSON.stringify({ ...JSON.parse(row.data_json), OverflowCategory: categoryId }) })
    .where("id", "=", panelId)
    .execute();
}

beforeAll(async () => {
  fake = await FakeDiscord.start({ applicationId: APP });
  fake.addUser({ id: OPENER, username: "opener" });
  fake.addUser({ id: OWNER, username: "owner" });
  fake.addGuild({ id: G, name: "Busy Guild", ownerId: OWNER, botPermissions: BigInt(botPermissionBits) });
  fake.addMember(G, OPENER);
  fake.addChannel(G, { id: CATEGORY, name: "Tickets", type: ChannelType.GuildCategory });
  fake.addChannel(G, { id: OVERFLOW, name: "More tickets", type: ChannelType.GuildCategory });
  fake.addChannel(G, { id: PANEL_CHANNEL, name: "support" });
  t = await createTestApp({
    env: {
      DISCORD_CLIENT_ID: APP,
      DISCORD_CLIENT_SECRET: fake.clientSecret,
      DISCORD_BOT_TOKEN: fake.botToken,
      DISCORD_PUBLIC_KEY: keys.publicKeyHex,
      DISCORD_API_BASE: fake.base,
    },
    seed: false,
  });
  discord = interactionClient({ app: t.app, applicationId: APP, keys, fake });
  const panel = singlePanelSchema.parse({
    PanelName: "Orders",
    TicketCategory: CATEGORY,
    PanelMessage: { PanelChannel: PANEL_CHANNEL, PanelTitle: "Orders" },
    WelcomeMessage: { WelcomeTitle: "Hello" },
  });
  panelId = (
    await t.db
      .insertInto("panels")
      .values({
        guild_id: G,
        kind: "single",
        name: "Orders",
        form_id: null,
        team_id: null,
        data_json: JSON.stringify(singlePanelData(panel)),
        message_id: null,
        revision: 1,
        created_at: Date.now(),
        updated_at: Date.now(),
      })
      .returning("id")
      .executeTakeFirstOrThrow()
  ).id;
  // No open-ticket limit: the category fills up.
  await t.db
    .insertInto("guild_settings")
    .values({ guild_id: G, data_json: JSON.stringify({ UserTicketLimit: 0 }), revision: 1, updated_at: Date.now() })
    .execute();
  // A category of 49 channels made by hand: one ticket more fits, then it is full.
  for (let i = 0; i < 49; i++) fake.addChannel(G, { name: `by-hand-${i}`, parentId: CATEGORY });
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});
beforeEach(async () => {
  await t.db.deleteFrom("bot_problems").execute();
  await setOverflow(null);
});

describe("a full category (Discord: 50 channels)", () => {
  it("the 50th channel opens; the 51st is refused, and without an overflow category the member is told and the owner sees it", async () => {
    expect((await clickPanel()).data!.content).toMatch(/^Your ticket is open/);
    const before = fake.callsTo("POST", "/guilds/{guild_id}/channels").length;
    expect((await clickPanel()).data!.content).toBe(botTexts.categoryFull);
    expect(fake.callsTo("POST", "/guilds/{guild_id}/channels")).toHaveLength(before + 1);
    expect(await t.db.selectFrom("tickets").select("id").where("status", "!=", "open").execute()).toEqual([]);
    expect(await recordedBotProblems(t.db, G)).toEqual([
      expect.objectContaining({
        kind: "categoryFull",
        categoryId: CATEGORY,
        categoryName: "Tickets",
        panelNames: ["Orders"],
        overflowCategoryName: null,
      }),
    ]);
  });

  it("with an overflow category the ticket opens there", async () => {
    await setOverflow(OVERFLOW);
    const answer = await clickPanel();
    const ticket = await t.db.selectFrom("tickets").selectAll().where("guild_id", "=", G).orderBy("id", "desc").executeTakeFirstOrThrow();
    expect(answer.data!.content).toBe(botTexts.opened(ticket.channel_id!));
    expect(fake.channel(ticket.channel_id!)!.parentId).toBe(OVERFLOW);
    expect(await recordedBotProblems(t.db, G)).toEqual([
      expect.objectContaining({ kind: "categoryFull", overflowCategoryName: "More tickets" }),
    ]);
  });
});

describe("a channel renamed a third time within ten minutes (Discord: 429, retry_after ≈ 600 s)", () => {
  it("is answered with when to try again — not retried for ten minutes, not 'something went wrong'", async () => {
    await setOverflow(OVERFLOW);
    await clickPanel();
    const ticket = await t.db.selectFrom("tickets").selectAll().where("guild_id", "=", G).orderBy("id", "desc").executeTakeFirstOrThrow();
    const rename = (name: string) =>
      discord.send(
        discord.command({ ...at(OWNER, ticket.channel_id!), name: "rename", options: [{ name: "name", type: 3, value: name }] }),
      );
    expect((await rename("first")).data!.content).toBe(botTexts.renamed("first"));
    expect((await rename("second")).data!.content).toBe(botTexts.renamed("second"));
    const third = await rename("third");
    expect(third.data!.content).toMatch(
      /^Discord allows renaming a channel twice every ten minutes — try again in about (9|10) minutes\.$/,
    );
    expect(fake.channel(ticket.channel_id!)!.name).toBe("second");
  });
});

describe("a permission the bot lacks (Discord: 403 50013, which does not say which)", () => {
  it("server-wide: the claim goes through, the member reads which permission is missing, the owner sees it on Bot setup", async () => {
    await setOverflow(OVERFLOW);
    await clickPanel();
    const ticket = await t.db.selectFrom("tickets").selectAll().where("guild_id", "=", G).orderBy("id", "desc").executeTakeFirstOrThrow();
    fake.setBotPermissions(G, BigInt(botPermissionBits) & ~Permissions.MANAGE_ROLES);
    try {
      const claim = await discord.send(discord.command({ ...at(OWNER, ticket.channel_id!), name: "claim", options: [] }));
      expect(claim.data!.content).toBe(`${botTexts.claimedReply}\n${botTexts.missingPermission("overwrites", ["Manage Roles"])}`);
      expect(await recordedBotProblems(t.db, G)).toContainEqual(
        expect.objectContaining({ kind: "missingPermission", permission: "ManageRoles", scope: "server", channelId: null }),
      );
      const setup = await t.app.inject({
        method: "GET",
        url: `/api/${G}/bot-setup`,
        headers: { authorization: `Bearer ${await ownerToken()}` },
      });
      expect(setup.statusCode, setup.body).toBe(200);
      expect(setup.json().problems).toContainEqual(
        expect.objectContaining({ kind: "missingPermission", permission: "ManageRoles", scope: "server" }),
      );
    } finally {
      fake.setBotPermissions(G, BigInt(botPermissionBits));
    }
  });

  it("only in a category (an overwrite takes Manage Channels away there): the member is told, the owner sees where", async () => {
    // The ticket category is full, so the ticket goes to the overflow category — where the bot may not make channels.
    await setOverflow(OVERFLOW);
    const overflow = fake.channel(OVERFLOW)!;
    overflow.overwrites.push({ id: APP, type: 1, allow: 0n, deny: Permissions.MANAGE_CHANNELS });
    try {
      await t.db.deleteFrom("tickets").execute();
      const answer = await clickPanel();
      expect(answer.data!.content).toBe(botTexts.missingPermission("open", ["Manage Channels"]));
      expect(await t.db.selectFrom("tickets").select("id").execute()).toEqual([]);
      expect(await recordedBotProblems(t.db, G)).toContainEqual(
        expect.objectContaining({
          kind: "missingPermission",
          permission: "ManageChannels",
          scope: "category",
          channelId: OVERFLOW,
          channelName: "More tickets",
          panelName: "Orders",
        }),
      );
    } finally {
      overflow.overwrites.pop();
    }
  });
});
