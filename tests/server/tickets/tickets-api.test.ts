import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { keyringFor } from "../../../server/crypto";
import { englishTexts } from "../../../server/discord/texts";
import { insertTranscript } from "../../../server/transcripts/store";
import { ticketEventSchema, ticketListResponseSchema } from "../../../src/schemas/ticket";
import { type TestApp, DEMO_ADMIN_ID, DEMO_COMMUNITY_ID, DEMO_STAFF_ID, bearer, createTestApp, apiOn, type Json } from "../helpers";

// The dashboard's side of the engine: the open queue with its filters, the live event stream (a real HTTP
// stream read as the browser reads it), and "Only a panel's support team can read its transcripts"
// (TranscriptsPanelPermission) on the transcript list and view.

const G = DEMO_COMMUNITY_ID;
const VIP_ROLE = "812345678901234604";
let t: TestApp;
let admin: string;
let staff: string;

const api = apiOn(() => t);
const panelByName = (name: string) =>
  t.db.selectFrom("panels").selectAll().where("guild_id", "=", G).where("name", "=", name).executeTakeFirstOrThrow();
async function open(token: string, panelName: string) {
  const panel = await panelByName(panelName);
  const click = { channelId: "812345678901234714", messageId: panel.message_id };
  const res = await api("POST", `/api/${G}/demo/interactions`, token, { kind: "button", ...click, customId: `panel:${panel.id}` });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  if (!res.body.modal) return res.body;
  // A panel with a form (the demo's Billing): every field answered.
  const fields = Object.fromEntries(res.body.modal.components.map((row: Json) => [row.components[0].custom_id, "Order 10452 broken"]));
  const answered = await api("POST", `/api/${G}/demo/interactions`, token, {
    kind: "modal",
    ...click,
    customId: res.body.modal.custom_id,
    fields,
  });
  expect(answered.status, JSON.stringify(answered.body)).toBe(200);
  return answered.body;
}
const saveSettings = async (patch: Json) => {
  const current = await api("GET", `/api/${G}/settings`, admin);
  expect((await api("PUT", `/api/${G}/settings`, admin, { ...patch, Revision: current.body.Revision })).status).toBe(200);
};

beforeAll(async () => {
  t = await createTestApp({ env: { TICKET_STREAM_SECONDS: "60" } });
  [admin, staff] = await Promise.all([t.signIn(DEMO_ADMIN_ID), t.signIn(DEMO_STAFF_ID)]);
  await saveSettings({ UserTicketLimit: 5 });
});
afterAll(async () => {
  await t?.close();
});

describe("GET /{guildId}/tickets and the actions", () => {
  it("lists open tickets newest first, filters by panel, claim and mine, and acts with the engine's words", async () => {
    // The demo's closed history (server/tickets/demo-history.ts) is there from the start.
    const closedBefore = (await api("GET", `/api/${G}/tickets?status=closed`, admin)).body.total as number;
    await open(admin, "General Support");
    await open(staff, "Billing");
    const all = await api("GET", `/api/${G}/tickets`, staff);
    expect(all.status).toBe(200);
    const list = ticketListResponseSchema.parse(all.body);
    expect(list.total).toBe(2);
    expect(list.tickets.map((x) => [x.PanelName, x.OpenerName, x.Status])).toEqual([
      ["Billing", "Demo Staff", "open"],
      ["General Support", "Demo Admin", "open"],
    ]);
    expect(list.tickets[0].ChannelUrl).toBe(`/${G}/try-it?channel=${list.tickets[0].ChannelId}`);
    const billing = await panelByName("Billing");
    expect((await api("GET", `/api/${G}/tickets?panel=${billing.id}`, staff)).body.tickets).toHaveLength(1);

    const first = list.tickets[1];
    const claimed = await api("POST", `/api/${G}/tickets/${first.TicketId}/claim`, staff);
    expect(claimed.status, JSON.stringify(claimed.body)).toBe(200);
    expect(claimed.body).toMatchObject({
      message: "You claimed this ticket.",
      ticket: { ClaimedById: DEMO_STAFF_ID, ClaimedByName: "Demo Staff" },
    });
    // The claim reaches the ticket's channel as the bot's notice, as a claim from Discord does.
    const notices = await t.db.selectFrom("demo_messages").select("content").where("channel_id", "=", first.ChannelId!).execute();
    expect(notices.map((m) => m.content)).toContain(englishTexts.claimed(DEMO_STAFF_ID));
    expect((await api("GET", `/api/${G}/tickets?claimed=claimed`, staff)).body.tickets.map((x: Json) => x.TicketId)).toEqual([
      first.TicketId,
    ]);
    expect((await api("GET", `/api/${G}/tickets?claimed=unclaimed`, staff)).body.total).toBe(1);
    // Mine: claimed by me or opened by me.
    expect((await api("GET", `/api/${G}/tickets?mine=true`, staff)).body.total).toBe(2);
    expect((await api("GET", `/api/${G}/tickets?mine=true`, admin)).body.total).toBe(1);

    const again = await api("POST", `/api/${G}/tickets/${first.TicketId}/claim`, admin);
    expect(again).toMatchObject({ status: 409, body: { error: "This ticket is already claimed by Demo Staff." } });
    expect((await api("POST", `/api/${G}/tickets/999999/close`, admin, {})).status).toBe(404);
    expect((await api("POST", `/api/${G}/tickets/${first.TicketId}/close`, admin, { reason: "x".repeat(1025) })).status).toBe(400);
    const closed = await api("POST", `/api/${G}/tickets/${first.TicketId}/close`, admin, { reason: "Solved" });
    expect(closed.body).toMatchObject({
      message: `Ticket #${first.TicketId} closed.`,
      ticket: { Status: "closed", CloseReason: "Solved", ChannelUrl: null },
    });
    expect((await api("GET", `/api/${G}/tickets`, staff)).body.total).toBe(1);
    expect((await api("GET", `/api/${G}/tickets?status=closed`, staff)).body.total).toBe(closedBefore + 1);
  });
});

describe("GET /{guildId}/tickets/events", () => {
  it("streams an event when a ticket opens, to a signed-in browser", async () => {
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    const { port } = t.app.server.address() as AddressInfo;
    const abort = new AbortController();
    const res = await fetch(`http://127.0.0.1:${port}/api/${G}/tickets/events`, { headers: bearer(staff), signal: abort.signal });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/event-stream");
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    let text = "";
    // The stream is open (its first line arrived) before the ticket opens.
    while (!text.includes("retry:")) text += decoder.decode((await reader.read()).value, { stream: true });
    await open(admin, "General Support");
    while (!text.includes("event: ticket")) text += decoder.decode((await reader.read()).value, { stream: true });
    const block = text.slice(text.indexOf("event: ticket"));
    const data = block
      .split("\n")
      .find((line) => line.startsWith("data: "))!
      .slice(6);
    const event = ticketEventSchema.parse(JSON.parse(data));
    expect(event).toMatchObject({
      type: "opened",
      guildId: G,
      ticket: { OpenerId: DEMO_ADMIN_ID, PanelName: "General Support", Status: "open" },
    });
    abort.abort();
  });

  it("refuses a caller without access", async () => {
    const anonymous = await t.app.inject({ method: "GET", url: `/api/${G}/tickets/events` });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe("TranscriptsPanelPermission", () => {
  it("limits staff to the transcripts of their panels; owners see all", async () => {
    const keyring = keyringFor(t.config);
    const general = await panelByName("General Support");
    const billing = await panelByName("Billing");
    const vipTeam = await t.db
      .insertInto("teams")
      .values({ guild_id: G, name: "VIP desk", permissions_json: "{}", created_at: Date.now() })
      .returning("id")
      .executeTakeFirstOrThrow();
    await t.db.insertInto("team_roles").values({ team_id: vipTeam.id, role_id: VIP_ROLE, role_name: "VIP" }).execute();
    await t.db.updateTable("panels").set({ team_id: vipTeam.id }).where("id", "=", billing.id).execute();
    const message = { author: "Someone", content: "hello", timestamp: Date.now(), embeds: [], attachments: [] };
    for (const [TicketId, panel] of [
      [90001, general],
      [90002, billing],
    ] as const) {
      await insertTranscript(
        t.db,
        keyring,
        G,
        {
          TicketId,
          AuthorId: DEMO_ADMIN_ID,
          AuthorUsername: "Demo Admin",
          CloseReason: null,
          PanelId: panel.id,
          PanelName: panel.name,
          Rating: null,
          ClosedAt: Date.now(),
          messages: [message],
        },
        { bytes: Number.POSITIVE_INFINITY },
      );
    }
    const ids = async (token: string) =>
      (await api("GET", `/api/${G}/transcripts?per_page=100`, token)).body.transcripts.map((x: Json) => x.TicketId);

    expect(await ids(staff)).toEqual(expect.arrayContaining([90001, 90002]));
    await saveSettings({ TranscriptsPanelPermission: true });
    const seen = await ids(staff);
    expect(seen).toContain(90001);
    expect(seen).not.toContain(90002);
    expect((await api("GET", `/api/${G}/transcripts/90002`, staff)).status).toBe(403);
    expect((await api("GET", `/api/${G}/transcripts/90001`, staff)).status).toBe(200);
    expect(await ids(admin)).toEqual(expect.arrayContaining([90001, 90002]));
    await saveSettings({ TranscriptsPanelPermission: false });
    expect(await ids(staff)).toEqual(expect.arrayContaining([90001, 90002]));
  });
});
