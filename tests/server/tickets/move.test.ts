import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { ticketDetailSchema } from "../../../src/schemas/helpdesk";
import { singlePanelSchema } from "../../../src/schemas/panel";
import { textsIn } from "../../../server/discord/texts";
import { insertSinglePanel } from "../../../server/panels/store";
import type { PermissionOverwrite } from "../../../server/platform/adapter";
import { DEMO_SUPPORT_ROLE_ID } from "../../../server/platform/demo-fixtures";
import { sweepPendingRenames } from "../../../server/tickets/move";
import { expectRollupsMatch } from "../counter-checks";
import { apiOn, createTestApp, DEMO_ADMIN_ID, DEMO_COMMUNITY_ID, DEMO_STAFF_ID, type Json, type TestApp } from "../helpers";

// Moving a ticket to another panel on the demo platform, through the dashboard's route and Try-it's /move: the ticket
// takes the target's category, overwrites, team and name, and keeps its number, channel, conversation and labels; its
// claim stays with a claimer on the target's team; a move to a panel the mover does not staff changes nothing; and
// Discord's two renames per channel per ten minutes never fail a move — the channel is renamed by the sweep later.

const G = DEMO_COMMUNITY_ID;
const SUPPORT_CHANNEL = "812345678901234714";
const SUPPORT_CATEGORY = "812345678901234702";
const ARCHIVE_CATEGORY = "812345678901234703";
const COMMUNITY_CATEGORY = "812345678901234701";
const MODERATOR_ROLE = "812345678901234602";
const en = textsIn("en");
const es = textsIn("es");

let t: TestApp;
let admin: string;
let staff: string;
const panels: Record<"general" | "billing" | "orders" | "moderation", number> = { general: 0, billing: 0, orders: 0, moderation: 0 };

const api = apiOn(() => t);
const interact = async (token: string, body: Json) => {
  const res = await api("POST", `/api/${G}/demo/interactions`, token, body);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as { ephemeral: Json[]; choices: Json[] };
};
const replyText = (reply: { ephemeral: Json[] }) => reply.ephemeral.map((m) => m.content).join("\n");
const ticketRow = (number: number) =>
  t.db.selectFrom("tickets").selectAll().where("guild_id", "=", G).where("number", "=", number).executeTakeFirstOrThrow();
/** The ticket as a refused step must leave it (its revision aside: a write undone moves it on). */
const unchanged = async (number: number) => ({ ...(await ticketRow(number)), revision: 0 });
const channelOf = (id: string) => t.db.selectFrom("demo_channels").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
const messagesOf = (channelId: string) =>
  t.db.selectFrom("demo_messages").selectAll().where("channel_id", "=", channelId).orderBy("id").execute();
const moves = (number: number) =>
  t.db
    .selectFrom("activity")
    .select(["username", "before_json", "after_json", "scope_panel_id"])
    .where("guild_id", "=", G)
    .where("action", "=", "Ticket Moved")
    .where("ticket_id", "=", number)
    .orderBy("id")
    .execute();
const roleIdsOf = (overwrites: string) => (JSON.parse(overwrites) as PermissionOverwrite[]).filter((o) => o.type === 0).map((o) => o.id);
const move = (token: string, number: number, panelId: number) => api("POST", `/api/${G}/tickets/${number}/move`, token, { panelId });

/** A panel of the demo server with its own category, naming scheme and team. */
async function addPanel(name: string, category: string, naming: string, teamId: number) {
  const panel = singlePanelSchema.parse({
    PanelName: name,
    NamingScheme: naming,
    TicketCategory: category,
    SupportTeams: [String(teamId)],
    PanelMessage: { PanelChannel: SUPPORT_CHANNEL, PanelTitle: name },
    WelcomeMessage: { WelcomeTitle: name },
  });
  return insertSinglePanel(t.db, G, panel, teamId, Date.now());
}

/** Demo Staff opens a ticket of General Support (Try-it plays a member of the dashboard's users); its row. */
async function openTicket() {
  const panel = await t.db.selectFrom("panels").selectAll().where("id", "=", panels.general).executeTakeFirstOrThrow();
  await interact(staff, { kind: "button", channelId: SUPPORT_CHANNEL, messageId: panel.message_id!, customId: `panel:${panel.id}` });
  return t.db
    .selectFrom("tickets")
    .selectAll()
    .where("guild_id", "=", G)
    .where("opener_id", "=", DEMO_STAFF_ID)
    .where("status", "=", "open")
    .orderBy("number", "desc")
    .executeTakeFirstOrThrow();
}

beforeAll(async () => {
  t = await createTestApp();
  [admin, staff] = await Promise.all([t.signIn(DEMO_ADMIN_ID), t.signIn(DEMO_STAFF_ID)]);
  const byName = async (name: string) =>
    (await t.db.selectFrom("panels").select("id").where("guild_id", "=", G).where("name", "=", name).executeTakeFirstOrThrow()).id;
  panels.general = await byName("General Support");
  panels.billing = await byName("Billing");
  const support = await t.db
    .selectFrom("teams")
    .select("id")
    .where("guild_id", "=", G)
    .where("name", "=", "Support Team")
    .executeTakeFirstOrThrow();
  // The moderators' own team and panel: Demo Staff is not on it.
  const mods = await t.db
    .insertInto("teams")
    .values({
      guild_id: G,
      name: "Mods",
      permissions_json: JSON.stringify({ ViewTranscripts: true, AnswerTicket: true }),
      created_at: Date.now(),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  await t.db.insertInto("team_roles").values({ team_id: mods.id, role_id: MODERATOR_ROLE, role_name: "Moderator" }).execute();
  panels.orders = await addPanel("Orders", ARCHIVE_CATEGORY, "orders-%id%", support.id);
  panels.moderation = await addPanel("Moderation", COMMUNITY_CATEGORY, "mod-%id%", mods.id);
});
afterAll(async () => {
  await t?.close();
});
beforeEach(async () => {
  const current = await api("GET", `/api/${G}/settings`, admin);
  await api("PUT", `/api/${G}/settings`, admin, { UserTicketLimit: 0, BotLanguage: "auto", Revision: current.body.Revision });
});
afterEach(() => {
  vi.useRealTimers();
});

describe("moving a ticket to another panel", () => {
  it("takes the target's category, overwrites, team and name; keeps its number, channel, conversation, labels and a claimer on the new team", async () => {
    const ticket = await openTicket();
    const channelId = ticket.channel_id!;
    expect(await channelOf(channelId)).toMatchObject({ parent_id: SUPPORT_CATEGORY, name: `ticket-${ticket.number}` });
    expect((await api("POST", `/api/${G}/demo/channels/${channelId}/messages`, staff, { content: "My order never came." })).status).toBe(
      201,
    );
    await t.db.updateTable("tickets").set({ labels: ",7,", priority: "high" }).where("id", "=", ticket.id).execute();
    expect((await api("POST", `/api/${G}/tickets/${ticket.number}/claim`, staff)).status).toBe(200);
    const conversation = (await messagesOf(channelId)).map((m) => m.content);

    const moved = await move(staff, ticket.number, panels.orders);
    expect(moved, JSON.stringify(moved.body)).toMatchObject({
      status: 200,
      body: {
        message: en.moved("General Support", "Orders"),
        ticket: { TicketId: ticket.number, PanelId: panels.orders, PanelName: "Orders" },
      },
    });
    const row = await ticketRow(ticket.number);
    expect(row).toMatchObject({
      id: ticket.id,
      channel_id: channelId,
      panel_id: panels.orders,
      panel_name: "Orders",
      labels: ",7,",
      priority: "high",
      claimed_by: DEMO_STAFF_ID,
      pending_name: null,
    });
    const channel = await channelOf(channelId);
    expect(channel).toMatchObject({ parent_id: ARCHIVE_CATEGORY, name: `orders-${ticket.number}` });
    expect(roleIdsOf(channel.overwrites_json)).toEqual([G, DEMO_SUPPORT_ROLE_ID]);
    // The conversation stays, and the channel says who moved it from where.
    const after = await messagesOf(channelId);
    expect(after.slice(0, conversation.length).map((m) => m.content)).toEqual(conversation);
    expect(after.at(-1)!.content).toBe(en.movedNotice(DEMO_STAFF_ID, "General Support", "Orders"));
    expect(JSON.parse(after.at(-1)!.allowed_mentions_json!)).toEqual({ parse: [] });
    const entries = await moves(ticket.number);
    expect(entries.map((e) => [e.username, JSON.parse(e.before_json!), JSON.parse(e.after_json!), e.scope_panel_id])).toEqual([
      [
        "Demo Staff",
        { TicketId: ticket.number, PanelName: "General Support", ClaimedBy: "Demo Staff" },
        { TicketId: ticket.number, PanelName: "Orders", ClaimedBy: "Demo Staff" },
        panels.orders,
      ],
    ]);
    // The ticket page lists it, and offers the panels Demo Staff may move it to (not Moderation, not its own).
    const detail = ticketDetailSchema.parse((await api("GET", `/api/${G}/tickets/${ticket.number}`, staff)).body);
    expect(detail.activity[0]).toMatchObject({ Action: "Ticket Moved", Username: "Demo Staff" });
    expect(detail.moveTargets.map((p) => p.PanelName)).toEqual(["General Support", "Billing"]);
    // The statistics per panel count it under its new panel (the rollups' triggers follow the row).
    await expectRollupsMatch(t, [G]);
  });

  it("drops the claim of a claimer who is not on the target's team, and the channel says so", async () => {
    const ticket = await openTicket();
    expect((await api("POST", `/api/${G}/tickets/${ticket.number}/claim`, staff)).status).toBe(200);
    const moved = await move(admin, ticket.number, panels.moderation);
    expect(moved).toMatchObject({
      status: 200,
      body: {
        message: `${en.moved("General Support", "Moderation")}\n${en.moveUnclaimed("Demo Staff", "Moderation")}`,
        ticket: { ClaimedById: null },
      },
    });
    const channel = await channelOf(ticket.channel_id!);
    expect(channel).toMatchObject({ parent_id: COMMUNITY_CATEGORY, name: `mod-${ticket.number}` });
    expect(roleIdsOf(channel.overwrites_json)).toEqual([G, MODERATOR_ROLE]);
    expect((await messagesOf(ticket.channel_id!)).at(-1)!.content).toBe(
      `${en.movedNotice(DEMO_ADMIN_ID, "General Support", "Moderation")}\n${en.moveUnclaimedNotice(DEMO_STAFF_ID)}`,
    );
    expect((await moves(ticket.number)).map((e) => JSON.parse(e.after_json!).ClaimedBy)).toEqual([null]);
  });

  it("refuses, changing nothing: a panel the mover does not staff, its own panel, one that is gone or disabled, a closed ticket, no AnswerTicket", async () => {
    const ticket = await openTicket();
    const before = await ticketRow(ticket.number);
    const channel = await channelOf(ticket.channel_id!);
    const messages = (await messagesOf(ticket.channel_id!)).length;
    expect(await move(staff, ticket.number, panels.moderation)).toEqual({ status: 403, body: { error: en.moveNoAccess("Moderation") } });
    expect(await move(staff, ticket.number, panels.general)).toEqual({ status: 400, body: { error: en.moveSamePanel("General Support") } });
    expect(await move(staff, ticket.number, 999_999)).toEqual({ status: 400, body: { error: en.moveTargetGone } });
    expect(await move(staff, ticket.number, 0)).toMatchObject({ status: 400 });
    const billing = await t.db.selectFrom("panels").selectAll().where("id", "=", panels.billing).executeTakeFirstOrThrow();
    const data = JSON.parse(billing.data_json);
    await t.db
      .updateTable("panels")
      .set({ data_json: JSON.stringify({ ...data, PanelMessage: { ...data.PanelMessage, DisablePanel: true } }) })
      .where("id", "=", panels.billing)
      .execute();
    expect(await move(staff, ticket.number, panels.billing)).toEqual({ status: 409, body: { error: en.moveTargetDisabled("Billing") } });
    await t.db.updateTable("panels").set({ data_json: billing.data_json }).where("id", "=", panels.billing).execute();
    // In Spanish when the server speaks it.
    const current = await api("GET", `/api/${G}/settings`, admin);
    await api("PUT", `/api/${G}/settings`, admin, { BotLanguage: "es", Revision: current.body.Revision });
    expect(await move(staff, ticket.number, panels.moderation)).toEqual({ status: 403, body: { error: es.moveNoAccess("Moderation") } });

    expect(await ticketRow(ticket.number)).toEqual(before);
    expect(await channelOf(ticket.channel_id!)).toEqual(channel);
    expect(await messagesOf(ticket.channel_id!)).toHaveLength(messages);
    expect(await moves(ticket.number)).toEqual([]);

    // Support Team without AnswerTicket: the route says no before the core is asked.
    const team = await t.db
      .selectFrom("teams")
      .selectAll()
      .where("guild_id", "=", G)
      .where("name", "=", "Support Team")
      .executeTakeFirstOrThrow();
    await t.db
      .updateTable("teams")
      .set({ permissions_json: JSON.stringify({ ...JSON.parse(team.permissions_json), AnswerTicket: false }) })
      .where("id", "=", team.id)
      .execute();
    try {
      expect((await move(staff, ticket.number, panels.orders)).status).toBe(403);
      const slash = await interact(staff, {
        kind: "command",
        channelId: ticket.channel_id!,
        name: "move",
        options: { panel: String(panels.orders) },
      });
      expect(replyText(slash)).toBe(es.noPermission);
    } finally {
      await t.db.updateTable("teams").set({ permissions_json: team.permissions_json }).where("id", "=", team.id).execute();
    }
    expect(await ticketRow(ticket.number)).toEqual(before);

    const closed = await api("POST", `/api/${G}/tickets/${ticket.number}/close`, admin, {});
    expect(closed.status).toBe(200);
    expect(await move(admin, ticket.number, panels.orders)).toEqual({ status: 409, body: { error: es.ticketGone } });
  });

  it("refuses a move into a full category (Discord's 50 channels), changing nothing, and records it for Bot setup", async () => {
    const ticket = await openTicket();
    const before = await unchanged(ticket.number);
    const channel = await channelOf(ticket.channel_id!);
    // The Archive category holds two fixed channels: 48 more fill it.
    const filler = Array.from({ length: 48 }, (_, i) => ({
      id: String(790_000_000_000_000_000n + BigInt(i)),
      guild_id: G,
      name: `filler-${i}`,
      kind: "text",
      parent_id: ARCHIVE_CATEGORY,
      topic: null,
      overwrites_json: "[]",
      recipient_id: null,
      created_at: Date.now(),
    }));
    await t.db.insertInto("demo_channels").values(filler).execute();
    try {
      expect(await move(staff, ticket.number, panels.orders)).toEqual({ status: 409, body: { error: en.moveCategoryFull("Orders") } });
      const problems = await t.db.selectFrom("bot_problems").selectAll().where("guild_id", "=", G).execute();
      expect(problems.map((p) => p.kind)).toContain("categoryFull");
    } finally {
      await t.db.deleteFrom("demo_channels").where("name", "like", "filler-%").execute();
    }
    expect(await unchanged(ticket.number)).toEqual(before);
    expect(await channelOf(ticket.channel_id!)).toEqual(channel);
    expect(await moves(ticket.number)).toEqual([]);
    // With room again, the same move goes through.
    expect((await move(staff, ticket.number, panels.orders)).status).toBe(200);
  });

  it("/move offers the panels the caller may move to, and moves to a choice or a name typed by hand", async () => {
    const ticket = await openTicket();
    const typed = (token: string, value: string) =>
      interact(token, { kind: "autocomplete", channelId: ticket.channel_id!, name: "move", focused: "panel", value, options: {} });
    expect((await typed(staff, "")).choices).toEqual([
      { name: "Billing", value: String(panels.billing) },
      { name: "Orders", value: String(panels.orders) },
    ]);
    expect((await typed(staff, "ord")).choices).toEqual([{ name: "Orders", value: String(panels.orders) }]);
    expect((await typed(admin, "mod")).choices).toEqual([{ name: "Moderation", value: String(panels.moderation) }]);
    const unknown = await interact(staff, { kind: "command", channelId: ticket.channel_id!, name: "move", options: { panel: "Nowhere" } });
    expect(replyText(unknown)).toBe(en.movePanelUnknown("Nowhere"));
    // A name typed by hand, as well as a choice
    const moved = await interact(staff, { kind: "command", channelId: ticket.channel_id!, name: "move", options: { panel: "Billing" } });
    expect(replyText(moved)).toBe(en.moved("General Support", "Billing"));
    expect(await ticketRow(ticket.number)).toMatchObject({ panel_id: panels.billing });
    expect(await channelOf(ticket.channel_id!)).toMatchObject({ parent_id: null, name: `billing-${ticket.number}` });
  });

  it("a third move within ten minutes still moves, says when the channel will be renamed, and the sweep renames it then", async () => {
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() });
    const ticket = await openTicket();
    const channelId = ticket.channel_id!;
    expect((await move(staff, ticket.number, panels.orders)).status).toBe(200);
    expect((await move(staff, ticket.number, panels.billing)).status).toBe(200);
    expect((await channelOf(channelId)).name).toBe(`billing-${ticket.number}`);

    // Discord's limit holds the third rename back: everything else moves, and the mover reads when the name follows.
    const third = await move(staff, ticket.number, panels.orders);
    const wait = en.aboutMinutes(10);
    expect(third).toMatchObject({
      status: 200,
      body: {
        message: `${en.moved("Billing", "Orders")}\n${en.moveRenameLater(`orders-${ticket.number}`, wait)}`,
        ticket: { PanelName: "Orders" },
      },
    });
    expect(third.body.message).not.toContain(en.somethingWrong);
    expect(await channelOf(channelId)).toMatchObject({ parent_id: ARCHIVE_CATEGORY, name: `billing-${ticket.number}` });
    const pending = await ticketRow(ticket.number);
    expect(pending).toMatchObject({ panel_id: panels.orders, pending_name: `orders-${ticket.number}` });
    expect(Number(pending.rename_due_at)).toBeGreaterThan(Date.now() + 9 * 60_000);

    // Not before Discord allows it …
    expect(await sweepPendingRenames(t.app.tickets.deps)).toBe(0);
    expect((await channelOf(channelId)).name).toBe(`billing-${ticket.number}`);
    // … then the sweep renames it and forgets the pending name.
    vi.setSystemTime(Number(pending.rename_due_at) + 1000);
    expect(await sweepPendingRenames(t.app.tickets.deps)).toBe(1);
    expect((await channelOf(channelId)).name).toBe(`orders-${ticket.number}`);
    expect(await ticketRow(ticket.number)).toMatchObject({ pending_name: null, rename_due_at: null });
    expect(await sweepPendingRenames(t.app.tickets.deps)).toBe(0);
  });
});
