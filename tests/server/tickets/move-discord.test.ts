import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { botPermissionBits } from "../../../src/schemas/bot-permissions";
import { singlePanelSchema } from "../../../src/schemas/panel";
import { registerSlashCommands } from "../../../server/discord/application-commands";
import { textsIn } from "../../../server/discord/texts";
import { insertSinglePanel } from "../../../server/panels/store";
import { sweepPendingRenames } from "../../../server/tickets/move";
import { FakeDiscord } from "../discord/fake-discord";
import { ChannelType } from "../discord/fake-world";
import { type InteractionClient, interactionClient, testKeys, type Where } from "../discord/interactions";
import { type TestApp, createTestApp } from "../helpers";

// /move on the Discord path: signed interactions, the Discord adapter, and the fake Discord holding every request and
// answer to Discord's API description — the command registered with its Spanish, its autocomplete offering the panels
// the caller may move to (nothing to a member), the channel moved into the target's category (one PATCH Discord
// takes) and renamed, and a third rename within ten minutes held back by Discord's shared 429 without failing the
// move: the sweep renames the channel once Discord allows it.

const APP = "700000000000000889";
const G = "780000000000000001";
const HELP_CATEGORY = "780000000000000100";
const BILLING_CATEGORY = "780000000000000102";
const PANEL_CHANNEL = "780000000000000101";
const SUPPORT_ROLE = "780000000000000201";
const OPENER = "780000000000000301";
const STAFF = "780000000000000302";
const OWNER = "780000000000000303";
const en = textsIn("en");

const keys = testKeys();
let fake: FakeDiscord;
let t: TestApp;
let discord: InteractionClient;
let help: number;
let billing: number;

const at = (user: string, channel: string): Where => ({ user, guild: G, channel });
const ticket = () => t.db.selectFrom("tickets").selectAll().where("guild_id", "=", G).orderBy("number", "desc").executeTakeFirstOrThrow();
const moveTo = async (user: string, channelId: string, panelId: number) =>
  (
    await discord.send(
      discord.command({ ...at(user, channelId), name: "move", options: [{ name: "panel", type: 3, value: String(panelId) }] }),
    )
  ).data!.content;

beforeAll(async () => {
  fake = await FakeDiscord.start({ applicationId: APP });
  for (const [id, username] of [
    [OPENER, "opener"],
    [STAFF, "staffer"],
    [OWNER, "owner"],
  ])
    fake.addUser({ id, username });
  fake.addGuild({ id: G, name: "Stub Guild", ownerId: OWNER, botPermissions: BigInt(botPermissionBits) });
  fake.addRole(G, { id: SUPPORT_ROLE, name: "Support", permissions: 0n, position: 1 });
  fake.addMember(G, OPENER);
  fake.addMember(G, STAFF, { roles: [SUPPORT_ROLE] });
  fake.addChannel(G, { id: HELP_CATEGORY, name: "Help", type: ChannelType.GuildCategory });
  fake.addChannel(G, { id: BILLING_CATEGORY, name: "Billing", type: ChannelType.GuildCategory });
  fake.addChannel(G, { id: PANEL_CHANNEL, name: "support" });
  t = await createTestApp({
    env: {
      DISCORD_CLIENT_ID: APP,
      DISCORD_CLIENT_SECRET: fake.clientSecret,
      DISCORD_BOT_TOKEN: fake.botToken,
      DISCORD_PUBLIC_KEY: keys.publicKeyHex,
      DISCORD_API_BASE: fake.base,
      // Each answer comes directly (type 4), however slow the machine running the suite.
      INTERACTION_DEFER_MS: "2500",
    },
    seed: false,
  });
  discord = interactionClient({ app: t.app, applicationId: APP, keys, fake });
  const team = await t.db
    .insertInto("teams")
    .values({
      guild_id: G,
      name: "Support",
      permissions_json: JSON.stringify({ ViewTranscripts: true, AnswerTicket: true }),
      created_at: Date.now(),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  await t.db.insertInto("team_roles").values({ team_id: team.id, role_id: SUPPORT_ROLE, role_name: "Support" }).execute();
  const panel = (name: string, category: string, naming: string) =>
    insertSinglePanel(
      t.db,
      G,
      singlePanelSchema.parse({
        PanelName: name,
        NamingScheme: naming,
        TicketCategory: category,
        SupportTeams: [String(team.id)],
        PanelMessage: { PanelChannel: PANEL_CHANNEL, PanelTitle: name },
        WelcomeMessage: { WelcomeTitle: "Hi" },
      }),
      team.id,
      Date.now(),
    );
  help = await panel("Help", HELP_CATEGORY, "ticket-%id%");
  billing = await panel("Billing", BILLING_CATEGORY, "billing-%id%");
  await t.db
    .insertInto("guild_settings")
    .values({ guild_id: G, data_json: JSON.stringify({ UserTicketLimit: 0 }), revision: 1, updated_at: Date.now() })
    .execute();
  await discord.send(discord.click({ ...at(OPENER, PANEL_CHANNEL), customId: `panel:${help}` }));
});
afterAll(async () => {
  await t?.close();
  await fake?.close(); // fails the file if the product sent anything Discord would refuse
});
afterEach(() => {
  vi.useRealTimers();
});

describe("/move on the Discord path", () => {
  it("is registered in the bulk overwrite Discord takes, with its Spanish and an autocompleted panel", async () => {
    await registerSlashCommands(t.app);
    const move = fake.commands.find((c) => c.name === "move") as Record<string, any>;
    expect(move).toMatchObject({
      type: 1,
      name_localizations: { "es-ES": "mover" },
      description_localizations: { "es-ES": expect.any(String) },
    });
    expect(move.options).toEqual([expect.objectContaining({ name: "panel", type: 3, required: true, autocomplete: true })]);
  });

  it("offers the panels staff may move the ticket to, and a member nothing", async () => {
    const { channel_id } = await ticket();
    const typed = (user: string, value: string) =>
      discord.send(
        discord.autocomplete({ ...at(user, channel_id!), name: "move", options: [{ name: "panel", type: 3, value, focused: true }] }),
      );
    expect(await typed(STAFF, "")).toEqual({ type: 8, data: { choices: [{ name: "Billing", value: String(billing) }] } });
    expect(await typed(STAFF, "zzz")).toEqual({ type: 8, data: { choices: [] } });
    expect(await typed(OPENER, "")).toEqual({ type: 8, data: { choices: [] } });
    expect(await moveTo(OPENER, channel_id!, billing)).toBe(en.staffOnly);
    expect((await ticket()).panel_id).toBe(help);
  });

  it("moves the channel into the target's category with its overwrites and name; a third rename in ten minutes waits for the sweep", async () => {
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() });
    const row = await ticket();
    const channelId = row.channel_id!;
    expect(await moveTo(STAFF, channelId, billing)).toBe(en.moved("Help", "Billing"));
    expect(fake.channel(channelId)).toMatchObject({ parentId: BILLING_CATEGORY, name: `billing-${row.number}` });
    expect(
      fake
        .channel(channelId)!
        .overwrites.filter((o) => o.type === 0)
        .map((o) => o.id),
    ).toEqual([G, SUPPORT_ROLE]);
    expect(fake.messagesIn(channelId).at(-1)!.content).toBe(en.movedNotice(STAFF, "Help", "Billing"));

    expect(await moveTo(STAFF, channelId, help)).toBe(en.moved("Billing", "Help"));
    expect(fake.channel(channelId)).toMatchObject({ parentId: HELP_CATEGORY, name: `ticket-${row.number}` });
    // Discord answers the third rename with a shared 429: the ticket moves all the same, its name follows later.
    const third = await moveTo(STAFF, channelId, billing);
    expect(third).toBe(`${en.moved("Help", "Billing")}\n${en.moveRenameLater(`billing-${row.number}`, en.aboutMinutes(10))}`);
    expect(fake.channel(channelId)).toMatchObject({ parentId: BILLING_CATEGORY, name: `ticket-${row.number}` });
    expect(await ticket()).toMatchObject({ panel_id: billing, pending_name: `billing-${row.number}` });

    vi.setSystemTime(Date.now() + 10 * 60_000 + 1000);
    expect(await sweepPendingRenames(t.app.tickets.deps)).toBe(1);
    expect(fake.channel(channelId)!.name).toBe(`billing-${row.number}`);
    expect(await ticket()).toMatchObject({ pending_name: null, rename_due_at: null });
  });
});
