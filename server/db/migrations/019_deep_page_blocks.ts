import type { Kysely } from "kysely";
import { sql } from "kysely";
import type { DialectHelpers } from "../dialect";

// Deep pages without walking every entry before them (bench/large-data.ts: activity page 10,000 of 1,000,000 entries
// skipped 500,000 index entries, 57 ms on PostgreSQL; a transcripts page near the end of 100,000, as many). Each list
// below gets a table of its guilds' row counts per block of 4,096 values of its order column (value / 4096), kept
// by triggers. A page at offset k finds, newest block first, the block holding its k-th row (a running sum over a
// few hundred rows at most a million entries) and skips inside that block only (server/db/deep-pages.ts).

/** Values of the order column per block: the most rows a deep page still skips one by one. */
export const BLOCK_SIZE = 4096;

/** The lists served by blocks: the table, its order column (newest first, never rewritten) and the blocks' table. */
export const blockLists = {
  activity: { table: "activity", column: "id", blocks: "activity_blocks" },
  transcripts: { table: "transcripts", column: "ticket_id", blocks: "transcript_blocks" },
} as const;
export type BlockList = keyof typeof blockLists;

export async function up(db: Kysely<any>, d: DialectHelpers): Promise<void> {
  for (const list of Object.values(blockLists)) await createBlockCounts(db, d, list);
}

/** A list's block counts: the table, filled from the rows there are, and the triggers that keep it. */
export async function createBlockCounts(
  db: Kysely<any>,
  d: DialectHelpers,
  list: { table: string; column: string; blocks: string },
): Promise<void> {
  const { table, column, blocks } = list;
  const t = sql.raw(table);
  const b = sql.raw(blocks);
  const blockOf = (alias: string) => sql.raw(`${alias}${column} / ${BLOCK_SIZE}`);
  await db.schema
    .createTable(blocks)
    .addColumn("guild_id", "text", (c) => c.notNull())
    .addColumn("block", d.bigint, (c) => c.notNull())
    .addColumn("n", d.bigint, (c) => c.notNull())
    .addPrimaryKeyConstraint(`${blocks}_pk`, ["guild_id", "block"])
    .execute();
  await sql`insert into ${b} (guild_id, block, n) select guild_id, ${blockOf("")}, count(*) from ${t} group by guild_id, ${blockOf("")}`.execute(
    db,
  );

  // One row's share, as SQLite's row triggers (and PostgreSQL's renumbering trigger) add and take it.
  const rowAdd = sql`insert into ${b} (guild_id, block, n) values (new.guild_id, ${blockOf("new.")}, 1) on conflict (guild_id, block) do update set n = ${b}.n + 1;`;
  const rowRemove = sql`update ${b} set n = n - 1 where guild_id = old.guild_id and block = ${blockOf("old.")};`;
  if (d.name === "postgres") {
    // Statement-level, as activity_counts' triggers (migration 007): one upsert per block a statement touched.
    const add = (rows: string) =>
      sql`insert into ${b} (guild_id, block, n) select guild_id, ${blockOf("")}, count(*) from ${sql.raw(rows)} group by 1, 2
          on conflict (guild_id, block) do update set n = ${b}.n + excluded.n;`;
    const remove = (rows: string) =>
      sql`update ${b} k set n = k.n - r.n
          from (select guild_id, ${blockOf("")} as block, count(*) as n from ${sql.raw(rows)} group by 1, 2) r
          where k.guild_id = r.guild_id and k.block = r.block;`;
    for (const [event, statements, transition] of [
      ["insert", add("inserted"), sql`new table as inserted`],
      ["delete", remove("deleted"), sql`old table as deleted`],
    ] as const) {
      const fn = sql.raw(`${blocks}_${event}`);
      await sql`create function ${fn}() returns trigger language plpgsql as $$ begin ${statements} return null; end $$`.execute(db);
      await sql`create trigger ${fn} after ${sql.raw(event)} on ${t} referencing ${transition} for each statement execute function ${fn}()`.execute(
        db,
      );
    }
    // A renumbered row (never done by the product; a column list allows no transition tables): row by row.
    const fn = sql.raw(`${blocks}_update`);
    await sql`create function ${fn}() returns trigger language plpgsql as $$ begin ${rowRemove} ${rowAdd} return null; end $$`.execute(db);
    await sql`create trigger ${fn} after update of ${sql.raw(column)}, guild_id on ${t} for each row execute function ${fn}()`.execute(db);
  } else {
    await sql`create trigger ${sql.raw(`${blocks}_insert`)} after insert on ${t} begin ${rowAdd} end`.execute(db);
    await sql`create trigger ${sql.raw(`${blocks}_delete`)} after delete on ${t} begin ${rowRemove} end`.execute(db);
    await sql`create trigger ${sql.raw(`${blocks}_update`)} after update of ${sql.raw(column)}, guild_id on ${t} begin ${rowRemove} ${rowAdd} end`.execute(
      db,
    );
  }
}

export async function down(db: Kysely<any>, d: DialectHelpers): Promise<void> {
  for (const { table, blocks } of Object.values(blockLists)) {
    for (const event of ["insert", "delete", "update"]) {
      const name = sql.raw(`${blocks}_${event}`);
      if (d.name === "postgres") {
        await sql`drop trigger if exists ${name} on ${sql.raw(table)}`.execute(db);
        await sql`drop function if exists ${name}()`.execute(db);
      } else {
        await sql`drop trigger if exists ${name}`.execute(db);
      }
    }
    await db.schema.dropTable(blocks).ifExists().execute();
  }
}
