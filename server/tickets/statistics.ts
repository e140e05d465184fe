import { sql } from "kysely";
import type { DurationStats, StatisticsQuery, StatisticsResponse } from "../../src/schemas/statistics";
import type { Db } from "../db/schema";

// Ticket statistics of a guild over calendar days of a time zone (docs/ticket-engine.md, "Statistics"). Everything
// is aggregated in SQL — counts per 15-minute slot (so any zone's day boundary, DST included, falls on a slot edge),
// medians and 90th percentiles by nearest rank with window functions — on SQLite and PostgreSQL alike. Response and
// resolution times were stored at close, so nothing re-reads messages.

const DAY_MS = 86_400_000;
const SLOT_MS = 15 * 60_000;

/** The zone's offset from UTC (ms) at an instant. */
function zoneOffset(at: number, tz: string): number {
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone: tz, hourCycle: "h23", year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", second: "2-digit",
  }).formatToParts(new Date(at));
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const asUtc = Date.UTC(get("year"), get("month") - 1, get("day"), get("hour"), get("minute"), get("second"));
  return asUtc - Math.floor(at / 1000) * 1000;
}

/** The instant a calendar day (YYYY-MM-DD) starts in a zone. */
export function dayStart(date: string, tz: string): number {
  const [y, m, d] = date.split("-").map(Number);
  const guess = Date.UTC(y, m - 1, d);
  let start = guess - zoneOffset(guess, tz);
  // Across a DST change the offset at the guess and at the real start differ: correct once more.
  start = guess - zoneOffset(start, tz);
  return start;
}

const nextDate = (date: string) => new Date(Date.parse(`${date}T00:00:00Z`) + DAY_MS).toISOString().slice(0, 10);

/** Every date from `from` to `to`, both included. */
export function datesBetween(from: string, to: string): string[] {
  const out: string[] = [];
  for (let d = from; d <= to && out.length <= 400; d = nextDate(d)) out.push(d);
  return out;
}

const toNumber = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));

/** Nearest-rank median and p90 of a column over the guild's tickets closed in [start, end), optionally per group. */
function durationStatsQuery(column: "response_ms" | "resolution_ms", groupBy: "none" | "panel" | "staff") {
  const partition =
    groupBy === "panel" ? sql`partition by panel_id` : groupBy === "staff" ? sql`partition by coalesce(claimed_by, closed_by)` : sql``;
  const key = groupBy === "panel" ? sql`panel_id` : groupBy === "staff" ? sql`coalesce(claimed_by, closed_by)` : sql`0`;
  return (db: Db, guildId: string, start: number, end: number) =>
    sql<{ k: string | number | null; n: number; median: number | null; p90: number | null }>`
      with ranked as (
        select ${key} as k, ${sql.ref(column)} as v,
               row_number() over (${partition} order by ${sql.ref(column)}) as rn,
               count(*) over (${partition}) as n
        from tickets
        where guild_id = ${guildId} and status = 'closed' and closed_at >= ${start} and closed_at < ${end} and ${sql.ref(column)} is not null
      )
      select k, max(n) as n, min(case when rn * 2 >= n then v end) as median, min(case when rn * 10 >= n * 9 then v end) as p90
      from ranked group by k`.execute(db);
}

const responseOverall = durationStatsQuery("response_ms", "none");
const resolutionOverall = durationStatsQuery("resolution_ms", "none");
const responsePerPanel = durationStatsQuery("response_ms", "panel");
const responsePerStaff = durationStatsQuery("response_ms", "staff");

const durationOf = (row: { n: number; median: number | null; p90: number | null } | undefined): DurationStats => ({
  count: row ? Number(row.n) : 0,
  median_ms: toNumber(row?.median),
  p90_ms: toNumber(row?.p90),
});

export async function guildStatistics(db: Db, guildId: string, q: Pick<StatisticsQuery, "from" | "to" | "tz">): Promise<StatisticsResponse> {
  const dates = datesBetween(q.from, q.to);
  const starts = dates.map((d) => dayStart(d, q.tz));
  const start = starts[0] ?? dayStart(q.from, q.tz);
  const end = dayStart(nextDate(dates[dates.length - 1] ?? q.to), q.tz);

  const slot = (column: "opened_at" | "closed_at") => sql<{ slot: number; n: number }>`
    select ${sql.ref(column)} / ${sql.lit(SLOT_MS)} as slot, count(*) as n from tickets
    where guild_id = ${guildId} and ${sql.ref(column)} >= ${start} and ${sql.ref(column)} < ${end}
    group by ${sql.ref(column)} / ${sql.lit(SLOT_MS)}`;

  const [openedSlots, closedSlots, openNow, ratings, response, resolution, panels, panelResponse, staffRows, staffResponse, claimedRows, closedRows] =
    await Promise.all([
      slot("opened_at").execute(db),
      sql<{ slot: number; n: number }>`
        select closed_at / ${sql.lit(SLOT_MS)} as slot, count(*) as n from tickets
        where guild_id = ${guildId} and status = 'closed' and closed_at >= ${start} and closed_at < ${end}
        group by closed_at / ${sql.lit(SLOT_MS)}`.execute(db),
      db.selectFrom("tickets").select((eb) => eb.fn.countAll<number>().as("n")).where("guild_id", "=", guildId).where("status", "in", ["open", "closing"]).executeTakeFirstOrThrow(),
      sql<{ rating: number; n: number }>`
        select rating, count(*) as n from tickets
        where guild_id = ${guildId} and status = 'closed' and closed_at >= ${start} and closed_at < ${end} and rating is not null
        group by rating`.execute(db),
      responseOverall(db, guildId, start, end),
      resolutionOverall(db, guildId, start, end),
      sql<{ panel_id: number | null; panel_name: string; n: number }>`
        select panel_id, max(panel_name) as panel_name, count(*) as n from tickets
        where guild_id = ${guildId} and opened_at >= ${start} and opened_at < ${end}
        group by panel_id`.execute(db),
      responsePerPanel(db, guildId, start, end),
      sql<{ u: string; name: string; n: number; rating_sum: number | null; rated: number }>`
        select coalesce(claimed_by, closed_by) as u, max(coalesce(claimed_by_name, closed_by_name)) as name, count(*) as n,
               sum(rating) as rating_sum, count(rating) as rated
        from tickets
        where guild_id = ${guildId} and status = 'closed' and closed_at >= ${start} and closed_at < ${end} and coalesce(claimed_by, closed_by) is not null
        group by coalesce(claimed_by, closed_by)`.execute(db),
      responsePerStaff(db, guildId, start, end),
      sql<{ u: string; n: number }>`
        select claimed_by as u, count(*) as n from tickets
        where guild_id = ${guildId} and status = 'closed' and closed_at >= ${start} and closed_at < ${end} and claimed_by is not null
        group by claimed_by`.execute(db),
      sql<{ u: string; n: number }>`
        select closed_by as u, count(*) as n from tickets
        where guild_id = ${guildId} and status = 'closed' and closed_at >= ${start} and closed_at < ${end} and closed_by is not null
        group by closed_by`.execute(db),
    ]);

  // A slot belongs to the last day starting at or before it (day starts fall on slot edges: zones are whole 15 min).
  const perDay = (slots: { slot: number; n: number }[]) => {
    const counts = new Array<number>(dates.length).fill(0);
    for (const s of slots) {
      const at = Number(s.slot) * SLOT_MS;
      let lo = 0;
      let hi = starts.length - 1;
      while (lo < hi) {
        const mid = (lo + hi + 1) >> 1;
        if (starts[mid] <= at) lo = mid;
        else hi = mid - 1;
      }
      counts[lo] += Number(s.n);
    }
    return counts;
  };
  const opened = perDay(openedSlots.rows);
  const closed = perDay(closedSlots.rows);

  const distribution = [0, 0, 0, 0, 0];
  let ratingSum = 0;
  let ratingCount = 0;
  for (const r of ratings.rows) {
    const rating = Number(r.rating);
    if (rating >= 1 && rating <= 5) {
      distribution[rating - 1] += Number(r.n);
      ratingSum += rating * Number(r.n);
      ratingCount += Number(r.n);
    }
  }

  const panelMedian = new Map(panelResponse.rows.map((r) => [r.k === null ? null : Number(r.k), toNumber(r.median)]));
  const staffMedian = new Map(staffResponse.rows.map((r) => [String(r.k), toNumber(r.median)]));
  const claimed = new Map(claimedRows.rows.map((r) => [r.u, Number(r.n)]));
  const closers = new Map(closedRows.rows.map((r) => [r.u, Number(r.n)]));
  const round2 = (n: number) => Math.round(n * 100) / 100;

  return {
    from: q.from,
    to: q.to,
    tz: q.tz,
    days: dates.map((date, i) => ({ date, opened: opened[i], closed: closed[i] })),
    totals: { opened: opened.reduce((a, b) => a + b, 0), closed: closed.reduce((a, b) => a + b, 0) },
    open_now: Number(openNow.n),
    first_response: durationOf(response.rows[0]),
    resolution: durationOf(resolution.rows[0]),
    ratings: { count: ratingCount, average: ratingCount ? round2(ratingSum / ratingCount) : null, distribution },
    panels: panels.rows
      .map((p) => {
        const id = p.panel_id === null ? null : Number(p.panel_id);
        return { PanelId: id, PanelName: p.panel_name, opened: Number(p.n), median_response_ms: panelMedian.get(id) ?? null };
      })
      .sort((a, b) => b.opened - a.opened || a.PanelName.localeCompare(b.PanelName)),
    staff: staffRows.rows
      .map((s) => ({
        UserId: s.u,
        Username: s.name,
        claimed: claimed.get(s.u) ?? 0,
        closed: closers.get(s.u) ?? 0,
        median_response_ms: staffMedian.get(s.u) ?? null,
        average_rating: Number(s.rated) ? round2(Number(s.rating_sum) / Number(s.rated)) : null,
      }))
      .sort((a, b) => b.closed + b.claimed - (a.closed + a.claimed) || a.Username.localeCompare(b.Username)),
  };
}

const minutes = (ms: number | null) => (ms === null ? "—" : ms < 3_600_000 ? `${Math.round(ms / 60_000)} min` : `${(ms / 3_600_000).toFixed(1)} h`);

/** /stats in Discord: the same figures as the Statistics screen, in a few lines. */
export function statisticsSummary(s: StatisticsResponse): string {
  return [
    `Tickets ${s.from} – ${s.to} (UTC): ${s.totals.opened} opened, ${s.totals.closed} closed, ${s.open_now} open now.`,
    `First response: median ${minutes(s.first_response.median_ms)}, 90th percentile ${minutes(s.first_response.p90_ms)}.`,
    `Resolution: median ${minutes(s.resolution.median_ms)}.`,
    `Rating: ${s.ratings.average === null ? "no ratings yet" : `${s.ratings.average} / 5 from ${s.ratings.count}`}.`,
  ].join("\n");
}
