import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { type DemoTicketEvent, demoTicketEventSchema } from "../../../src/schemas/demo";
import type { TicketEvent } from "../../../src/schemas/ticket";
import { textsIn } from "../../../server/discord/texts";
import { type TestApp, DEMO_ADMIN_ID, DEMO_COMMUNITY_ID, DEMO_STAFF_ID, bearer, createTestApp, apiOn } from "../helpers";

// The Try-it member's view follows the ticket by the dashboard's events (GET /{guildId}/demo/events): told only of
// the tickets whose channel the member sees — a ticket of a panel whose team they are not in stays unknown to them —
// with the close reason for the ticket's opener and staff; and the closing DM, which says why, is there when the
// close is told.

const G = DEMO_COMMUNITY_ID;
const SUPPORT_CHANNEL = "812345678901234714";
const VIP_ROLE = "812345678901234604";
const en = textsIn("en");

let t: TestApp;
let base: string;
let admin: string;
let staff: string;

const api = apiOn(() => t);
const panelRow = (name: string) =>
  t.db.selectFrom("panels").selectAll().where("guild_id", "=", G).where("name", "=", name).executeTakeFirstOrThrow();
/** Opens a ticket from a panel in the Try-it view; its number and channel. */
const openFrom = async (token: string, panelName: string) => {
  const row = await panelRow(panelName);
  const res = await api("POST", `/api/${G}/demo/interactions`, token, {
    kind: "button",
    channelId: SUPPORT_CHANNEL,
    messageId: row.message_id!,
    customId: `panel:${row.id}`,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const ticket = await t.db.selectFrom("tickets").selectAll().where("guild_id", "=", G).orderBy("number", "desc").executeTakeFirstOrThrow();
  expect(ticket.panel_name).toBe(panelName);
  return { number: ticket.number, channelId: ticket.channel_id! };
};

const aborts = new Set<AbortController>();
afterEach(() => {
  for (const abort of aborts) abort.abort();
  aborts.clear();
});

/** The member's stream, read as the browser does: `until` reads events until one matches. */
async function memberStream(token: string) {
  const abort = new AbortController();
  aborts.add(abort);
  const res = await fetch(`${base}/api/${G}/demo/events`, { headers: bearer(token), signal: abort.signal });
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toContain("text/event-stream");
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let text = "";
  while (!text.includes("retry:")) text += decoder.decode((await reader.read()).value, { stream: true });
  const events: DemoTicketEvent[] = [];
  const parse = () => {
    for (;;) {
      const at = text.indexOf("event: ticket\n");
      const end = at < 0 ? -1 : text.indexOf("\n\n", at);
      if (end < 0) return;
      const data = text
        .slice(at, end)
        .split("\n")
        .find((line) => line.startsWith("data: "))!
        .slice(6);
      events.push(demoTicketEventSchema.parse(JSON.parse(data)));
      text = text.slice(end + 2);
    }
  };
  return {
    events,
    async until(match: (e: DemoTicketEvent) => boolean): Promise<DemoTicketEvent> {
      const giveUp = setTimeout(() => abort.abort(), 15_000);
      try {
        for (;;) {
          parse();
          const found = events.find(match);
          if (found) return found;
          const { value, done } = await reader.read();
          if (done) throw new Error("the stream ended");
          text += decoder.decode(value, { stream: true });
        }
      } finally {
        clearTimeout(giveUp);
      }
    },
  };
}

beforeAll(async () => {
  t = await createTestApp({ env: { TICKET_STREAM_SECONDS: "120" } });
  await t.app.listen({ port: 0, host: "127.0.0.1" });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  [admin, staff] = await Promise.all([t.signIn(DEMO_ADMIN_ID), t.signIn(DEMO_STAFF_ID)]);
  const current = await api("GET", `/api/${G}/settings`, admin);
  await api("PUT", `/api/${G}/settings`, admin, {
    UserTicketLimit: 0,
    TicketCloseConfirmation: false,
    EnableUserFeedback: true,
    Revision: current.body.Revision,
  });
  // Billing gets a team of its own (the VIP role), which Demo Staff is not in: its tickets are not theirs to see.
  const team = await api("POST", `/api/${G}/teams`, admin, { team_name: "Billing Desk", roles: [VIP_ROLE] });
  expect(team.status, JSON.stringify(team.body)).toBe(200);
  const teamId = (
    await t.db.selectFrom("teams").select("id").where("guild_id", "=", G).where("name", "=", "Billing Desk").executeTakeFirstOrThrow()
  ).id;
  const billing = await panelRow("Billing");
  const panel = (await api("GET", `/api/${G}/panels/${billing.id}`, admin)).body.panel;
  expect(
    (await api("PUT", `/api/${G}/panels/${billing.id}`, admin, { Panel: { ...panel, FormId: null, SupportTeams: [String(teamId)] } }))
      .status,
  ).toBe(200);
});
afterAll(async () => {
  await t?.close();
});

describe("GET /{guildId}/demo/events", () => {
  it("tells the member of the tickets they see, with why theirs closed, and nothing of a ticket they cannot see", async () => {
    const stream = await memberStream(staff);
    // A ticket of a panel whose team Demo Staff is not in: opened, claimed and closed without a word to them.
    const hidden = await openFrom(admin, "Billing");
    expect((await api("POST", `/api/${G}/tickets/${hidden.number}/claim`, admin)).status).toBe(200);
    expect((await api("POST", `/api/${G}/tickets/${hidden.number}/close`, admin, { reason: "Private matter" })).status).toBe(200);

    const own = await openFrom(staff, "General Support");
    expect(await stream.until((e) => e.ticket.TicketId === own.number && e.type === "opened")).toMatchObject({
      ticket: { ChannelId: own.channelId, OpenerId: DEMO_STAFF_ID, Visible: true, Status: "open", CloseReason: null },
    });
    // Staff close it from the dashboard: the member hears of it, and why.
    expect((await api("POST", `/api/${G}/tickets/${own.number}/close`, admin, { reason: "Solved" })).status).toBe(200);
    expect(await stream.until((e) => e.ticket.TicketId === own.number && e.type === "closed")).toEqual({
      type: "closed",
      guildId: G,
      ticket: {
        TicketId: own.number,
        Status: "closed",
        ChannelId: own.channelId,
        OpenerId: DEMO_STAFF_ID,
        Visible: false,
        CloseReason: "Solved",
      },
    });
    expect(stream.events.filter((e) => e.ticket.TicketId === hidden.number)).toEqual([]);
    expect(JSON.stringify(stream.events)).not.toContain("Private matter");
  });

  it("tells a ticket's staff of it (a ticket of their team), but not its close reason to a member only added to it", async () => {
    const stream = await memberStream(staff);
    const theirs = await openFrom(admin, "General Support");
    await stream.until((e) => e.ticket.TicketId === theirs.number && e.type === "opened");
    expect((await api("POST", `/api/${G}/tickets/${theirs.number}/close`, admin, { reason: "Duplicate" })).status).toBe(200);
    expect(await stream.until((e) => e.ticket.TicketId === theirs.number && e.type === "closed")).toMatchObject({
      ticket: { CloseReason: "Duplicate", Visible: false },
    });

    // Added to a Billing ticket, Demo Staff sees its channel — and so hears of it — but is not told why it closed.
    const billing = await openFrom(admin, "Billing");
    const added = await api("POST", `/api/${G}/demo/interactions`, admin, {
      kind: "command",
      channelId: billing.channelId,
      name: "add",
      options: { member: DEMO_STAFF_ID },
    });
    expect(added.status).toBe(200);
    await stream.until((e) => e.ticket.TicketId === billing.number && e.ticket.Visible);
    expect((await api("POST", `/api/${G}/tickets/${billing.number}/close`, admin, { reason: "Refunded" })).status).toBe(200);
    expect(await stream.until((e) => e.ticket.TicketId === billing.number && e.type === "closed")).toMatchObject({
      ticket: { CloseReason: null, Visible: false },
    });
  });

  it("is the demo's: a caller without access to the server is refused", async () => {
    expect((await t.app.inject({ method: "GET", url: `/api/${G}/demo/events` })).statusCode).toBe(401);
    const visitor = await t.signIn("900000000000000003");
    expect((await t.app.inject({ method: "GET", url: `/api/${G}/demo/events`, headers: bearer(visitor) })).statusCode).toBe(403);
  });
});

describe("the closing DM", () => {
  it("says why the ticket closed, and is there when the close is told", async () => {
    const own = await openFrom(staff, "General Support");
    let atEvent: Promise<{ content: string; embeds_json: string }[]> | undefined;
    const stop = t.app.ticketEvents.subscribe(G, (event: TicketEvent) => {
      if (event.type !== "closed" || event.ticket.TicketId !== own.number) return;
      // What the member's view finds when it hears of the close.
      atEvent = t.db
        .selectFrom("demo_messages as m")
        .innerJoin("demo_channels as c", "c.id", "m.channel_id")
        .select(["m.content", "m.embeds_json"])
        .where("c.kind", "=", "dm")
        .where("c.recipient_id", "=", DEMO_STAFF_ID)
        .where("m.content", "=", en.ratingPrompt("Demo Community", own.number))
        .execute();
    });
    try {
      expect((await api("POST", `/api/${G}/tickets/${own.number}/close`, admin, { reason: "Fixed in the last update" })).status).toBe(200);
      // On PostgreSQL the event comes back through the database (LISTEN/NOTIFY), maybe after the answer.
      await expect.poll(() => atEvent).toBeDefined();
    } finally {
      stop();
    }
    const dms = await atEvent!;
    expect(dms).toHaveLength(1);
    expect(JSON.parse(dms[0].embeds_json)[0].fields).toEqual([
      { name: en.archiveReason, value: "Fixed in the last update" },
      { name: en.archiveClosedBy, value: "Demo Admin", inline: true },
    ]);
  });
});
