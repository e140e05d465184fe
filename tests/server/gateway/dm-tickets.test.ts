import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { singlePanelSchema } from "../../../src/schemas/panel";
import { applicationCommands } from "../../../server/discord/application-commands";
import { englishTexts } from "../../../server/discord/texts";
import { spanishTexts } from "../../../server/discord/texts-es";
import { singlePanelData } from "../../../server/panels/store";
import type { FakeMessage } from "../discord/fake-world";
import { interactionClient, type InteractionClient, testKeys } from "../discord/interactions";
import { discordSignIn } from "../discord/sign-in";
import { G, G1, type GatewayWorld, gatewayWorld, MEMBER, OWNER, STAFF, until } from "./world";

// DM tickets (ModMail) through Discord's gateway, against the fake Discord and its fake gateway: a member writes to the
// bot, chooses the server (only those they share with it where DM tickets are on) and the panel (only those allowed),
// fills in the panel's form, and the ticket opens through the core's open step; their DMs are relayed into the ticket's
// channel and staff's words (in the channel, from the dashboard) back, pinging nobody; the close ends the relay. The
// `/ticket` command starts the same flow for a bot on HTTP interactions only, and its refusals speak the member's
// language. On SQLite and, with TEST_DATABASE_URL, on PostgreSQL.

const keys = testKeys();
const LONER = "730000000000000009";

let w: GatewayWorld;
let discord: InteractionClient;
let orders: number;
let billing: number;
let hidden: number;
let fieldId: number;

async function addPanel(name: string, formId: number | null): Promise<number> {
  const panel = singlePanelSchema.parse({
    PanelName: name,
    TicketCategory: w.category,
    SupportTeams: [],
    FormId: formId,
    PanelMessage: { PanelChannel: w.category, PanelTitle: name, PanelDescription: name },
    WelcomeMessage: { WelcomeTitle: name, WelcomeDescription: "We are on it" },
  });
  const now = Date.now();
  return (
    await w.t.db
      .insertInto("panels")
      .values({
        guild_id: G,
        kind: "single",
        name,
        form_id: formId,
        team_id: null,
        data_json: JSON.stringify(singlePanelData(panel)),
        message_id: null,
        revision: 1,
        created_at: now,
        updated_at: now,
      })
      .returning("id")
      .executeTakeFirstOrThrow()
  ).id;
}

const setSettings = (guildId: string, settings: Record<string, unknown>) =>
  w.t.db
    .insertInto("guild_settings")
    .values({ guild_id: guildId, data_json: JSON.stringify(settings), revision: 1, updated_at: Date.now() })
    .execute();

const botMessagesIn = (channelId: string) => w.fake.messagesIn(channelId).filter((m) => m.authorId === w.fake.applicationId);
const embedOf = (m: FakeMessage) => m.embeds[0] as { author?: { name: string }; description?: string };

beforeEach(async () => {
  w = await gatewayWorld({ env: { DISCORD_PUBLIC_KEY: keys.publicKeyHex } });
  discord = interactionClient({ app: w.t.app, applicationId: w.fake.applicationId, keys, fake: w.fake });
  w.fake.addUser({ id: LONER, username: "loner" });
  const now = Date.now();
  // Staff: the support team's role (every panel here is answered by every team).
  const role = w.fake.addRole(G, { name: "Support", position: 1 });
  w.fake.addMember(G, STAFF, { roles: [role.id] });
  const team = await w.t.db
    .insertInto("teams")
    .values({ guild_id: G, name: "Support", permissions_json: JSON.stringify({ AnswerTicket: true }), created_at: now })
    .returning("id")
    .executeTakeFirstOrThrow();
  await w.t.db.insertInto("team_roles").values({ team_id: team.id, role_id: role.id, role_name: "Support" }).execute();
  const form = await w.t.db
    .insertInto("forms")
    .values({ guild_id: G, name: "Order", created_at: now, updated_at: now })
    .returning("id")
    .executeTakeFirstOrThrow();
  fieldId = (
    await w.t.db
      .insertInto("form_fields")
      .values({
        form_id: form.id,
        label: "Order number",
        placeholder: null,
        style: "Short",
        required: 1,
        min_length: 2,
        max_length: 20,
        position: 0,
      })
      .returning("id")
      .executeTakeFirstOrThrow()
  ).id;
  orders = await addPanel("Orders", form.id);
  billing = await addPanel("Billing", null);
  hidden = await addPanel("Staff only", null);
  await setSettings(G, { DmTickets: true, DmTicketPanels: [orders, billing] });
  // The other server the member shares with the bot takes no DM tickets.
  await setSettings(G1, { DmTickets: false });
  const runner = w.runner();
  await runner.start();
  await until(async () => (await w.t.app.gatewayCoverage!.coveredSince(G)) !== null, "the guild to be covered");
});
afterEach(async () => {
  await w?.close();
});

describe("DM tickets through the gateway", () => {
  it("a DM → the server, the panel and its form → the ticket opens; relayed both ways without pings; the close ends the relay", async () => {
    const dm = w.fake.dmChannelOf(MEMBER);
    w.fake.postAs(MEMBER, dm.id, "hi, my order is late");
    const question = await until(() => botMessagesIn(dm.id)[0], "the bot's question in the DM");
    expect(question.content).toBe(englishTexts.dmChooseServer);
    expect(question.request!.allowed_mentions).toEqual({ parse: [] });
    // Only the server with DM tickets on: not the other one the member shares with the bot.
    expect(question.components).toEqual([
      {
        type: 1,
        components: [
          {
            type: 3,
            custom_id: "dm-server",
            placeholder: englishTexts.dmChooseServerPlaceholder,
            options: [{ label: "Gateway Guild", value: G }],
          },
        ],
      },
    ]);

    // Hostile choices: a server without DM tickets, and something that is no server id.
    const where = { user: MEMBER, channel: dm.id };
    expect((await discord.send(discord.click({ ...where, customId: "dm-server", values: [G1] }))).data!.content).toBe(
      englishTexts.dmNoServers,
    );
    expect((await discord.send(discord.click({ ...where, customId: "dm-server", values: ["x"] }))).data!.content).toBe(
      englishTexts.invalidButton,
    );

    const panels = await discord.send(discord.click({ ...where, customId: "dm-server", values: [G] }));
    expect(panels.data!.content).toBe(englishTexts.dmChoosePanel("Gateway Guild"));
    const select = (panels.data!.components![0] as { components: { custom_id: string; options: { label: string; value: string }[] }[] })
      .components[0];
    expect(select.custom_id).toBe(`dm-panel:${G}`);
    expect(select.options).toEqual([
      { label: "Orders", value: String(orders) },
      { label: "Billing", value: String(billing) },
    ]);
    // A panel not allowed by DM, forged into the select, opens nothing.
    expect((await discord.send(discord.click({ ...where, customId: `dm-panel:${G}`, values: [String(hidden)] }))).data!.content).toBe(
      englishTexts.invalidButton,
    );

    const modal = await discord.send(discord.click({ ...where, customId: `dm-panel:${G}`, values: [String(orders)] }));
    expect(modal).toMatchObject({ type: 9, data: { title: "Order" } });
    expect(modal.data!.custom_id).toMatch(new RegExp(`^dm-form:${G}:${orders}:\\d+$`));
    const opened = await discord.send(
      discord.modalSubmit({ ...where, customId: modal.data!.custom_id!, fields: { [`field:${fieldId}`]: "A-77" } }),
    );
    const ticket = await w.t.db.selectFrom("tickets").selectAll().where("guild_id", "=", G).executeTakeFirstOrThrow();
    expect(opened.data!.content).toBe(englishTexts.dmOpened(ticket.number, "Gateway Guild"));
    expect(ticket).toMatchObject({ opener_id: MEMBER, panel_id: orders, status: "open", dm_channel_id: dm.id });
    expect(JSON.parse(ticket.form_answers_json!)).toEqual([{ Label: "Order number", Value: "A-77" }]);
    const channelId = ticket.channel_id!;

    // The member's DM, with a file, reaches the ticket's channel under their name; it pings nobody.
    w.fake.postAs(MEMBER, dm.id, "still nothing @everyone", {
      attachments: [{ id: "1", filename: "receipt.png", url: "https://cdn.example/receipt.png", size: 10 }],
    });
    const relayedIn = await until(
      () => botMessagesIn(channelId).find((m) => embedOf(m)?.description?.includes("still nothing")),
      "the DM in the ticket",
    );
    expect(embedOf(relayedIn)).toMatchObject({
      author: { name: "member" },
      description: "still nothing @everyone\nhttps://cdn.example/receipt.png",
    });
    expect(relayedIn.request!.allowed_mentions).toEqual({ parse: [] });

    // Staff's message in the channel reaches the member's DM; the opener's own message there is not sent back.
    w.fake.postAs(MEMBER, channelId, "writing in the channel too");
    w.fake.postAs(STAFF, channelId, `on it <@${MEMBER}> @everyone`);
    const relayedOut = await until(
      () => botMessagesIn(dm.id).find((m) => embedOf(m)?.description?.startsWith("on it")),
      "staff's words in the DM",
    );
    expect(embedOf(relayedOut)).toMatchObject({ author: { name: "staffer" }, description: `on it <@${MEMBER}> @everyone` });
    expect(relayedOut.request!.allowed_mentions).toEqual({ parse: [] });
    expect(botMessagesIn(dm.id).some((m) => embedOf(m)?.description?.includes("writing in the channel"))).toBe(false);

    // A reply from the dashboard reaches the DM too.
    const token = await discordSignIn(w.t, w.fake, OWNER);
    const headers = { authorization: `Bearer ${token}` };
    const reply = await w.t.app.inject({
      method: "POST",
      url: `/api/${G}/tickets/${ticket.number}/reply`,
      headers,
      payload: { content: "A new one ships today." },
    });
    expect(reply.statusCode).toBe(200);
    expect(
      botMessagesIn(dm.id).some((m) => embedOf(m)?.description === "A new one ships today." && embedOf(m)?.author?.name === "owner"),
    ).toBe(true);

    // The close ends the relay: a later DM starts a new choice instead of reaching the closed ticket.
    expect(
      (await w.t.app.inject({ method: "POST", url: `/api/${G}/tickets/${ticket.number}/close`, headers, payload: {} })).statusCode,
    ).toBe(200);
    const questionsBefore = botMessagesIn(dm.id).filter((m) => m.content === englishTexts.dmChooseServer).length;
    w.fake.postAs(MEMBER, dm.id, "thanks!");
    await until(
      () => botMessagesIn(dm.id).filter((m) => m.content === englishTexts.dmChooseServer).length === questionsBefore + 1,
      "a new choice",
    );
    expect(w.fake.channel(channelId)).toBeUndefined();
    expect(await w.t.db.selectFrom("tickets").select("id").where("guild_id", "=", G).execute()).toHaveLength(1);
  });

  it("a member who shares no server taking DM tickets is told so", async () => {
    const dm = w.fake.dmChannelOf(LONER);
    w.fake.postAs(LONER, dm.id, "hello?");
    const answer = await until(() => botMessagesIn(dm.id)[0], "the bot's answer");
    expect(answer.content).toBe(englishTexts.dmNoServers);
    expect(answer.components).toEqual([]);
  });
});

describe("/ticket in a DM (HTTP interactions only)", () => {
  it("is registered for the bot's DMs only; starts the same flow; refusals speak the member's language", async () => {
    const registered = applicationCommands(w.t.app.discord.router.commands.definitions()).find((c) => c.name === "ticket");
    expect(registered).toMatchObject({ contexts: [1], integration_types: [0] });

    const dm = w.fake.dmChannelOf(MEMBER);
    const where = { user: MEMBER, channel: dm.id, locale: "es-ES" };
    const choice = await discord.send(discord.command({ ...where, name: "ticket" }));
    expect(choice.data!.content).toBe(spanishTexts.dmChooseServer);
    const panels = await discord.send(discord.click({ ...where, customId: "dm-server", values: [G] }));
    expect(panels.data!.content).toBe(spanishTexts.dmChoosePanel("Gateway Guild"));
    const opened = await discord.send(discord.click({ ...where, customId: `dm-panel:${G}`, values: [String(billing)] }));
    const ticket = await w.t.db.selectFrom("tickets").selectAll().where("guild_id", "=", G).executeTakeFirstOrThrow();
    expect(opened.data!.content).toBe(spanishTexts.dmOpened(ticket.number, "Gateway Guild"));
    // A second ticket past the server's limit of one: refused by the open step, in Spanish.
    const refused = await discord.send(discord.click({ ...where, customId: `dm-panel:${G}`, values: [String(billing)] }));
    expect(refused.data!.content).toBe(spanishTexts.limitReached(1));
    expect(await w.t.db.selectFrom("tickets").select("id").where("guild_id", "=", G).execute()).toHaveLength(1);

    // In a server, /ticket is not for there.
    expect((await discord.send(discord.command({ user: MEMBER, guild: G, channel: w.category, name: "ticket" }))).data!.content).toBe(
      englishTexts.dmOnly,
    );
  });
});
