import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { DEMO_SUPPORT_ROLE_ID } from "../../../server/platform/demo-fixtures";
import type { Member } from "../../../server/tickets/members";
import { answeredSteps, type Reply } from "../tickets/steps";
import { textsIn } from "../../../server/discord/texts";
import { type TestApp, DEMO_ADMIN_ID, DEMO_COMMUNITY_ID, DEMO_STAFF_ID, createTestApp, apiOn, type Json } from "../helpers";

// On the demo platform: a reopen obeys every rule an open obeys (one function of them,
// ./server/tickets/open-rules.ts) — the server's and the panel's limits counted in the transaction that moves the row,
// the blacklist by id or role, the panel's roles, membership — from the closing DM and from the dashboard (409 with
// the reason, naming the opener); its earlier claimer keeps it only while still on its team; /new and /form have no
// panel rules while a named panel's form obeys its own; notes and replies check their permission in the step.

const G = DEMO_COMMUNITY_ID;
const VIP_ROLE = "812345678901234604";
const MEMBER_ROLE = "812345678901234605";
const en = textsIn("en");
const es = textsIn("es");
let t: TestApp;
let admin: string;
let staff: string;
let panelId: number;

const api = apiOn(() => t);
const tickets = () => t.db.selectFrom("tickets").selectAll().where("guild_id", "=", G).orderBy("number").execute();
const ticketChannels = async () =>
  (await t.db.selectFrom("demo_channels").select("id").where("guild_id", "=", G).where("kind", "=", "ticket").execute()).length;
const saveSettings = async (patch: Json) => {
  const current = await api("GET", `/api/${G}/settings`, admin);
  expect((await api("PUT", `/api/${G}/settings`, admin, { ...patch, Revision: current.body.Revision })).status).toBe(200);
};
/** Saves the General Support panel with these fields, through the dashboard's API. */
const savePanel = async (patch: Json) => {
  const panel = (await api("GET", `/api/${G}/panels/${panelId}`, admin)).body.panel;
  const res = await api("PUT", `/api/${G}/panels/${panelId}`, admin, { Panel: { ...panel, ...patch } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
};
const text = (reply: Reply) => (reply.kind === "message" ? reply.message.content : "(a modal)");

/** Members as an interaction describes them: support staff (the support role and Member), the owner. */
const staffMember: Member = {
  id: DEMO_STAFF_ID,
  username: "Demo Staff",
  avatar: null,
  roles: [DEMO_SUPPORT_ROLE_ID, MEMBER_ROLE],
  permissions: "0",
  owner: false,
};
const owner: Member = { id: DEMO_ADMIN_ID, username: "Demo Admin", avatar: null, roles: [], permissions: "0", owner: true };
const engine = () => answeredSteps(t.app.tickets.deps);
const fromDm = { kind: "opener", userId: DEMO_STAFF_ID, username: "Demo Staff" } as const;

/** A ticket of General Support opened by `member` (open), or opened and closed. */
async function openTicket(member = staffMember) {
  const reply = await engine().open({ guildId: G, member, panelId });
  expect(text(reply)).toMatch(/^Your ticket is open/);
  return (await tickets()).at(-1)!;
}
async function closedTicket(member = staffMember) {
  const ticket = await openTicket(member);
  expect(text(await engine().requestClose(G, ticket.number, owner, null, true))).toBe(en.closed(ticket.number));
  return ticket;
}
const statusOf = async (id: number) =>
  await t.db.selectFrom("tickets").select(["status", "claimed_by"]).where("id", "=", id).executeTakeFirstOrThrow();

beforeAll(async () => {
  t = await createTestApp();
  [admin, staff] = await Promise.all([t.signIn(DEMO_ADMIN_ID), t.signIn(DEMO_STAFF_ID)]);
  panelId = (
    await t.db.selectFrom("panels").select("id").where("guild_id", "=", G).where("name", "=", "General Support").executeTakeFirstOrThrow()
  ).id;
});
afterAll(async () => {
  await t?.close();
});
beforeEach(async () => {
  await t.db.deleteFrom("ticket_members").execute();
  await t.db.deleteFrom("tickets").execute();
  await t.db.deleteFrom("blacklist").execute();
  await saveSettings({ UserTicketLimit: 0, ReopenWithinDays: 7, TicketCloseConfirmation: false, BotLanguage: "auto" });
  await savePanel({ FormId: null, PanelTicketLimit: 0, CooldownMinutes: 0, RequiredRoles: [], ExcludedRoles: [] });
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe("Item 3 — a reopen obeys the limits, counted as an open counts them", () => {
  it("at a limit of 1 with a ticket open, the member's Reopen opens nothing; with that one closed, it reopens", async () => {
    await saveSettings({ UserTicketLimit: 1 });
    const first = await closedTicket();
    const second = await openTicket();
    const channels = await ticketChannels();
    expect(text(await engine().reopen(G, first.number, fromDm))).toBe(en.limitReached(1));
    expect(await statusOf(first.id)).toMatchObject({ status: "closed" });
    expect(await ticketChannels()).toBe(channels);
    // Staff reopening it from the dashboard are told why, about the opener (409: the ticket cannot move).
    const refused = await api("POST", `/api/${G}/tickets/${first.number}/reopen`, admin);
    expect(refused).toMatchObject({ status: 409, body: { error: en.openerAtLimit(1) } });

    await engine().requestClose(G, second.number, owner, null, true);
    expect(text(await engine().reopen(G, first.number, fromDm))).toMatch(/^The ticket is open again/);
    expect(await statusOf(first.id)).toMatchObject({ status: "open" });
  });

  it("the panel's own limit holds too, and the member reads it in the server's language (Try-it's DM button), and so do staff on the dashboard", async () => {
    await savePanel({ PanelTicketLimit: 1 });
    await saveSettings({ BotLanguage: "es" });
    const first = await closedTicket();
    await openTicket();
    const dm = await t.db
      .selectFrom("demo_channels")
      .selectAll()
      .where("kind", "=", "dm")
      .where("recipient_id", "=", DEMO_STAFF_ID)
      .executeTakeFirstOrThrow();
    const prompt = (
      await t.db.selectFrom("demo_messages").select("id").where("channel_id", "=", dm.id).orderBy("id", "desc").executeTakeFirstOrThrow()
    ).id;
    const res = await api("POST", `/api/${G}/demo/interactions`, staff, {
      kind: "button",
      channelId: dm.id,
      messageId: prompt,
      customId: `reopen:${G}:${first.number}`,
    });
    expect(res.status).toBe(200);
    expect(res.body.ephemeral.map((m: Json) => m.content)).toEqual([es.panelLimitReached(1, "General Support")]);
    expect((await api("POST", `/api/${G}/tickets/${first.number}/reopen`, admin)).body.error).toBe(
      es.openerAtPanelLimit(1, "General Support"),
    );
  });

  it("two reopens at once at a limit of 1: one ticket opens", async () => {
    await saveSettings({ UserTicketLimit: 1 });
    const a = await closedTicket();
    const b = await closedTicket();
    const replies = await Promise.all([engine().reopen(G, a.number, fromDm), engine().reopen(G, b.number, fromDm)]);
    expect(replies.map(text).filter((r) => r === en.limitReached(1))).toHaveLength(1);
    expect((await tickets()).filter((r) => r.status === "open")).toHaveLength(1);
  });
});

describe("Item 3 — a reopen obeys the blacklist, the panel's roles and membership", () => {
  it("a member blacklisted by id or by a role they hold cannot reopen, from the DM or through staff", async () => {
    const ticket = await closedTicket();
    const entry = await t.db
      .insertInto("blacklist")
      .values({ guild_id: G, kind: "User", target_id: DEMO_STAFF_ID, reason: "", created_at: Date.now() })
      .returning("id")
      .executeTakeFirstOrThrow();
    expect(text(await engine().reopen(G, ticket.number, fromDm))).toBe(en.blacklisted);
    expect(await api("POST", `/api/${G}/tickets/${ticket.number}/reopen`, admin)).toMatchObject({
      status: 409,
      body: { error: en.openerBlacklisted },
    });
    await t.db.deleteFrom("blacklist").where("id", "=", entry.id).execute();
    // The DM knows only the user: their roles are read from the server.
    await t.db
      .insertInto("blacklist")
      .values({ guild_id: G, kind: "Role", target_id: MEMBER_ROLE, reason: "", created_at: Date.now() })
      .execute();
    expect(text(await engine().reopen(G, ticket.number, fromDm))).toBe(en.blacklisted);
    expect(await statusOf(ticket.id)).toMatchObject({ status: "closed" });
  });

  it("a member who left or was banned gets no channel: the DM answers them, the dashboard tells staff (409)", async () => {
    const ticket = await closedTicket();
    const channels = await ticketChannels();
    const real = t.app.platform.getMember.bind(t.app.platform);
    vi.spyOn(t.app.platform, "getMember").mockImplementation(async (guildId, userId) =>
      userId === DEMO_STAFF_ID ? null : real(guildId, userId),
    );
    expect(text(await engine().reopen(G, ticket.number, fromDm))).toBe(en.reopenNotMember);
    expect(await api("POST", `/api/${G}/tickets/${ticket.number}/reopen`, admin)).toMatchObject({
      status: 409,
      body: { error: en.openerNotMember },
    });
    expect(await ticketChannels()).toBe(channels);
    expect(await statusOf(ticket.id)).toMatchObject({ status: "closed" });
  });

  it("the panel's roles hold on a reopen; its cooldown does not (the ticket's own close started it)", async () => {
    await savePanel({ CooldownMinutes: 60 });
    const ticket = await closedTicket();
    expect(text(await engine().reopen(G, ticket.number, fromDm))).toMatch(/^The ticket is open again/);
    await engine().requestClose(G, ticket.number, owner, null, true);
    await savePanel({ RequiredRoles: [VIP_ROLE] });
    expect(text(await engine().reopen(G, ticket.number, fromDm))).toBe(en.requiredRole("@VIP"));
    await savePanel({ RequiredRoles: [], ExcludedRoles: [MEMBER_ROLE] });
    expect((await api("POST", `/api/${G}/tickets/${ticket.number}/reopen`, admin)).body.error).toBe(en.excludedRole("@Member"));
    expect(await statusOf(ticket.id)).toMatchObject({ status: "closed" });
  });
});

describe("Information — a reopened ticket's claimer", () => {
  it("keeps the claim while still staff of the ticket; one who left the team is unclaimed, and the notice says so", async () => {
    const kept = await openTicket(owner);
    expect(text(await engine().claim(G, kept.number, staffMember))).toBe(en.claimedReply);
    await engine().requestClose(G, kept.number, owner, null, true);
    expect((await api("POST", `/api/${G}/tickets/${kept.number}/reopen`, admin)).status).toBe(200);
    expect(await statusOf(kept.id)).toMatchObject({ status: "open", claimed_by: DEMO_STAFF_ID });

    await engine().requestClose(G, kept.number, owner, null, true);
    const real = t.app.platform.getMember.bind(t.app.platform);
    vi.spyOn(t.app.platform, "getMember").mockImplementation(async (guildId, userId) => {
      const found = await real(guildId, userId);
      return found && userId === DEMO_STAFF_ID ? { ...found, roles: [MEMBER_ROLE] } : found; // out of the Support Team
    });
    const res = await api("POST", `/api/${G}/tickets/${kept.number}/reopen`, admin);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const row = await t.db.selectFrom("tickets").selectAll().where("id", "=", kept.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: "open", claimed_by: null, claimed_by_name: null });
    const channel = await t.db
      .selectFrom("demo_channels")
      .select("overwrites_json")
      .where("id", "=", row.channel_id!)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(channel.overwrites_json).map((o: Json) => o.id)).not.toContain(DEMO_STAFF_ID);
    const notices = (await t.db.selectFrom("demo_messages").select("content").where("channel_id", "=", row.channel_id!).execute()).map(
      (m) => m.content,
    );
    expect(notices).toContain(
      `${en.reopenedNotice(DEMO_ADMIN_ID, kept.number, `${t.config.publicUrl}/${G}/transcripts/${kept.number}`)}\n${en.reopenUnclaimed(DEMO_STAFF_ID)}`,
    );
  });
});

describe("Information — /new and /form have no panel rules; a named panel's form obeys its own", () => {
  it("a required role refuses the panel's button before its form, and its form's answers; /new and /form open", async () => {
    const form = await t.db
      .selectFrom("forms")
      .select("id")
      .where("guild_id", "=", G)
      .where("name", "=", "Support Request")
      .executeTakeFirstOrThrow();
    const fields = await t.db.selectFrom("form_fields").select("id").where("form_id", "=", form.id).orderBy("position").execute();
    const typed = { [`field:${fields[0].id}`]: "My order never arrived, please help" };
    await savePanel({ FormId: form.id, RequiredRoles: [VIP_ROLE] });
    expect(text(await engine().openFromPanel(G, staffMember, panelId))).toBe(en.requiredRole("@VIP"));
    expect(text(await engine().submitForm(G, staffMember, panelId, form.id, typed))).toBe(en.requiredRole("@VIP"));
    expect(await tickets()).toHaveLength(0);
    expect(text(await engine().submitForm(G, staffMember, 0, form.id, typed))).toMatch(/^Your ticket is open/);
    expect(text(await engine().open({ guildId: G, member: staffMember, panelId: null }))).toMatch(/^Your ticket is open/);
    expect((await tickets()).map((r) => r.panel_id)).toEqual([null, null]);
  });
});

describe("Item 5 — notes and replies check their permission in the step, whichever way in", () => {
  const withTeam = async (patch: Json, run: () => Promise<void>) => {
    const team = await t.db
      .selectFrom("teams")
      .selectAll()
      .where("guild_id", "=", G)
      .where("name", "=", "Support Team")
      .executeTakeFirstOrThrow();
    await t.db
      .updateTable("teams")
      .set({ permissions_json: JSON.stringify({ ...JSON.parse(team.permissions_json), ...patch }) })
      .where("id", "=", team.id)
      .execute();
    try {
      await run();
    } finally {
      await t.db.updateTable("teams").set({ permissions_json: team.permissions_json }).where("id", "=", team.id).execute();
    }
  };

  it("/note without AnnotateTicket is refused in Try-it as on the dashboard, and nothing is stored", async () => {
    const ticket = await openTicket(owner);
    await withTeam({ AnnotateTicket: false }, async () => {
      const res = await api("POST", `/api/${G}/demo/interactions`, staff, {
        kind: "command",
        channelId: ticket.channel_id,
        name: "note",
        options: { text: "VIP customer" },
      });
      expect(res.status).toBe(200);
      expect(res.body.ephemeral.map((m: Json) => m.content)).toEqual([en.noPermission]);
      expect((await api("POST", `/api/${G}/tickets/${ticket.number}/notes`, staff, { body: "VIP customer" })).status).toBe(403);
      expect(await t.db.selectFrom("ticket_notes").select("id").execute()).toEqual([]);
    });
    const res = await api("POST", `/api/${G}/demo/interactions`, staff, {
      kind: "command",
      channelId: ticket.channel_id,
      name: "note",
      options: { text: "VIP customer" },
    });
    expect(res.body.ephemeral.map((m: Json) => m.content)).toEqual([en.noteAdded]);
  });

  it("a reply without AnswerTicket is refused by the step itself, and nothing is sent", async () => {
    const ticket = await openTicket(owner);
    const before = (await t.db.selectFrom("demo_messages").select("id").where("channel_id", "=", ticket.channel_id!).execute()).length;
    await withTeam({ AnswerTicket: false }, async () => {
      expect(text(await engine().reply(G, ticket.number, staffMember, "Hello"))).toBe(en.noPermission);
      expect((await api("POST", `/api/${G}/tickets/${ticket.number}/reply`, staff, { content: "Hello" })).status).toBe(403);
    });
    expect((await t.db.selectFrom("demo_messages").select("id").where("channel_id", "=", ticket.channel_id!).execute()).length).toBe(
      before,
    );
    // /priority: staff of the ticket, like the dashboard's triage (no further permission, docs/ticket-engine.md).
    const res = await api("POST", `/api/${G}/demo/interactions`, staff, {
      kind: "command",
      channelId: ticket.channel_id,
      name: "priority",
      options: { level: "high" },
    });
    expect(res.body.ephemeral.map((m: Json) => m.content)).toEqual([en.prioritySet("high")]);
  });
});
