import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ticketDetailSchema } from "../../../src/schemas/helpdesk";
import { keyringFor } from "../../../server/crypto";
import { textsIn } from "../../../server/discord/texts";
import { sweepWaitingTickets } from "../../../server/helpdesk/waiting";
import { openTranscript } from "../../../server/transcripts/store";
import { type TestApp, DEMO_ADMIN_ID, DEMO_COMMUNITY_ID, DEMO_STAFF_ID, createTestApp, apiOn, type Json } from "../helpers";

// Steps that read right to the next on the demo platform, through the dashboard's API and the bot's commands:
// assigning an unclaimed ticket is not a hand-over; a preset close reason keeps the text added to it everywhere the
// reason goes (ticket, transcript, closing DM, activity log); the waiting alert speaks the server's language.

const G = DEMO_COMMUNITY_ID;
const SUPPORT_CHANNEL = "812345678901234714";
const en = textsIn("en");
const es = textsIn("es");

let t: TestApp;
let admin: string;
let staff: string;

const api = apiOn(() => t);
const interact = async (token: string, body: Json) => {
  const res = await api("POST", `/api/${G}/demo/interactions`, token, body);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as { ephemeral: Json[] };
};
const replyText = (reply: { ephemeral: Json[] }) => reply.ephemeral.map((m) => m.content).join("\n");
const command = (token: string, channelId: string, name: string, options: Json = {}) =>
  interact(token, { kind: "command", channelId, name, options });
const saveSettings = async (patch: Json) => {
  const current = await api("GET", `/api/${G}/settings`, admin);
  const res = await api("PUT", `/api/${G}/settings`, admin, { ...patch, Revision: current.body.Revision });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
};
const ticketRow = (number: number) =>
  t.db.selectFrom("tickets").selectAll().where("guild_id", "=", G).where("number", "=", number).executeTakeFirstOrThrow();
const messagesOf = (channelId: string) =>
  t.db.selectFrom("demo_messages").selectAll().where("channel_id", "=", channelId).orderBy("id").execute();
const entries = (number: number, action: string) =>
  t.db
    .selectFrom("activity")
    .select(["username", "before_json", "after_json", "scope_panel_id"])
    .where("guild_id", "=", G)
    .where("action", "=", action)
    .where("after_json", "like", `%"TicketId":${number},%`)
    .orderBy("id")
    .execute();

/** Demo Staff opens a ticket from the General Support panel; its row. */
async function openTicket() {
  const panel = await t.db
    .selectFrom("panels")
    .selectAll()
    .where("guild_id", "=", G)
    .where("name", "=", "General Support")
    .executeTakeFirstOrThrow();
  await interact(staff, { kind: "button", channelId: SUPPORT_CHANNEL, messageId: panel.message_id!, customId: `panel:${panel.id}` });
  return t.db
    .selectFrom("tickets")
    .selectAll()
    .where("guild_id", "=", G)
    .where("status", "=", "open")
    .orderBy("number", "desc")
    .executeTakeFirstOrThrow();
}

/** The newest message of the bot in the opener's (Demo Staff's) direct messages: its text, and its embed's fields as "name: value" lines. */
async function lastDm() {
  const dm = await t.db
    .selectFrom("demo_channels")
    .selectAll()
    .where("kind", "=", "dm")
    .where("recipient_id", "=", DEMO_STAFF_ID)
    .executeTakeFirstOrThrow();
  const last = (await messagesOf(dm.id)).at(-1)!;
  const embeds = JSON.parse(last.embeds_json) as { fields?: { name: string; value: string }[] }[];
  return [last.content, ...embeds.flatMap((e) => (e.fields ?? []).map((f) => `${f.name}: ${f.value}`))].join("\n");
}

beforeAll(async () => {
  t = await createTestApp();
  [admin, staff] = await Promise.all([t.signIn(DEMO_ADMIN_ID), t.signIn(DEMO_STAFF_ID)]);
});
afterAll(async () => {
  await t?.close();
});
beforeEach(async () => {
  await saveSettings({
    UserTicketLimit: 0,
    TicketCloseConfirmation: false,
    BotLanguage: "auto",
    EnableUserFeedback: true,
    WaitingAlertMinutes: 0,
    WaitingAlertChannelId: null,
  });
});

describe("assigning an unclaimed ticket", () => {
  it("says 'assigned' in the channel and the log, not a hand-over; a claimed ticket is handed over as before", async () => {
    const ticket = await openTicket();
    const channel = ticket.channel_id!;
    // The issue's case: Demo Staff assigns the unclaimed ticket to themselves from the dashboard.
    const assigned = await api("POST", `/api/${G}/tickets/${ticket.number}/assign`, staff, { userId: DEMO_STAFF_ID });
    expect(assigned, JSON.stringify(assigned.body)).toMatchObject({
      status: 200,
      body: { message: "The ticket now belongs to Demo Staff.", ticket: { ClaimedById: DEMO_STAFF_ID } },
    });
    expect((await messagesOf(channel)).at(-1)!.content).toBe(`Ticket assigned to <@${DEMO_STAFF_ID}>.`);
    const assignedEntries = await entries(ticket.number, "Ticket Assigned");
    expect(assignedEntries.map((e) => [e.username, JSON.parse(e.before_json!), JSON.parse(e.after_json!), e.scope_panel_id])).toEqual([
      ["Demo Staff", { TicketId: ticket.number, ClaimedBy: null }, { TicketId: ticket.number, ClaimedBy: "Demo Staff" }, ticket.panel_id],
    ]);
    expect(await entries(ticket.number, "Ticket Transferred")).toEqual([]);

    // A real hand-over of the claimed ticket (a manager takes it) keeps its words and its action.
    const handed = await api("POST", `/api/${G}/tickets/${ticket.number}/assign`, admin, { userId: DEMO_ADMIN_ID });
    expect(handed).toMatchObject({ status: 200, body: { message: "The ticket now belongs to Demo Admin." } });
    expect((await messagesOf(channel)).at(-1)!.content).toBe(`Ticket handed over from <@${DEMO_STAFF_ID}> to <@${DEMO_ADMIN_ID}>.`);
    const handOvers = (await entries(ticket.number, "Ticket Transferred")).map((e) => [
      e.username,
      JSON.parse(e.before_json!).ClaimedBy,
      JSON.parse(e.after_json!).ClaimedBy,
    ]);
    expect(handOvers).toEqual([["Demo Admin", "Demo Staff", "Demo Admin"]]);

    // Handing it to the one who holds it changes nothing and posts nothing.
    const count = (await messagesOf(channel)).length;
    const again = await api("POST", `/api/${G}/tickets/${ticket.number}/assign`, admin, { userId: DEMO_ADMIN_ID });
    expect(again).toEqual({ status: 409, body: { error: "This ticket is already claimed by Demo Admin." } });
    expect(await messagesOf(channel)).toHaveLength(count);
    expect(await entries(ticket.number, "Ticket Transferred")).toHaveLength(1);

    // The ticket page lists both steps under their own names.
    const detail = ticketDetailSchema.parse((await api("GET", `/api/${G}/tickets/${ticket.number}`, staff)).body);
    expect(detail.activity.map((a) => [a.Action, a.Username]).slice(0, 2)).toEqual([
      ["Ticket Transferred", "Demo Admin"],
      ["Ticket Assigned", "Demo Staff"],
    ]);

    // The transcript records the assignment and the hand-over, never a hand-over from nobody.
    expect((await api("POST", `/api/${G}/tickets/${ticket.number}/close`, admin, {})).status).toBe(200);
    const transcript = (await openTranscript(t.db, keyringFor(t.config), G, ticket.number))!;
    const said = transcript.messages.map((m) => m.content);
    expect(said.filter((c) => c.startsWith("Ticket assigned to "))).toHaveLength(1);
    expect(said.filter((c) => c.startsWith("Ticket handed over from "))).toHaveLength(1);
  });

  it("says it in Spanish when /transfer assigns an unclaimed ticket on a server set to Spanish", async () => {
    await saveSettings({ BotLanguage: "es" });
    const ticket = await openTicket();
    const reply = await command(admin, ticket.channel_id!, "transfer", { member: DEMO_STAFF_ID });
    expect(replyText(reply)).toBe(es.transferredReply("Demo Staff"));
    expect((await messagesOf(ticket.channel_id!)).at(-1)!.content).toBe(`Ticket asignado a <@${DEMO_STAFF_ID}>.`);
    expect((await entries(ticket.number, "Ticket Assigned")).map((e) => e.username)).toEqual(["Demo Admin"]);
  });
});

describe("a preset close reason with added text", () => {
  const joined = "Resolved — customer confirmed";

  it("/close reason + details keeps both, in the ticket, its transcript, the closing DM and the activity log", async () => {
    const ticket = await openTicket();
    const reply = await command(admin, ticket.channel_id!, "close", { reason: "Resolved", details: "customer confirmed" });
    expect(replyText(reply)).toBe(en.closed(ticket.number));
    expect(await ticketRow(ticket.number)).toMatchObject({ status: "closed", close_reason: joined });
    const listed = (await api("GET", `/api/${G}/transcripts?per_page=100`, admin)).body.transcripts.find(
      (x: Json) => x.TicketId === ticket.number,
    );
    expect(listed.CloseReason).toBe(joined);
    expect(await lastDm()).toBe(`${en.ratingPrompt("Demo Community", ticket.number)}\nReason: ${joined}\nClosed by: Demo Admin`);
    const closedEntries = (await entries(ticket.number, "Ticket Closed")).map((e) => JSON.parse(e.after_json!));
    expect(closedEntries).toEqual([{ TicketId: ticket.number, Status: "closed", CloseReason: joined }]);
    expect((await api("GET", `/api/${G}/tickets/${ticket.number}`, admin)).body.ticket.CloseReason).toBe(joined);
  });

  it("keeps both across the confirmation, and the DM says it in Spanish", async () => {
    await saveSettings({ TicketCloseConfirmation: true, BotLanguage: "es" });
    const ticket = await openTicket();
    const asked = await command(admin, ticket.channel_id!, "close", { reason: "Resolved", details: "customer confirmed" });
    expect(replyText(asked)).toBe(es.confirmClose);
    const anyMessage = (await messagesOf(ticket.channel_id!))[0].id;
    const confirm = {
      kind: "button",
      channelId: ticket.channel_id!,
      messageId: anyMessage,
      customId: `ticket:${ticket.number}:close-confirm`,
    };
    const done = await interact(admin, confirm);
    expect(replyText(done)).toBe(es.closed(ticket.number));
    expect((await ticketRow(ticket.number)).close_reason).toBe(joined);
    expect((await lastDm()).startsWith(`${es.ratingPrompt("Demo Community", ticket.number)}\nMotivo: ${joined}\n`)).toBe(true);
  });

  it("refuses a preset and text over 1,024 characters together, on /close and on the dashboard, closing nothing", async () => {
    const ticket = await openTicket();
    const count = (await messagesOf(ticket.channel_id!)).length;
    const refused = await command(admin, ticket.channel_id!, "close", { reason: "Resolved", details: "x".repeat(1020) });
    expect(replyText(refused)).toBe("The close reason, with the preset and the added text, must be at most 1024 characters.");
    const dashboard = await api("POST", `/api/${G}/tickets/${ticket.number}/close`, admin, { reason: `Resolved — ${"x".repeat(1014)}` });
    const tooLong = "Close reason must be at most 1024 characters";
    expect(dashboard).toEqual({ status: 400, body: { error: tooLong, errors: [tooLong] } });
    expect(await ticketRow(ticket.number)).toMatchObject({ status: "open", close_reason: null });
    expect(await messagesOf(ticket.channel_id!)).toHaveLength(count);
    expect(await entries(ticket.number, "Ticket Closed")).toEqual([]);
    // Exactly at the limit it closes, whole.
    const atLimit = `Resolved — ${"x".repeat(1024 - "Resolved — ".length)}`;
    expect(atLimit).toHaveLength(1024);
    const closed = await command(admin, ticket.channel_id!, "close", { reason: "Resolved", details: atLimit.slice("Resolved — ".length) });
    expect(replyText(closed)).toBe(en.closed(ticket.number));
    expect((await ticketRow(ticket.number)).close_reason).toBe(atLimit);
  });
});

describe("the waiting-too-long alert", () => {
  it("speaks the server's language", async () => {
    const ALERTS = "812345678901234714";
    await saveSettings({ BotLanguage: "es", WaitingAlertMinutes: 5, WaitingAlertChannelId: ALERTS });
    const ticket = await openTicket();
    await sweepWaitingTickets(t.app.tickets.deps, Number(ticket.opened_at) + 6 * 60_000);
    const alert = (await messagesOf(ALERTS)).filter((m) => m.content.includes(`#${ticket.number} `)).at(-1)!;
    const { roles } = JSON.parse(alert.allowed_mentions_json ?? "null") as { roles: string[] };
    expect(roles.length).toBeGreaterThan(0);
    const url = `${t.app.tickets.deps.publicUrl.replace(/\/$/, "")}/${G}/tickets/${ticket.number}`;
    expect(alert.content).toBe(`${roles.map((id) => `<@&${id}>`).join(" ")} ${es.waitingAlert(ticket.number, 5, url)}`);
    expect(alert.content).toContain(`El ticket #${ticket.number} lleva 5 minutos esperando una respuesta del staff`);
  });
});
