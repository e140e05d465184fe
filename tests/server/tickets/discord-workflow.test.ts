import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { singlePanelSchema } from "../../../src/schemas/panel";
import { botPermissionBits } from "../../../src/schemas/bot-permissions";
import { singlePanelData } from "../../../server/panels/store";
import { registerSlashCommands } from "../../../server/discord/application-commands";
import { textsIn } from "../../../server/discord/texts";
import { FakeDiscord } from "../discord/fake-discord";
import { ChannelType } from "../discord/fake-world";
import { type InteractionClient, interactionClient, testKeys, type Where } from "../discord/interactions";
import { type TestApp, createTestApp } from "../helpers";

// The ticket workflow on the Discord path (signed interactions, the Discord adapter, the fake Discord checking every request
// and answer against Discord's contract): the commands with their es-ES localizations and the message command, the
// bot answering in the interaction's guild_locale, a close request confirmed, a ticket from a message.

const APP = "700000000000000888";
const G = "770000000000000001";
const CATEGORY = "770000000000000100";
const PANEL_CHANNEL = "770000000000000101";
const SUPPORT_ROLE = "770000000000000201";
const OPENER = "770000000000000301";
const STAFF = "770000000000000302";
const OWNER = "770000000000000303";
const en = textsIn("en");
const es = textsIn("es");

const keys = testKeys();
let fake: FakeDiscord;
let t: TestApp;
let discord: InteractionClient;
let spanish: InteractionClient;
let panelId: number;

const at = (user: string, channel: string): Where => ({ user, guild: G, channel });
const tickets = () => t.db.selectFrom("tickets").selectAll().where("guild_id", "=", G).orderBy("number").execute();

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
  fake.addChannel(G, { id: CATEGORY, name: "Tickets", type: ChannelType.GuildCategory });
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
  spanish = interactionClient({ app: t.app, applicationId: APP, keys, fake, guildLocale: "es-ES", locale: "es-ES" });
  const team = await t.db
    .insertInto("teams")
    .values({ guild_id: G, name: "Support", permissions_json: JSON.stringify({ ViewTranscripts: true }), created_at: Date.now() })
    .returning("id")
    .executeTakeFirstOrThrow();
  await t.db.insertInto("team_roles").values({ team_id: team.id, role_id: SUPPORT_ROLE, role_name: "Support" }).execute();
  const panel = singlePanelSchema.parse({
    PanelName: "Help",
    TicketCategory: CATEGORY,
    SupportTeams: [String(team.id)],
    PanelMessage: { PanelChannel: PANEL_CHANNEL, PanelTitle: "Help" },
    WelcomeMessage: { WelcomeTitle: "Hi" },
  });
  panelId = (
    await t.db
      .insertInto("panels")
      .values({
        guild_id: G,
        kind: "single",
        name: "Help",
        form_id: null,
        team_id: team.id,
        data_json: JSON.stringify(singlePanelData(panel)),
        message_id: null,
        revision: 1,
        created_at: Date.now(),
        updated_at: Date.now(),
      })
      .returning("id")
      .executeTakeFirstOrThrow()
  ).id;
  await t.db
    .insertInto("guild_settings")
    .values({
      guild_id: G,
      data_json: JSON.stringify({ UserTicketLimit: 0, TicketCloseConfirmation: false }),
      revision: 1,
      updated_at: Date.now(),
    })
    .execute();
});
afterAll(async () => {
  await t?.close();
  await fake?.close(); // fails the file if the product sent anything Discord would refuse
});

describe("the ticket workflow on the Discord path", () => {
  it("registers /closerequest and the message command, with es-ES localizations, in one bulk overwrite Discord takes", async () => {
    await registerSlashCommands(t.app);
    const byName = new Map(fake.commands.map((c) => [c.name, c as Record<string, any>]));
    expect(byName.get("Open ticket about this message")).toMatchObject({
      type: 3,
      name_localizations: { "es-ES": "Abrir ticket sobre este mensaje" },
    });
    expect(byName.get("closerequest")).toMatchObject({
      type: 1,
      name_localizations: { "es-ES": "pedircierre" },
      description_localizations: { "es-ES": expect.any(String) },
    });
    expect(byName.get("close")!.options[0]).toMatchObject({ name: "reason", name_localizations: { "es-ES": "motivo" } });
  });

  it("answers in the server's community language (guild_locale) when the server leaves it on automatic", async () => {
    const opened = await spanish.send(spanish.click({ ...at(OPENER, PANEL_CHANNEL), customId: `panel:${panelId}` }));
    const [ticket] = await tickets();
    expect(opened.data!.content).toBe(es.opened(ticket.channel_id!));
    const welcome = fake.messagesIn(ticket.channel_id!)[0];
    expect(JSON.stringify(welcome.components)).toContain(es.closeButton);
  });

  it("a close request is a message Discord takes, pinging only the member, and the member's confirmation closes the ticket", async () => {
    const ticket = (await tickets())[0];
    const sent = await discord.send(
      discord.command({
        ...at(STAFF, ticket.channel_id!),
        name: "closerequest",
        options: [
          { name: "reason", type: 3, value: "Done" },
          { name: "hours", type: 4, value: 3 },
        ],
      }),
    );
    expect(sent.data!.content).toBe(en.closeRequestSent);
    const request = fake.messagesIn(ticket.channel_id!).at(-1)!;
    expect(request.content).toBe(en.closeRequest(OPENER, STAFF, 3, "Done"));
    expect(request.request!.allowed_mentions).toEqual({ parse: [], users: [OPENER] });
    const notOpener = await discord.send(discord.click({ ...at(STAFF, ticket.channel_id!), customId: `ticket:${ticket.number}:cr-yes` }));
    expect(notOpener.data!.content).toBe(en.closeRequestOnlyOpener);
    const closed = await discord.send(discord.click({ ...at(OPENER, ticket.channel_id!), customId: `ticket:${ticket.number}:cr-yes` }));
    expect(closed.data!.content).toBe(en.closed(ticket.number));
    expect(fake.deletedChannels).toContain(ticket.channel_id);
  });

  it("the message command opens a ticket for the author (used by staff), quoting the message and linking to it on Discord", async () => {
    const posted = fake.postAs(OPENER, PANEL_CHANNEL, "The app crashes on start");
    const answer = await discord.send(
      discord.messageContextMenu({
        ...at(STAFF, PANEL_CHANNEL),
        name: "Open ticket about this message",
        target: { id: posted.id, content: "The app crashes on start", authorId: OPENER },
      }),
    );
    const ticket = (await tickets()).at(-1)!;
    expect(ticket).toMatchObject({ opener_id: OPENER, status: "open" });
    expect(answer.data!.content).toBe(en.opened(ticket.channel_id!));
    const quote = fake.messagesIn(ticket.channel_id!).find((m) => m.content.startsWith("Opened about"))!;
    expect(quote.content).toBe(
      en.messageQuote(OPENER, "> The app crashes on start", `https://discord.com/channels/${G}/${PANEL_CHANNEL}/${posted.id}`),
    );
    expect(quote.request!.allowed_mentions).toEqual({ parse: [] });
    // A member may not open one for someone else.
    const refused = await discord.send(
      discord.messageContextMenu({
        ...at(OPENER, PANEL_CHANNEL),
        name: "Open ticket about this message",
        target: { id: posted.id, content: "x", authorId: STAFF },
      }),
    );
    expect(refused.data!.content).toBe(en.messageTicketStaffOnly);
  });

  it("a thread-mode panel opens a private thread (type 12, not invitable) with the opener added, and its close archives and locks it", async () => {
    const row = await t.db.selectFrom("panels").select("data_json").where("id", "=", panelId).executeTakeFirstOrThrow();
    await t.db
      .updateTable("panels")
      .set({ data_json: JSON.stringify({ ...JSON.parse(row.data_json), ThreadMode: "thread" }) })
      .where("id", "=", panelId)
      .execute();
    const opened = await discord.send(discord.click({ ...at(OPENER, PANEL_CHANNEL), customId: `panel:${panelId}` }));
    const ticket = (await tickets()).at(-1)!;
    expect(opened.data!.content).toBe(en.opened(ticket.channel_id!));
    expect(ticket.is_thread).toBe(1);
    const [create] = fake.callsTo("POST", `/channels/${PANEL_CHANNEL}/threads`);
    const json = (body: unknown) => (typeof body === "string" ? JSON.parse(body) : body);
    expect(json(create.body)).toMatchObject({ name: `ticket-${ticket.number}`, type: 12, invitable: false });
    const thread = fake.channel(ticket.channel_id!)!;
    expect(thread).toMatchObject({ type: ChannelType.PrivateThread, parentId: PANEL_CHANNEL });
    expect(thread.threadMembers?.has(OPENER)).toBe(true);
    expect(fake.callsTo("PUT", `/channels/${thread.id}/thread-members/${OPENER}`)).toHaveLength(1);
    // The support role is mentioned (that brings its members in), and only it may be pinged.
    const mention = fake.messagesIn(thread.id).find((m) => m.content === `<@&${SUPPORT_ROLE}>`)!;
    expect(mention.request!.allowed_mentions).toEqual({ parse: [], roles: [SUPPORT_ROLE] });

    expect((await discord.send(discord.click({ ...at(STAFF, thread.id), customId: `ticket:${ticket.number}:claim` }))).data!.content).toBe(
      en.claimedReply,
    );
    expect((await discord.send(discord.command({ ...at(STAFF, thread.id), name: "close" }))).data!.content).toBe(en.closed(ticket.number));
    expect(fake.callsTo("PATCH", `/channels/${thread.id}`).map((c) => json(c.body))).toContainEqual({ archived: true, locked: true });
    expect(fake.channel(thread.id)).toMatchObject({ archived: true, locked: true });
  });
});

describe("time on Discord", () => {
  it("is the real clock for every server: no demo clock, no skip ahead", async () => {
    expect(t.app.clock.kind).toBe("real");
    expect(await t.app.clock.offsetOf(G)).toBe(0);
    const before = Date.now();
    const now = await t.app.clock.now(G);
    expect(now).toBeGreaterThanOrEqual(before);
    expect(now).toBeLessThanOrEqual(Date.now());
    expect(() => t.app.tryIt.clock()).toThrow(expect.objectContaining({ statusCode: 404 }));
  });
});
