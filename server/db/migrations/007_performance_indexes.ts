import type { Kysely } from "kysely";
import { sql } from "kysely";
import type { DialectHelpers } from "../dialect";

// What the large-data benchmark (bench/large-data.ts: 1,000,000 activity entries, 100,000 transcripts in one
// guild) showed missing:
//   - activity_counts: the activity list's unfiltered total, kept by triggers (a COUNT(*) over a million rows
//     costs 50–150 ms on every page);
//   - activity_users: each (guild, user id, lower-cased username) seen, so the "user" filter (an id, or a part of
//     a username) finds the matching user ids in a small table, then the rows through (guild_id, user_id);
//   - activity_actions: each (guild, action) seen, for the action filter's choices (a DISTINCT over the log
//     otherwise);
//   - activity (guild_id, timestamp): the date-range filter;
//   - transcripts (guild_id, panel_id, ticket_id): the Ticket Type filter (by the panel's id), newest first.
// The triggers also fire for rows inserted by any other code path, so the figures cannot drift from the log.

export async function up(db: Kysely<any>, d: DialectHelpers): Promise<void> {
  await db.schema
    .createTable("activity_counts")
    .addColumn("guild_id", "text", (c) => c.primaryKey())
    .addColumn("n", d.bigint, (c) => c.notNull())
    .execute();
  await db.schema
    .createTable("activity_users")
    .addColumn("guild_id", "text", (c) => c.notNull())
    .addColumn("user_id", "text", (c) => c.notNull())
    .addColumn("username", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("activity_users_pk", ["guild_id", "user_id", "username"])
    .execute();
  await db.schema
    .createTable("activity_actions")
    .addColumn("guild_id", "text", (c) => c.notNull())
    .addColumn("action", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("activity_actions_pk", ["guild_id", "action"])
    .execute();

  // What the log already holds.
  await sql`insert into activity_counts (guild_id, n) select guild_id, count(*) from activity group by guild_id`.execute(db);
  await sql`insert into activity_users (guild_id, user_id, username) select distinct guild_id, user_id, lower(username) from activity`.execute(
    db,
  );
  await sql`insert into activity_actions (guild_id, action) select distinct guild_id, action from activity`.execute(db);

  if (d.name === "postgres") {
    // Statement-level triggers with transition tables: one counter update per INSERT statement, however many
    // rows it inserts (a row-level update of one hot counter row per row would pile up row versions).
    await sql`
      create function activity_stats_insert() returns trigger language plpgsql as $$
      begin
        insert into activity_counts (guild_id, n) select guild_id, count(*) from inserted group by guild_id
          on conflict (guild_id) do update set n = activity_counts.n + excluded.n;
        insert into activity_users (guild_id, user_id, username) select distinct guild_id, user_id, lower(username) from inserted
          on conflict do nothing;
        insert into activity_actions (guild_id, action) select distinct guild_id, action from inserted
          on conflict do nothing;
        return null;
      end $$`.execute(db);
    await sql`
      create function activity_stats_delete() returns trigger language plpgsql as $$
      begin
        update activity_counts c set n = c.n - d.n from (select guild_id, count(*) as n from deleted group by guild_id) d
          where c.guild_id = d.guild_id;
        return null;
      end $$`.execute(db);
    await sql`create trigger activity_stats_insert after insert on activity referencing new table as inserted
      for each statement execute function activity_stats_insert()`.execute(db);
    await sql`create trigger activity_stats_delete after delete on activity referencing old table as deleted
      for each statement execute function activity_stats_delete()`.execute(db);
  } else {
    await sql`
      create trigger activity_stats_insert after insert on activity begin
        insert into activity_counts (guild_id, n) values (new.guild_id, 1)
          on conflict (guild_id) do update set n = n + 1;
        insert or ignore into activity_users (guild_id, user_id, username) values (new.guild_id, new.user_id, lower(new.username));
        insert or ignore into activity_actions (guild_id, action) values (new.guild_id, new.action);
      end`.execute(db);
    await sql`
      create trigger activity_stats_delete after delete on activity begin
        update activity_counts set n = n - 1 where guild_id = old.guild_id;
      end`.execute(db);
  }

  await db.schema.createIndex("activity_guild_timestamp").on("activity").columns(["guild_id", "timestamp"]).execute();
  await db.schema.createIndex("transcripts_guild_panel_id").on("transcripts").columns(["guild_id", "panel_id", "ticket_id"]).execute();
  if (d.name === "sqlite") {
    // A database analyzed before (sqlite_stat1) has statistics for every index but these: SQLite would then take
    // them for very selective and sort a million rows by id. Give them theirs. (PostgreSQL keeps per-column
    // statistics, which serve new indexes as they are.)
    const { rows } = await sql<{ n: number }>`select count(*) as n from sqlite_master where name = 'sqlite_stat1'`.execute(db);
    if (Number(rows[0]?.n) > 0) {
      await sql`analyze activity_guild_timestamp`.execute(db);
      await sql`analyze transcripts_guild_panel_id`.execute(db);
    }
  }
}

export async function down(db: Kysely<any>, d: DialectHelpers): Promise<void> {
  await db.schema.dropIndex("transcripts_guild_panel_id").ifExists().execute();
  await db.schema.dropIndex("activity_guild_timestamp").ifExists().execute();
  if (d.name === "postgres") {
    await sql`drop trigger if exists activity_stats_insert on activity`.execute(db);
    await sql`drop trigger if exists activity_stats_delete on activity`.execute(db);
    await sql`drop function if exists activity_stats_insert()`.execute(db);
    await sql`drop function if exists activity_stats_delete()`.execute(db);
  } else {
    await sql`drop trigger if exists activity_stats_insert`.execute(db);
    await sql`drop trigger if exists activity_stats_delete`.execute(db);
  }
  for (const table of ["activity_actions", "activity_users", "activity_counts"]) await db.schema.dropTable(table).ifExists().execute();
}
