import type { KyselyPlugin, PluginTransformQueryArgs, PluginTransformResultArgs, QueryResult, RootOperationNode, UnknownRow } from "kysely";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { recordActivityOf } from "../../../server/activity/record";
import { migrateToLatest } from "../../../server/db/client";
import { HelpDesk } from "../../../server/helpdesk/service";
import { findTicket, type TicketRow } from "../../../server/tickets/store";
import { ticketActions } from "../../../server/tickets/step";
import { helpdeskActions } from "../../../server/helpdesk/triage";
import { WAITING_PER_GUILD, sweepWaitingTickets } from "../../../server/helpdesk/waiting";
import { priorityFigures } from "../../../server/statistics/priorities";
import { type TestApp, DEMO_ADMIN_ID, DEMO_COMMUNITY_ID, GAMING_HUB_ID, bearer, createTestApp, createTestDatabase } from "../helpers";

// One server's tickets must not slow or starve another's: the ticket page finds a ticket's activity through an
// indexed column (not a pattern over every entry since it opened), the waiting-alert sweep takes only due tickets in
// a fair share per server, and the per-priority statistics read a handful of rows however long the range is.

const G = DEMO_COMMUNITY_ID;
const GH = GAMING_HUB_ID;
/** A server with nothing seeded: its figures are exactly what a test writes. */
const QUIET = "890000000000000001";
const ALERTS = "812345678901234714";
let t: TestApp;
let admin: string;

type Json = Record<string, any>;
const api = async (method: "GET" | "PUT", url: string, payload?: unknown) => {
  const res = await t.app.inject({ method, url, headers: bearer(admin), ...(payload === undefined ? {} : { payload: payload as Json }) });
  return { status: res.statusCode, body: res.body ? (res.json() as Json) : {} };
};
const saveSettings = async (guildId: string, patch: Json) => {
  const current = await api("GET", `/api/${guildId}/settings`);
  const res = await api("PUT", `/api/${guildId}/settings`, { ...patch, Revision: current.body.Revision });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
};

let nextNumber = 7000;
/** An open ticket as the engine leaves it, without a first response. */
const ticketValues = (guildId: string, openedAt: number, extra: Json = {}) => {
  const number = nextNumber++;
  return {
    guild_id: guildId,
    number,
    panel_id: null,
    panel_name: "Unknown",
    opener_id: DEMO_ADMIN_ID,
    opener_name: "Demo Admin",
    subject: null,
    status: "open",
    channel_id: `77${String(number).padStart(16, "0")}`,
    claimed_by: null,
    claimed_by_name: null,
    form_answers_json: null,
    opened_at: openedAt,
    last_activity_at: openedAt,
    first_response_at: null,
    closed_at: null,
    closed_by: null,
    closed_by_name: null,
    close_reason: null,
    rating: null,
    response_ms: null,
    resolution_ms: null,
    ...extra,
  };
};
const ticket = (guildId: string, openedAt: number, extra: Json = {}): Promise<TicketRow> =>
  t.db
    .insertInto("tickets")
    .values(ticketValues(guildId, openedAt, extra))
    .returningAll()
    .executeTakeFirstOrThrow();

/** A single panel of the server, copied from its General Support panel with its own waiting alert (null: the server's). */
async function panelWithAlert(guildId: string, minutes: number | null): Promise<number> {
  const base = await t.db
    .selectFrom("panels")
    .selectAll()
    .where("guild_id", "=", guildId)
    .where("kind", "=", "single")
    .orderBy("id")
    .executeTakeFirstOrThrow();
  const { id: _id, ...rest } = base;
  const data = { ...(JSON.parse(base.data_json) as Json), WaitingAlertMinutes: minutes };
  const row = await t.db
    .insertInto("panels")
    .values({ ...rest, name: `Alert ${minutes}`, message_id: null, data_json: JSON.stringify(data) })
    .returning("id")
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signIn(DEMO_ADMIN_ID);
});
afterAll(async () => {
  await t?.close();
});

describe("the ticket page's activity", () => {
  it("is found through the indexed ticket number every entry about a ticket carries, and only that ticket's", async () => {
    const row = await ticket(QUIET, Date.now() - 60_000);
    const n = row.number;
    const actor = { id: DEMO_ADMIN_ID, username: "Demo Admin", avatar: null, ip: "127.0.0.1" };
    const write = (action: string, before: unknown, after: unknown) =>
      recordActivityOf(t.db, actor, { guildId: QUIET, action, before, after });
    // Tickets whose numbers start with n's digits or continue them: n0, n1, and n's own first digits.
    await write(ticketActions.opened, undefined, { TicketId: n, PanelName: "Unknown", Subject: null });
    await write(ticketActions.opened, undefined, { TicketId: n * 10, PanelName: "Unknown", Subject: null });
    await write(ticketActions.claimed, { TicketId: n * 10 + 1, ClaimedBy: null }, { TicketId: n * 10 + 1, ClaimedBy: "Demo Admin" });
    await write(ticketActions.renamed, { TicketId: Math.floor(n / 10) }, { TicketId: Math.floor(n / 10), Channel: "x" });
    await write(ticketActions.memberRemoved, { TicketId: n }, undefined);
    await write(helpdeskActions.triaged, { TicketId: n, Priority: "normal" }, { TicketId: n, Priority: "high" });
    await write("Tag Created", undefined, { TagName: `tag-${n}` });

    const rows = await t.db
      .selectFrom("activity")
      .select(["action", "ticket_id", "after_json", "before_json"])
      .where("guild_id", "=", QUIET)
      .orderBy("id")
      .execute();
    expect(rows.map((r) => [r.action, r.ticket_id === null ? null : Number(r.ticket_id)])).toEqual([
      [ticketActions.opened, n],
      [ticketActions.opened, n * 10],
      [ticketActions.claimed, n * 10 + 1],
      [ticketActions.renamed, Math.floor(n / 10)],
      [ticketActions.memberRemoved, n],
      [helpdeskActions.triaged, n],
      ["Tag Created", null],
    ]);

    // The page reads the column, not the JSON: with every entry's JSON emptied it still lists exactly n's entries.
    await t.db.updateTable("activity").set({ after_json: "{}", before_json: null }).where("guild_id", "=", QUIET).execute();
    const detail = await new HelpDesk(t.app.tickets.deps).detail((await findTicket(t.db, QUIET, n))!, {
      reply: false,
      note: false,
      act: false,
    });
    expect(detail.activity.map((a) => a.Action)).toEqual([helpdeskActions.triaged, ticketActions.memberRemoved, ticketActions.opened]);
  });

  it("migration 026 fills in the ticket number of the entries written before it, from their JSON", async () => {
    const { handle, close } = await createTestDatabase();
    const db = handle.db;
    try {
      await migrateToLatest(handle, "025_generated_count_triggers");
      const entry = (action: string, after: string | null, before: string | null = null) => ({
        guild_id: G,
        user_id: "1",
        username: "a",
        avatar: null,
        action,
        ip: "",
        timestamp: 0,
        before_json: before,
        after_json: after,
      });
      await db
        .insertInto("activity")
        .values([
          entry("Ticket Opened", JSON.stringify({ TicketId: 12, PanelName: "p" })),
          entry("Ticket Member Removed", null, JSON.stringify({ TicketId: 12 })),
          entry("Ticket Closed", JSON.stringify({ TicketId: 120, Status: "closed" })),
          entry("Ticket Claimed", JSON.stringify({ ClaimedBy: "a", TicketId: 121 })),
          entry("Ticket Renamed", '{"TicketId":5'),
          entry("Ticket Renamed", JSON.stringify({ Channel: '"TicketId":7,' })),
          entry("Ticket Renamed", JSON.stringify({ TicketId: "12" })),
          entry("Ticket Renamed", JSON.stringify({ TicketId: 3_000_000_000 })),
          entry("Ticket Renamed", JSON.stringify({ TicketId: -4 })),
          entry("Ticket Renamed", JSON.stringify({ TicketId: 12.5 })),
          entry("Ticket Renamed", JSON.stringify({ TicketId: 2_147_483_647 })),
          entry("Tag Created", JSON.stringify({ TagName: "x" })),
          entry("Tag Deleted", null),
        ])
        .execute();
      await migrateToLatest(handle);
      const rows = await db.selectFrom("activity").select(["ticket_id"]).orderBy("id").execute();
      expect(rows.map((r) => (r.ticket_id === null ? null : Number(r.ticket_id)))).toEqual([
        12,
        12,
        120,
        121,
        null,
        null,
        null,
        null,
        null,
        null,
        2_147_483_647,
        null,
        null,
      ]);
    } finally {
      await close();
    }
  });
});

describe("waiting-too-long alerts", () => {
  const MIN = 60_000;
  const T0 = 1_700_000_000_000;
  const alertedNumbers = async (guildId: string) =>
    (
      await t.db
        .selectFrom("tickets")
        .select("number")
        .where("guild_id", "=", guildId)
        .where("waiting_alert_at", "is not", null)
        .where("number", ">=", 7000)
        .orderBy("number")
        .execute()
    ).map((r) => r.number);

  beforeEach(async () => {
    await t.db.deleteFrom("tickets").where("number", ">=", 7000).execute();
    await saveSettings(G, { WaitingAlertMinutes: 5, WaitingAlertChannelId: ALERTS });
    await saveSettings(GH, { WaitingAlertMinutes: 5, WaitingAlertChannelId: null });
  });

  it("takes only due tickets: many older tickets of a panel whose alert is off hide none that is due", async () => {
    const off = await panelWithAlert(G, 0);
    const slow = await panelWithAlert(G, 60);
    for (let i = 0; i < WAITING_PER_GUILD + 3; i++) await ticket(G, T0 + i * 1000, { panel_id: off });
    await ticket(G, T0, { panel_id: slow }); // its panel's 60 minutes are not up
    const due = await ticket(G, T0 + 10 * MIN); // no panel: the server's 5 minutes
    expect(await sweepWaitingTickets(t.app.tickets.deps, T0 + 20 * MIN)).toBe(1);
    expect(await alertedNumbers(G)).toEqual([due.number]);
    const alert = await t.db
      .selectFrom("demo_messages")
      .select("content")
      .where("channel_id", "=", ALERTS)
      .where("content", "like", `%Ticket #${due.number} has waited%`)
      .execute();
    expect(alert).toHaveLength(1);
    // The panel's own minutes, once up, alert too; the panel whose alert is off never does.
    expect(await sweepWaitingTickets(t.app.tickets.deps, T0 + 61 * MIN)).toBe(1);
    expect((await alertedNumbers(G)).length).toBe(2);
  });

  it("takes each server's oldest due tickets, a fair share per sweep, in turns with the other servers", async () => {
    const mine = [];
    for (let i = 0; i < WAITING_PER_GUILD + 2; i++) mine.push(await ticket(G, T0 + i * 1000));
    const other = await ticket(GH, T0 + 60 * 1000);
    expect(await sweepWaitingTickets(t.app.tickets.deps, T0 + 10 * MIN)).toBe(WAITING_PER_GUILD + 1);
    expect(await alertedNumbers(G)).toEqual(mine.slice(0, WAITING_PER_GUILD).map((r) => r.number));
    expect(await alertedNumbers(GH)).toEqual([other.number]);
    expect(await sweepWaitingTickets(t.app.tickets.deps, T0 + 11 * MIN)).toBe(2);
    expect(await alertedNumbers(G)).toEqual(mine.map((r) => r.number));
  });
});

/** Counts the rows every query of a Kysely instance returns. */
class RowCounter implements KyselyPlugin {
  rows = 0;
  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    return args.node;
  }
  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    this.rows += args.result.rows.length;
    return args.result;
  }
}

describe("per-priority statistics", () => {
  it("give the same counts and medians, reading a handful of rows however many tickets closed in the range", async () => {
    const closed = (priority: string, response: number | null, closedAt = 5_000_000, panelId: number | null = null) =>
      ticket(QUIET, 1_000_000, {
        status: "closed",
        priority,
        response_ms: response,
        closed_at: closedAt,
        panel_id: panelId,
        resolution_ms: 1,
      });
    for (const ms of [300, 100, 200]) await closed("urgent", ms); // odd: the middle value
    for (const ms of [40, 10, 30, 21]) await closed("high", ms); // even: the mean of the two middle values, rounded
    await closed("high", 1, 9_000_000); // outside the range
    await closed("normal", null);
    await closed("normal", null);
    await closed("normal", 99_999, 5_000_000, 4242); // of a panel, which a limited staff member may see
    const low = Array.from({ length: 1000 }, (_, i) =>
      ticketValues(QUIET, 1_000_000, { status: "closed", priority: "low", response_ms: 1000 - i, closed_at: 5_000_000, resolution_ms: 1 }),
    );
    for (let i = 0; i < low.length; i += 200)
      await t.db
        .insertInto("tickets")
        .values(low.slice(i, i + 200))
        .execute();
    await ticket(QUIET, 1_000_000, { priority: "urgent" });

    const counter = new RowCounter();
    const db = t.db.withPlugin(counter);
    const figures = await priorityFigures(db, QUIET, 4_000_000, 6_000_000, "all");
    expect(figures).toEqual([
      { Priority: "urgent", Open: 1, Closed: 3, MedianResponseMs: 200 },
      { Priority: "high", Open: 0, Closed: 4, MedianResponseMs: 26 },
      { Priority: "normal", Open: 0, Closed: 3, MedianResponseMs: 99_999 },
      { Priority: "low", Open: 0, Closed: 1000, MedianResponseMs: 501 },
    ]);
    // Counts per priority and the one or two middle values of each: never the thousand closed tickets.
    expect(counter.rows).toBeLessThanOrEqual(12);
    // Limited to one panel: only its tickets count.
    expect(await priorityFigures(db, QUIET, 4_000_000, 6_000_000, [4242])).toEqual([
      { Priority: "urgent", Open: 0, Closed: 0, MedianResponseMs: null },
      { Priority: "high", Open: 0, Closed: 0, MedianResponseMs: null },
      { Priority: "normal", Open: 0, Closed: 1, MedianResponseMs: 99_999 },
      { Priority: "low", Open: 0, Closed: 0, MedianResponseMs: null },
    ]);
    expect((await priorityFigures(db, QUIET, 4_000_000, 6_000_000, [])).every((p) => p.Open === 0 && p.Closed === 0)).toBe(true);
  });
});
