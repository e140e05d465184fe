import { generateKeyPairSync, sign } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { singlePanelSchema } from "../../../src/schemas/panel";
import { singlePanelData } from "../../../server/panels/store";
import { VIEW_CHANNEL } from "../../../server/tickets/channel-access";
import { botTexts } from "../../../server/tickets/texts";
import { keyringFor } from "../../../server/transcripts/crypto";
import { openTranscript } from "../../../server/transcripts/store";
import { type StubRequest, type StubResponse, startDiscordStub } from "../discord-stub";
import { type TestApp, createTestApp } from "../helpers";

// The full Discord path: Discord's signed interactions (a test key pair) reach /api/interactions, the engine runs
// on the Discord adapter (@discordjs/rest) against a local stub of Discord's REST API. A panel click answers the
// form's modal, the modal opens the ticket (channel with overwrites, welcome message with allowed_mentions), staff
// claim it and close it with a reason (messages read, channel deleted), the opener rates it from the DM; the
// transcript, its rating and reason, and the activity entries are stored. Two opens at a limit of 1 open one ticket.

const APP = "700000000000000777"; // the application (and bot user) id
const G = "760000000000000001";
const CATEGORY = "760000000000000100";
const PANEL_CHANNEL = "760000000000000101";
const SUPPORT_ROLE = "760000000000000201";
const OPENER = "760000000000000301";
const STAFF = "760000000000000302";

const { publicKey, privateKey } = generateKeyPairSync("ed25519");
const publicKeyHex = publicKey.export({ format: "der", type: "spki" }).subarray(-32).toString("hex");

interface StubMessage {
  id: string;
  channel_id: string;
  author: { id: string; username: string; global_name: string | null; bot?: boolean };
  content: string;
  embeds: unknown[];
  attachments: unknown[];
  timestamp: string;
  body: Record<string, unknown>;
}

let nextId = 800_000_000_000_000_000n;
const snowflake = () => String(nextId++);
const channels = new Map<string, { id: string; guild_id: string | null; name: string; body: Record<string, unknown> }>();
const messages: StubMessage[] = [];
let deleted: string[] = [];

function routes(req: StubRequest): StubResponse | undefined {
  const body = req.body ? (JSON.parse(req.body) as Record<string, unknown>) : {};
  if (req.method === "GET" && req.path === `/guilds/${G}`) {
    return { json: { id: G, name: "Stub Guild", icon: null, owner_id: OPENER, roles: [{ id: G, name: "@everyone", position: 0 }, { id: SUPPORT_ROLE, name: "Support", position: 1 }], emojis: [] } };
  }
  if (req.method === "GET" && req.path === `/guilds/${G}/channels`) {
    return { json: [{ id: CATEGORY, name: "Tickets", type: 4, position: 0 }, { id: PANEL_CHANNEL, name: "support", type: 0, position: 1, parent_id: null }] };
  }
  if (req.method === "GET" && req.path === `/users/${OPENER}`) return { json: { id: OPENER, username: "opener", global_name: "Opener", avatar: null } };
  if (req.method === "POST" && req.path === `/guilds/${G}/channels`) {
    const id = snowflake();
    channels.set(id, { id, guild_id: G, name: String(body.name), body });
    return { status: 201, json: { id, type: 0, guild_id: G, name: body.name } };
  }
  if (req.method === "POST" && req.path === "/users/@me/channels") {
    const id = snowflake();
    channels.set(id, { id, guild_id: null, name: "dm", body });
    return { json: { id, type: 1 } };
  }
  let m = /^\/channels\/(\d+)\/messages$/.exec(req.path);
  if (m && req.method === "POST") {
    if (!channels.has(m[1]) && m[1] !== PANEL_CHANNEL) return { status: 404, json: { message: "Unknown Channel", code: 10003 } };
    const message: StubMessage = {
      id: snowflake(), channel_id: m[1], author: { id: APP, username: "Ticketeer", global_name: null, bot: true }, content: String(body.content ?? ""),
      embeds: (body.embeds as unknown[]) ?? [], attachments: [], timestamp: new Date().toISOString(), body,
    };
    messages.push(message);
    return { json: message };
  }
  if (m && req.method === "GET") {
    const list = messages.filter((x) => x.channel_id === m![1]).reverse();
    const before = req.query.get("before");
    return { json: (before ? list.filter((x) => BigInt(x.id) < BigInt(before)) : list).slice(0, 100) };
  }
  m = /^\/channels\/(\d+)$/.exec(req.path);
  if (m && req.method === "PATCH") {
    const channel = channels.get(m[1]);
    if (!channel) return { status: 404, json: { message: "Unknown Channel", code: 10003 } };
    channel.body = { ...channel.body, ...body };
    return { json: { id: channel.id } };
  }
  if (m && req.method === "DELETE") {
    if (!channels.delete(m[1])) return { status: 404, json: { message: "Unknown Channel", code: 10003 } };
    deleted.push(m[1]);
    return { json: { id: m[1] } };
  }
  return undefined;
}

type Stub = Awaited<ReturnType<typeof startDiscordStub>>;
let stub: Stub;
let t: TestApp;
let panelId: number;
let formFieldId: number;

const member = (id: string, roles: string[]) => ({ user: { id, username: id === OPENER ? "opener" : "staffer", global_name: null, avatar: null, discriminator: "0" }, roles, permissions: "0", nick: null });
async function signed(payload: Record<string, unknown>) {
  const body = JSON.stringify({ id: snowflake(), application_id: APP, token: "tok", version: 1, ...payload });
  const timestamp = String(Math.floor(Date.now() / 1000));
  const signature = sign(null, Buffer.from(timestamp + body), privateKey).toString("hex");
  const res = await t.app.inject({
    method: "POST", url: "/api/interactions", payload: body,
    headers: { "content-type": "application/json", "x-signature-ed25519": signature, "x-signature-timestamp": timestamp },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { type: number; data: Record<string, any> };
}
const inGuild = (who: string, roles: string[], channelId: string) => ({ guild_id: G, channel: { id: channelId, type: 0 }, channel_id: channelId, member: member(who, roles) });
const click = (who: string, roles: string[], channelId: string, customId: string) =>
  signed({ type: 3, ...inGuild(who, roles, channelId), message: { id: "1" }, data: { custom_id: customId, component_type: 2 } });

beforeAll(async () => {
  stub = await startDiscordStub(routes);
  t = await createTestApp({
    env: { DISCORD_CLIENT_ID: APP, DISCORD_CLIENT_SECRET: "secret", DISCORD_BOT_TOKEN: "bot-token", DISCORD_PUBLIC_KEY: publicKeyHex, DISCORD_API_BASE: stub.base },
    seed: false,
  });
  const team = await t.db.insertInto("teams").values({ guild_id: G, name: "Support", permissions_json: JSON.stringify({ ViewTranscripts: true }), created_at: Date.now() }).returning("id").executeTakeFirstOrThrow();
  await t.db.insertInto("team_roles").values({ team_id: team.id, role_id: SUPPORT_ROLE, role_name: "Support" }).execute();
  const form = await t.db.insertInto("forms").values({ guild_id: G, name: "Intake", created_at: Date.now(), updated_at: Date.now() }).returning("id").executeTakeFirstOrThrow();
  formFieldId = (await t.db
    .insertInto("form_fields")
    .values({ form_id: form.id, label: "Order number", placeholder: "#1234", style: "Short", required: 1, min_length: 2, max_length: 20, position: 0 })
    .returning("id")
    .executeTakeFirstOrThrow()).id;
  const panel = singlePanelSchema.parse({
    PanelName: "Orders", TicketCategory: CATEGORY, SupportTeams: [String(team.id)], FormId: form.id,
    PanelMessage: { PanelChannel: PANEL_CHANNEL, PanelTitle: "Orders", PanelDescription: "Open a ticket about an order" },
    WelcomeMessage: { WelcomeTitle: "Hi @everyone", WelcomeDescription: "We are on it", WelcomeContent: "@everyone look" },
  });
  panelId = (await t.db
    .insertInto("panels")
    .values({ guild_id: G, kind: "single", name: "Orders", form_id: form.id, team_id: team.id, data_json: JSON.stringify(singlePanelData(panel)), message_id: null, revision: 1, created_at: Date.now(), updated_at: Date.now() })
    .returning("id")
    .executeTakeFirstOrThrow()).id;
});
afterAll(async () => {
  await t?.close();
  await stub?.close();
});

describe("the Discord path against a stub", () => {
  it("panel click → form modal → ticket → claim → close with a reason → rating, as Discord would see it", async () => {
    const modal = await signed({ type: 3, ...inGuild(OPENER, [], PANEL_CHANNEL), message: { id: "1" }, data: { custom_id: `panel:${panelId}`, component_type: 2 } });
    expect(modal).toMatchObject({ type: 9, data: { custom_id: `form:${panelId}:${(await t.db.selectFrom("forms").select("id").executeTakeFirstOrThrow()).id}`, title: "Intake" } });
    expect(stub.calls.filter((c) => c.method === "POST" && c.path === `/guilds/${G}/channels`)).toHaveLength(0);

    const opened = await signed({
      type: 5, ...inGuild(OPENER, [], PANEL_CHANNEL),
      data: { custom_id: modal.data.custom_id, components: [{ type: 1, components: [{ type: 4, custom_id: `field:${formFieldId}`, value: "A-77" }] }] },
    });
    const ticket = await t.db.selectFrom("tickets").selectAll().where("guild_id", "=", G).executeTakeFirstOrThrow();
    expect(opened).toEqual({ type: 4, data: { content: botTexts.opened(ticket.channel_id!), allowed_mentions: { parse: [] }, flags: 64 } });
    const created = channels.get(ticket.channel_id!)!;
    expect(created.body).toMatchObject({ name: `ticket-${ticket.number}`, type: 0, parent_id: CATEGORY });
    const overwrites = created.body.permission_overwrites as { id: string; type: number; allow: string; deny: string }[];
    expect(BigInt(overwrites.find((o) => o.id === G)!.deny) & VIEW_CHANNEL).toBe(VIEW_CHANNEL);
    for (const id of [OPENER, SUPPORT_ROLE, APP]) expect(BigInt(overwrites.find((o) => o.id === id)!.allow) & VIEW_CHANNEL, id).toBe(VIEW_CHANNEL);
    const welcome = messages.find((m) => m.channel_id === ticket.channel_id)!;
    // The welcome text says @everyone; the bot may ping exactly the opener.
    expect(welcome.body.allowed_mentions).toEqual({ parse: [], users: [OPENER], roles: [] });
    expect(welcome.content).toContain("@everyone look");
    expect(JSON.stringify(welcome.body.embeds)).toContain("A-77");

    // The opener writes; staff answers (the stub keeps the messages Discord would).
    for (const [who, name, content] of [[OPENER, "opener", "My order never came"], [STAFF, "staffer", "Sending a new one"]]) {
      messages.push({ id: snowflake(), channel_id: ticket.channel_id!, author: { id: who, username: name, global_name: null }, content, embeds: [], attachments: [], timestamp: new Date().toISOString(), body: {} });
    }

    expect(await click(STAFF, [SUPPORT_ROLE], ticket.channel_id!, `ticket:${ticket.number}:claim`)).toMatchObject({ type: 4, data: { content: botTexts.claimedReply, flags: 64 } });
    expect(stub.calls.some((c) => c.method === "PATCH" && c.path === `/channels/${ticket.channel_id}`)).toBe(true);

    const ask = await signed({ type: 2, ...inGuild(STAFF, [SUPPORT_ROLE], ticket.channel_id!), data: { id: "1", name: "close", type: 1, options: [{ name: "reason", type: 3, value: "Sent a replacement" }] } });
    expect(ask.data.content).toBe(botTexts.confirmClose);
    const done = await click(STAFF, [SUPPORT_ROLE], ticket.channel_id!, `ticket:${ticket.number}:close-confirm`);
    expect(done.data.content).toBe(botTexts.closed(ticket.number));
    expect(stub.calls.some((c) => c.method === "GET" && c.path === `/channels/${ticket.channel_id}/messages` && c.query.get("limit") === "100")).toBe(true);
    expect(deleted).toContain(ticket.channel_id);

    const dm = messages.filter((m) => channels.get(m.channel_id)?.guild_id === null).pop()!;
    expect(dm.body.allowed_mentions).toEqual({ parse: [] });
    const rate5 = `rate:${G}:${ticket.number}:5`;
    expect(JSON.stringify(dm.body.components)).toContain(rate5);
    const thanks = await signed({ type: 3, channel: { id: dm.channel_id, type: 1 }, user: member(OPENER, []).user, message: { id: dm.id }, data: { custom_id: rate5, component_type: 2 } });
    expect(thanks.data.content).toBe(botTexts.ratingThanks(5));

    const closed = await t.db.selectFrom("tickets").selectAll().where("id", "=", ticket.id).executeTakeFirstOrThrow();
    expect(closed).toMatchObject({ status: "closed", claimed_by: STAFF, closed_by: STAFF, close_reason: "Sent a replacement", rating: 5 });
    const transcript = (await openTranscript(t.db, keyringFor(t.config), G, ticket.number))!;
    expect(transcript.meta).toMatchObject({ closeReason: "Sent a replacement", rating: 5, authorUsername: "opener" });
    expect(transcript.messages.map((m) => m.content)).toEqual(expect.arrayContaining(["My order never came", "Sending a new one"]));
    const actions = (await t.db.selectFrom("activity").select("action").where("guild_id", "=", G).orderBy("id").execute()).map((a) => a.action);
    expect(actions).toEqual(["Ticket Opened", "Ticket Claimed", "Ticket Closed"]);
  });

  it("two signed opens at a limit of 1 open one ticket and one channel", async () => {
    await t.db.deleteFrom("tickets").execute();
    await t.db.updateTable("panels").set({ form_id: null }).where("id", "=", panelId).execute();
    const before = stub.calls.filter((c) => c.method === "POST" && c.path === `/guilds/${G}/channels`).length;
    const [a, b] = await Promise.all([
      click(OPENER, [], PANEL_CHANNEL, `panel:${panelId}`),
      click(OPENER, [], PANEL_CHANNEL, `panel:${panelId}`),
    ]);
    expect([a.data.content, b.data.content].filter((c) => c === botTexts.limitReached(1))).toHaveLength(1);
    expect(await t.db.selectFrom("tickets").select("id").execute()).toHaveLength(1);
    expect(stub.calls.filter((c) => c.method === "POST" && c.path === `/guilds/${G}/channels`).length).toBe(before + 1);
  });

  it("Discord refusing to make the channel leaves no ticket row, and the member is told", async () => {
    await t.db.deleteFrom("tickets").execute();
    stub.setOverride((req) => (req.method === "POST" && req.path === `/guilds/${G}/channels` ? { status: 403, json: { message: "Missing Permissions", code: 50013 } } : undefined));
    try {
      const reply = await click(OPENER, [], PANEL_CHANNEL, `panel:${panelId}`);
      expect(reply.data.content).toBe(botTexts.missingPermission("open", []));
      expect(await t.db.selectFrom("tickets").select("id").execute()).toEqual([]);
    } finally {
      stub.setOverride(undefined);
    }
  });

  it("a step slower than INTERACTION_DEFER_MS is answered deferred, then finished through the interaction's webhook", async () => {
    await t.db.deleteFrom("tickets").execute();
    const edits: StubRequest[] = [];
    stub.setOverride((req) => {
      if (req.method !== "PATCH" || !req.path.startsWith(`/webhooks/${APP}/`)) return undefined;
      edits.push(req);
      return { json: { id: snowflake() } };
    });
    const config = t.config as { interactionDeferMs: number };
    const threshold = config.interactionDeferMs;
    config.interactionDeferMs = 0; // every step that calls Discord is slower than that
    try {
      const reply = await click(OPENER, [], PANEL_CHANNEL, `panel:${panelId}`);
      expect(reply).toEqual({ type: 5, data: { flags: 64 } });
      await vi.waitFor(() => expect(edits).toHaveLength(1));
      const ticket = await t.db.selectFrom("tickets").selectAll().where("guild_id", "=", G).executeTakeFirstOrThrow();
      expect(edits[0].path).toBe(`/webhooks/${APP}/tok/messages/@original`);
      expect(JSON.parse(edits[0].body)).toEqual({ content: botTexts.opened(ticket.channel_id!), allowed_mentions: { parse: [] } });
      expect(channels.has(ticket.channel_id!)).toBe(true);
    } finally {
      config.interactionDeferMs = threshold;
      stub.setOverride(undefined);
    }
  });

  it("a channel deleted by hand still closes the ticket", async () => {
    await t.db.deleteFrom("tickets").execute();
    await click(OPENER, [], PANEL_CHANNEL, `panel:${panelId}`);
    const ticket = await t.db.selectFrom("tickets").selectAll().where("guild_id", "=", G).executeTakeFirstOrThrow();
    channels.delete(ticket.channel_id!);
    const reply = await signed({ type: 2, ...inGuild(STAFF, [SUPPORT_ROLE], ticket.channel_id!), data: { id: "1", name: "close", type: 1, options: [] } });
    expect(reply.data.content).toBe(botTexts.confirmClose);
    const done = await click(STAFF, [SUPPORT_ROLE], ticket.channel_id!, `ticket:${ticket.number}:close-confirm`);
    expect(done.data.content).toBe(botTexts.closed(ticket.number));
    expect((await t.db.selectFrom("tickets").select("status").where("id", "=", ticket.id).executeTakeFirstOrThrow()).status).toBe("closed");
  });
});
