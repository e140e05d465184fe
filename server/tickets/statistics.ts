import { sql } from "kysely";
import type { DurationStats, StatisticsQuery, StatisticsResponse } from "../../src/schemas/statistics";
import { dialectOf } from "../db/dialect";
import type { Db } from "../db/schema";

// Ticket statistics of a guild over calendar days of a time zone (docs/ticket-engine.md, "Statistics"). Everything
// is aggregated in SQL, on SQLite and PostgreSQL alike, from indexes built for it (migration 016): a count per day
// (each an index range), one grouped pass over the range's closed tickets for every count, rating and name, and
// medians and 90th percentiles by nearest rank as the k-th value of a value-ordered index. Response and resolution
// times were stored at close, so nothing re-reads messages.

const DAY_MS = 86_400_000;

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

/**
 * How medians and percentiles are found. "walk": the k-th value of an index in value order (reads k index entries,
 * no sort; the entries outside the range are skipped as they come, so it suits a range holding most of the guild's
 * history). "sort": window functions over the range's rows (a sort of just those rows; suits a short range of a
 * long history). "auto" picks by the range's share of the guild's tickets.
 */
export type PercentileStrategy = "auto" | "walk" | "sort";
/** "auto" walks when the range's closed tickets are at least this share of the guild's tickets ever. */
const WALK_SHARE = 1 / 8;

type ValueColumn = "response_ms" | "resolution_ms";
type Group = { by: "none" } | { by: "panel"; panelId: number | null } | { by: "staff"; userId: string };

/** Nearest rank (1-based) of the median and the 90th percentile of n values: the smallest r with r/n ≥ share. */
const medianRank = (n: number) => Math.ceil(n / 2);
const p90Rank = (n: number) => Math.ceil((n * 9) / 10);

const groupFilter = (group: Group) =>
  group.by === "panel"
    ? group.panelId === null
      ? sql`and panel_id is null`
      : sql`and panel_id = ${group.panelId}`
    : group.by === "staff"
      ? sql`and coalesce(claimed_by, closed_by) = ${group.userId}`
      : sql``;

// The value-ordered index each walk reads (migration 016). SQLite is told which; PostgreSQL's planner finds it.
const orderIndex = (column: ValueColumn, group: Group) =>
  column === "resolution_ms"
    ? "tickets_resolution_order"
    : group.by === "panel"
      ? "tickets_panel_response_order"
      : group.by === "staff"
        ? "tickets_staff_response_order"
        : "tickets_response_order";

interface Range {
  guildId: string;
  start: number;
  end: number;
}

/** The value at nearest rank `rank` of `n` values: walked from the nearer end of the value-ordered index. */
async function valueAtRank(db: Db, range: Range, column: ValueColumn, group: Group, n: number, rank: number): Promise<number | null> {
  if (n === 0) return null;
  const fromTop = n - rank < rank - 1;
  const indexed = dialectOf(db) === "sqlite" ? sql`indexed by ${sql.raw(orderIndex(column, group))}` : sql``;
  const { rows } = await sql<{ v: number }>`
    select ${sql.ref(column)} as v from tickets ${indexed}
    where guild_id = ${range.guildId} and status = 'closed' ${groupFilter(group)}
      and ${sql.ref(column)} is not null and closed_at >= ${range.start} and closed_at < ${range.end}
    order by ${sql.ref(column)} ${fromTop ? sql`desc` : sql`asc`}
    limit 1 offset ${fromTop ? n - rank : rank - 1}`.execute(db);
  return toNumber(rows[0]?.v);
}

/** Median and p90 by walking the value-ordered index twice. */
async function walkedStats(db: Db, range: Range, column: ValueColumn, group: Group, n: number): Promise<DurationStats> {
  const [median, p90] = await Promise.all([valueAtRank(db, range, column, group, n, medianRank(n)), valueAtRank(db, range, column, group, n, p90Rank(n))]);
  return { count: n, median_ms: median, p90_ms: p90 };
}

/** Median and p90 per group key with window functions over the range's rows (the "sort" strategy). */
function sortedStatsQuery(column: ValueColumn, groupBy: "none" | "panel" | "staff") {
  const partition =
    groupBy === "panel" ? sql`partition by panel_id` : groupBy === "staff" ? sql`partition by coalesce(claimed_by, closed_by)` : sql``;
  const key = groupBy === "panel" ? sql`panel_id` : groupBy === "staff" ? sql`coalesce(claimed_by, closed_by)` : sql`0`;
  return (db: Db, range: Range) =>
    sql<{ k: string | number | null; n: number; median: number | null; p90: number | null }>`
      with ranked as (
        select ${key} as k, ${sql.ref(column)} as v,
               row_number() over (${partition} order by ${sql.ref(column)}) as rn,
               count(*) over (${partition}) as n
        from tickets
        where guild_id = ${range.guildId} and status = 'closed' and closed_at >= ${range.start} and closed_at < ${range.end} and ${sql.ref(column)} is not null
      )
      select k, max(n) as n, min(case when rn * 2 >= n then v end) as median, min(case when rn * 10 >= n * 9 then v end) as p90
      from ranked group by k`.execute(db);
}
const sortedStats = {
  response: sortedStatsQuery("response_ms", "none"),
  resolution: sortedStatsQuery("resolution_ms", "none"),
  panel: sortedStatsQuery("response_ms", "panel"),
  staff: sortedStatsQuery("response_ms", "staff"),
};
const sortedOf = (row: { n: number; median: number | null; p90: number | null } | undefined): DurationStats => ({
  count: row ? Number(row.n) : 0,
  median_ms: toNumber(row?.median),
  p90_ms: toNumber(row?.p90),
});

/** Tickets per day: one count per [start, end) of each day, each an index range count (no grouping, no sort). */
function countsPerDay(db: Db, guildId: string, column: "opened_at" | "closed_at", bounds: [number, number][]) {
  // The bounds are numbers this module computed, written as literals: PostgreSQL would type VALUES parameters as text.
  const days = sql.join(bounds.map(([from, to], i) => sql`(${sql.lit(i)}, ${sql.lit(from)}, ${sql.lit(to)})`));
  const closedOnly = column === "closed_at" ? sql`and t.status = 'closed'` : sql``;
  return sql<{ i: number; n: number }>`
    select d.column1 as i,
      (select count(*) from tickets t where t.guild_id = ${guildId} ${closedOnly} and t.${sql.ref(column)} >= d.column2 and t.${sql.ref(column)} < d.column3) as n
    from (values ${days}) as d`.execute(db);
}

interface ClosedGroup {
  claimed_by: string | null;
  closed_by: string | null;
  rating: number | null;
  panel_id: number | null;
  n: number;
  responded: number;
  resolved: number;
  claimed_name: string | null;
  closed_name: string | null;
}

export async function guildStatistics(
  db: Db,
  guildId: string,
  q: Pick<StatisticsQuery, "from" | "to" | "tz">,
  options: { strategy?: PercentileStrategy } = {},
): Promise<StatisticsResponse> {
  const dates = datesBetween(q.from, q.to);
  const starts = dates.map((d) => dayStart(d, q.tz));
  const start = starts[0] ?? dayStart(q.from, q.tz);
  const end = dayStart(nextDate(dates[dates.length - 1] ?? q.to), q.tz);
  const bounds = starts.map((s, i): [number, number] => [s, starts[i + 1] ?? end]);
  const range: Range = { guildId, start, end };
  const strategy = options.strategy ?? "auto";
  // SQLite is told which index serves each grouping (in the grouping's order, so no sort); PostgreSQL's planner picks.
  const indexedBy = (name: string) => (dialectOf(db) === "sqlite" ? sql`indexed by ${sql.raw(name)}` : sql``);

  const [openedDays, closedDays, openNow, groups, panels, ticketsEver] = await Promise.all([
    countsPerDay(db, guildId, "opened_at", bounds),
    countsPerDay(db, guildId, "closed_at", bounds),
    db.selectFrom("tickets").select((eb) => eb.fn.countAll<number>().as("n")).where("guild_id", "=", guildId).where("status", "in", ["open", "closing"]).executeTakeFirstOrThrow(),
    // Every figure of the closed tickets, from one index-only pass: grouped by who claimed and closed, the rating
    // and the panel (a few hundred groups at most), then added up below.
    sql<ClosedGroup>`
      select claimed_by, closed_by, rating, panel_id, count(*) as n, count(response_ms) as responded, count(resolution_ms) as resolved,
             max(claimed_by_name) as claimed_name, max(closed_by_name) as closed_name
      from tickets ${indexedBy("tickets_closed_groups")}
      where guild_id = ${guildId} and status = 'closed' and closed_at >= ${start} and closed_at < ${end}
      group by claimed_by, closed_by, rating, panel_id`.execute(db),
    sql<{ panel_id: number | null; panel_name: string; n: number }>`
      select panel_id, max(panel_name) as panel_name, count(*) as n from tickets ${indexedBy("tickets_opened_panels")}
      where guild_id = ${guildId} and opened_at >= ${start} and opened_at < ${end}
      group by panel_id`.execute(db),
    // The guild's tickets ever (its highest ticket number: one index probe), to weigh the range against.
    strategy === "auto"
      ? db.selectFrom("tickets").select((eb) => eb.fn.max("number").as("n")).where("guild_id", "=", guildId).executeTakeFirstOrThrow()
      : Promise.resolve({ n: 0 }),
  ]);

  const perDay = (rows: { i: number; n: number }[]) => {
    const counts = new Array<number>(dates.length).fill(0);
    for (const r of rows) counts[Number(r.i)] = Number(r.n);
    return counts;
  };
  const opened = perDay(openedDays.rows);
  const closed = perDay(closedDays.rows);

  // Adding up the groups: ratings, per staff member (the claimer, else the closer), claims and closes per user,
  // and how many values each median is taken over.
  const distribution = [0, 0, 0, 0, 0];
  let ratingSum = 0;
  let ratingCount = 0;
  let responded = 0;
  let resolved = 0;
  const panelResponded = new Map<number | null, number>();
  const staff = new Map<string, { name: string; n: number; ratingSum: number; rated: number; responded: number }>();
  const claimed = new Map<string, number>();
  const closers = new Map<string, number>();
  const add = (map: Map<string, number>, key: string | null, n: number) => key !== null && map.set(key, (map.get(key) ?? 0) + n);
  for (const g of groups.rows) {
    const n = Number(g.n);
    const rating = g.rating === null ? null : Number(g.rating);
    const panelId = g.panel_id === null ? null : Number(g.panel_id);
    responded += Number(g.responded);
    resolved += Number(g.resolved);
    panelResponded.set(panelId, (panelResponded.get(panelId) ?? 0) + Number(g.responded));
    if (rating !== null && rating >= 1 && rating <= 5) {
      distribution[rating - 1] += n;
      ratingSum += rating * n;
      ratingCount += n;
    }
    add(claimed, g.claimed_by, n);
    add(closers, g.closed_by, n);
    const key = g.claimed_by ?? g.closed_by;
    if (key === null) continue;
    const name = (g.claimed_by !== null ? g.claimed_name : g.closed_name) ?? "";
    const row = staff.get(key) ?? { name, n: 0, ratingSum: 0, rated: 0, responded: 0 };
    if (name > row.name) row.name = name;
    row.n += n;
    row.responded += Number(g.responded);
    if (rating !== null) {
      row.ratingSum += rating * n;
      row.rated += n;
    }
    staff.set(key, row);
  }

  const closedInRange = closed.reduce((a, b) => a + b, 0);
  const walk = strategy === "walk" || (strategy === "auto" && closedInRange >= Number(ticketsEver.n ?? 0) * WALK_SHARE);
  let firstResponse: DurationStats;
  let resolution: DurationStats;
  let panelMedian: Map<number | null, number | null>;
  let staffMedian: Map<string, number | null>;
  if (walk) {
    const [response, resolutionStats, perPanel, perStaff] = await Promise.all([
      walkedStats(db, range, "response_ms", { by: "none" }, responded),
      walkedStats(db, range, "resolution_ms", { by: "none" }, resolved),
      Promise.all([...panelResponded].map(async ([panelId, n]) => [panelId, n ? await valueAtRank(db, range, "response_ms", { by: "panel", panelId }, n, medianRank(n)) : null] as const)),
      Promise.all([...staff].map(async ([userId, s]) => [userId, s.responded ? await valueAtRank(db, range, "response_ms", { by: "staff", userId }, s.responded, medianRank(s.responded)) : null] as const)),
    ]);
    firstResponse = response;
    resolution = resolutionStats;
    panelMedian = new Map(perPanel);
    staffMedian = new Map(perStaff);
  } else {
    const [response, resolutionRows, perPanel, perStaff] = await Promise.all([
      sortedStats.response(db, range),
      sortedStats.resolution(db, range),
      sortedStats.panel(db, range),
      sortedStats.staff(db, range),
    ]);
    firstResponse = sortedOf(response.rows[0]);
    resolution = sortedOf(resolutionRows.rows[0]);
    panelMedian = new Map(perPanel.rows.map((r) => [r.k === null ? null : Number(r.k), toNumber(r.median)]));
    staffMedian = new Map(perStaff.rows.map((r) => [String(r.k), toNumber(r.median)]));
  }
  const round2 = (n: number) => Math.round(n * 100) / 100;

  return {
    from: q.from,
    to: q.to,
    tz: q.tz,
    days: dates.map((date, i) => ({ date, opened: opened[i], closed: closed[i] })),
    totals: { opened: opened.reduce((a, b) => a + b, 0), closed: closedInRange },
    open_now: Number(openNow.n),
    first_response: firstResponse,
    resolution,
    ratings: { count: ratingCount, average: ratingCount ? round2(ratingSum / ratingCount) : null, distribution },
    panels: panels.rows
      .map((p) => {
        const id = p.panel_id === null ? null : Number(p.panel_id);
        return { PanelId: id, PanelName: p.panel_name, opened: Number(p.n), median_response_ms: panelMedian.get(id) ?? null };
      })
      .sort((a, b) => b.opened - a.opened || a.PanelName.localeCompare(b.PanelName)),
    staff: [...staff]
      .map(([userId, s]) => ({
        UserId: userId,
        Username: s.name,
        claimed: claimed.get(userId) ?? 0,
        closed: closers.get(userId) ?? 0,
        median_response_ms: staffMedian.get(userId) ?? null,
        average_rating: s.rated ? round2(s.ratingSum / s.rated) : null,
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
