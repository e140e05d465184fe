import { sql } from "kysely";
import type { DurationStats, StatisticsQuery, StatisticsResponse } from "../../src/schemas/statistics";
import { dialectOf } from "../db/dialect";
import { DAY_MS, facetShare, QUARTER_HOUR_MS, rollupFacets, VALUE_BIN_BOUNDS } from "../db/migrations/017_statistics_rollups";
import type { Db, TicketRollupsTable } from "../db/schema";
import { suggestionFigures } from "./suggestions";

// Ticket statistics of a guild over calendar days of a time zone (docs/ticket-engine.md, "Statistics"). Everything
// is aggregated in SQL, on SQLite and PostgreSQL alike: counts, ratings and names from running totals (migration
// 017: per quarter hour for the chart, per UTC day for the rest, the hours at the range's edges counted from the
// tickets), medians and 90th percentiles by nearest rank as the k-th value of a value-ordered index (migration 016),
// the overall ones inside the value bin the totals say holds them. Response and resolution times were stored at
// close, so nothing re-reads messages.

// A formatter per time zone: making one costs far more than using it (a 90-day range asks for 180 offsets).
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatterOf(tz: string): Intl.DateTimeFormat {
  let f = formatters.get(tz);
  if (!f) {
    f = new Intl.DateTimeFormat("en-US", {
      timeZone: tz,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    });
    // The zones are IANA names the schema accepted (a few hundred at most); keep the map from growing past them.
    if (formatters.size >= 1000) formatters.clear();
    formatters.set(tz, f);
  }
  return f;
}

/** The zone's offset from UTC (ms) at an instant. */
function zoneOffset(at: number, tz: string): number {
  const parts = formatterOf(tz).formatToParts(new Date(at));
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const asUtc = Date.UTC(get("year"), get("month") - 1, get("day"), get("hour"), get("minute"), get("second"));
  return asUtc - Math.floor(at / 1000) * 1000;
}

/** The instant a calendar day starts in a zone; the day given as the UTC midnight that names it. */
function dayStartAt(guess: number, tz: string): number {
  let start = guess - zoneOffset(guess, tz);
  // Across a DST change the offset at the guess and at the real start differ: correct once more.
  start = guess - zoneOffset(start, tz);
  return start;
}

/** The UTC midnight naming a calendar day (YYYY-MM-DD, a real date: statisticsQuerySchema checks it). */
const utcMidnight = (date: string) => {
  const [y, m, d] = date.split("-").map(Number);
  // setUTCFullYear, not Date.UTC: years 0–99 would be taken as 1900–1999.
  return new Date(0).setUTCFullYear(y, m - 1, d);
};

/** The instant a calendar day (YYYY-MM-DD) starts in a zone. */
export function dayStart(date: string, tz: string): number {
  return dayStartAt(utcMidnight(date), tz);
}

/** Every date from `from` to `to`, both included (counted as days, so the last day of 9999 ends a range too). */
export function datesBetween(from: string, to: string): string[] {
  const out: string[] = [];
  const last = utcMidnight(to);
  for (let day = utcMidnight(from); day <= last && out.length <= 400; day += DAY_MS) out.push(new Date(day).toISOString().slice(0, 10));
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
  /** Only the tickets of these panels (TranscriptsPanelPermission); undefined: every ticket. */
  panels?: number[];
}

/** `and <column> in (the panels)` when the figures are limited to some panels (none: no ticket at all). */
const panelLimit = (panels: number[] | undefined, column = "panel_id") =>
  panels === undefined
    ? sql``
    : panels.length === 0
      ? sql`and 1 = 0`
      : sql`and ${sql.ref(column)} in (${sql.join(panels.map((p) => sql.lit(p)))})`;

/** Values from `lo` (included) to `hi` (excluded); null: unbounded. */
interface Band {
  lo: number | null;
  hi: number | null;
}

/** The value at nearest rank `rank` of the `n` values of a column (of a group; in a band, if given). */
interface RankQuery {
  column: ValueColumn;
  group: Group;
  n: number;
  rank: number;
  band?: Band;
}

/** A rank query as a scalar subquery: the k-th entry of the value-ordered index, walked from its nearer end. */
function rankSubquery(db: Db, range: Range, q: RankQuery) {
  const fromTop = q.n - q.rank < q.rank - 1;
  const column = sql.ref(q.column);
  const indexed = dialectOf(db) === "sqlite" ? sql`indexed by ${sql.raw(orderIndex(q.column, q.group))}` : sql``;
  const lo = q.band?.lo != null ? sql`and ${column} >= ${q.band.lo}` : sql``;
  const hi = q.band?.hi != null ? sql`and ${column} < ${q.band.hi}` : sql``;
  return sql`(
    select ${column} from tickets ${indexed}
    where guild_id = ${range.guildId} and status = 'closed' ${groupFilter(q.group)}
      and ${column} is not null ${lo} ${hi} and closed_at >= ${range.start} and closed_at < ${range.end}
    order by ${column} ${fromTop ? sql`desc` : sql`asc`}
    limit 1 offset ${fromTop ? q.n - q.rank : q.rank - 1})`;
}

/**
 * Several rank queries, a dozen per statement (a compound select of scalar subqueries), the statements run side by
 * side (PostgreSQL: on several pooled connections): their values in order.
 */
async function valuesAtRanks(db: Db, range: Range, queries: (RankQuery | null)[]): Promise<(number | null)[]> {
  const out: (number | null)[] = queries.map(() => null);
  const asked = queries.flatMap((q, i) => (q && q.n > 0 ? [{ q, i }] : []));
  const chunks = Array.from({ length: Math.ceil(asked.length / 12) }, (_, c) => asked.slice(c * 12, c * 12 + 12));
  const results = await Promise.all(
    chunks.map((chunk) =>
      sql<{ k: number; v: number | null }>`${sql.join(
        chunk.map(({ q, i }) => sql`select ${sql.lit(i)} as k, ${rankSubquery(db, range, q)} as v`),
        sql` union all `,
      )}`.execute(db),
    ),
  );
  for (const r of results.flatMap((result) => result.rows)) out[Number(r.k)] = toNumber(r.v);
  return out;
}

/** The rank query of the value at nearest rank `rank`: its bin found from the bins' counts (migration 017), walked inside it. */
function rankInBins(column: ValueColumn, bins: Map<number, number>, rank: number): RankQuery | null {
  let below = 0;
  for (const [bin, count] of [...bins].sort((a, b) => a[0] - b[0])) {
    if (below + count >= rank) {
      const band = { lo: bin > 0 ? VALUE_BIN_BOUNDS[bin - 1]! : null, hi: bin < VALUE_BIN_BOUNDS.length ? VALUE_BIN_BOUNDS[bin]! : null };
      return { column, group: { by: "none" }, n: count, rank: rank - below, band };
    }
    below += count;
  }
  return null;
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
          ${panelLimit(range.panels)}
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

/**
 * Tickets opened and closed per day: from the quarter-hour totals when every bound is a whole quarter hour (a sum
 * of at most 96 rows a day), else from the tickets (an index range count a day).
 */
function countsPerDay(db: Db, guildId: string, bounds: [number, number][], fromRollups: boolean, panels?: number[]) {
  // The bounds are numbers this module computed, written as literals: PostgreSQL would type VALUES parameters as text.
  const unit = fromRollups ? QUARTER_HOUR_MS : 1;
  const days = sql.join(bounds.map(([from, to], i) => sql`(${sql.lit(i)}, ${sql.lit(from / unit)}, ${sql.lit(to / unit)})`));
  const count = (facet: "opened_q" | "closed_q", column: "opened_at" | "closed_at") =>
    fromRollups
      ? sql`(select coalesce(sum(r.n), 0) from ticket_rollups r where r.guild_id = ${guildId} and r.facet = ${facet} and r.bucket >= d.column2 and r.bucket < d.column3)`
      : sql`(select count(*) from tickets t where t.guild_id = ${guildId} ${column === "closed_at" ? sql`and t.status = 'closed'` : sql``}
              and t.${sql.ref(column)} >= d.column2 and t.${sql.ref(column)} < d.column3 ${panelLimit(panels, "t.panel_id")})`;
  return sql<{ i: number; opened: number; closed: number }>`
    select d.column1 as i, ${count("opened_q", "opened_at")} as opened, ${count("closed_q", "closed_at")} as closed
    from (values ${days}) as d`.execute(db);
}

/** What one facet's item adds up to over a range (a sum of ticket_rollups rows, or the same figures read from tickets). */
type FacetTotal = Omit<TicketRollupsTable, "guild_id" | "bucket">;

const dayFacets = rollupFacets.filter((f) => f.bucketMs === DAY_MS);

/** The day facets' totals over whole UTC days [fromDay, toDay) (day numbers): the sum of their ticket_rollups rows. */
export function rolledUpTotals(db: Db, guildId: string, fromDay: number, toDay: number) {
  return sql<FacetTotal>`
    select facet, item, sum(n) as n, sum(responded) as responded, sum(resolved) as resolved, sum(rating_sum) as rating_sum,
           sum(rated) as rated, max(name) as name
    from ticket_rollups
    where guild_id = ${guildId} and facet in (${sql.join(dayFacets.map((f) => f.facet))}) and bucket >= ${fromDay} and bucket < ${toDay}
    group by facet, item`.execute(db);
}

/**
 * The day facets' totals over a few [from, to) ranges (the hours at the edges of a range that whole UTC days do not
 * cover, or a whole range), read from the tickets with the facets' own expressions (migration 017).
 */
function ticketTotalsQuery(guildId: string, ranges: [number, number][], panels?: number[]) {
  const t = (column: string) => `t.${column}`;
  const inRanges = (column: string) =>
    sql`(${sql.join(
      ranges.map(([from, to]) => sql`(t.${sql.raw(column)} >= ${from} and t.${sql.raw(column)} < ${to})`),
      sql` or `,
    )})`;
  const shares = dayFacets.map((f) => ({ f, s: facetShare(f, t) }));
  // Each ticket of the ranges once per facet; per facet, its own expression of each figure.
  const pick = (field: "item" | "responded" | "resolved" | "ratingSum" | "rated" | "name") =>
    sql.raw(`case f.column1 ${shares.map(({ f, s }) => `when '${f.facet}' then ${s[field]}`).join(" ")} end`);
  const counts = sql`case f.column1 ${sql.join(
    shares.map(({ f, s }) => sql`when ${sql.lit(f.facet)} then case when ${inRanges(f.time)} and ${sql.raw(s.when)} then 1 else 0 end`),
    sql` `,
  )} end`;
  const times = [...new Set(dayFacets.map((f) => f.time))];
  return sql<FacetTotal>`
    select facet, item, count(*) as n, sum(responded) as responded, sum(resolved) as resolved, sum(rating_sum) as rating_sum,
           sum(rated) as rated, max(name) as name
    from (
      select f.column1 as facet, ${pick("item")} as item, ${pick("responded")} as responded, ${pick("resolved")} as resolved,
             ${pick("ratingSum")} as rating_sum, ${pick("rated")} as rated, ${pick("name")} as name, ${counts} as counts
      from tickets t cross join (values ${sql.join(dayFacets.map((f) => sql`(${sql.lit(f.facet)})`))}) as f
      where t.guild_id = ${guildId} and (${sql.join(times.map(inRanges), sql` or `)}) ${panelLimit(panels, "t.panel_id")}
    ) as shares
    where counts = 1
    group by facet, item`;
}
export const ticketTotals = (db: Db, guildId: string, ranges: [number, number][], panels?: number[]) =>
  ticketTotalsQuery(guildId, ranges, panels).execute(db);

export async function guildStatistics(
  db: Db,
  guildId: string,
  q: Pick<StatisticsQuery, "from" | "to" | "tz">,
  options: {
    strategy?: PercentileStrategy;
    rollups?: boolean;
    /**
     * Only the tickets of these panels (TranscriptsPanelPermission: staff see their panels' figures). The running
     * totals and the walks count every panel, so the figures are then read from the tickets, sorted.
     */
    panels?: number[];
  } = {},
): Promise<StatisticsResponse> {
  const dates = datesBetween(q.from, q.to);
  const starts = dates.map((d) => dayStart(d, q.tz));
  const start = starts[0] ?? dayStart(q.from, q.tz);
  const end = dayStartAt(utcMidnight(dates[dates.length - 1] ?? q.to) + DAY_MS, q.tz);
  const bounds = starts.map((s, i): [number, number] => [s, starts[i + 1] ?? end]);
  const panels = options.panels;
  const range: Range = { guildId, start, end, panels };
  const strategy = panels ? "sort" : (options.strategy ?? "auto");
  const rollups = panels ? false : (options.rollups ?? true);
  // The running totals serve whole quarter hours (the chart) and whole UTC days (everything else); the hours at the
  // range's edges that whole days miss are read from the tickets. Without them, everything is read from the tickets.
  const quarterAligned = rollups && bounds.every(([from, to]) => from % QUARTER_HOUR_MS === 0 && to % QUARTER_HOUR_MS === 0);
  const firstDay = Math.ceil(start / DAY_MS);
  const lastDay = Math.floor(end / DAY_MS);
  const wholeDays = rollups && firstDay < lastDay;
  const edges: [number, number][] = wholeDays
    ? (
        [
          [start, firstDay * DAY_MS],
          [lastDay * DAY_MS, end],
        ] as [number, number][]
      ).filter(([from, to]) => from < to)
    : [[start, end]];

  const [days, probes, rolledUp, fromTickets, suggestions] = await Promise.all([
    countsPerDay(db, guildId, bounds, quarterAligned, panels),
    // Open now, and the guild's tickets ever (its highest ticket number: one index probe) to weigh the range against.
    sql<{ open_now: number; ever: number | null }>`
      select (select count(*) from tickets where guild_id = ${guildId} and status in ('open', 'closing') ${panelLimit(panels)}) as open_now,
             (select max(number) from tickets where guild_id = ${guildId}) as ever`.execute(db),
    wholeDays ? rolledUpTotals(db, guildId, firstDay, lastDay) : Promise.resolve({ rows: [] as FacetTotal[] }),
    edges.length ? ticketTotals(db, guildId, edges, panels) : Promise.resolve({ rows: [] as FacetTotal[] }),
    suggestionFigures(db, range),
  ]);
  const opened = new Array<number>(dates.length).fill(0);
  const closed = new Array<number>(dates.length).fill(0);
  for (const r of days.rows) {
    opened[Number(r.i)] = Number(r.opened);
    closed[Number(r.i)] = Number(r.closed);
  }
  const openNow = Number(probes.rows[0]?.open_now ?? 0);
  const ticketsEver = Number(probes.rows[0]?.ever ?? 0);

  // Adding up the facets' totals: ratings, per staff member (the claimer, else the closer), claims and closes per
  // user, tickets opened per panel, and how many values each median is taken over.
  const distribution = [0, 0, 0, 0, 0];
  let ratingSum = 0;
  let ratingCount = 0;
  let responded = 0;
  let resolved = 0;
  const panelResponded = new Map<number | null, number>();
  const panelOpened = new Map<number | null, { name: string; n: number }>();
  const staff = new Map<string, { name: string; responded: number; ratingSum: number; rated: number }>();
  const claimed = new Map<string, number>();
  const closers = new Map<string, number>();
  const responseBins = new Map<number, number>();
  const resolutionBins = new Map<number, number>();
  const add = (map: Map<string, number>, key: string, n: number) => map.set(key, (map.get(key) ?? 0) + n);
  const panelOf = (item: string) => (item === "" ? null : Number(item));
  for (const row of [...rolledUp.rows, ...fromTickets.rows]) {
    const n = Number(row.n);
    const item = String(row.item);
    const name = row.name ?? "";
    switch (row.facet) {
      case "closed":
        responded += Number(row.responded);
        resolved += Number(row.resolved);
        ratingSum += Number(row.rating_sum);
        ratingCount += Number(row.rated);
        break;
      case "closed_panel": {
        const id = panelOf(item);
        panelResponded.set(id, (panelResponded.get(id) ?? 0) + Number(row.responded));
        break;
      }
      case "opened_panel": {
        const id = panelOf(item);
        const panel = panelOpened.get(id) ?? { name, n: 0 };
        if (name > panel.name) panel.name = name;
        panel.n += n;
        panelOpened.set(id, panel);
        break;
      }
      case "rating":
        distribution[Number(item) - 1] += n;
        break;
      case "staff": {
        const member = staff.get(item) ?? { name, responded: 0, ratingSum: 0, rated: 0 };
        if (name > member.name) member.name = name;
        member.responded += Number(row.responded);
        member.ratingSum += Number(row.rating_sum);
        member.rated += Number(row.rated);
        staff.set(item, member);
        break;
      }
      case "claimer":
        add(claimed, item, n);
        break;
      case "closer":
        add(closers, item, n);
        break;
      case "response_bin":
        responseBins.set(Number(item), (responseBins.get(Number(item)) ?? 0) + n);
        break;
      case "resolution_bin":
        resolutionBins.set(Number(item), (resolutionBins.get(Number(item)) ?? 0) + n);
        break;
    }
  }

  const closedInRange = closed.reduce((a, b) => a + b, 0);
  const walk = strategy === "walk" || (strategy === "auto" && closedInRange >= ticketsEver * WALK_SHARE);
  let firstResponse: DurationStats;
  let resolution: DurationStats;
  let panelMedian: Map<number | null, number | null>;
  let staffMedian: Map<string, number | null>;
  if (walk) {
    // Every median and 90th percentile in a few statements: the overall ones inside the bin holding them, the
    // per-panel and per-staff medians from the group's own value-ordered index.
    const panelList = [...panelResponded];
    const staffList = [...staff];
    const values = await valuesAtRanks(db, range, [
      rankInBins("response_ms", responseBins, medianRank(responded)),
      rankInBins("response_ms", responseBins, p90Rank(responded)),
      rankInBins("resolution_ms", resolutionBins, medianRank(resolved)),
      rankInBins("resolution_ms", resolutionBins, p90Rank(resolved)),
      ...panelList.map(([panelId, n]): RankQuery => ({ column: "response_ms", group: { by: "panel", panelId }, n, rank: medianRank(n) })),
      ...staffList.map(([userId, m]): RankQuery => ({
        column: "response_ms",
        group: { by: "staff", userId },
        n: m.responded,
        rank: medianRank(m.responded),
      })),
    ]);
    firstResponse = { count: responded, median_ms: values[0], p90_ms: values[1] };
    resolution = { count: resolved, median_ms: values[2], p90_ms: values[3] };
    panelMedian = new Map(panelList.map(([panelId], i) => [panelId, values[4 + i]]));
    staffMedian = new Map(staffList.map(([userId], i) => [userId, values[4 + panelList.length + i]]));
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
    open_now: openNow,
    first_response: firstResponse,
    resolution,
    ratings: { count: ratingCount, average: ratingCount ? round2(ratingSum / ratingCount) : null, distribution },
    panels: [...panelOpened]
      .map(([id, p]) => ({ PanelId: id, PanelName: p.name, opened: p.n, median_response_ms: panelMedian.get(id) ?? null }))
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
    suggestions,
  };
}
