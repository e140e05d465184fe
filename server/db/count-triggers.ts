import { sql } from "kysely";
import type { DialectName, SchemaFreeDb } from "./dialect";

// Counters kept by database triggers, generated from one declaration per counter for both databases: the one way the
// schema keeps a total beside the rows it counts (migration 025 made every hand-written counter of 007 and 012 and
// the block counts of 019 this way; 017's ticket rollups have their own generator, from their facets).
//
// A counter is a table of totals (or a set of seen values) keyed by expressions of the counted row. On SQLite the
// triggers are row-level; on PostgreSQL statement-level with transition tables (one upsert per statement, however
// many rows it writes), except a declared update (renumbering), row by row.

/** An expression of the counted row: `row` is "" (a transition table), "new." or "old.". */
export type RowExpression = (row: string, dialect: DialectName) => string;

export interface CounterSpec {
  /** The table whose rows are counted. */
  source: string;
  /** The table of totals (its primary key is the keys); triggers and functions are named `<target>_<event>`. */
  target: string;
  /** The target's key columns, each from the row. */
  keys: Record<string, RowExpression>;
  /** The totals, each the sum of an expression of the rows ("1" counts them); none: a set of seen keys, never taken off. */
  sums?: Record<string, RowExpression>;
  /** Columns whose change moves a row between keys (a row-level trigger takes it off and adds it again). */
  updateOf?: string[];
}

const col =
  (name: string): RowExpression =>
  (row) =>
    `${row}${name}`;
export const counterColumn = col;

/** The counters of the schema (migration 025). */
export const counters: CounterSpec[] = [
  // The activity list's unfiltered total, and the users and actions its filters offer (007).
  { source: "activity", target: "activity_counts", keys: { guild_id: col("guild_id") }, sums: { n: () => "1" } },
  {
    source: "activity",
    target: "activity_users",
    keys: { guild_id: col("guild_id"), user_id: col("user_id"), username: (r) => `lower(${r}username)` },
  },
  { source: "activity", target: "activity_actions", keys: { guild_id: col("guild_id"), action: col("action") } },
  // Each guild's transcripts and the bytes their sealed messages take (012).
  {
    source: "transcripts",
    target: "transcript_counts",
    keys: { guild_id: col("guild_id") },
    sums: { n: () => "1", bytes: (r, d) => `${d === "postgres" ? "octet_length" : "length"}(${r}body_enc)` },
  },
  // Rows per block of 4096 values of the deep pages' order column (019).
  {
    source: "activity",
    target: "activity_blocks",
    keys: { guild_id: col("guild_id"), block: (r) => `${r}id / 4096` },
    sums: { n: () => "1" },
    updateOf: ["id", "guild_id"],
  },
  {
    source: "transcripts",
    target: "transcript_blocks",
    keys: { guild_id: col("guild_id"), block: (r) => `${r}ticket_id / 4096` },
    sums: { n: () => "1" },
    updateOf: ["ticket_id", "guild_id"],
  },
];

/** The statements a trigger runs, for `row` ("new." / "old." on SQLite, a transition table's alias on PostgreSQL). */
function statements(c: CounterSpec, d: DialectName) {
  const keys = Object.keys(c.keys);
  const sums = Object.entries(c.sums ?? {});
  const keyOf = (row: string) => keys.map((k) => c.keys[k](row, d));
  const conflict = `on conflict (${keys.join(", ")})`;
  const addUpdate = sums.length ? `do update set ${sums.map(([s]) => `${s} = ${c.target}.${s} + excluded.${s}`).join(", ")}` : "do nothing";
  const columns = [...keys, ...sums.map(([s]) => s)].join(", ");
  return {
    /** One row added (row-level). */
    addRow: (row: string) =>
      `insert into ${c.target} (${columns}) values (${[...keyOf(row), ...sums.map(([, e]) => e(row, d))].join(", ")}) ${conflict} ${addUpdate};`,
    /** One row taken off (row-level). */
    removeRow: (row: string) =>
      sums.length
        ? `update ${c.target} set ${sums.map(([s, e]) => `${s} = ${s} - ${e(row, d)}`).join(", ")} where ${keys.map((k, i) => `${k} = ${keyOf(row)[i]}`).join(" and ")};`
        : "",
    /** The rows of a transition table added (statement-level). */
    addRows: (table: string) =>
      sums.length
        ? `insert into ${c.target} (${columns}) select ${keyOf("").join(", ")}, ${sums.map(([, e]) => `sum(${e("", d)})`).join(", ")} from ${table} group by ${keys.map((_, i) => i + 1).join(", ")} ${conflict} ${addUpdate};`
        : `insert into ${c.target} (${columns}) select distinct ${keyOf("").join(", ")} from ${table} ${conflict} do nothing;`,
    /** The rows of a transition table taken off (statement-level). */
    removeRows: (table: string) =>
      `update ${c.target} k set ${sums.map(([s]) => `${s} = k.${s} - r.${s}`).join(", ")} from (select ${[...keyOf("").map((e, i) => `${e} as ${keys[i]}`), ...sums.map(([s, e]) => `sum(${e("", d)}) as ${s}`)].join(", ")} from ${table} group by ${keys.map((_, i) => i + 1).join(", ")}) r where ${keys.map((k) => `k.${k} = r.${k}`).join(" and ")};`,
  };
}

/** Creates a counter's triggers (its table exists and holds the current totals). */
export async function createCounterTriggers(db: SchemaFreeDb, dialect: DialectName, c: CounterSpec): Promise<void> {
  const s = statements(c, dialect);
  const name = (event: string) => sql.raw(`${c.target}_${event}`);
  const source = sql.raw(c.source);
  const counts = c.sums !== undefined;
  if (dialect === "postgres") {
    await sql`create function ${name("insert")}() returns trigger language plpgsql as $$ begin ${sql.raw(s.addRows("inserted"))} return null; end $$`.execute(
      db,
    );
    await sql`create trigger ${name("insert")} after insert on ${source} referencing new table as inserted for each statement execute function ${name("insert")}()`.execute(
      db,
    );
    if (counts) {
      await sql`create function ${name("delete")}() returns trigger language plpgsql as $$ begin ${sql.raw(s.removeRows("deleted"))} return null; end $$`.execute(
        db,
      );
      await sql`create trigger ${name("delete")} after delete on ${source} referencing old table as deleted for each statement execute function ${name("delete")}()`.execute(
        db,
      );
    }
    if (c.updateOf) {
      // A column list allows no transition tables: row by row.
      await sql`create function ${name("update")}() returns trigger language plpgsql as $$ begin ${sql.raw(s.removeRow("old."))} ${sql.raw(s.addRow("new."))} return null; end $$`.execute(
        db,
      );
      await sql`create trigger ${name("update")} after update of ${sql.raw(c.updateOf.join(", "))} on ${source} for each row execute function ${name("update")}()`.execute(
        db,
      );
    }
    return;
  }
  await sql`create trigger ${name("insert")} after insert on ${source} begin ${sql.raw(s.addRow("new."))} end`.execute(db);
  if (counts) await sql`create trigger ${name("delete")} after delete on ${source} begin ${sql.raw(s.removeRow("old."))} end`.execute(db);
  if (c.updateOf)
    await sql`create trigger ${name("update")} after update of ${sql.raw(c.updateOf.join(", "))} on ${source} begin ${sql.raw(s.removeRow("old."))} ${sql.raw(s.addRow("new."))} end`.execute(
      db,
    );
}

/** Drops a trigger (and on PostgreSQL its function) if it exists. */
export async function dropTrigger(db: SchemaFreeDb, dialect: DialectName, table: string, trigger: string): Promise<void> {
  if (dialect === "postgres") {
    await sql`drop trigger if exists ${sql.raw(trigger)} on ${sql.raw(table)}`.execute(db);
    await sql`drop function if exists ${sql.raw(trigger)}()`.execute(db);
  } else {
    await sql`drop trigger if exists ${sql.raw(trigger)}`.execute(db);
  }
}

/** What a counter's table should hold, counted afresh from its rows (tests compare the triggers' totals with it). */
export function recountQuery(c: CounterSpec, dialect: DialectName): string {
  const keys = Object.keys(c.keys);
  const keyExprs = keys.map((k) => `${c.keys[k]("", dialect)} as ${k}`);
  const sums = Object.entries(c.sums ?? {}).map(([s, e]) => `sum(${e("", dialect)}) as ${s}`);
  return `select ${[...keyExprs, ...sums].join(", ")} from ${c.source} group by ${keys.map((_, i) => i + 1).join(", ")} order by ${keys.map((_, i) => i + 1).join(", ")}`;
}
