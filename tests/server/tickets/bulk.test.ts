import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bulkIdsMax } from "../../../src/schemas/bulk";
import { type TestApp, DEMO_ADMIN_ID, DEMO_COMMUNITY_ID, DEMO_STAFF_ID, createTestApp, apiOn, type Json } from "../helpers";

// The queue's bulk actions: every ticket checked first (this server's, a panel the caller sees) and the whole request
// refused when one is not, then each ticket through the step its own button runs, answered per ticket.

const G = DEMO_COMMUNITY_ID;
const VIP_ROLE = "812345678901234604";
let t: TestApp;
let admin: string;
let staff: string;
const api = apiOn(() => t);
const bulk = (token: string, body: Json) => api("POST", `/api/${G}/tickets/bulk`, token, body);

const panelByName = (name: string) =>
  t.db.selectFrom("panels").selectAll().where("guild_id", "=", G).where("name", "=", name).executeTakeFirstOrThrow();
async function open(token: string, opener: string): Promise<number> {
  const panel = await panelByName("General Support");
  const res = await api("POST", `/api/${G}/demo/interactions`, token, {
    kind: "button",
    channelId: "812345678901234714",
    messageId: panel.message_id,
    customId: `panel:${panel.id}`,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const row = await t.db
    .selectFrom("tickets")
    .select("number")
    .where("guild_id", "=", G)
    .where("opener_id", "=", opener)
    .where("status", "=", "open")
    .orderBy("number", "desc")
    .executeTakeFirstOrThrow();
  return row.number;
}
const ticketRows = () =>
  t.db.selectFrom("tickets").select(["number", "status", "priority", "revision"]).where("guild_id", "=", G).orderBy("number").execute();
const activityCount = async () => (await t.db.selectFrom("activity").select("id").execute()).length;
const saveSettings = async (patch: Json) => {
  const current = await api("GET", `/api/${G}/settings`, admin);
  expect((await api("PUT", `/api/${G}/settings`, admin, { ...patch, Revision: current.body.Revision })).status).toBe(200);
};

beforeAll(async () => {
  t = await createTestApp();
  [admin, staff] = await Promise.all([t.signIn(DEMO_ADMIN_ID), t.signIn(DEMO_STAFF_ID)]);
  await saveSettings({ UserTicketLimit: 10 });
});
afterAll(async () => {
  await t?.close();
});

describe("POST /{guildId}/tickets/bulk", () => {
  it("sets the priority of several tickets in one request, each with its step's activity entry", async () => {
    const a = await open(admin, DEMO_ADMIN_ID);
    const b = await open(admin, DEMO_ADMIN_ID);
    const entries = await activityCount();
    const res = await bulk(admin, { action: "priority", ids: [a, b], Priority: "urgent" });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.results.map((r: Json) => [r.TicketId, r.ok])).toEqual([
      [a, true],
      [b, true],
    ]);
    expect(res.body.message).toBe("2 of 2 tickets done");
    const rows = await ticketRows();
    for (const n of [a, b]) expect(rows.find((r) => r.number === n)?.priority).toBe("urgent");
    expect(await activityCount()).toBe(entries + 2);
  });

  it("refuses a ticket of a panel the caller cannot see: nothing changes on any ticket", async () => {
    const mine = await open(admin, DEMO_ADMIN_ID);
    const hidden = await open(admin, DEMO_ADMIN_ID);
    // The hidden ticket moves to a panel only the VIP desk handles, and staff see only their panels' tickets.
    const vip = await t.db
      .insertInto("teams")
      .values({ guild_id: G, name: "VIP desk bulk", permissions_json: "{}", created_at: Date.now() })
      .returning("id")
      .executeTakeFirstOrThrow();
    await t.db.insertInto("team_roles").values({ team_id: vip.id, role_id: VIP_ROLE, role_name: "VIP" }).execute();
    const general = await panelByName("General Support");
    const { id: _id, ...copy } = general;
    const vipPanel = await t.db
      .insertInto("panels")
      .values({ ...copy, name: "VIP bulk", team_id: vip.id, message_id: null })
      .returning("id")
      .executeTakeFirstOrThrow();
    await t.db.updateTable("tickets").set({ panel_id: vipPanel.id }).where("guild_id", "=", G).where("number", "=", hidden).execute();
    await saveSettings({ TranscriptsPanelPermission: true });
    try {
      const rows = await ticketRows();
      const entries = await activityCount();
      for (const action of [
        { action: "priority", Priority: "high" },
        { action: "close", reason: "bulk" },
      ]) {
        const res = await bulk(staff, { ...action, ids: [mine, hidden] });
        expect(res.status, JSON.stringify(res.body)).toBe(403);
      }
      // A number this server does not have (another server's ticket is not this server's number) refuses it too.
      expect((await bulk(admin, { action: "priority", Priority: "high", ids: [mine, 987654] })).status).toBe(404);
      expect(await ticketRows()).toEqual(rows);
      expect(await activityCount()).toBe(entries);
    } finally {
      await saveSettings({ TranscriptsPanelPermission: false });
    }
  });

  it("closes several tickets with a reason through the close step, answered per ticket", async () => {
    const a = await open(admin, DEMO_ADMIN_ID);
    const b = await open(admin, DEMO_ADMIN_ID);
    const res = await bulk(admin, { action: "close", ids: [a, b], reason: "Handled in bulk" });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.results.every((r: Json) => r.ok)).toBe(true);
    const rows = await ticketRows();
    for (const n of [a, b]) expect(rows.find((r) => r.number === n)?.status).toBe("closed");
    const reasons = await t.db
      .selectFrom("transcripts")
      .select("close_reason")
      .where("guild_id", "=", G)
      .where("ticket_id", "in", [a, b])
      .execute();
    expect(reasons.map((r) => r.close_reason)).toEqual(["Handled in bulk", "Handled in bulk"]);
    // Closed already: the step refuses it, in its own words; the request still answers per ticket.
    const again = await bulk(admin, { action: "close", ids: [a] });
    expect(again.status).toBe(200);
    expect(again.body.results[0].ok).toBe(false);
  });

  it(`caps a request at ${bulkIdsMax} tickets and refuses a bad body, nothing changed`, async () => {
    const rows = await ticketRows();
    const many = Array.from({ length: bulkIdsMax + 1 }, (_, i) => i + 1);
    expect((await bulk(admin, { action: "priority", Priority: "low", ids: many })).status).toBe(400);
    expect((await bulk(admin, { action: "priority", Priority: "extreme", ids: [1] })).status).toBe(400);
    expect((await bulk(admin, { action: "delete", ids: [1] })).status).toBe(400);
    expect(await ticketRows()).toEqual(rows);
  });
});
