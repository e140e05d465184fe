import type { Kysely } from "kysely";
import { sql } from "kysely";
import type { DialectHelpers } from "../dialect";

// Instances on one PostgreSQL keep signed-in sessions in memory (server/auth/session-cache.ts): every change of a
// session (logout, a recent sign-in extended, a row deleted) or of a user (sign-in, refreshed OAuth tokens)
// notifies them, whoever wrote it (another instance, an older version, an operator's SQL). The channel is the
// schema's, the payload `s:<token hash>` or `u:<user id>`; sent on commit. SQLite is one process: nothing here.

// The channel of the table's schema; server/auth/session-cache.ts asks for the same expression of current_schema().
const channel = sql.raw(`'ticketeer_sessions_' || left(regexp_replace(lower(TG_TABLE_SCHEMA), '[^a-z0-9_]', '_', 'g'), 40)`);

// Each table, its trigger function and the notification's payload.
const watched = [
  { table: "sessions", fn: "ticketeer_session_changed", payload: `'s:' || old.token_hash` },
  { table: "users", fn: "ticketeer_user_changed", payload: `'u:' || old.id` },
];

export async function up(db: Kysely<any>, d: DialectHelpers): Promise<void> {
  if (d.name !== "postgres") return;
  for (const { table, fn, payload } of watched) {
    await sql`
      create function ${sql.raw(fn)}() returns trigger language plpgsql as $$
      begin
        perform pg_notify(${channel}, ${sql.raw(payload)});
        return null;
      end $$`.execute(db);
    await sql`create trigger ${sql.raw(`${table}_changed`)} after update or delete on ${sql.raw(table)} for each row execute function ${sql.raw(fn)}()`.execute(
      db,
    );
  }
}

export async function down(db: Kysely<any>, d: DialectHelpers): Promise<void> {
  if (d.name !== "postgres") return;
  for (const { table, fn } of watched) {
    await sql`drop trigger if exists ${sql.raw(`${table}_changed`)} on ${sql.raw(table)}`.execute(db);
    await sql`drop function if exists ${sql.raw(fn)}()`.execute(db);
  }
}
