import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { botPermissionBits } from "../../../src/schemas/bot-permissions";
import { singlePanelSchema } from "../../../src/schemas/panel";
import { singlePanelData } from "../../../server/panels/store";
import { DiscordPlatform } from "../../../server/platform/discord";
import { type RunningDiscordProxy, startDiscordProxy } from "../../../server/platform/rest-proxy";
import { textsIn } from "../../../server/discord/texts";
import { FakeDiscord } from "../discord/fake-discord";
import { ChannelType } from "../discord/fake-world";
import { type Interaction, type InteractionClient, interactionClient, testKeys, type Where } from "../discord/interactions";
import { type TestApp, createTestApp } from "../helpers";

// On the Discord path: signed interactions, the Discord adapter, every bot request through
// the shared REST proxy with its secret, the fake Discord checking each against Discord's contract. A reopen from the
// closing DM meets the membership and the blacklist as Discord tells them (GET member: 10007 when gone, the roles
// when there); a reopened ticket's claimer who left its team is unclaimed; /note needs AnnotateTicket; a member who
// left between the click and the thread leaves no thread behind; and a global 429 of the bot never silences a
// deferred answer (interaction webhooks are not bound to the bot's global limit).

const APP = "700000000000000889";
const G = "771000000000000001";
const CATEGORY = "771000000000000100";
const PANEL_CHANNEL = "771000000000000101";
const SUPPORT_ROLE = "771000000000000201";
const MUTED_ROLE = "771000000000000202";
const OPENER = "771000000000000301";
const STAFF = "771000000000000302";
const OWNER = "771000000000000303";
const LEAVER = "771000000000000304";
const SECRET = "shared-between-instances-and-proxy";
const en = textsIn("en");

const keys = testKeys();
let fake: FakeDiscord;
let proxy: RunningDiscordProxy;
let t: TestApp;
let discord: InteractionClient;
let panelId: number;
let teamId: number;

const at = (user: string, channel: string): Where => ({ user, guild: G, channel });
const tickets = () => t.db.selectFrom("tickets").selectAll().where("guild_id", "=", G).orderBy("number").execute();
const channelCreates = () => fake.callsTo("POST", "/guilds/{guild_id}/channels").length;
const setPanel = async (patch: Record<string, unknown>) => {
  const row = await t.db.selectFrom("panels").select("data_json").where("id", "=", panelId).executeTakeFirstOrThrow();
  await t.db
    .updateTable("panels")
    .set({ data_json: JSON.stringify({ ...JSON.parse(row.data_json), ...patch }) })
    .where("id", "=", panelId)
    .execute();
};
const setTeamPermissions = (permissions: Record<string, boolean>) =>
  t.db
    .updateTable("teams")
    .set({ permissions_json: JSON.stringify(permissions) })
    .where("id", "=", teamId)
    .execute();

/** What the member reads: the direct answer, or the deferred one when the step ran past the threshold (a loaded machine). */
async function answer(interaction: Interaction): Promise<string> {
  const first = await discord.send(interaction);
  if (first.type !== 5) return first.data!.content!;
  const webhook = fake.interactions.get(interaction.token)!;
  await vi.waitFor(() => expect(webhook.edits.length).toBeGreaterThan(0), { timeout: 15_000 });
  return String(webhook.edits[0].content);
}
const clickPanel = (user: string) => answer(discord.click({ ...at(user, PANEL_CHANNEL), customId: `panel:${panelId}` }));
const command = (user: string, channelId: string, name: string, options: { name: string; type: number; value: string }[] = []) =>
  answer(discord.command({ ...at(user, channelId), name, options }));
/** The opener's Reopen button in the closing DM. */
const reopenFromDm = (user: string, number: number) =>
  answer(discord.click({ user, channel: fake.dmWith(user)!.id, customId: `reopen:${G}:${number}` }));

/** The member opens a ticket from the panel; staff close it (its closing DM carries the Reopen button). */
async function openAndClose(opener: string) {
  const opened = await clickPanel(opener);
  const ticket = (await tickets()).at(-1)!;
  expect(opened).toBe(en.opened(ticket.channel_id!));
  expect(await command(STAFF, ticket.channel_id!, "close")).toBe(en.closed(ticket.number));
  return ticket;
}

beforeAll(async () => {
  fake = await FakeDiscord.start({ applicationId: APP });
  for (const [id, username] of [
    [OPENER, "opener"],
    [STAFF, "staffer"],
    [OWNER, "owner"],
    [LEAVER, "leaver"],
  ])
    fake.addUser({ id, username });
  fake.addGuild({ id: G, name: "Rules Guild", ownerId: OWNER, botPermissions: BigInt(botPermissionBits) });
  fake.addRole(G, { id: SUPPORT_ROLE, name: "Support", permissions: 0n, position: 2 });
  fake.addRole(G, { id: MUTED_ROLE, name: "Muted", permissions: 0n, position: 1 });
  fake.addMember(G, OPENER);
  fake.addMember(G, STAFF, { roles: [SUPPORT_ROLE] });
  fake.addChannel(G, { id: CATEGORY, name: "Tickets", type: ChannelType.GuildCategory });
  fake.addChannel(G, { id: PANEL_CHANNEL, name: "support" });
  proxy = await startDiscordProxy({ upstream: fake.base, botToken: fake.botToken, secret: SECRET });
  t = await createTestApp({
    env: {
      DISCORD_CLIENT_ID: APP,
      DISCORD_CLIENT_SECRET: fake.clientSecret,
      DISCORD_BOT_TOKEN: fake.botToken,
      DISCORD_PUBLIC_KEY: keys.publicKeyHex,
      DISCORD_API_BASE: fake.base,
      DISCORD_REST_PROXY: proxy.url,
      DISCORD_PROXY_SECRET: SECRET,
    },
    seed: false,
  });
  discord = interactionClient({ app: t.app, applicationId: APP, keys, fake });
  const team = { guild_id: G, name: "Support", permissions_json: JSON.stringify({ ViewTranscripts: true }), created_at: Date.now() };
  teamId = (await t.db.insertInto("teams").values(team).returning("id").executeTakeFirstOrThrow()).id;
  await t.db.insertInto("team_roles").values({ team_id: teamId, role_id: SUPPORT_ROLE, role_name: "Support" }).execute();
  const panel = singlePanelSchema.parse({
    PanelName: "Help",
    TicketCategory: CATEGORY,
    SupportTeams: [String(teamId)],
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
        team_id: teamId,
        data_json: JSON.stringify(singlePanelData(panel)),
        message_id: null,
        revision: 1,
        created_at: Date.now(),
        updated_at: Date.now(),
      })
      .returning("id")
      .executeTakeFirstOrThrow()
  ).id;
  const settings = { UserTicketLimit: 0, TicketCloseConfirmation: false, ReopenWithinDays: 7 };
  await t.db
    .insertInto("guild_settings")
    .values({ guild_id: G, data_json: JSON.stringify(settings), revision: 1, updated_at: Date.now() })
    .execute();
});
afterAll(async () => {
  await t?.close();
  await proxy?.close();
  await fake?.close(); // fails the file if the product sent anything Discord would refuse
});

describe("Item 3 — a reopen from the DM obeys membership and the blacklist, as Discord tells them", () => {
  it("an opener who left gets no channel; blacklisted by a role they hold, neither; back and cleared, they reopen", async () => {
    fake.addMember(G, LEAVER);
    const ticket = await openAndClose(LEAVER);
    const creates = channelCreates();

    fake.removeMember(G, LEAVER);
    expect(await reopenFromDm(LEAVER, ticket.number)).toBe(en.reopenNotMember);
    // The DM's interaction carries no roles: the blacklisted role is read from the member as Discord has them.
    fake.addMember(G, LEAVER, { roles: [MUTED_ROLE] });
    const entry = await t.db
      .insertInto("blacklist")
      .values({ guild_id: G, kind: "Role", target_id: MUTED_ROLE, reason: "", created_at: Date.now() })
      .returning("id")
      .executeTakeFirstOrThrow();
    expect(await reopenFromDm(LEAVER, ticket.number)).toBe(en.blacklisted);
    expect(channelCreates()).toBe(creates);
    expect((await tickets()).find((r) => r.id === ticket.id)).toMatchObject({ status: "closed", channel_id: ticket.channel_id });

    await t.db.deleteFrom("blacklist").where("id", "=", entry.id).execute();
    const back = await reopenFromDm(LEAVER, ticket.number);
    const again = (await tickets()).find((r) => r.id === ticket.id)!;
    expect(back).toBe(en.reopened(again.channel_id!));
    expect(channelCreates()).toBe(creates + 1);
  });

  it("a claimer who left the ticket's team does not get it back: reopened unclaimed, out of the channel, and the notice says so", async () => {
    expect(await clickPanel(OPENER)).toMatch(/^Your ticket is open/);
    const ticket = (await tickets()).at(-1)!;
    expect(await command(STAFF, ticket.channel_id!, "claim")).toBe(en.claimedReply);
    expect(await command(STAFF, ticket.channel_id!, "close")).toBe(en.closed(ticket.number));

    fake.addMember(G, STAFF, { roles: [] }); // no longer in Support
    try {
      await reopenFromDm(OPENER, ticket.number);
      const again = (await tickets()).find((r) => r.id === ticket.id)!;
      expect(again).toMatchObject({ status: "open", claimed_by: null, claimed_by_name: null });
      expect(fake.channel(again.channel_id!)!.overwrites.map((o) => o.id)).not.toContain(STAFF);
      expect(fake.messagesIn(again.channel_id!).map((m) => m.content)).toContain(
        `${en.reopenedNotice(OPENER, ticket.number, `${t.config.publicUrl}/${G}/transcripts/${ticket.number}`)}\n${en.reopenUnclaimed(STAFF)}`,
      );
    } finally {
      fake.addMember(G, STAFF, { roles: [SUPPORT_ROLE] });
    }
  });
});

describe("Item 5 — /note checks AnnotateTicket in the step", () => {
  it("staff without AnnotateTicket are refused and nothing is stored; with it, the note is kept", async () => {
    expect(await clickPanel(OPENER)).toMatch(/^Your ticket is open/);
    const ticket = (await tickets()).at(-1)!;
    const note = () => command(STAFF, ticket.channel_id!, "note", [{ name: "text", type: 3, value: "VIP customer" }]);
    expect(await note()).toBe(en.noPermission);
    expect(await t.db.selectFrom("ticket_notes").select("id").where("ticket_id", "=", ticket.id).execute()).toEqual([]);
    await setTeamPermissions({ ViewTranscripts: true, AnnotateTicket: true });
    try {
      expect(await note()).toBe(en.noteAdded);
      expect(await t.db.selectFrom("ticket_notes").select("id").where("ticket_id", "=", ticket.id).execute()).toHaveLength(1);
    } finally {
      await setTeamPermissions({ ViewTranscripts: true });
    }
  });
});

describe("Item 9 — a member who left between the click and the thread", () => {
  it("Discord's Unknown Member on adding them: the thread is deleted, no ticket is left, and they are told plainly", async () => {
    await setPanel({ ThreadMode: "thread" });
    try {
      fake.addMember(G, LEAVER);
      const click = discord.click({ ...at(LEAVER, PANEL_CHANNEL), roles: [], customId: `panel:${panelId}` });
      fake.removeMember(G, LEAVER); // after the click, before the thread
      const before = (await tickets()).length;
      expect(await answer(click)).toBe(en.openerLeft);
      const added = fake.callsTo("PUT", "/channels/{channel_id}/thread-members/{user_id}").at(-1)!;
      expect(added).toMatchObject({ status: 404 });
      expect(JSON.parse(JSON.stringify(added.route!.params))).toMatchObject({ user_id: LEAVER });
      const threadId = added.route!.params.channel_id;
      expect(fake.deletedChannels).toContain(threadId);
      expect(fake.channel(threadId)).toBeUndefined();
      expect(await tickets()).toHaveLength(before);
    } finally {
      await setPanel({ ThreadMode: "channel" });
      fake.addMember(G, LEAVER);
    }
  });
});

describe("Item 8 — a global rate limit never silences a member", () => {
  it("while Discord answers the bot with a global 429, a deferred answer still reaches the member (without the bot's token)", async () => {
    const config = t.config as { interactionDeferMs: number };
    const threshold = config.interactionDeferMs;
    config.interactionDeferMs = 0; // every step that calls Discord is answered deferred
    const undo = fake.holdBotGlobally(60_000);
    try {
      const before = (await tickets()).length;
      const interaction = discord.click({ ...at(OPENER, PANEL_CHANNEL), customId: `panel:${panelId}` });
      expect(await discord.send(interaction)).toEqual({ type: 5, data: { flags: 64 } });
      const webhook = fake.interactions.get(interaction.token)!;
      await vi.waitFor(() => expect(webhook.edits).toHaveLength(1), { timeout: 10_000 });
      // The wait left of Discord's minute when the open met it.
      const waits = Array.from({ length: 61 }, (_, n) => en.rateLimited(en.aboutSeconds(n + 1)));
      expect(waits).toContain(webhook.edits[0].content);
      expect(fake.calls.some((c) => c.status === 429 && c.global)).toBe(true);
      const [patch] = fake.callsTo("PATCH", `/webhooks/${APP}/${interaction.token}/messages/@original`);
      expect(patch).toMatchObject({ status: 200 });
      expect(patch.headers.authorization).toBeUndefined();
      expect(await tickets()).toHaveLength(before);
    } finally {
      undo();
      config.interactionDeferMs = threshold;
    }
  });

  it("an instance talking to Discord itself: its own global limit holds the bot's requests, never the interaction's webhook", async () => {
    const alone = new DiscordPlatform({
      apiBase: fake.base,
      clientId: APP,
      clientSecret: fake.clientSecret,
      botToken: fake.botToken,
      retries: 0,
    });
    const token = `itok-alone-${Date.now()}`;
    const webhook = fake.registerInteraction(token, { channelId: PANEL_CHANNEL, guildId: G });
    const undo = fake.holdBotGlobally(60_000);
    try {
      await expect(alone.getChannel(PANEL_CHANNEL)).rejects.toMatchObject({ reason: "rateLimited" });
      // The client now holds every bot request for a minute; the member's answer still goes.
      await expect(alone.getChannel(CATEGORY)).rejects.toMatchObject({ reason: "rateLimited" });
      await alone.editInteractionReply(token, { content: "Done", allowed_mentions: { parse: [] } });
      expect(webhook.edits).toEqual([{ content: "Done", allowed_mentions: { parse: [] } }]);
    } finally {
      undo();
    }
  });
});
