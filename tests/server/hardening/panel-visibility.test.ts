import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrateToLatest } from "../../../server/db/client";
import { type TestApp, DEMO_ADMIN_ID, DEMO_COMMUNITY_ID, DEMO_STAFF_ID, bearer, createTestApp, createTestDatabase } from "../helpers";

// "Only a panel's support team can read its transcripts" (TranscriptsPanelPermission) applies to
// the statistics and the activity log as it does to tickets and transcripts: staff limited by it see neither the
// figures nor the entries (subjects, close reasons) of panels whose team they are not in.

const G = DEMO_COMMUNITY_ID;
const VIP_ROLE = "812345678901234604";
const SUPPORT_CHANNEL = "812345678901234714";
let t: TestApp;
let admin: string;
let staff: string;
let billingTicket: number;
let generalTicket: number;
/** Today's totals before this suite's two tickets: the demo's history may close a ticket today (its last days are near now). */
let before: { mine: { opened: number; closed: number }; all: { opened: number; closed: number } };
const plus = (totals: { opened: number; closed: number }, n: number) => ({ opened: totals.opened + n, closed: totals.closed + n });

type Json = Record<string, any>;
const api = async (method: "GET" | "POST" | "PUT", url: string, token: string, payload?: unknown) => {
  const res = await t.app.inject({ method, url, headers: bearer(token), ...(payload === undefined ? {} : { payload: payload as Json }) });
  return {
    status: res.statusCode,
    body: res.body && res.headers["content-type"]?.toString().includes("json") ? (res.json() as Json) : {},
    text: res.body,
  };
};
const saveSettings = async (patch: Json) => {
  const current = await api("GET", `/api/${G}/settings`, admin);
  expect((await api("PUT", `/api/${G}/settings`, admin, { ...patch, Revision: current.body.Revision })).status).toBe(200);
};
async function openAndClose(panelName: string, reason: string) {
  const panel = await t.db
    .selectFrom("panels")
    .selectAll()
    .where("guild_id", "=", G)
    .where("name", "=", panelName)
    .executeTakeFirstOrThrow();
  expect(
    (
      await api("POST", `/api/${G}/demo/interactions`, admin, {
        kind: "button",
        channelId: SUPPORT_CHANNEL,
        messageId: panel.message_id,
        customId: `panel:${panel.id}`,
      })
    ).status,
  ).toBe(200);
  const ticket = await t.db
    .selectFrom("tickets")
    .selectAll()
    .where("guild_id", "=", G)
    .where("status", "=", "open")
    .orderBy("number", "desc")
    .executeTakeFirstOrThrow();
  await api("POST", `/api/${G}/demo/channels/${ticket.channel_id}/messages`, admin, { content: "hello" });
  const closed = await api("POST", `/api/${G}/tickets/${ticket.number}/close`, admin, { reason });
  expect(closed.status, JSON.stringify(closed.body)).toBe(200);
  return ticket.number;
}
const today = () => new Date().toISOString().slice(0, 10);
const ticketIdsIn = (entries: Json[]) => entries.map((e) => (e.After ?? e.Before)?.TicketId).filter((n) => n !== undefined);

beforeAll(async () => {
  t = await createTestApp();
  [admin, staff] = await Promise.all([t.signIn(DEMO_ADMIN_ID), t.signIn(DEMO_STAFF_ID)]);
  // Billing belongs to a team Demo Staff is not in; General Support has no team of its own.
  const vip = await t.db
    .insertInto("teams")
    .values({ guild_id: G, name: "VIP desk", permissions_json: "{}", created_at: Date.now() })
    .returningAll()
    .executeTakeFirstOrThrow();
  await t.db.insertInto("team_roles").values({ team_id: vip.id, role_id: VIP_ROLE, role_name: "VIP" }).execute();
  // (Without the demo's form, so that a click opens the ticket.)
  await t.db
    .updateTable("panels")
    .set({ team_id: vip.id, form_id: null })
    .where("guild_id", "=", G)
    .where("name", "=", "Billing")
    .execute();
  await t.db.updateTable("panels").set({ team_id: null }).where("guild_id", "=", G).where("name", "=", "General Support").execute();
  // The Support Team may read the activity log.
  const team = await t.db
    .selectFrom("teams")
    .selectAll()
    .where("guild_id", "=", G)
    .where("name", "=", "Support Team")
    .executeTakeFirstOrThrow();
  await t.db
    .updateTable("teams")
    .set({ permissions_json: JSON.stringify({ ...JSON.parse(team.permissions_json), ViewActivity: true }) })
    .where("id", "=", team.id)
    .execute();
  await saveSettings({ UserTicketLimit: 0, TicketCloseConfirmation: false, TranscriptsPanelPermission: true });
  const todays = `/api/${G}/statistics?from=${today()}&to=${today()}&tz=UTC`;
  before = { mine: (await api("GET", todays, staff)).body.totals, all: (await api("GET", todays, admin)).body.totals };
  billingTicket = await openAndClose("Billing", "Refund of invoice 4411");
  generalTicket = await openAndClose("General Support", "Answered");
});
afterAll(async () => {
  await t?.close();
});

describe("Item 10 — TranscriptsPanelPermission on statistics and the activity log", () => {
  it("statistics: limited staff get the figures of their panels' tickets only; owners get all", async () => {
    const url = `/api/${G}/statistics?from=${today()}&to=${today()}&tz=UTC`;
    const mine = await api("GET", url, staff);
    expect(mine.status).toBe(200);
    expect(mine.body.panels.map((p: Json) => p.PanelName)).toEqual(["General Support"]);
    expect(mine.body.totals).toEqual(plus(before.mine, 1));
    const all = await api("GET", url, admin);
    expect(all.body.panels.map((p: Json) => p.PanelName).sort()).toEqual(["Billing", "General Support"]);
    expect(all.body.totals).toEqual(plus(before.all, 2));
  });

  it("activity: limited staff see no entry about a ticket of another panel — list, detail and CSV; owners see all", async () => {
    const mine = await api("GET", `/api/${G}/activity?per_page=100`, staff);
    expect(mine.status).toBe(200);
    const seen = ticketIdsIn(mine.body.activity);
    expect(seen).toContain(generalTicket);
    expect(seen).not.toContain(billingTicket);
    // Every page (the demo's ticket history adds entries: server/tickets/demo-history.ts): the total counts what is shown.
    const pages: Json[] = [];
    for (let page = 1; pages.length < mine.body.total && page < 50; page++)
      pages.push(...(await api("GET", `/api/${G}/activity?per_page=100&page=${page}`, staff)).body.activity);
    expect(mine.body.total).toBe(pages.length);
    expect(mine.text).not.toContain("Refund of invoice 4411");
    // Entries about nothing of a panel stay visible (settings, teams, tags).
    expect(mine.body.activity.some((e: Json) => e.Action === "Settings Updated")).toBe(true);

    const all = await api("GET", `/api/${G}/activity?per_page=100`, admin);
    expect(ticketIdsIn(all.body.activity)).toContain(billingTicket);
    const hidden = all.body.activity.find((e: Json) => ticketIdsIn([e])[0] === billingTicket)!;
    expect((await api("GET", `/api/${G}/activity/${hidden.ActivityId}`, staff)).status).toBe(404);
    expect((await api("GET", `/api/${G}/activity/${hidden.ActivityId}`, admin)).status).toBe(200);

    const csv = await api("GET", `/api/${G}/activity.csv`, staff);
    expect(csv.status).toBe(200);
    expect(csv.text).not.toContain("Refund of invoice 4411");
    expect(csv.text).toContain("Answered");
  });

  it("without the setting, staff see everything again", async () => {
    await saveSettings({ TranscriptsPanelPermission: false });
    try {
      expect(ticketIdsIn((await api("GET", `/api/${G}/activity?per_page=100`, staff)).body.activity)).toContain(billingTicket);
      const stats = await api("GET", `/api/${G}/statistics?from=${today()}&to=${today()}&tz=UTC`, staff);
      expect(stats.body.totals).toEqual(plus(before.all, 2));
    } finally {
      await saveSettings({ TranscriptsPanelPermission: true });
    }
  });

  it("migration 021 gives entries written before it the panel of the ticket or transcript they name", async () => {
    const { handle, close } = await createTestDatabase();
    const db = handle.db;
    try {
      await migrateToLatest(handle, "020_bot_problems");
      const ticket = (number: number, panel: number | null) => ({
        guild_id: G,
        number,
        panel_id: panel,
        panel_name: "p",
        opener_id: "1",
        opener_name: "a",
        subject: null,
        status: "closed",
        channel_id: null,
        claimed_by: null,
        claimed_by_name: null,
        form_answers_json: null,
        opened_at: 0,
        last_activity_at: 0,
        first_response_at: null,
        closed_at: 1,
        closed_by: "1",
        closed_by_name: "a",
        close_reason: "r",
        rating: null,
        response_ms: null,
        resolution_ms: 1,
      });
      await db
        .insertInto("tickets")
        .values([ticket(1, 7), ticket(2, null)])
        .execute();
      await db
        .insertInto("transcripts")
        .values({
          guild_id: G,
          ticket_id: 3,
          author_id: "1",
          author_username: "a",
          close_reason: null,
          panel_id: 9,
          panel_name: "p",
          rating: null,
          closed_at: 0,
          message_count: 1,
          body_enc: new Uint8Array([1]),
          iv: new Uint8Array(12),
          tag: new Uint8Array(16),
          created_at: 0,
        })
        .execute();
      const entry = (action: string, after: unknown, before: unknown = null) => ({
        guild_id: G,
        user_id: "1",
        username: "a",
        avatar: null,
        action,
        ip: "",
        timestamp: 0,
        before_json: before === null ? null : JSON.stringify(before),
        after_json: after === null ? null : JSON.stringify(after),
      });
      await db
        .insertInto("activity")
        .values([
          entry("Ticket Closed", { TicketId: 1, CloseReason: "secret" }),
          entry("Ticket Claimed", { TicketId: 2 }),
          entry("Transcript Viewed", { TicketId: 3 }),
          entry("Ticket Member Removed", null, { TicketId: 1 }),
          entry("Ticket Renamed", { TicketId: 99 }),
          entry("Tag Created", { TagName: "x" }),
        ])
        .execute();
      await migrateToLatest(handle);
      const rows = await db.selectFrom("activity").select(["action", "scope_panel_id"]).orderBy("id").execute();
      expect(rows.map((r) => [r.action, r.scope_panel_id === null ? null : Number(r.scope_panel_id)])).toEqual([
        ["Ticket Closed", 7],
        ["Ticket Claimed", 0],
        ["Transcript Viewed", 9],
        ["Ticket Member Removed", 7],
        ["Ticket Renamed", 0],
        ["Tag Created", null],
      ]);
    } finally {
      await close();
    }
  });
});
