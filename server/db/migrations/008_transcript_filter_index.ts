import type { Kysely } from "kysely";
import { sql } from "kysely";
import type { DialectHelpers } from "../dialect";

// The transcript list's filtered total (Ticket Type and/or username): every filter column in one index, so the
// count reads the index alone instead of fetching each of the guild's transcripts from the table (measured on the
// demo data, a filtered count 31 → 16 µs; the gap grows with the guild). Its leading (guild_id, panel_id) also
// serves both branches of the Ticket Type filter (a panel id, or no id and the stored name).

export async function up(db: Kysely<any>, d: DialectHelpers): Promise<void> {
  await sql`create index transcripts_guild_filters on transcripts (guild_id, panel_id, panel_name, lower(author_username))`.execute(db);
  if (d.name === "sqlite") {
    // As in 007: once the database has statistics, a new index needs its own, or SQLite takes it for very selective.
    const { rows } = await sql<{ n: number }>`select count(*) as n from sqlite_master where name = 'sqlite_stat1'`.execute(db);
    if (Number(rows[0]?.n) > 0) await sql`analyze transcripts_guild_filters`.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("transcripts_guild_filters").ifExists().execute();
}
