import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { recount, rollupFacets } from "../../../server/db/migrations/017_statistics_rollups";
import { guildStatistics } from "../../../server/statistics/figures";
import { type TestApp, DEMO_ADMIN_ID, DEMO_COMMUNITY_ID, bearer, createTestApp } from "../helpers";

// GET /{guildId}/statistics on a fixture of tickets with known times (docs/ticket-engine.md, "Statistics"):
// calendar days of Europe/Madrid (UTC+1 in January), a ticket at 23:59 and one at 00:00 on each edge, medians and
// 90th percentiles by nearest rank, per panel and per staff member. The same figures on SQLite and PostgreSQL.

const G = DEMO_COMMUNITY_ID;
const at = (iso: string) => Date.parse(iso);
const A = "700000000000000010";
const B = "700000000000000020";

interface Fixture {
  number: number;
  panel: [number, string];
  opened: string;
  closed?: string;
  response?: number;
  claimedBy?: [string, string];
  closedBy?: [string, string];
  rating?: number;
}

const fixture: Fixture[] = [
  // 23:59 in Madrid the day before the range: opened outside, closed inside (day 1).
  {
    number: 1,
    panel: [901, "Sales"],
    opened: "2026-01-09T22:59:00Z",
    closed: "2026-01-10T10:00:00Z",
    response: 60_000,
    claimedBy: [A, "Alice"],
    closedBy: [A, "Alice"],
    rating: 5,
  },
  // 00:00 in Madrid on the first day: inside.
  {
    number: 2,
    panel: [901, "Sales"],
    opened: "2026-01-09T23:00:00Z",
    closed: "2026-01-11T12:00:00Z",
    response: 120_000,
    claimedBy: [B, "Bob"],
    closedBy: [A, "Alice"],
    rating: 3,
  },
  // Closed at 23:59 in Madrid on the last day: inside; unclaimed, so its staff member is its closer.
  {
    number: 3,
    panel: [902, "Tech"],
    opened: "2026-01-11T08:00:00Z",
    closed: "2026-01-12T22:59:00Z",
    response: 300_000,
    closedBy: [B, "Bob"],
  },
  // 00:00 in Madrid the day after: outside; still open.
  { number: 4, panel: [902, "Tech"], opened: "2026-01-12T23:00:00Z" },
  { number: 5, panel: [901, "Sales"], opened: "2026-01-12T10:00:00Z", claimedBy: [A, "Alice"] },
];

let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await createTestApp();
  token = await t.signIn(DEMO_ADMIN_ID);
  await t.db.deleteFrom("tickets").execute();
  for (const f of fixture) {
    const opened = at(f.opened);
    const closed = f.closed ? at(f.closed) : null;
    await t.db
      .insertInto("tickets")
      .values({
        guild_id: G,
        number: f.number,
        panel_id: f.panel[0],
        panel_name: f.panel[1],
        opener_id: "700000000000000099",
        opener_name: "Opener",
        subject: null,
        status: closed ? "closed" : "open",
        channel_id: closed ? null : `80000000000000000${f.number}`,
        claimed_by: f.claimedBy?.[0] ?? null,
        claimed_by_name: f.claimedBy?.[1] ?? null,
        form_answers_json: null,
        opened_at: opened,
        last_activity_at: closed ?? opened,
        first_response_at: f.response ? opened + f.response : null,
        closed_at: closed,
        closed_by: f.closedBy?.[0] ?? null,
        closed_by_name: f.closedBy?.[1] ?? null,
        close_reason: null,
        rating: f.rating ?? null,
        response_ms: f.response ?? null,
        resolution_ms: closed ? closed - opened : null,
      })
      .execute();
  }
});
afterAll(async () => {
  await t?.close();
});

const get = (query: string) => t.app.inject({ method: "GET", url: `/api/${G}/statistics?${query}`, headers: bearer(token) });

describe("GET /{guildId}/statistics", () => {
  it("counts, medians, percentiles, ratings, panels and staff with exact figures in the requested time zone", async () => {
    const res = await get("from=2026-01-10&to=2026-01-12&tz=Europe/Madrid");
    expect(res.statusCode, res.body).toBe(200);
    const hour = 3_600_000;
    expect(res.json()).toEqual({
      from: "2026-01-10",
      to: "2026-01-12",
      tz: "Europe/Madrid",
      days: [
        { date: "2026-01-10", opened: 1, closed: 1 },
        { date: "2026-01-11", opened: 1, closed: 1 },
        { date: "2026-01-12", opened: 1, closed: 1 },
      ],
      totals: { opened: 3, closed: 3 },
      open_now: 2,
      first_response: { count: 3, median_ms: 120_000, p90_ms: 300_000 },
      resolution: { count: 3, median_ms: 37 * hour, p90_ms: 38 * hour + 59 * 60_000 },
      ratings: { count: 2, average: 4, distribution: [0, 0, 1, 0, 1] },
      panels: [
        { PanelId: 901, PanelName: "Sales", opened: 2, median_response_ms: 60_000 },
        { PanelId: 902, PanelName: "Tech", opened: 1, median_response_ms: 300_000 },
      ],
      staff: [
        { UserId: A, Username: "Alice", claimed: 1, closed: 2, median_response_ms: 60_000, average_rating: 5 },
        { UserId: B, Username: "Bob", claimed: 1, closed: 1, median_response_ms: 120_000, average_rating: 3 },
      ],
      suggestions: { answered: 0, panels: [], tags: [] },
    });
  });

  it("in UTC the same tickets fall on other days", async () => {
    const res = await get("from=2026-01-10&to=2026-01-12&tz=UTC");
    expect(res.json().days).toEqual([
      { date: "2026-01-10", opened: 0, closed: 1 },
      { date: "2026-01-11", opened: 1, closed: 1 },
      // Ticket 4 (23:00 UTC) is the 12th here, the 13th in Madrid.
      { date: "2026-01-12", opened: 2, closed: 1 },
    ]);
  });

  it("an empty range has nulls, not zeros, for times and ratings", async () => {
    const res = await get("from=2025-06-01&to=2025-06-01");
    expect(res.json()).toMatchObject({
      totals: { opened: 0, closed: 0 },
      first_response: { count: 0, median_ms: null, p90_ms: null },
      ratings: { average: null },
    });
  });

  it("walking the value-ordered indexes and sorting the range's rows give the same figures", async () => {
    // The API picks by the range's share of the guild's tickets; both ways are exact (nearest rank) on any range.
    for (const q of [
      { from: "2026-01-10", to: "2026-01-12", tz: "Europe/Madrid" },
      { from: "2026-01-10", to: "2026-01-12", tz: "UTC" },
      { from: "2026-01-11", to: "2026-01-11", tz: "Asia/Kolkata" },
      { from: "2026-01-12", to: "2026-01-13", tz: "America/New_York" },
      { from: "2025-06-01", to: "2025-06-01", tz: "UTC" },
    ]) {
      const walked = await guildStatistics(t.db, G, q, { strategy: "walk" });
      const sorted = await guildStatistics(t.db, G, q, { strategy: "sort" });
      expect(walked, JSON.stringify(q)).toEqual(sorted);
      expect(await guildStatistics(t.db, G, q, { rollups: false }), JSON.stringify(q)).toEqual(sorted);
      expect(await guildStatistics(t.db, G, q), JSON.stringify(q)).toEqual(sorted);
    }
    const madrid = await guildStatistics(t.db, G, { from: "2026-01-10", to: "2026-01-12", tz: "Europe/Madrid" }, { strategy: "walk" });
    expect(madrid.first_response).toEqual({ count: 3, median_ms: 120_000, p90_ms: 300_000 });
    expect(madrid.staff.map((s) => [s.Username, s.median_response_ms])).toEqual([
      ["Alice", 60_000],
      ["Bob", 120_000],
    ]);
  });

  it("nearest rank over ties: 11 responses, median the 6th value, 90th percentile the 10th, both ways", async () => {
    const other = "870000000000000777";
    const minutes = [5, 1, 3, 3, 9, 7, 3, 10, 2, 8, 6];
    const closedAt = at("2026-02-02T12:00:00Z");
    await t.db
      .insertInto("tickets")
      .values(
        minutes.map((m, i) => ({
          guild_id: other,
          number: i + 1,
          panel_id: 1,
          panel_name: "P",
          opener_id: "700000000000000099",
          opener_name: "Opener",
          subject: null,
          status: "closed",
          channel_id: null,
          claimed_by: i % 2 ? A : null,
          claimed_by_name: i % 2 ? "Alice" : null,
          form_answers_json: null,
          opened_at: closedAt - 3_600_000,
          last_activity_at: closedAt,
          first_response_at: closedAt - 3_600_000 + m * 60_000,
          closed_at: closedAt,
          closed_by: B,
          closed_by_name: "Bob",
          close_reason: null,
          rating: null,
          response_ms: m * 60_000,
          resolution_ms: 3_600_000,
        })),
      )
      .execute();
    const q = { from: "2026-02-02", to: "2026-02-02", tz: "UTC" };
    for (const strategy of ["walk", "sort"] as const) {
      const s = await guildStatistics(t.db, other, q, { strategy });
      expect(s.first_response, strategy).toEqual({ count: 11, median_ms: 5 * 60_000, p90_ms: 9 * 60_000 });
      // Alice claimed the odd ones (1, 3, 7, 10, 8 → median 7); Bob closed the even ones unclaimed (5, 3, 9, 3, 2, 6 → 3).
      expect(
        s.staff.map((m) => [m.Username, m.claimed, m.closed, m.median_response_ms]),
        strategy,
      ).toEqual([
        ["Bob", 0, 11, 3 * 60_000],
        ["Alice", 5, 0, 7 * 60_000],
      ]);
      expect(s.panels, strategy).toEqual([{ PanelId: 1, PanelName: "P", opened: 11, median_response_ms: 5 * 60_000 }]);
    }
  });

  it("refuses a reversed range, a range over 366 days and an unknown time zone with 400", async () => {
    expect((await get("from=2026-01-12&to=2026-01-10")).statusCode).toBe(400);
    expect((await get("from=2024-01-01&to=2026-01-10")).statusCode).toBe(400);
    expect((await get("from=2026-01-10&to=2026-01-12&tz=Mars/Olympus")).statusCode).toBe(400);
  });
});

describe("running totals (migration 017)", () => {
  // Every write to tickets, by whatever path, keeps ticket_rollups equal to the totals counted afresh from the
  // tickets; and the statistics read from them equal those read from the tickets alone.
  const guild = "870000000000000555";
  const staff: [string, string][] = [
    ["700000000000000031", "Carol"],
    ["700000000000000032", "Dan"],
    ["700000000000000033", "Eve"],
  ];
  const base = at("2026-03-01T00:00:00Z");

  const rollupRows = async () =>
    (await t.db.selectFrom("ticket_rollups").selectAll().where("guild_id", "=", guild).execute())
      .map(({ name: _name, ...r }) => ({
        ...r,
        bucket: Number(r.bucket),
        n: Number(r.n),
        responded: Number(r.responded),
        resolved: Number(r.resolved),
        rating_sum: Number(r.rating_sum),
        rated: Number(r.rated),
      }))
      .sort((a, b) => `${a.facet}|${a.bucket}|${a.item}`.localeCompare(`${b.facet}|${b.bucket}|${b.item}`));
  const recounted = async () => {
    const rows = [];
    for (const f of rollupFacets) rows.push(...(await recount(f).execute(t.db)).rows.filter((r) => r.guild_id === guild));
    return rows
      .map(({ name: _name, ...r }) => ({
        ...r,
        bucket: Number(r.bucket),
        n: Number(r.n),
        responded: Number(r.responded),
        resolved: Number(r.resolved),
        rating_sum: Number(r.rating_sum),
        rated: Number(r.rated),
      }))
      .sort((a, b) => `${a.facet}|${a.bucket}|${a.item}`.localeCompare(`${b.facet}|${b.bucket}|${b.item}`));
  };

  it("stay equal to the tickets through opens, claims, closes, ratings, reopened figures and deletions", async () => {
    // 60 tickets over 20 days, every 8 hours and a few minutes, opened then (most) claimed, closed and rated.
    for (let i = 0; i < 60; i++) {
      const opened = base + i * 8 * 3_600_000 + i * 7 * 60_000;
      await t.db
        .insertInto("tickets")
        .values({
          guild_id: guild,
          number: i + 1,
          panel_id: i % 4 === 3 ? null : (i % 3) + 1,
          panel_name: `Panel ${i % 3}`,
          opener_id: "700000000000000099",
          opener_name: "Opener",
          subject: null,
          status: "opening",
          channel_id: null,
          claimed_by: null,
          claimed_by_name: null,
          form_answers_json: null,
          opened_at: opened,
          last_activity_at: opened,
          first_response_at: null,
          closed_at: null,
          closed_by: null,
          closed_by_name: null,
          close_reason: null,
          rating: null,
          response_ms: null,
          resolution_ms: null,
        })
        .execute();
    }
    const tickets = await t.db
      .selectFrom("tickets")
      .select(["id", "number", "opened_at"])
      .where("guild_id", "=", guild)
      .orderBy("number")
      .execute();
    for (const row of tickets) {
      const i = row.number - 1;
      const opened = Number(row.opened_at);
      const [who, whoName] = staff[i % 3]!;
      await t.db
        .updateTable("tickets")
        .set({ status: "open", channel_id: `80000000000000${String(i).padStart(4, "0")}` })
        .where("id", "=", row.id)
        .execute();
      // Activity only: no total changes (and no trigger work: the columns it sets are not read).
      await t.db
        .updateTable("tickets")
        .set({ last_activity_at: opened + 60_000 })
        .where("id", "=", row.id)
        .execute();
      if (i % 5 !== 0)
        await t.db.updateTable("tickets").set({ claimed_by: who, claimed_by_name: whoName }).where("id", "=", row.id).execute();
      if (i % 7 === 1)
        await t.db.updateTable("tickets").set({ claimed_by: null, claimed_by_name: null }).where("id", "=", row.id).execute();
      if (i % 6 === 5) continue; // still open
      const response = i % 9 === 4 ? null : (((i * 13) % 50) + 1) * 60_000;
      const closedAt = opened + (((i * 5) % 30) + 1) * 3_600_000;
      await t.db
        .updateTable("tickets")
        .set({
          status: "closed",
          closed_at: closedAt,
          closed_by: staff[(i + 1) % 3]![0],
          closed_by_name: staff[(i + 1) % 3]![1],
          response_ms: response,
          resolution_ms: closedAt - opened,
          first_response_at: response === null ? null : opened + response,
        })
        .where("id", "=", row.id)
        .execute();
      if (i % 2)
        await t.db
          .updateTable("tickets")
          .set({ rating: (i % 5) + 1 })
          .where("id", "=", row.id)
          .execute();
    }
    // A rating corrected, a closed ticket's figures rewritten, two tickets deleted (one open, one closed).
    await t.db.updateTable("tickets").set({ rating: 2 }).where("guild_id", "=", guild).where("number", "=", 2).execute();
    await t.db
      .updateTable("tickets")
      .set({ panel_id: 3, panel_name: "Renamed", response_ms: 5_000 })
      .where("guild_id", "=", guild)
      .where("number", "=", 3)
      .execute();
    await t.db.deleteFrom("tickets").where("guild_id", "=", guild).where("number", "in", [6, 8]).execute();

    const rows = await rollupRows();
    expect(rows.length).toBeGreaterThan(100);
    expect(rows).toEqual(await recounted());
    // No row is left at zero.
    expect(rows.filter((r) => r.n <= 0)).toEqual([]);

    for (const q of [
      { from: "2026-03-01", to: "2026-03-25", tz: "UTC" },
      { from: "2026-03-02", to: "2026-03-20", tz: "Europe/Madrid" },
      { from: "2026-03-03", to: "2026-03-11", tz: "Asia/Kathmandu" },
      { from: "2026-03-05", to: "2026-03-19", tz: "America/St_Johns" },
      { from: "2026-03-07", to: "2026-03-08", tz: "Pacific/Chatham" },
      { from: "2026-03-10", to: "2026-03-10", tz: "America/Los_Angeles" },
    ]) {
      const fromTickets = await guildStatistics(t.db, guild, q, { rollups: false, strategy: "sort" });
      expect(fromTickets.totals.closed, JSON.stringify(q)).toBeGreaterThan(0);
      expect(await guildStatistics(t.db, guild, q), JSON.stringify(q)).toEqual(fromTickets);
    }
  });
});
