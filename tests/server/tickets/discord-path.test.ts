import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { singlePanelSchema } from "../../../src/schemas/panel";
import { singlePanelData } from "../../../server/panels/store";
import { VIEW_CHANNEL } from "../../../server/tickets/channel-access";
import { registerSlashCommands } from "../../../server/discord/application-commands";
import { botTexts } from "../../../server/discord/texts";
import { keyringFor } from "../../../server/crypto";
import { openTranscript } from "../../../server/transcripts/store";
import { FakeDiscord } from "../discord/fake-discord";
import { ChannelType } from "../discord/fake-world";
import { type InteractionClient, interactionClient, testKeys, type Where } from "../discord/interactions";
import { Permissions } from "../discord/permissions";
import { botPermissionBits } from "../../../src/schemas/bot-permissions";
import { type TestApp, createTestApp } from "../helpers";

// The full Discord path: Discord's signed interactions (a test key pair) reach /api/interactions, the engine runs on
// the Discord adapter (@discordjs/rest) against the fake Discord (tests/server/discord/fake-discord.ts), which holds
// the guild, its channels, members and messages and refuses what Discord refuses; every request the product sends
// and every answer it gives are checked against Discord's contract. A panel click answers the form's modal, the
// modal opens the ticket (channel with overwrites, welcome message with allowed_mentions), staff claim it and close
// it with a reason (messages read, channel deleted), the opener rates it from the DM; the transcript, its rating
// and reason, and the activity entries are stored. Two opens at a limit of 1 open one ticket.

const APP = "700000000000000777"; // the application (and bot user) id
const G = "760000000000000001";
const CATEGORY = "760000000000000100";
const PANEL_CHANNEL = "760000000000000101";
const SUPPORT_ROLE = "760000000000000201";
const OPENER = "760000000000000301";
const STAFF = "760000000000000302";
const OWNER = "760000000000000303";

const keys = testKeys();
let fake: FakeDiscord;
let t: TestApp;
let discord: InteractionClient;
let panelId: number;
let formFieldId: number;

const at = (user: string, channel: string): Where => ({ user, guild: G, channel });
const click = (user: string, channel: string, customId: string) => discord.send(discord.click({ ...at(user, channel), customId }));
const ticketsChannelCreates = () => fake.callsTo("POST", "/guilds/{guild_id}/channels").length;

beforeAll(async () => {
  fake = await FakeDiscord.start({ applicationId: APP });
  fake.addUser({ id: OPENER, username: "opener" });
  fake.addUser({ id: STAFF, username: "staffer" });
  fake.addUser({ id: OWNER, username: "owner" });
  // Least privilege: the bot holds exactly what its invite asks for (src/schemas/bot-permissions.ts), not Administrator.
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
  const team = await t.db
    .insertInto("teams")
    .values({ guild_id: G, name: "Support", permissions_json: JSON.stringify({ ViewTranscripts: true }), created_at: Date.now() })
    .returning("id")
    .executeTakeFirstOrThrow();
  await t.db.insertInto("team_roles").values({ team_id: team.id, role_id: SUPPORT_ROLE, role_name: "Support" }).execute();
  const form = await t.db
    .insertInto("forms")
    .values({ guild_id: G, name: "Intake", created_at: Date.now(), updated_at: Date.now() })
    .returning("id")
    .executeTakeFirstOrThrow();
  formFieldId = (
    await t.db
      .insertInto("form_fields")
      .values({
        form_id: form.id,
        label: "Order number",
        placeholder: "#1234",
        style: "Short",
        required: 1,
        min_length: 2,
        max_length: 20,
        position: 0,
      })
      .returning("id")
      .executeTakeFirstOrThrow()
  ).id;
  const panel = singlePanelSchema.parse({
    PanelName: "Orders",
    TicketCategory: CATEGORY,
    SupportTeams: [String(team.id)],
    FormId: form.id,
    PanelMessage: { PanelChannel: PANEL_CHANNEL, PanelTitle: "Orders", PanelDescription: "Open a ticket about an order" },
    WelcomeMessage: { WelcomeTitle: "Hi @everyone", WelcomeDescription: "We are on it", WelcomeContent: "@everyone look" },
  });
  panelId = (
    await t.db
      .insertInto("panels")
      .values({
        guild_id: G,
        kind: "single",
        name: "Orders",
        form_id: form.id,
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
});
afterAll(async () => {
  await t?.close();
  await fake?.close(); // fails the file if the product sent anything Discord would refuse
});

describe("the Discord path against the fake Discord", () => {
  it("panel click → form modal → ticket → claim → close with a reason → rating, as Discord would see it", async () => {
    const modal = await click(OPENER, PANEL_CHANNEL, `panel:${panelId}`);
    expect(modal).toMatchObject({
      type: 9,
      data: { custom_id: `form:${panelId}:${(await t.db.selectFrom("forms").select("id").executeTakeFirstOrThrow()).id}`, title: "Intake" },
    });
    expect(ticketsChannelCreates()).toBe(0);

    const opened = await discord.send(
      discord.modalSubmit({ ...at(OPENER, PANEL_CHANNEL), customId: modal.data!.custom_id!, fields: { [`field:${formFieldId}`]: "A-77" } }),
    );
    const ticket = await t.db.selectFrom("tickets").selectAll().where("guild_id", "=", G).executeTakeFirstOrThrow();
    expect(opened).toEqual({ type: 4, data: { content: botTexts.opened(ticket.channel_id!), allowed_mentions: { parse: [] }, flags: 64 } });
    const created = fake.channel(ticket.channel_id!)!;
    expect(created).toMatchObject({ name: `ticket-${ticket.number}`, type: ChannelType.GuildText, parentId: CATEGORY });
    expect(created.overwrites.find((o) => o.id === G)!.deny & VIEW_CHANNEL).toBe(VIEW_CHANNEL);
    for (const id of [OPENER, SUPPORT_ROLE, APP])
      expect(created.overwrites.find((o) => o.id === id)!.allow & VIEW_CHANNEL, id).toBe(VIEW_CHANNEL);
    // Discord's own algorithm agrees: the opener and staff see the channel, another member does not.
    expect(fake.permissionsIn(created, OPENER) & VIEW_CHANNEL).toBe(VIEW_CHANNEL);
    expect(fake.permissionsIn(created, STAFF) & VIEW_CHANNEL).toBe(VIEW_CHANNEL);
    fake.addMember(G, "760000000000000399");
    expect(fake.permissionsIn(created, "760000000000000399") & VIEW_CHANNEL).toBe(0n);
    const welcome = fake.messagesIn(created.id)[0];
    // The welcome text says @everyone; the bot may ping exactly the opener.
    expect(welcome.request!.allowed_mentions).toEqual({ parse: [], users: [OPENER], roles: [] });
    expect(welcome.content).toContain("@everyone look");
    expect(JSON.stringify(welcome.embeds)).toContain("A-77");

    // The opener writes; staff answers.
    fake.postAs(OPENER, created.id, "My order never came");
    fake.postAs(STAFF, created.id, "Sending a new one");
    fake.postAs(OPENER, created.id, `Thanks <@${STAFF}>, <@&${SUPPORT_ROLE}> rocks`);

    expect(await click(STAFF, created.id, `ticket:${ticket.number}:claim`)).toMatchObject({
      type: 4,
      data: { content: botTexts.claimedReply, flags: 64 },
    });
    expect(fake.callsTo("PATCH", `/channels/${created.id}`)).not.toHaveLength(0);

    const ask = await discord.send(
      discord.command({ ...at(STAFF, created.id), name: "close", options: [{ name: "reason", type: 3, value: "Sent a replacement" }] }),
    );
    expect(ask.data!.content).toBe(botTexts.confirmClose);
    const done = await click(STAFF, created.id, `ticket:${ticket.number}:close-confirm`);
    expect(done.data!.content).toBe(botTexts.closed(ticket.number));
    expect(fake.callsTo("GET", `/channels/${created.id}/messages`).some((c) => c.query.get("limit") === "100")).toBe(true);
    expect(fake.deletedChannels).toContain(created.id);

    const dm = fake.dmWith(OPENER)!;
    const prompt = fake.messagesIn(dm.id).at(-1)!;
    expect(prompt.request!.allowed_mentions).toEqual({ parse: [] });
    const rate5 = `rate:${G}:${ticket.number}:5`;
    expect(JSON.stringify(prompt.components)).toContain(rate5);
    const thanks = await discord.send(discord.click({ user: OPENER, channel: dm.id, customId: rate5, messageId: prompt.id }));
    expect(thanks.data!.content).toBe(botTexts.ratingThanks(5));

    const closed = await t.db.selectFrom("tickets").selectAll().where("id", "=", ticket.id).executeTakeFirstOrThrow();
    expect(closed).toMatchObject({ status: "closed", claimed_by: STAFF, closed_by: STAFF, close_reason: "Sent a replacement", rating: 5 });
    const transcript = (await openTranscript(t.db, keyringFor(t.config), G, ticket.number))!;
    expect(transcript.meta).toMatchObject({ closeReason: "Sent a replacement", rating: 5, authorUsername: "opener" });
    expect(transcript.messages.map((m) => m.content)).toEqual(expect.arrayContaining(["My order never came", "Sending a new one"]));
    // The record keeps the answers embed whole, and each mention's name as Discord and the guild told it at the close.
    expect(transcript.messages[0].embeds.flatMap((e) => e.fields ?? [])).toEqual([{ name: "Order number", value: "A-77" }]);
    expect(transcript.messages[0].mentions).toEqual({ users: { [OPENER]: "opener" }, roles: {}, channels: {} });
    const thanked = transcript.messages.find((m) => m.content.startsWith("Thanks"))!;
    expect(thanked.mentions).toEqual({ users: { [STAFF]: "staffer" }, roles: { [SUPPORT_ROLE]: "Support" }, channels: {} });
    const actions = (await t.db.selectFrom("activity").select("action").where("guild_id", "=", G).orderBy("id").execute()).map(
      (a) => a.action,
    );
    expect(actions).toEqual(["Ticket Opened", "Ticket Claimed", "Ticket Closed"]);
  });

  it("two signed opens at a limit of 1 open one ticket and one channel", async () => {
    await t.db.deleteFrom("tickets").execute();
    await t.db.updateTable("panels").set({ form_id: null }).where("id", "=", panelId).execute();
    const before = ticketsChannelCreates();
    const [a, b] = await Promise.all([click(OPENER, PANEL_CHANNEL, `panel:${panelId}`), click(OPENER, PANEL_CHANNEL, `panel:${panelId}`)]);
    expect([a.data!.content, b.data!.content].filter((c) => c === botTexts.limitReached(1))).toHaveLength(1);
    expect(await t.db.selectFrom("tickets").select("id").execute()).toHaveLength(1);
    expect(ticketsChannelCreates()).toBe(before + 1);
  });

  it("Discord refusing to make the channel leaves no ticket row, and the member is told", async () => {
    await t.db.deleteFrom("tickets").execute();
    const undo = fake.fail({ method: "POST", route: "/guilds/{guild_id}/channels", status: 403 });
    try {
      const reply = await click(OPENER, PANEL_CHANNEL, `panel:${panelId}`);
      expect(reply.data!.content).toBe(botTexts.missingPermission("open", []));
      expect(await t.db.selectFrom("tickets").select("id").execute()).toEqual([]);
    } finally {
      undo();
    }
  });

  it("a step slower than INTERACTION_DEFER_MS is answered deferred, then finished through the interaction's webhook", async () => {
    await t.db.deleteFrom("tickets").execute();
    const config = t.config as { interactionDeferMs: number };
    const threshold = config.interactionDeferMs;
    config.interactionDeferMs = 0; // every step that calls Discord is slower than that
    try {
      const interaction = discord.click({ ...at(OPENER, PANEL_CHANNEL), customId: `panel:${panelId}` });
      const reply = await discord.send(interaction);
      expect(reply).toEqual({ type: 5, data: { flags: 64 } });
      const webhook = fake.interactions.get(interaction.token)!;
      await vi.waitFor(() => expect(webhook.edits).toHaveLength(1));
      const ticket = await t.db.selectFrom("tickets").selectAll().where("guild_id", "=", G).executeTakeFirstOrThrow();
      expect(fake.callsTo("PATCH", `/webhooks/${APP}/${interaction.token}/messages/@original`)).toHaveLength(1);
      expect(webhook.edits[0]).toEqual({ content: botTexts.opened(ticket.channel_id!), allowed_mentions: { parse: [] } });
      expect(fake.channel(ticket.channel_id!)).toBeDefined();
    } finally {
      config.interactionDeferMs = threshold;
    }
  });

  it("/mydata export is deferred, and its edit attaches the member's data as a JSON file (multipart) Discord takes", async () => {
    const interaction = discord.command({
      ...at(OPENER, PANEL_CHANNEL),
      name: "mydata",
      options: [{ name: "action", type: 3, value: "export" }],
    });
    // The first answer is JSON: a deferral, whatever the threshold; the file goes with its edit.
    expect(await discord.send(interaction)).toEqual({ type: 5, data: { flags: 64 } });
    const webhook = fake.interactions.get(interaction.token)!;
    await vi.waitFor(() => expect(webhook.edits).toHaveLength(1));
    const tickets = await t.db.selectFrom("tickets").select("id").where("opener_id", "=", OPENER).execute();
    const transcripts = await t.db.selectFrom("transcripts").select("id").where("author_id", "=", OPENER).execute();
    expect(webhook.edits[0]).toEqual({
      content: botTexts.myDataFile(tickets.length, transcripts.length),
      allowed_mentions: { parse: [] },
      attachments: [{ id: "0", filename: "my-ticketeer-data.json" }],
    });
    const call = fake.callsTo("PATCH", `/webhooks/${APP}/${interaction.token}/messages/@original`)[0];
    expect(String(call.headers["content-type"])).toMatch(/^multipart\/form-data; boundary=/);
    expect(webhook.files.map((f) => [f.name, f.type])).toEqual([["my-ticketeer-data.json", "application/json"]]);
    const data = JSON.parse(webhook.files[0].data.toString("utf8")) as { user_id: string; tickets: unknown[] };
    expect(data.user_id).toBe(OPENER);
    expect(data.tickets).toHaveLength(tickets.length);
  });

  it("a channel deleted by hand still closes the ticket", async () => {
    await t.db.deleteFrom("tickets").execute();
    await click(OPENER, PANEL_CHANNEL, `panel:${panelId}`);
    const ticket = await t.db.selectFrom("tickets").selectAll().where("guild_id", "=", G).executeTakeFirstOrThrow();
    fake.removeChannel(ticket.channel_id!);
    const reply = await discord.send(discord.command({ ...at(STAFF, ticket.channel_id!), name: "close", options: [] }));
    expect(reply.data!.content).toBe(botTexts.confirmClose);
    const done = await click(STAFF, ticket.channel_id!, `ticket:${ticket.number}:close-confirm`);
    expect(done.data!.content).toBe(botTexts.closed(ticket.number));
    expect((await t.db.selectFrom("tickets").select("status").where("id", "=", ticket.id).executeTakeFirstOrThrow()).status).toBe("closed");
  });

  it("the slash command registry is a bulk overwrite Discord takes", async () => {
    await registerSlashCommands(t.app);
    expect(fake.commands.map((c) => c.name)).toEqual(expect.arrayContaining(["close", "new", "help"]));
  });

  it("autocomplete of /close's reason is answered with choices", async () => {
    const answer = await discord.send(
      discord.autocomplete({
        ...at(STAFF, PANEL_CHANNEL),
        name: "close",
        options: [{ name: "reason", type: 3, value: "", focused: true }],
      }),
    );
    expect(answer).toEqual({ type: 8, data: { choices: [] } });
  });

  it("a ticket channel's overwrites grant only what the bot holds, and never Manage Permissions", async () => {
    await t.db.deleteFrom("tickets").execute();
    await click(OPENER, PANEL_CHANNEL, `panel:${panelId}`);
    const ticket = await t.db.selectFrom("tickets").selectAll().where("guild_id", "=", G).executeTakeFirstOrThrow();
    const channel = fake.channel(ticket.channel_id!)!;
    const held = BigInt(botPermissionBits);
    for (const o of channel.overwrites) {
      expect(BigInt(o.allow) & ~held, `allow of ${o.id}`).toBe(0n);
      expect(BigInt(o.deny) & ~held, `deny of ${o.id}`).toBe(0n);
      expect(BigInt(o.allow) & Permissions.MANAGE_ROLES).toBe(0n);
    }
  });

  it("a welcome message at the panel's longest texts is one Discord takes", async () => {
    await t.db.deleteFrom("tickets").execute();
    const row = await t.db.selectFrom("panels").selectAll().where("id", "=", panelId).executeTakeFirstOrThrow();
    const data = JSON.parse(row.data_json);
    const long = {
      ...data,
      MentionRoleId: SUPPORT_ROLE,
      WelcomeMessage: {
        ...data.WelcomeMessage,
        WelcomeTitle: "T".repeat(256),
        WelcomeDescription: "D".repeat(4096),
        WelcomeFooter: "F".repeat(2048),
        WelcomeAuthor: "A".repeat(256),
        WelcomeContent: "C".repeat(2000),
      },
    };
    await t.db
      .updateTable("panels")
      .set({ data_json: JSON.stringify(long) })
      .where("id", "=", panelId)
      .execute();
    try {
      await click(OPENER, PANEL_CHANNEL, `panel:${panelId}`);
      const ticket = await t.db.selectFrom("tickets").selectAll().where("guild_id", "=", G).executeTakeFirstOrThrow();
      // The welcome message arrived (the fake refuses what Discord refuses, and the file fails on any violation).
      const welcome = fake.messagesIn(ticket.channel_id!)[0];
      expect(welcome.content.length).toBeLessThanOrEqual(2000);
      expect(welcome.content.startsWith(`<@${OPENER}> <@&${SUPPORT_ROLE}>`)).toBe(true);
    } finally {
      await t.db.updateTable("panels").set({ data_json: row.data_json }).where("id", "=", panelId).execute();
    }
  });

  it("/tag with a tag of the longest content (2,048) is one Discord takes: an embed holding it whole", async () => {
    await t.db
      .insertInto("tags")
      .values({ id: "7a1c6f5e-0000-4000-8000-000000000001", guild_id: G, name: "long", content: "x".repeat(2048), created_at: Date.now() })
      .execute();
    const answer = await discord.send(
      discord.command({ ...at(OWNER, PANEL_CHANNEL), name: "tag", options: [{ name: "name", type: 3, value: "long" }] }),
    );
    expect(answer.data!.content).toBe(botTexts.tagSent);
    const sent = fake.messagesIn(PANEL_CHANNEL).at(-1)!;
    expect((sent.embeds as { description?: string }[])[0].description).toBe("x".repeat(2048));
  });

  it("autocomplete of an unknown command, outside a server, or of a member who may not use it, is answered with choices (type 8)", async () => {
    const unknown = await discord.send(
      discord.autocomplete({ ...at(STAFF, PANEL_CHANNEL), name: "nope", options: [{ name: "x", type: 3, value: "", focused: true }] }),
    );
    expect(unknown).toEqual({ type: 8, data: { choices: [] } });
    const tagByMember = await discord.send(
      discord.autocomplete({ ...at(OPENER, PANEL_CHANNEL), name: "tag", options: [{ name: "name", type: 3, value: "", focused: true }] }),
    );
    expect(tagByMember).toEqual({ type: 8, data: { choices: [] } });
  });
});
