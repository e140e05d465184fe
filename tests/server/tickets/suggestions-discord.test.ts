import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { singlePanelSchema } from "../../../src/schemas/panel";
import { discordLimits } from "../../../src/schemas/discord-limits";
import { botPermissionBits } from "../../../src/schemas/bot-permissions";
import { singlePanelData } from "../../../server/panels/store";
import { textsIn } from "../../../server/discord/texts";
import { FakeDiscord } from "../discord/fake-discord";
import { ChannelType } from "../discord/fake-world";
import { type InteractionClient, interactionClient, testKeys, type Where } from "../discord/interactions";
import { type TestApp, createTestApp } from "../helpers";

// Suggestions on the Discord path: signed interactions to /api/interactions, every answer checked against Discord's
// contract (tests/server/discord/interaction-answers.ts: the callback's schema and the documented limits). The
// question's modal, the suggestions' ephemeral message — three tags of the longest content a tag holds, whose embeds
// must still fit Discord's 6,000 characters — and the answers to Yes and No are all answers Discord takes.

const APP = "700000000000000888";
const G = "770000000000000001";
const CATEGORY = "770000000000000100";
const PANEL_CHANNEL = "770000000000000101";
const OPENER = "770000000000000301";
const OWNER = "770000000000000303";
const en = textsIn("en");

const keys = testKeys();
let fake: FakeDiscord;
let t: TestApp;
let discord: InteractionClient;
let panelId: number;

const at = (user: string): Where => ({ user, guild: G, channel: PANEL_CHANNEL });
const channelCreates = () => fake.callsTo("POST", "/guilds/{guild_id}/channels").length;

beforeAll(async () => {
  fake = await FakeDiscord.start({ applicationId: APP });
  fake.addUser({ id: OPENER, username: "opener" });
  fake.addUser({ id: OWNER, username: "owner" });
  fake.addGuild({ id: G, name: "Stub Guild", ownerId: OWNER, botPermissions: BigInt(botPermissionBits) });
  fake.addMember(G, OPENER);
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
  // Three tags of the longest content a tag holds (2,000 characters), every one about refunds.
  const long = (word: string) => `${word} refund. `.padEnd(2000, "x");
  await t.db
    .insertInto("tags")
    .values(
      ["alpha", "beta", "gamma", "delta"].map((name, i) => ({
        id: crypto.randomUUID(),
        guild_id: G,
        name: `${name}-${"n".repeat(90)}`,
        content: i < 3 ? long(name) : "Nothing about money here.",
        created_at: Date.now() + i,
      })),
    )
    .execute();
  const panel = singlePanelSchema.parse({
    PanelName: "Help",
    TicketCategory: CATEGORY,
    SuggestAnswers: true,
    PanelMessage: { PanelChannel: PANEL_CHANNEL, PanelTitle: "Help", PanelDescription: "Ask us" },
    WelcomeMessage: { WelcomeTitle: "Hi", WelcomeDescription: "We are on it" },
  });
  panelId = (
    await t.db
      .insertInto("panels")
      .values({
        guild_id: G,
        kind: "single",
        name: "Help",
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
});
afterAll(async () => {
  await t?.close();
  await fake?.close(); // fails the file if the product sent anything Discord would refuse
});

describe("suggestions as Discord takes them", () => {
  it("question modal → suggestions within Discord's limits → Yes opens nothing; No opens the ticket with the question", async () => {
    const modal = await discord.send(discord.click({ ...at(OPENER), customId: `panel:${panelId}` }));
    expect(modal).toMatchObject({ type: 9, data: { custom_id: `question:${panelId}`, title: en.questionTitle } });

    const ask = () =>
      discord.send(discord.modalSubmit({ ...at(OPENER), customId: modal.data!.custom_id!, fields: { question: "I need a REFUND" } }));
    const offered = await ask();
    expect(offered.type).toBe(4);
    expect(offered.data).toMatchObject({ content: en.suggestionsAsk, flags: 64, allowed_mentions: { parse: [] } });
    const embeds = offered.data!.embeds as { title: string; description: string }[];
    expect(embeds.map((e) => e.title.slice(0, 5))).toEqual(["alpha", "beta-", "gamma"]);
    const total = embeds.reduce((n, e) => n + e.title.length + e.description.length, 0);
    expect(total).toBeLessThanOrEqual(discordLimits.embedTotal);
    expect(total).toBeGreaterThan(discordLimits.embedTotal - 10);
    expect(channelCreates()).toBe(0);

    const [yes, no] = (offered.data!.components![0] as { components: { custom_id: string; label: string }[] }).components;
    expect([yes.label, no.label]).toEqual([en.suggestionsYes, en.suggestionsNo]);
    expect(await discord.send(discord.click({ ...at(OPENER), customId: yes.custom_id }))).toEqual({
      type: 4,
      data: { content: en.suggestionsAnswered, allowed_mentions: { parse: [] }, flags: 64 },
    });
    expect(channelCreates()).toBe(0);

    const again = await ask();
    const noButton = (again.data!.components![0] as { components: { custom_id: string }[] }).components[1];
    const opened = await discord.send(discord.click({ ...at(OPENER), customId: noButton.custom_id }));
    const ticket = await t.db.selectFrom("tickets").selectAll().where("guild_id", "=", G).executeTakeFirstOrThrow();
    expect(opened.data?.content).toBe(en.opened(ticket.channel_id!));
    expect(channelCreates()).toBe(1);
    expect(JSON.parse(ticket.form_answers_json!)).toEqual([{ Label: en.questionLabel, Value: "I need a REFUND" }]);
  });
});
