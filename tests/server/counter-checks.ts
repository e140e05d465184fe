import { sql } from "kysely";
import { expect } from "vitest";
import { counters, recountQuery } from "../../server/db/count-triggers";
import { recount, rollupFacets } from "../../server/db/migrations/017_statistics_rollups";
import type { TestApp } from "./helpers";

// Every running total against a recount of the rows it counts, on either database: the generated counters (migration
// 025) and the statistics rollups (migration 017). What deletes rows in bulk (retention, erasure) is checked with it.

/** Each generated counter's table against a recount: rows with a zero total are as good as none. */
export async function expectCountersMatch(t: TestApp): Promise<void> {
  for (const counter of counters) {
    const keys = Object.keys(counter.keys);
    const sums = Object.keys(counter.sums ?? {});
    const stored = await sql<
      Record<string, unknown>
    >`select ${sql.raw([...keys, ...sums].join(", "))} from ${sql.raw(counter.target)} order by ${sql.raw(keys.map((_, i) => i + 1).join(", "))}`.execute(
      t.db,
    );
    const recounted = await sql<Record<string, unknown>>`${sql.raw(recountQuery(counter, t.app.dbDialect))}`.execute(t.db);
    const normal = (rows: Record<string, unknown>[]) =>
      rows
        .map((r) =>
          Object.fromEntries(
            Object.entries(r).map(([k, v]) => [k, typeof v === "bigint" || sums.includes(k) || k === "block" ? Number(v) : v]),
          ),
        )
        .filter((r) => sums.length === 0 || sums.some((s) => r[s] !== 0));
    // A set (no totals) keeps what it has seen: it holds every recounted key, and may hold more.
    if (sums.length === 0) expect(normal(stored.rows), counter.target).toEqual(expect.arrayContaining(normal(recounted.rows)));
    else expect(normal(stored.rows), counter.target).toEqual(normal(recounted.rows));
  }
}

const totals = (r: Record<string, unknown>) => ({
  guild_id: r.guild_id,
  facet: r.facet,
  item: r.item,
  bucket: Number(r.bucket),
  n: Number(r.n),
  responded: Number(r.responded),
  resolved: Number(r.resolved),
  rating_sum: Number(r.rating_sum),
  rated: Number(r.rated),
});
const key = (r: ReturnType<typeof totals>) => `${r.guild_id}|${r.facet}|${r.bucket}|${r.item}`;

/** The statistics rollups of these servers against the totals counted afresh from their tickets. */
export async function expectRollupsMatch(t: TestApp, guildIds: string[]): Promise<void> {
  const stored = (await t.db.selectFrom("ticket_rollups").selectAll().where("guild_id", "in", guildIds).execute())
    .map(totals)
    .filter((r) => r.n !== 0)
    .sort((a, b) => key(a).localeCompare(key(b)));
  const recounted = [];
  for (const f of rollupFacets) recounted.push(...(await recount(f).execute(t.db)).rows.filter((r) => guildIds.includes(r.guild_id)));
  expect(stored).toEqual(
    recounted
      .map(totals)
      .filter((r) => r.n !== 0)
      .sort((a, b) => key(a).localeCompare(key(b))),
  );
}
