import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ticketDetailSchema, ticketMessagesResponseSchema } from "../../../src/schemas/helpdesk";
import { keyringFor } from "../../../server/crypto";
import { openTranscript } from "../../../server/transcripts/store";
import { sweepWaitingTickets } from "../../../server/helpdesk/waiting";
import { type TestApp, DEMO_ADMIN_ID, DEMO_COMMUNITY_ID, DEMO_STAFF_ID, GAMING_HUB_ID, createTestApp, apiOn, type Json } from "../helpers";

// The help desk on the demo platform: a ticket's page (facts, conversation, activity), the member's new
// message read live, a reply under the staff member's name that counts as the first response and is in the
// transcript, a private note that is neither in the channel nor the transcript, priority and labels with the queue's
// filters and sort, assign, and the permissions each needs.

const G = DEMO_COMMUNITY_ID;
const GH = GAMING_HUB_ID;
let t: TestApp;
let admin: string;
let staff: string;
const api = apiOn(() => t);

beforeAll(async () => {
  t = await createTestApp();
  [admin, staff] = await Promise.all([t.signIn(DEMO_ADMIN_ID), t.signIn(DEMO_STAFF_ID)]);
  const current = await api("GET", `/api/${G}/settings`, admin);
  expect((await api("PUT", `/api/${G}/settings`, admin, { UserTicketLimit: 10, Revision: current.body.Revision })).status).toBe(200);
});
afterAll(async () => {
  await t?.close();
});

async function openTicket(): Promise<{ number: number; channelId: string }> {
  const panel = await t.db
    .selectFrom("panels")
    .selectAll()
    .where("guild_id", "=", G)
    .where("name", "=", "General Support")
    .executeTakeFirstOrThrow();
  const res = await api("POST", `/api/${G}/demo/interactions`, admin, {
    kind: "button",
    channelId: "812345678901234714",
    messageId: panel.message_id,
    customId: `panel:${panel.id}`,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const row = await t.db
    .selectFrom("tickets")
    .selectAll()
    .where("guild_id", "=", G)
    .where("opener_id", "=", DEMO_ADMIN_ID)
    .where("status", "=", "open")
    .orderBy("number", "desc")
    .executeTakeFirstOrThrow();
  return { number: row.number, channelId: row.channel_id! };
}

describe("the ticket page", () => {
  it("reads, replies, notes, triages and closes; the transcript holds the reply and not the note", async () => {
    const { number, channelId } = await openTicket();
    const page = await api("GET", `/api/${G}/tickets/${number}`, staff);
    expect(page.status, JSON.stringify(page.body)).toBe(200);
    const detail = ticketDetailSchema.parse(page.body);
    expect(detail.ticket).toMatchObject({ TicketId: number, OpenerName: "Demo Admin", Priority: "normal", LabelIds: [] });
    expect(detail.may).toEqual({ reply: true, note: true, act: true });
    expect(detail.activity.map((a) => a.Action)).toContain("Ticket Opened");

    const first = ticketMessagesResponseSchema.parse((await api("GET", `/api/${G}/tickets/${number}/messages`, staff)).body);
    expect(first.messages.length).toBeGreaterThan(0); // the welcome message
    // The member writes; the next poll after the last known message brings exactly that message.
    expect((await api("POST", `/api/${G}/demo/channels/${channelId}/messages`, admin, { content: "My order never arrived" })).status).toBe(
      201,
    );
    await new Promise((r) => setTimeout(r, 300));
    const next = ticketMessagesResponseSchema.parse(
      (await api("GET", `/api/${G}/tickets/${number}/messages?after=${first.last_message_id!}`, staff)).body,
    );
    expect(next.messages.map((m) => [m.AuthorName, m.Content])).toEqual([["Demo Admin", "My order never arrived"]]);

    // A reply: the bot's message with the staff member as the embed's author, pinging nobody; the first response.
    const reply = await api("POST", `/api/${G}/tickets/${number}/reply`, staff, { content: "Sorry! Sending a new one today." });
    expect(reply).toMatchObject({ status: 200, body: { message: "Reply sent." } });
    const sent = await t.db.selectFrom("demo_messages").selectAll().where("id", "=", reply.body.message_id).executeTakeFirstOrThrow();
    expect(JSON.parse(sent.embeds_json ?? "[]")[0]).toMatchObject({
      author: { name: "Demo Staff" },
      description: "Sorry! Sending a new one today.",
    });
    expect(JSON.parse(sent.allowed_mentions_json ?? "null")).toEqual({ parse: [] });
    expect(
      (
        await t.db
          .selectFrom("tickets")
          .select("first_response_at")
          .where("guild_id", "=", G)
          .where("number", "=", number)
          .executeTakeFirstOrThrow()
      ).first_response_at,
    ).not.toBeNull();

    // A note: on the page for staff, sealed in the database, nowhere in the channel.
    const note = await api("POST", `/api/${G}/tickets/${number}/notes`, staff, { body: "Customer is a VIP, refund if asked" });
    expect(note).toMatchObject({
      status: 200,
      body: { message: "Note added. Only staff see it.", note: { AuthorName: "Demo Staff", Body: "Customer is a VIP, refund if asked" } },
    });
    const stored = await t.db.selectFrom("ticket_notes").selectAll().executeTakeFirstOrThrow();
    expect(stored.body_sealed).not.toContain("VIP");
    const channelTexts = (
      await t.db.selectFrom("demo_messages").select(["content", "embeds_json"]).where("channel_id", "=", channelId).execute()
    ).map((m) => m.content + m.embeds_json);
    expect(channelTexts.join(" ")).not.toContain("VIP");
    expect(ticketDetailSchema.parse((await api("GET", `/api/${G}/tickets/${number}`, staff)).body).notes.map((n) => n.Body)).toEqual([
      "Customer is a VIP, refund if asked",
    ]);

    // Priority and a label; the queue filters and sorts by them.
    const label = await api("POST", `/api/${G}/labels`, admin, { Name: "Shipping", Colour: "#ff8800" });
    expect(label.status, JSON.stringify(label.body)).toBe(201);
    const labelId = label.body.label.LabelId as number;
    const triaged = await api("PUT", `/api/${G}/tickets/${number}/triage`, staff, { Priority: "high", LabelIds: [labelId] });
    expect(triaged).toMatchObject({ status: 200, body: { ticket: { Priority: "high", LabelIds: [labelId] } } });
    expect((await api("PUT", `/api/${G}/tickets/${number}/triage`, staff, { LabelIds: [999999] })).status).toBe(400);
    expect((await api("PUT", `/api/${G}/tickets/${number}/triage`, staff, { Priority: "whenever" })).status).toBe(400);
    const other = await openTicket();
    expect((await api("GET", `/api/${G}/tickets?priority=high`, staff)).body.tickets.map((x: Json) => x.TicketId)).toEqual([number]);
    expect((await api("GET", `/api/${G}/tickets?label=${labelId}`, staff)).body.tickets.map((x: Json) => x.TicketId)).toEqual([number]);
    expect((await api("GET", `/api/${G}/tickets?sort=priority`, staff)).body.tickets.map((x: Json) => x.TicketId).slice(0, 2)).toEqual([
      number,
      other.number,
    ]);

    // Assign: claim on a staff member's behalf.
    expect((await api("POST", `/api/${G}/tickets/${other.number}/assign`, admin, { userId: DEMO_STAFF_ID })).body).toMatchObject({
      ticket: { ClaimedById: DEMO_STAFF_ID },
    });

    const closed = await api("POST", `/api/${G}/tickets/${number}/close`, staff, { reason: "Resent" });
    expect(closed.status, JSON.stringify(closed.body)).toBe(200);
    const text = JSON.stringify(await openTranscript(t.db, keyringFor(t.config), G, number));
    expect(text).toContain("Sorry! Sending a new one today.");
    expect(text).toContain("Demo Staff");
    expect(text).not.toContain("VIP");
    const actions = (await t.db.selectFrom("activity").select("action").where("guild_id", "=", G).execute()).map((a) => a.action);
    expect(actions).toEqual(expect.arrayContaining(["Ticket Reply Sent", "Ticket Note Added", "Ticket Priority Set", "Ticket Labels Set"]));
  });

  it("needs AnswerTicket to reply and AnnotateTicket for notes", async () => {
    const { number } = await openTicket();
    const team = await t.db
      .selectFrom("teams")
      .selectAll()
      .where("guild_id", "=", G)
      .where("name", "=", "Support Team")
      .executeTakeFirstOrThrow();
    const permissions = JSON.parse(team.permissions_json);
    await t.db
      .updateTable("teams")
      .set({ permissions_json: JSON.stringify({ ...permissions, AnswerTicket: false, AnnotateTicket: false }) })
      .where("id", "=", team.id)
      .execute();
    try {
      expect((await api("POST", `/api/${G}/tickets/${number}/reply`, staff, { content: "hi" })).status).toBe(403);
      expect((await api("POST", `/api/${G}/tickets/${number}/notes`, staff, { body: "hi" })).status).toBe(403);
      const detail = ticketDetailSchema.parse((await api("GET", `/api/${G}/tickets/${number}`, staff)).body);
      expect(detail.may).toEqual({ reply: false, note: false, act: true });
      expect(detail.notes).toEqual([]);
    } finally {
      await t.db.updateTable("teams").set({ permissions_json: team.permissions_json }).where("id", "=", team.id).execute();
    }
    expect((await api("GET", `/api/${G}/tickets/999999`, staff)).status).toBe(404);
  });
});

describe("waiting too long", () => {
  it("alerts once in the chosen channel, mentioning the panel's support roles, and marks the ticket in the queue", async () => {
    const ALERTS = "812345678901234714";
    const current = await api("GET", `/api/${G}/settings`, admin);
    expect(
      (
        await api("PUT", `/api/${G}/settings`, admin, {
          WaitingAlertMinutes: 5,
          WaitingAlertChannelId: ALERTS,
          Revision: current.body.Revision,
        })
      ).status,
    ).toBe(200);
    const { number } = await openTicket();
    const deps = t.app.tickets.deps;
    const since = (
      await t.db.selectFrom("tickets").select("opened_at").where("guild_id", "=", G).where("number", "=", number).executeTakeFirstOrThrow()
    ).opened_at;
    // Not yet: four minutes.
    await sweepWaitingTickets(deps, Number(since) + 4 * 60_000);
    expect((await api("GET", `/api/${G}/tickets/${number}`, staff)).body.ticket.WaitingSince).toBeNull();
    // Six minutes without a staff response: one alert.
    const at = Number(since) + 6 * 60_000;
    await sweepWaitingTickets(deps, at);
    await sweepWaitingTickets(deps, at + 60_000);
    const alerts = await t.db
      .selectFrom("demo_messages")
      .selectAll()
      .where("channel_id", "=", ALERTS)
      .where("content", "like", `%Ticket #${number} has waited%`)
      .execute();
    expect(alerts).toHaveLength(1);
    const roles = JSON.parse(alerts[0].allowed_mentions_json ?? "null") as { parse: string[]; roles: string[] };
    expect(roles.parse).toEqual([]);
    expect(roles.roles.length).toBeGreaterThan(0);
    for (const role of roles.roles) expect(alerts[0].content).toContain(`<@&${role}>`);
    expect(alerts[0].content).toContain(`/${G}/tickets/${number}`);
    expect((await api("GET", `/api/${G}/tickets`, staff)).body.tickets.find((x: Json) => x.TicketId === number).WaitingSince).toBe(at);
    // A ticket answered in time gets none.
    const answered = await openTicket();
    expect((await api("POST", `/api/${G}/tickets/${answered.number}/reply`, staff, { content: "Hello!" })).status).toBe(200);
    await sweepWaitingTickets(deps, Date.now() + 60 * 60_000);
    expect((await api("GET", `/api/${G}/tickets/${answered.number}`, staff)).body.ticket.WaitingSince).toBeNull();
  });

  it("takes a fair share of each server per sweep: another server's long backlog does not keep this one's alert waiting", async () => {
    const ALERTS = "812345678901234714";
    const { number } = await openTicket();
    const row = await t.db
      .selectFrom("tickets")
      .selectAll()
      .where("guild_id", "=", G)
      .where("number", "=", number)
      .executeTakeFirstOrThrow();
    // 120 older tickets of Gaming Hub (alerts off there), all waiting for a first response.
    const { id: _id, ...rest } = row;
    await t.db
      .insertInto("tickets")
      .values(
        Array.from({ length: 120 }, (_, i) => ({
          ...rest,
          guild_id: GH,
          number: 5000 + i,
          channel_id: `8234567890123${String(40000 + i)}`,
          opened_at: 1_000 + i,
          last_activity_at: 1_000 + i,
          first_response_at: null,
          waiting_alert_at: null,
          claimed_by: null,
        })),
      )
      .execute();
    await sweepWaitingTickets(t.app.tickets.deps, Number(row.opened_at) + 10 * 60_000);
    const alerts = await t.db
      .selectFrom("demo_messages")
      .selectAll()
      .where("channel_id", "=", ALERTS)
      .where("content", "like", `%Ticket #${number} has waited%`)
      .execute();
    expect(alerts).toHaveLength(1);
    await t.db.deleteFrom("tickets").where("guild_id", "=", GH).where("number", ">=", 5000).execute();
  });
});
