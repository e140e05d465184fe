import type { Kysely } from "kysely";
import { sql } from "kysely";
import type { DialectHelpers } from "../dialect";

// Statistics from running totals (server/statistics/figures.ts, docs/ticket-engine.md "Statistics"). Every ticket
// adds its share to `ticket_rollups`: per guild, per *facet* (what is counted), per time bucket and per item (a
// panel, a staff member, a rating). Database triggers keep the totals in the same transaction as the ticket's own
// write — whoever writes it (the engine, the scheduler, an import, an operator's SQL) — on SQLite and PostgreSQL
// alike; a statistics request then adds up a few thousand rows instead of reading every ticket of the range.
//
// The facets below are the one declaration of what is counted: this migration generates the table's triggers and
// its backfill from them, and the statistics reader generates its query of the range's edges (the hours a UTC
// bucket does not cover) from them too. To count something else, add a migration that exports a new list and
// recreates the triggers, and point the reader at it; never edit this one.

export const QUARTER_HOUR_MS = 900_000;
export const DAY_MS = 86_400_000;

/** A ticket row's column as SQL text: `new.x` / `old.x` in triggers, `t.x` in queries. */
type Row = (column: string) => string;
const closed = (r: Row) => `${r("status")} = 'closed'`;
const rated = (r: Row) => `${r("rating")} between 1 and 5`;
const staffMember = (r: Row) => `coalesce(${r("claimed_by")}, ${r("closed_by")})`;
const ifThen = (condition: string, value: string) => `case when ${condition} then ${value} else 0 end`;

export interface RollupFacet {
  /** Stored in ticket_rollups.facet. */
  facet: string;
  /** The moment the ticket is counted at. */
  time: "opened_at" | "closed_at";
  /** Bucket width: quarter hours for the counts per day (any time zone's midnight falls on one), UTC days else. */
  bucketMs: number;
  /** Whether the ticket counts (besides having the time). */
  when: (r: Row) => string;
  /** The item counted (text; '' when the facet has none). */
  item: (r: Row) => string;
  /** What the ticket adds besides n = 1 (SQL numbers; 0 when absent). */
  responded?: (r: Row) => string;
  resolved?: (r: Row) => string;
  ratingSum?: (r: Row) => string;
  rated?: (r: Row) => string;
  /** A display name of the item (the greatest is kept). */
  name?: (r: Row) => string;
}

/**
 * Value bins of response and resolution times: bin i holds [VALUE_BIN_BOUNDS[i - 1], VALUE_BIN_BOUNDS[i]) (bin 0
 * everything below 1 s, the last everything from its lower bound on). Bounds grow by 1/8 from 1 s to past a year,
 * so a bin holds a narrow band of values; the statistics reader finds the bin holding a median from these totals
 * and reads only that bin's tickets for the value itself.
 */
export const VALUE_BIN_BOUNDS: number[] = [];
for (let bound = 1000; bound < 400 * DAY_MS; bound = Math.ceil(bound * 1.125)) VALUE_BIN_BOUNDS.push(bound);

/** SQL of a value's bin number: a balanced tree of comparisons (about 8 per value). */
function binOf(value: string, lo = 0, hi = VALUE_BIN_BOUNDS.length): string {
  if (lo === hi) return String(lo);
  const mid = (lo + hi) >> 1;
  return `case when ${value} < ${VALUE_BIN_BOUNDS[mid]} then ${binOf(value, lo, mid)} else ${binOf(value, mid + 1, hi)} end`;
}

const newRow: Row = (c) => `new.${c}`;
const oldRow: Row = (c) => `old.${c}`;
const responded = (r: Row) => ifThen(`${r("response_ms")} is not null`, "1");
export const rollupFacets: RollupFacet[] = [
  // Counts per day of the chart.
  { facet: "opened_q", time: "opened_at", bucketMs: QUARTER_HOUR_MS, when: () => "1 = 1", item: () => "''" },
  { facet: "closed_q", time: "closed_at", bucketMs: QUARTER_HOUR_MS, when: closed, item: () => "''" },
  // Tickets opened per panel, with the panel's name at opening.
  {
    facet: "opened_panel",
    time: "opened_at",
    bucketMs: DAY_MS,
    when: () => "1 = 1",
    item: (r) => `coalesce(cast(${r("panel_id")} as text), '')`,
    name: (r) => r("panel_name"),
  },
  // Closed tickets: how many have a response and a resolution time (the ranks of the medians), and the ratings.
  {
    facet: "closed",
    time: "closed_at",
    bucketMs: DAY_MS,
    when: closed,
    item: () => "''",
    responded,
    resolved: (r) => ifThen(`${r("resolution_ms")} is not null`, "1"),
    ratingSum: (r) => ifThen(rated(r), r("rating")),
    rated: (r) => ifThen(rated(r), "1"),
  },
  {
    facet: "closed_panel",
    time: "closed_at",
    bucketMs: DAY_MS,
    when: closed,
    item: (r) => `coalesce(cast(${r("panel_id")} as text), '')`,
    responded,
  },
  {
    facet: "rating",
    time: "closed_at",
    bucketMs: DAY_MS,
    when: (r) => `${closed(r)} and ${rated(r)}`,
    item: (r) => `cast(${r("rating")} as text)`,
  },
  // The staff member of a closed ticket: its claimer, else its closer.
  {
    facet: "staff",
    time: "closed_at",
    bucketMs: DAY_MS,
    when: (r) => `${closed(r)} and ${staffMember(r)} is not null`,
    item: staffMember,
    responded,
    ratingSum: (r) => ifThen(rated(r), r("rating")),
    rated: (r) => ifThen(rated(r), "1"),
    name: (r) => `case when ${r("claimed_by")} is not null then ${r("claimed_by_name")} else ${r("closed_by_name")} end`,
  },
  {
    facet: "claimer",
    time: "closed_at",
    bucketMs: DAY_MS,
    when: (r) => `${closed(r)} and ${r("claimed_by")} is not null`,
    item: (r) => r("claimed_by"),
  },
  {
    facet: "closer",
    time: "closed_at",
    bucketMs: DAY_MS,
    when: (r) => `${closed(r)} and ${r("closed_by")} is not null`,
    item: (r) => r("closed_by"),
  },
  // How many closed tickets have their response and resolution time in each value bin.
  {
    facet: "response_bin",
    time: "closed_at",
    bucketMs: DAY_MS,
    when: (r) => `${closed(r)} and ${r("response_ms")} is not null`,
    item: (r) => `cast(${binOf(r("response_ms"))} as text)`,
  },
  {
    facet: "resolution_bin",
    time: "closed_at",
    bucketMs: DAY_MS,
    when: (r) => `${closed(r)} and ${r("resolution_ms")} is not null`,
    item: (r) => `cast(${binOf(r("resolution_ms"))} as text)`,
  },
];

/** The columns a facet reads: an update touching none of them changes no total. */
const readColumns = [
  "guild_id",
  "status",
  "opened_at",
  "closed_at",
  "panel_id",
  "panel_name",
  "claimed_by",
  "claimed_by_name",
  "closed_by",
  "closed_by_name",
  "rating",
  "response_ms",
  "resolution_ms",
];

const nullText = "cast(null as text)";
/** A facet's share of one ticket as a SELECT list (guild, facet, bucket, item, n, responded, resolved, rating_sum, rated, name). */
export function facetShare(f: RollupFacet, r: Row) {
  return {
    bucket: `${r(f.time)} / ${f.bucketMs}`,
    item: f.item(r),
    responded: f.responded?.(r) ?? "0",
    resolved: f.resolved?.(r) ?? "0",
    ratingSum: f.ratingSum?.(r) ?? "0",
    rated: f.rated?.(r) ?? "0",
    name: f.name?.(r) ?? nullText,
    when: `${r(f.time)} is not null and ${f.when(r)}`,
  };
}

/** A facet's totals counted afresh from the tickets (the backfill; tests compare the triggers' totals with it). */
export function recount(f: RollupFacet) {
  const s = facetShare(f, (c) => `t.${c}`);
  // Grouped by output position: an item may be the constant ''.
  return sql<{
    guild_id: string;
    facet: string;
    bucket: number;
    item: string;
    n: number;
    responded: number;
    resolved: number;
    rating_sum: number;
    rated: number;
    name: string | null;
  }>`
    select t.guild_id, ${sql.lit(f.facet)} as facet, ${sql.raw(s.bucket)} as bucket, ${sql.raw(s.item)} as item, count(*) as n,
           sum(${sql.raw(s.responded)}) as responded, sum(${sql.raw(s.resolved)}) as resolved, sum(${sql.raw(s.ratingSum)}) as rating_sum,
           sum(${sql.raw(s.rated)}) as rated, max(${sql.raw(s.name)}) as name
    from tickets t where ${sql.raw(s.when)}
    group by 1, 3, 4`;
}

/**
 * In an update: whether the ticket's share of a facet is unchanged (then the facet's totals are left alone, and no
 * row of them is locked: a claim of an open ticket, or its move to closing, touches no totals).
 */
function shareUnchanged(f: RollupFacet): string {
  const before = facetShare(f, oldRow);
  const after = facetShare(f, newRow);
  const fields = ["bucket", "item", "responded", "resolved", "ratingSum", "rated", "name"] as const;
  return `((${before.when}) is not distinct from (${after.when}) and ${fields.map((k) => `(${before[k]}) is not distinct from (${after[k]})`).join(" and ")})`;
}

const add = (f: RollupFacet, r: Row, onlyIfChanged = false) => {
  const s = facetShare(f, r);
  const changedOnly = onlyIfChanged ? ` and not ${shareUnchanged(f)}` : "";
  return `insert into ticket_rollups (guild_id, facet, bucket, item, n, responded, resolved, rating_sum, rated, name)
    select ${r("guild_id")}, '${f.facet}', ${s.bucket}, ${s.item}, 1, ${s.responded}, ${s.resolved}, ${s.ratingSum}, ${s.rated}, ${s.name} where ${s.when}${changedOnly}
    on conflict (guild_id, facet, bucket, item) do update set n = ticket_rollups.n + 1, responded = ticket_rollups.responded + excluded.responded,
      resolved = ticket_rollups.resolved + excluded.resolved, rating_sum = ticket_rollups.rating_sum + excluded.rating_sum,
      rated = ticket_rollups.rated + excluded.rated,
      name = case when ticket_rollups.name is null or excluded.name > ticket_rollups.name then excluded.name else ticket_rollups.name end;`;
};

const remove = (f: RollupFacet, r: Row, onlyIfChanged = false) => {
  const s = facetShare(f, r);
  const changedOnly = onlyIfChanged ? ` and not ${shareUnchanged(f)}` : "";
  const at = `guild_id = ${r("guild_id")} and facet = '${f.facet}' and bucket = ${s.bucket} and item = ${s.item}`;
  return `update ticket_rollups set n = n - 1, responded = responded - ${s.responded}, resolved = resolved - ${s.resolved},
      rating_sum = rating_sum - ${s.ratingSum}, rated = rated - ${s.rated} where ${at} and ${s.when}${changedOnly};
    delete from ticket_rollups where ${at} and n <= 0;`;
};

const changed = readColumns.map((c) => `old.${c} is distinct from new.${c}`).join(" or ");
const adds = (r: Row, onlyIfChanged = false) => rollupFacets.map((f) => add(f, r, onlyIfChanged)).join("\n");
const removes = (r: Row, onlyIfChanged = false) => rollupFacets.map((f) => remove(f, r, onlyIfChanged)).join("\n");
/** An update: the old share taken away and the new one added, for the facets whose share changed. */
const updates = `${removes(oldRow, true)}\n${adds(newRow, true)}`;

export async function up(db: Kysely<any>, d: DialectHelpers): Promise<void> {
  await db.schema
    .createTable("ticket_rollups")
    .addColumn("guild_id", "text", (c) => c.notNull())
    .addColumn("facet", "text", (c) => c.notNull())
    .addColumn("bucket", d.bigint, (c) => c.notNull())
    .addColumn("item", "text", (c) => c.notNull())
    .addColumn("n", d.bigint, (c) => c.notNull())
    .addColumn("responded", d.bigint, (c) => c.notNull())
    .addColumn("resolved", d.bigint, (c) => c.notNull())
    .addColumn("rating_sum", d.bigint, (c) => c.notNull())
    .addColumn("rated", d.bigint, (c) => c.notNull())
    .addColumn("name", "text")
    .addPrimaryKeyConstraint("ticket_rollups_pk", ["guild_id", "facet", "bucket", "item"])
    // SQLite keeps the rows in the primary key's order (a range of buckets is one contiguous read, no row lookups).
    .$call((table) => (d.name === "sqlite" ? table.modifyEnd(sql`without rowid`) : table))
    .execute();

  // What the tickets already there add up to.
  for (const f of rollupFacets) {
    await sql`insert into ticket_rollups (guild_id, facet, bucket, item, n, responded, resolved, rating_sum, rated, name) ${recount(f)}`.execute(
      db,
    );
  }

  // The walk for a staff member's median (claimer, else closer) reads the value-ordered expression index of 016;
  // PostgreSQL reads it without visiting the table only when the index also holds the columns of the expression.
  await db.schema.dropIndex("tickets_staff_response_order").execute();
  await sql`create index tickets_staff_response_order on tickets (guild_id, status, (coalesce(claimed_by, closed_by)), response_ms, closed_at, claimed_by, closed_by)`.execute(
    db,
  );

  const columns = sql.raw(readColumns.join(", "));
  if (d.name === "postgres") {
    await sql`
      create function ticketeer_ticket_rollups() returns trigger language plpgsql as $$
      begin
        if TG_OP = 'INSERT' then
          ${sql.raw(adds(newRow))}
        elsif TG_OP = 'DELETE' then
          ${sql.raw(removes(oldRow))}
        else
          ${sql.raw(updates)}
        end if;
        return null;
      end $$`.execute(db);
    await sql`create trigger tickets_rollups_write after insert or delete on tickets for each row execute function ticketeer_ticket_rollups()`.execute(
      db,
    );
    await sql`create trigger tickets_rollups_update after update of ${columns} on tickets for each row when (${sql.raw(changed)}) execute function ticketeer_ticket_rollups()`.execute(
      db,
    );
  } else {
    await sql`create trigger tickets_rollups_insert after insert on tickets begin ${sql.raw(adds(newRow))} end`.execute(db);
    await sql`create trigger tickets_rollups_delete after delete on tickets begin ${sql.raw(removes(oldRow))} end`.execute(db);
    await sql`create trigger tickets_rollups_update after update of ${columns} on tickets when ${sql.raw(changed)} begin ${sql.raw(updates)} end`.execute(
      db,
    );
  }
}

export async function down(db: Kysely<any>, d: DialectHelpers): Promise<void> {
  if (d.name === "postgres") {
    await sql`drop trigger if exists tickets_rollups_update on tickets`.execute(db);
    await sql`drop trigger if exists tickets_rollups_write on tickets`.execute(db);
    await sql`drop function if exists ticketeer_ticket_rollups()`.execute(db);
  } else {
    for (const name of ["tickets_rollups_update", "tickets_rollups_delete", "tickets_rollups_insert"])
      await sql`drop trigger if exists ${sql.raw(name)}`.execute(db);
  }
  await db.schema.dropTable("ticket_rollups").ifExists().execute();
  await db.schema.dropIndex("tickets_staff_response_order").execute();
  await sql`create index tickets_staff_response_order on tickets (guild_id, status, (coalesce(claimed_by, closed_by)), response_ms, closed_at)`.execute(
    db,
  );
}
