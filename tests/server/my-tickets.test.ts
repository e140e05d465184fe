import { describe, expect, it } from "vitest";
import { myTicketsResponseSchema } from "../../src/schemas/my-tickets";
import type { Member } from "../../server/tickets/members";
import { open } from "../../server/tickets/open";
import { requestClose } from "../../server/tickets/close";
import { DEMO_ADMIN_ID, DEMO_COMMUNITY_ID, DEMO_VISITOR_ID, GAMING_HUB_ID, appForSuite, apiOn } from "./helpers";

// "My tickets": a member without dashboard access lists their own tickets of both demo servers and none of another
// member's, reads and writes into an open one (the bot's embed under their name, pinging nobody), downloads only their
// own transcripts, cannot write into a closed ticket, and a server that turned MemberTickets off hides its tickets.

const G = DEMO_COMMUNITY_ID;
const GH = GAMING_HUB_ID;
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

async function openTicket(guildId: string, member: Member, subject: string): Promise<number> {
  const done = await open(suite.t.app.tickets.deps, { guildId, member, panelId: null, subject });
  if (!("done" in done) || !("ticket" in done)) throw new Error(JSON.stringify(done));
  return done.ticket.number;
}

async function setMemberTickets(guildId: string, on: boolean) {
  const current = await api("GET", `/api/${guildId}/settings`, suite.tokens.admin);
  const saved = await api("PUT", `/api/${guildId}/settings`, suite.tokens.admin, { MemberTickets: on, Revision: current.body.Revision });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
}

describe("My tickets", () => {
  let inCommunity = 0;
  let inHub = 0;
  let closed = 0;
  let adminTicket = 0;

  it("lists the member's own tickets on both servers and none of another member's", async () => {
    expect((await api("GET", `/api/${G}/settings`, suite.tokens.admin)).body.MemberTickets).toBe(true);
    closed = await openTicket(G, visitor, "Old question");
    const close = await requestClose(suite.t.app.tickets.deps, G, closed, visitor, "Solved", true);
    expect("done" in close, JSON.stringify(close)).toBe(true);
    inCommunity = await openTicket(G, visitor, "Where is my order?");
    inHub = await openTicket(GH, visitor, "Lag in ranked");
    adminTicket = await openTicket(G, admin, "The admin's own");

    const res = await api("GET", "/api/my-tickets", suite.tokens.visitor);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const mine = myTicketsResponseSchema.parse(res.body);
    expect(mine.open.map((t) => [t.GuildName, t.TicketId, t.Subject]).sort()).toEqual(
      [
        ["Demo Community", inCommunity, "Where is my order?"],
        ["Gaming Hub", inHub, "Lag in ranked"],
      ].sort(),
    );
    expect(mine.closed.map((t) => [t.GuildId, t.TicketId, t.Status, t.HasTranscript])).toEqual([[G, closed, "closed", true]]);
    // The demo's history (other members' tickets) and the admin's ticket are not the visitor's.
    const staffView = await api("GET", `/api/${G}/tickets?status=all&per_page=100`, suite.tokens.admin);
    expect(staffView.body.total).toBeGreaterThan(3);
    expect([...mine.open, ...mine.closed].every((t) => t.TicketId !== adminTicket || t.GuildId !== G)).toBe(true);
  });

  it("never answers another member's ticket: messages, writing and transcripts are 404", async () => {
    for (const path of ["messages", "transcript"])
      expect((await api("GET", `/api/my-tickets/${G}/${adminTicket}/${path}`, suite.tokens.visitor)).status).toBe(404);
    const write = await api("POST", `/api/my-tickets/${G}/${adminTicket}/messages`, suite.tokens.visitor, { content: "hi" });
    expect(write.status).toBe(404);
    // A seeded closed ticket of another member with a transcript: the staff can read it, the visitor cannot.
    const other = await suite.t.db
      .selectFrom("transcripts")
      .select("ticket_id")
      .where("guild_id", "=", G)
      .where("author_id", "!=", DEMO_VISITOR_ID)
      .executeTakeFirstOrThrow();
    expect((await api("GET", `/api/${G}/transcripts/${other.ticket_id}`, suite.tokens.admin)).status).toBe(200);
    expect((await api("GET", `/api/my-tickets/${G}/${other.ticket_id}/transcript`, suite.tokens.visitor)).status).toBe(404);
    // Not signed in: 401.
    expect((await suite.t.app.inject({ method: "GET", url: "/api/my-tickets" })).statusCode).toBe(401);
  });

  it("reads and writes into an open ticket under the member's name, pinging nobody", async () => {
    const read = await api("GET", `/api/my-tickets/${GH}/${inHub}/messages`, suite.tokens.visitor);
    expect(read.status, JSON.stringify(read.body)).toBe(200);
    expect(read.body.messages.length).toBeGreaterThan(0); // the welcome message
    const write = await api("POST", `/api/my-tickets/${GH}/${inHub}/messages`, suite.tokens.visitor, {
      content: "Still lagging @everyone",
    });
    expect(write).toEqual({ status: 200, body: { message: "Message sent." } });
    const row = await suite.t.db
      .selectFrom("tickets")
      .select("channel_id")
      .where("guild_id", "=", GH)
      .where("number", "=", inHub)
      .executeTakeFirstOrThrow();
    const sent = await suite.t.db
      .selectFrom("demo_messages")
      .selectAll()
      .where("channel_id", "=", row.channel_id!)
      .orderBy("id", "desc")
      .executeTakeFirstOrThrow();
    expect(JSON.parse(sent.allowed_mentions_json!)).toEqual({ parse: [] });
    expect(JSON.parse(sent.embeds_json!)[0]).toMatchObject({ author: { name: "Demo Visitor" }, description: "Still lagging @everyone" });
    // Bad input stores nothing.
    const empty = await api("POST", `/api/my-tickets/${GH}/${inHub}/messages`, suite.tokens.visitor, { content: "  " });
    expect(empty.status).toBe(400);
  });

  it("refuses writing into a closed ticket and downloads its transcript", async () => {
    const write = await api("POST", `/api/my-tickets/${G}/${closed}/messages`, suite.tokens.visitor, { content: "one more thing" });
    expect(write).toEqual({ status: 409, body: { error: "This ticket is closed: it cannot be written into." } });
    const transcript = await api("GET", `/api/my-tickets/${G}/${closed}/transcript`, suite.tokens.visitor);
    expect(transcript.status).toBe(200);
    expect(transcript.body.transcript_html).toContain("<html");
  });

  it("hides a server's tickets once it no longer lets members see them", async () => {
    await setMemberTickets(G, false);
    const mine = myTicketsResponseSchema.parse((await api("GET", "/api/my-tickets", suite.tokens.visitor)).body);
    expect([...mine.open, ...mine.closed].map((t) => t.GuildId)).toEqual([GH]);
    expect((await api("GET", `/api/my-tickets/${G}/${inCommunity}/messages`, suite.tokens.visitor)).status).toBe(404);
    expect((await api("GET", `/api/my-tickets/${G}/${closed}/transcript`, suite.tokens.visitor)).status).toBe(404);
    await setMemberTickets(G, true);
  });
});
