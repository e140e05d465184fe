import { type RawBuilder, sql } from "kysely";
import type { WaitingStatistics } from "../../src/schemas/helpdesk";
import type { Db } from "../db/schema";

// Time waiting on staff and on members (../tickets/waiting-on.ts), for the tickets closed in a range: each side's
// total and median per ticket (nearest rank: the smallest value with at least half the values at or below it). A
// ticket's time is its ended stretches plus the last one, up to its close — all read from the tickets, so a recount
// is the same query. Tickets closed before waiting was tracked (waiting_on null) are left out; `Tickets` says how many
// count. And, now: the open tickets waiting on each side, and those snoozed.

const sideTime = (side: "staff" | "member"): RawBuilder<number> =>
  sql<number>`(waiting_${sql.raw(side)}_ms + case when waiting_on = ${sql.lit(side)} and closed_at > waiting_since then closed_at - waiting_since else 0 end)`;

/** The nearest-rank median of `value` over the closed tickets the filter keeps. */
async function medianOf(db: Db, closed: RawBuilder<boolean>, value: RawBuilder<number>): Promise<number | null> {
  const { rows } = await sql<{ v: number | string }>`
    select v from (
      select ${value} as v, row_number() over (order by ${value}) as rn, count(*) over () as n from tickets where ${closed}
    ) as ranked
    where rn * 2 >= n and (rn - 1) * 2 < n`.execute(db);
  return rows.length ? Number(rows[0].v) : null;
}

export async function waitingFigures(
  db: Db,
  guildId: string,
  from: number,
  to: number,
  panels: "all" | number[] = "all",
): Promise<WaitingStatistics> {
  const visible = panels === "all" ? sql`1 = 1` : panels.length ? sql`panel_id in (${sql.join(panels)})` : sql`1 = 0`;
  const closed = sql<boolean>`guild_id = ${guildId} and status = 'closed' and closed_at >= ${from} and closed_at < ${to} and waiting_on is not null and ${visible}`;
  const [totals, staffMedian, memberMedian, now] = await Promise.all([
    sql<{ n: number | string; staff: number | string | null; member: number | string | null }>`
      select count(*) as n, sum(${sideTime("staff")}) as staff, sum(${sideTime("member")}) as member from tickets where ${closed}`.execute(
      db,
    ),
    medianOf(db, closed, sideTime("staff")),
    medianOf(db, closed, sideTime("member")),
    sql<{ waiting_on: string | null; snoozed: number | string; n: number | string }>`
      select waiting_on, case when snoozed_until is null then 0 else 1 end as snoozed, count(*) as n from tickets
      where guild_id = ${guildId} and status in ('open', 'closing') and ${visible}
      group by waiting_on, case when snoozed_until is null then 0 else 1 end`.execute(db),
  ]);
  const t = totals.rows[0];
  const open = (pick: (r: (typeof now.rows)[number]) => boolean) => now.rows.filter(pick).reduce((sum, r) => sum + Number(r.n), 0);
  return {
    Tickets: Number(t?.n ?? 0),
    Staff: { TotalMs: Number(t?.staff ?? 0), MedianMs: staffMedian },
    Member: { TotalMs: Number(t?.member ?? 0), MedianMs: memberMedian },
    OpenOnStaff: open((r) => r.waiting_on === "staff" && Number(r.snoozed) === 0),
    OpenOnMember: open((r) => r.waiting_on === "member"),
    Snoozed: open((r) => Number(r.snoozed) === 1),
  };
}
