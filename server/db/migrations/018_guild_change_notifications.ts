import type { Kysely } from "kysely";
import { sql } from "kysely";
import type { DialectHelpers } from "../dialect";

// Instances on one PostgreSQL keep some guild list answers in memory (server/http/support/response-cache.ts) until that
// guild's data changes. The trigger functions here tell of the guilds a statement changed: every instance, by a
// notification on the schema's channel (`g:<guild id>`, sent on commit, one per guild and transaction); and the
// connection that wrote, at once, by a notice (`ticketeer_guild_changed:<guild id>`), which its instance applies once
// the transaction has committed. The server attaches them at start to every table with a guild_id column
// (server/db/guild-changes.ts), the spec'd resources' tables included. SQLite is one process: its connection reports
// its own writes (temporary triggers).

// The channel of the table's schema; server/db/guild-changes.ts asks for the same expression of current_schema().
const channel = sql.raw(`'ticketeer_guilds_' || left(regexp_replace(lower(TG_TABLE_SCHEMA), '[^a-z0-9_]', '_', 'g'), 40)`);

// Inserted or deleted rows (the transition table `changed`); updated rows, before (`changed_before`) and after.
const functions = [
  { name: "ticketeer_guild_rows_changed", rows: "select guild_id from changed" },
  { name: "ticketeer_guild_rows_updated", rows: "select guild_id from changed union select guild_id from changed_before" },
];

export async function up(db: Kysely<any>, d: DialectHelpers): Promise<void> {
  if (d.name !== "postgres") return;
  for (const { name, rows } of functions) {
    await sql`
      create function ${sql.raw(name)}() returns trigger language plpgsql as $$
      declare
        g text;
      begin
        for g in select distinct guild_id from (${sql.raw(rows)}) r where guild_id is not null loop
          perform pg_notify(${channel}, 'g:' || g);
          raise notice 'ticketeer_guild_changed:%', g;
        end loop;
        return null;
      end $$`.execute(db);
  }
}

export async function down(db: Kysely<any>, d: DialectHelpers): Promise<void> {
  if (d.name !== "postgres") return;
  for (const { name } of functions) await sql`drop function if exists ${sql.raw(name)}() cascade`.execute(db);
}
