import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { ticketDetailSchema, waitingStatisticsSchema } from "../../../src/schemas/helpdesk";
import { ticketListResponseSchema } from "../../../src/schemas/ticket";
import { sweepSnoozedTickets } from "../../../server/helpdesk/snooze";
import type { Member } from "../../../server/tickets/members";
import { requestClose } from "../../../server/tickets/close";
import { open } from "../../../server/tickets/open";
import { reopen } from "../../../server/tickets/reopen";
import { sweepTickets } from "../../../server/tickets/scheduler";
import { findTicket } from "../../../server/tickets/store";
import { noteSide, replayWaiting } from "../../../server/tickets/waiting-on";
import { waitingFigures } from "../../../server/statistics/waiting";
import { snoozeMinutes } from "../../../server/discord/commands/snooze";
import { DEMO_ADMIN_ID, DEMO_COMMUNITY_ID, DEMO_VISITOR_ID, GAMING_HUB_ID, appForSuite, apiOn } from "../helpers";

// Waiting on the member, on the demo platform (SQLite and PostgreSQL): who a ticket waits on after each door's message
// (Try-it's channel, the dashboard's reply, the member's words relayed from "My tickets"); the queue's waiting filter;
// the opener's ping once per staff reply with exactly the opener mentioned; snooze (limits, hidden from "Needs
// attention", back on time — a sweep at a later instant and the demo clock's skip — and when the member writes, with
// a note and activity entries; /snooze); auto-close counting only the member's silence; the statistics' exact figures;
// the two settings through export and import.

const G = DEMO_COMMUNITY_ID;
const GH = GAMING_HUB_ID;
const HOUR = 3_600_000;
const suite = appForSuite();
const api = apiOn(() => suite.t);
const MEMBER_PERMISSIONS = String(0x400 + 0x800 + 0x4000 + 0x8000 + 0x10000 + 0x40);
const visitor: Member = {
  id: DEMO_VISITOR_ID,
  username: "Demo Visitor",
  avatar: null,
  roles: [],
  permissions: MEMBER_PERMISSIONS,
  owner: false,
};
const admin: Member = { id: DEMO_ADMIN_ID, username: "Demo Admin", avatar: null, roles: [], permissions: "8", owner: true };

async function openFor(member: Member, subject: string, guildId = G) {
  const done = await open(suite.t.app.tickets.deps, { guildId, member, panelId: null, subject });
  if (!("done" in done) || !("ticket" in done)) throw new Error(JSON.stringify(done));
  return done.ticket;
}
const row = async (number: number, guildId = G) => (await findTicket(suite.t.db, guildId, number))!;
const waitingOf = async (number: number) => (await row(number)).waiting_on;
async function saveSettings(values: Record<string, unknown>, guildId = G) {
  const current = await api("GET", `/api/${guildId}/settings`, suite.tokens.admin);
  const saved = await api("PUT", `/api/${guildId}/settings`, suite.tokens.admin, { ...values, Revision: current.body.Revision });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
}
const channelMessages = async (channelId: string) =>
  suite.t.db.selectFrom("demo_messages").selectAll().where("channel_id", "=", channelId).orderBy("id").execute();
const queue = async (query: string) => {
  const res = await api("GET", `/api/${G}/tickets?${query}&per_page=100`, suite.tokens.staff);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return ticketListResponseSchema.parse(res.body).tickets.map((t) => t.TicketId);
};
const actionsOf = async (number: number) =>
  ticketDetailSchema.parse((await api("GET", `/api/${G}/tickets/${number}`, suite.tokens.staff)).body).activity.map((a) => a.Action);

describe("who a ticket waits on", () => {
  it("waits on staff when it opens, on the member after a staff message from each door, on staff after the member's", async () => {
    await saveSettings({ UserTicketLimit: 20, MemberTickets: true });
    const ticket = await openFor(admin, "Try-it's channel");
    expect(ticket.waiting_on).toBe("staff");
    // Try-it: staff write in the channel; then the opener.
    const staffPost = await api("POST", `/api/${G}/demo/channels/${ticket.channel_id}/messages`, suite.tokens.staff, { content: "On it" });
    expect(staffPost.status, JSON.stringify(staffPost.body)).toBe(201);
    expect(await waitingOf(ticket.number)).toBe("member");
    const summary = (await api("GET", `/api/${G}/tickets/${ticket.number}`, suite.tokens.staff)).body.ticket;
    expect(summary).toMatchObject({ WaitingOn: "member", SnoozedUntil: null });
    await api("POST", `/api/${G}/demo/channels/${ticket.channel_id}/messages`, suite.tokens.admin, { content: "Thanks, still broken" });
    expect(await waitingOf(ticket.number)).toBe("staff");

    // The dashboard's reply; then the member's words from "My tickets" (relayed into the channel as the bot's embed).
    const mine = await openFor(visitor, "Dashboard and My tickets");
    const reply = await api("POST", `/api/${G}/tickets/${mine.number}/reply`, suite.tokens.staff, { content: "Which order?" });
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    expect(await waitingOf(mine.number)).toBe("member");
    const wrote = await api("POST", `/api/my-tickets/${G}/${mine.number}/messages`, suite.tokens.visitor, { content: "Order 42" });
    expect(wrote.status, JSON.stringify(wrote.body)).toBe(200);
    expect(await waitingOf(mine.number)).toBe("staff");
  });

  it("adds each stretch to its side's total; a message older than the current stretch changes nothing", async () => {
    const ticket = await openFor(admin, "Stretches");
    const t0 = Number(ticket.opened_at);
    await noteSide(suite.t.app.tickets.deps, ticket, "staff", t0 + 10 * 60_000);
    await noteSide(suite.t.app.tickets.deps, await row(ticket.number), "member", t0 + 40 * 60_000);
    // Told late: a staff message from before the member's.
    await noteSide(suite.t.app.tickets.deps, await row(ticket.number), "staff", t0 + 30 * 60_000);
    const after = await row(ticket.number);
    expect([after.waiting_on, Number(after.waiting_since), Number(after.waiting_staff_ms), Number(after.waiting_member_ms)]).toEqual([
      "staff",
      t0 + 40 * 60_000,
      10 * 60_000,
      30 * 60_000,
    ]);
  });

  it("the demo's history replays who each closed ticket waited on from its conversation", async () => {
    const min = 60_000;
    expect(
      replayWaiting(0, [
        { side: "member", at: 1 * min }, // the opener adds a line: still staff's turn
        { side: "staff", at: 10 * min },
        { side: "staff", at: 12 * min },
        { side: "member", at: 40 * min },
        { side: "staff", at: 45 * min },
      ]),
    ).toEqual({ waiting_on: "member", waiting_since: 45 * min, waiting_staff_ms: 15 * min, waiting_member_ms: 30 * min });
    const seeded = await suite.t.db
      .selectFrom("tickets")
      .select(["waiting_on", "waiting_staff_ms", "waiting_member_ms", "resolution_ms", "closed_at", "waiting_since"])
      .where("guild_id", "=", G)
      .where("status", "=", "closed")
      .execute();
    expect(seeded.length).toBeGreaterThan(0);
    for (const t of seeded) {
      const last = Number(t.closed_at) - Number(t.waiting_since);
      expect(Number(t.waiting_staff_ms) + Number(t.waiting_member_ms) + last).toBe(Number(t.resolution_ms));
    }
  });

  it("a reopen counts the stretch its close ended, waits on staff again and drops a snooze", async () => {
    const ticket = await openFor(admin, "Reopened");
    const deps = suite.t.app.tickets.deps;
    await api("POST", `/api/${G}/tickets/${ticket.number}/reply`, suite.tokens.staff, { content: "Done?" });
    await api("POST", `/api/${G}/tickets/${ticket.number}/snooze`, suite.tokens.staff, { Minutes: 60 });
    expect("done" in (await requestClose(deps, G, ticket.number, admin, "Solved", true))).toBe(true);
    const closed = await row(ticket.number);
    const reopened = await reopen(deps, G, ticket.number, { kind: "staff", member: admin });
    expect("done" in reopened, JSON.stringify(reopened)).toBe(true);
    const after = await row(ticket.number);
    expect([after.waiting_on, after.snoozed_until]).toEqual(["staff", null]);
    expect(Number(after.waiting_staff_ms) + Number(after.waiting_member_ms)).toBe(Number(closed.closed_at) - Number(closed.opened_at));
    expect(Number(after.waiting_member_ms)).toBe(Number(closed.closed_at) - Number(closed.waiting_since));
  });

  it("the queue filters by it on the server: needs attention, waiting on staff, on the member, snoozed", async () => {
    const onStaff = await openFor(admin, "Needs staff");
    const onMember = await openFor(admin, "Answered");
    await api("POST", `/api/${G}/tickets/${onMember.number}/reply`, suite.tokens.staff, { content: "Try again now" });
    const snoozed = await openFor(admin, "Later");
    const snooze = await api("POST", `/api/${G}/tickets/${snoozed.number}/snooze`, suite.tokens.staff, { Minutes: 60 });
    expect(snooze.status, JSON.stringify(snooze.body)).toBe(200);

    const attention = await queue("waiting=attention");
    expect(attention).toContain(onStaff.number);
    expect(attention).not.toContain(onMember.number);
    expect(attention).not.toContain(snoozed.number);
    expect(await queue("waiting=staff")).toEqual(expect.arrayContaining([onStaff.number, snoozed.number]));
    const member = await queue("waiting=member");
    expect(member).toContain(onMember.number);
    expect(member).not.toContain(onStaff.number);
    expect(await queue("waiting=snoozed")).toEqual([snoozed.number]);
    expect((await api("GET", `/api/${G}/tickets?waiting=whenever`, suite.tokens.staff)).status).toBe(400);
    await api("POST", `/api/${G}/tickets/${snoozed.number}/unsnooze`, suite.tokens.staff, {});
  });
});

describe("the opener's ping", () => {
  it("mentions exactly the opener once per staff reply: not again until the member has written; never when the setting is off", async () => {
    const pinged = `<@${DEMO_ADMIN_ID}> staff answered in your ticket.`;
    const pingsIn = async (channelId: string) => (await channelMessages(channelId)).filter((m) => m.content === pinged);
    const quiet = await openFor(admin, "No ping");
    await api("POST", `/api/${G}/tickets/${quiet.number}/reply`, suite.tokens.staff, { content: "Hello" });
    expect(await pingsIn(quiet.channel_id!)).toEqual([]);

    await saveSettings({ PingOpenerOnStaffReply: true });
    const ticket = await openFor(admin, "Ping me");
    const pings = () => pingsIn(ticket.channel_id!);
    await api("POST", `/api/${G}/tickets/${ticket.number}/reply`, suite.tokens.staff, { content: "First" });
    await api("POST", `/api/${G}/demo/channels/${ticket.channel_id}/messages`, suite.tokens.staff, { content: "And a second line" });
    await api("POST", `/api/${G}/tickets/${ticket.number}/reply`, suite.tokens.staff, { content: "A third" });
    const once = await pings();
    expect(once.length).toBe(1);
    expect(JSON.parse(once[0].allowed_mentions_json ?? "null")).toEqual({ parse: [], users: [DEMO_ADMIN_ID] });
    await api("POST", `/api/${G}/demo/channels/${ticket.channel_id}/messages`, suite.tokens.admin, { content: "Still there?" });
    await api("POST", `/api/${G}/tickets/${ticket.number}/reply`, suite.tokens.staff, { content: "Yes" });
    expect((await pings()).length).toBe(2);
    await saveSettings({ PingOpenerOnStaffReply: false });
  });
});

describe("snooze", () => {
  it("refuses a snooze under a minute, over 30 days or in the past, and non-staff; stores nothing", async () => {
    const ticket = await openFor(admin, "Limits");
    const now = await suite.t.app.clock.now(G);
    for (const body of [
      { Minutes: 0 },
      { Minutes: 30 * 24 * 60 + 1 },
      { Until: now - 60_000 },
      { Until: now + 31 * 24 * HOUR },
      {},
      { Minutes: 5, Until: now },
    ]) {
      const res = await api("POST", `/api/${G}/tickets/${ticket.number}/snooze`, suite.tokens.staff, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    expect((await api("POST", `/api/${G}/tickets/${ticket.number}/snooze`, suite.tokens.visitor, { Minutes: 60 })).status).toBe(403);
    expect((await api("POST", `/api/${G}/tickets/${ticket.number}/unsnooze`, suite.tokens.staff, {})).status).toBe(409);
    expect((await row(ticket.number)).snoozed_until).toBeNull();
    expect(await actionsOf(ticket.number)).not.toContain("Ticket Snoozed");
    expect(snoozeMinutes("30m")).toBe(30);
    expect(snoozeMinutes("2d")).toBe(2880);
    expect(snoozeMinutes("1w")).toBe(10080);
    expect(snoozeMinutes("off")).toBe(0);
    for (const bad of ["", "m", "4x", "-1h", "1.5h", "999999m", "4 h"]) expect(snoozeMinutes(bad)).toBeNull();
  });

  it("hides the ticket from Needs attention until its time: a sweep before leaves it, the one after brings it back with a note", async () => {
    const ticket = await openFor(admin, "Snooze until");
    const res = await api("POST", `/api/${G}/tickets/${ticket.number}/snooze`, suite.tokens.staff, { Minutes: 120 });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.message).toBe("Ticket snoozed for 2 hours. It comes back to the queue then, or when the member writes.");
    expect(res.body.ticket).toMatchObject({ SnoozedBy: "Demo Staff" });
    const until = Number((await row(ticket.number)).snoozed_until);
    expect(await queue("waiting=attention")).not.toContain(ticket.number);

    // No sleeps: the sweep runs at an instant of its choosing.
    const offset = await suite.t.app.clock.offsetOf(G);
    expect(await sweepSnoozedTickets(suite.t.app.tickets.deps, until - offset - 60_000, G)).toBe(0);
    expect(await queue("waiting=attention")).not.toContain(ticket.number);
    expect(await sweepSnoozedTickets(suite.t.app.tickets.deps, until - offset + 1, G)).toBe(1);
    expect(await queue("waiting=attention")).toContain(ticket.number);
    expect((await channelMessages(ticket.channel_id!)).map((m) => m.content)).toContain(
      "Snooze over: this ticket is back in staff's queue.",
    );
    const actions = await actionsOf(ticket.number);
    expect(actions).toEqual(expect.arrayContaining(["Ticket Snoozed", "Ticket Snooze Ended"]));
    // Once.
    expect(await sweepSnoozedTickets(suite.t.app.tickets.deps, until - offset + HOUR, G)).toBe(0);
  });

  it("comes back when the demo clock is skipped past its time, and when the member writes", async () => {
    const skipped = await openFor(admin, "Skip past it");
    await api("POST", `/api/${G}/tickets/${skipped.number}/snooze`, suite.tokens.staff, { Minutes: 60 });
    const skip = await api("POST", `/api/${G}/demo/skip-ahead`, suite.tokens.admin, { hours: 1 });
    expect(skip.status, JSON.stringify(skip.body)).toBe(200);
    expect(skip.body.woken).toBe(1);
    expect((await row(skipped.number)).snoozed_until).toBeNull();

    const ticket = await openFor(admin, "The member writes");
    await api("POST", `/api/${G}/tickets/${ticket.number}/reply`, suite.tokens.staff, { content: "Tell me when it is back" });
    await api("POST", `/api/${G}/tickets/${ticket.number}/snooze`, suite.tokens.staff, { Minutes: 24 * 60 });
    await api("POST", `/api/${G}/demo/channels/${ticket.channel_id}/messages`, suite.tokens.admin, { content: "It is back" });
    const after = await row(ticket.number);
    expect([after.snoozed_until, after.waiting_on]).toEqual([null, "staff"]);
    expect(await queue("waiting=attention")).toContain(ticket.number);
    expect((await channelMessages(ticket.channel_id!)).map((m) => m.content)).toContain(
      "The member wrote: this ticket is back in staff's queue.",
    );
    expect(await actionsOf(ticket.number)).toContain("Ticket Snooze Ended");
  });

  it("/snooze in the ticket's channel snoozes it; /snooze off ends it", async () => {
    const ticket = await openFor(admin, "By command");
    const command = async (duration: string) => {
      const res = await api("POST", `/api/${G}/demo/interactions`, suite.tokens.staff, {
        kind: "command",
        channelId: ticket.channel_id,
        name: "snooze",
        options: { duration },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return (res.body.ephemeral as { content: string }[])[0].content;
    };
    expect(await command("4h")).toBe("Ticket snoozed for 4 hours. It comes back to the queue then, or when the member writes.");
    expect((await row(ticket.number)).snoozed_until).not.toBeNull();
    expect(await command("5y")).toBe("Snooze for at least a minute and at most 30 days (for example 30m, 4h, 2d or 1w).");
    expect(await command("off")).toBe("Snooze ended: the ticket is back in the queue.");
    expect((await row(ticket.number)).snoozed_until).toBeNull();
    expect(await actionsOf(ticket.number)).toEqual(expect.arrayContaining(["Ticket Snoozed", "Ticket Unsnoozed"]));
  });
});

describe("auto-close counting only the member's silence", () => {
  it("closes a silent ticket waiting on its member, never one waiting on staff", async () => {
    await saveSettings(
      {
        UserTicketLimit: 20,
        AutoCloseEnabled: true,
        SinceLastMessageDays: 0,
        SinceLastMessageHours: 1,
        SinceLastMessageMinutes: 0,
        AutoCloseMemberSilenceOnly: true,
      },
      GH,
    );
    const onStaff = await openFor(admin, "Staff owe an answer", GH);
    const onMember = await openFor(admin, "The member owes one", GH);
    await noteSide(suite.t.app.tickets.deps, onMember, "staff", Number(onMember.opened_at));
    const later = Date.now() + 2 * HOUR;
    await sweepTickets(suite.t.app, later);
    expect((await row(onMember.number, GH)).status).toBe("closed");
    expect((await row(onStaff.number, GH)).status).toBe("open");
    // Without the setting, staff silence counts too (as before).
    await saveSettings({ AutoCloseMemberSilenceOnly: false }, GH);
    await sweepTickets(suite.t.app, later);
    expect((await row(onStaff.number, GH)).status).toBe("closed");
    await saveSettings({ AutoCloseEnabled: false }, GH);
  });
});

describe("statistics: time waiting on staff and on members", () => {
  it("sums and takes the median (nearest rank) over the tickets closed in the range, each with its last stretch up to the close", async () => {
    const day = Date.parse("2031-03-04T00:00:00Z");
    const base = {
      guild_id: G,
      panel_id: null,
      panel_name: "Unknown",
      opener_id: DEMO_VISITOR_ID,
      opener_name: "Demo Visitor",
      subject: null,
      status: "closed",
      channel_id: null,
      claimed_by: null,
      claimed_by_name: null,
      form_answers_json: null,
      first_response_at: null,
      closed_by: null,
      closed_by_name: null,
      close_reason: null,
      rating: null,
      response_ms: null,
      resolution_ms: null,
    };
    const min = 60_000;
    // [staff ms before, member ms before, last side, last stretch (ms up to the close)]
    const shapes: [number, number, "staff" | "member" | null, number][] = [
      [10 * min, 0, "member", 50 * min], // staff 10, member 50
      [5 * min, 20 * min, "staff", 15 * min], // staff 20, member 20
      [0, 0, "staff", 30 * min], // staff 30, member 0
      [99 * min, 99 * min, null, 0], // closed before waiting was tracked: left out
    ];
    const top = await sql<{ n: number }>`select coalesce(max(number), 0) as n from tickets where guild_id = ${G}`.execute(suite.t.db);
    let number = Number(top.rows[0].n) + 1000;
    for (const [staffMs, memberMs, side, last] of shapes) {
      const closedAt = day + 12 * HOUR;
      await suite.t.db
        .insertInto("tickets")
        .values({
          ...base,
          number: number++,
          opened_at: day,
          last_activity_at: closedAt,
          closed_at: closedAt,
          waiting_on: side,
          waiting_since: side ? closedAt - last : null,
          waiting_staff_ms: staffMs,
          waiting_member_ms: memberMs,
        })
        .execute();
    }
    const res = await api("GET", `/api/${G}/statistics/waiting?from=2031-03-04&to=2031-03-04`, suite.tokens.staff);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const figures = waitingStatisticsSchema.parse(res.body);
    expect({ Tickets: figures.Tickets, Staff: figures.Staff, Member: figures.Member }).toEqual({
      Tickets: 3,
      Staff: { TotalMs: 60 * min, MedianMs: 20 * min },
      Member: { TotalMs: 70 * min, MedianMs: 20 * min },
    });
    // A recount is the same query over the tickets; another day counts none of them.
    expect(await waitingFigures(suite.t.db, G, day, day + 24 * HOUR)).toMatchObject({ Tickets: 3 });
    expect(await waitingFigures(suite.t.db, G, day + 24 * HOUR, day + 48 * HOUR)).toMatchObject({
      Tickets: 0,
      Staff: { TotalMs: 0, MedianMs: null },
    });
    expect((await api("GET", `/api/${G}/statistics/waiting?from=2031-03-05&to=2031-03-04`, suite.tokens.staff)).status).toBe(400);
  });
});

describe("the settings travel with the configuration", () => {
  it("exports and imports PingOpenerOnStaffReply and AutoCloseMemberSilenceOnly", async () => {
    await saveSettings({ PingOpenerOnStaffReply: true, AutoCloseMemberSilenceOnly: true });
    const exported = await api("GET", `/api/${G}/config/export`, suite.tokens.admin);
    expect(exported.status).toBe(200);
    expect(exported.body.settings).toMatchObject({ PingOpenerOnStaffReply: true, AutoCloseMemberSilenceOnly: true });
    await saveSettings({ PingOpenerOnStaffReply: false, AutoCloseMemberSilenceOnly: false }, GH);
    const config = {
      ...exported.body,
      tags: undefined,
      forms: undefined,
      teams: undefined,
      panels: undefined,
      multi_panels: undefined,
      blacklist: undefined,
    };
    const imported = await api("POST", `/api/${GH}/config/import`, suite.tokens.admin, { config, mapping: {} });
    expect(imported.status, JSON.stringify(imported.body)).toBe(200);
    expect((await api("GET", `/api/${GH}/settings`, suite.tokens.admin)).body).toMatchObject({
      PingOpenerOnStaffReply: true,
      AutoCloseMemberSilenceOnly: true,
    });
    await saveSettings({ PingOpenerOnStaffReply: false, AutoCloseMemberSilenceOnly: false });
  });
});
