import type { Kysely } from "kysely";
import { sql } from "kysely";
import type { DialectHelpers } from "../dialect";

// Deep pages and word search at scale (bench/large-data.ts: 100,000 transcripts, 1,000,000 activity entries):
//   - transcript_terms.ticket_id, and an index (guild_id, term_hash, ticket_id desc): a word's transcripts come out of
//     the index newest first, so a page reads 25 index entries instead of sorting every match (a common word: 12,500);
//   - transcript_counts: each guild's number of transcripts and the bytes their sealed messages take, kept by
//     triggers (a COUNT over 100,000 rows on every page otherwise; the bytes are the per-guild storage quota).

export async function up(db: Kysely<any>, d: DialectHelpers): Promise<void> {
  await db.schema.alterTable("transcript_terms").addColumn("ticket_id", "integer").execute();
  await sql`update transcript_terms set ticket_id = (select t.ticket_id from transcripts t where t.id = transcript_terms.transcript_id)`.execute(
    db,
  );
  await sql`create index transcript_terms_guild_term_ticket on transcript_terms (guild_id, term_hash, ticket_id desc)`.execute(db);
  // The new index leads with the same columns: the old one only costs writes.
  await db.schema.dropIndex("transcript_terms_guild_term").ifExists().execute();

  await db.schema
    .createTable("transcript_counts")
    .addColumn("guild_id", "text", (c) => c.primaryKey())
    .addColumn("n", d.bigint, (c) => c.notNull())
    .addColumn("bytes", d.bigint, (c) => c.notNull())
    .execute();
  const size = d.name === "postgres" ? sql.raw("octet_length") : sql.raw("length");
  await sql`insert into transcript_counts (guild_id, n, bytes) select guild_id, count(*), coalesce(sum(${size}(body_enc)), 0) from transcripts group by guild_id`.execute(
    db,
  );
  if (d.name === "postgres") {
    await sql`
      create function transcript_counts_insert() returns trigger language plpgsql as $$
      begin
        insert into transcript_counts (guild_id, n, bytes) select guild_id, count(*), sum(octet_length(body_enc)) from inserted group by guild_id
          on conflict (guild_id) do update set n = transcript_counts.n + excluded.n, bytes = transcript_counts.bytes + excluded.bytes;
        return null;
      end $$`.execute(db);
    await sql`
      create function transcript_counts_delete() returns trigger language plpgsql as $$
      begin
        update transcript_counts c set n = c.n - d.n, bytes = c.bytes - d.bytes
          from (select guild_id, count(*) as n, sum(octet_length(body_enc)) as bytes from deleted group by guild_id) d
          where c.guild_id = d.guild_id;
        return null;
      end $$`.execute(db);
    await sql`create trigger transcript_counts_insert after insert on transcripts referencing new table as inserted
      for each statement execute function transcript_counts_insert()`.execute(db);
    await sql`create trigger transcript_counts_delete after delete on transcripts referencing old table as deleted
      for each statement execute function transcript_counts_delete()`.execute(db);
  } else {
    await sql`
      create trigger transcript_counts_insert after insert on transcripts begin
        insert into transcript_counts (guild_id, n, bytes) values (new.guild_id, 1, length(new.body_enc))
          on conflict (guild_id) do update set n = n + 1, bytes = bytes + length(new.body_enc);
      end`.execute(db);
    await sql`
      create trigger transcript_counts_delete after delete on transcripts begin
        update transcript_counts set n = n - 1, bytes = bytes - length(old.body_enc) where guild_id = old.guild_id;
      end`.execute(db);
    const { rows } = await sql<{ n: number }>`select count(*) as n from sqlite_master where name = 'sqlite_stat1'`.execute(db);
    if (Number(rows[0]?.n) > 0) await sql`analyze transcript_terms_guild_term_ticket`.execute(db);
  }
}

export async function down(db: Kysely<any>, d: DialectHelpers): Promise<void> {
  if (d.name === "postgres") {
    await sql`drop trigger if exists transcript_counts_insert on transcripts`.execute(db);
    await sql`drop trigger if exists transcript_counts_delete on transcripts`.execute(db);
    await sql`drop function if exists transcript_counts_insert()`.execute(db);
    await sql`drop function if exists transcript_counts_delete()`.execute(db);
  } else {
    await sql`drop trigger if exists transcript_counts_insert`.execute(db);
    await sql`drop trigger if exists transcript_counts_delete`.execute(db);
  }
  await db.schema.dropTable("transcript_counts").ifExists().execute();
  await db.schema
    .createIndex("transcript_terms_guild_term")
    .on("transcript_terms")
    .columns(["guild_id", "term_hash", "transcript_id"])
    .execute();
  await db.schema.dropIndex("transcript_terms_guild_term_ticket").ifExists().execute();
  await db.schema.alterTable("transcript_terms").dropColumn("ticket_id").execute();
}
