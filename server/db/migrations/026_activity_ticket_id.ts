import type { Kysely } from "kysely";
import { sql } from "kysely";
import { atMost, type DialectHelpers, jsonIntegerOf } from "../dialect";

// activity.ticket_id: the number of the ticket an entry is about (its After's TicketId, else its Before's; null for
// an entry about anything else), with an index (guild_id, ticket_id, id). The ticket page lists a ticket's entries
// through it (server/helpdesk/service.ts) instead of matching the JSON of every entry since the ticket opened, which
// took half a second on a server with 500,000 entries and, on SQLite, held every other server's requests behind it.
// server/activity/record.ts writes it from now on; the entries written before are filled in here from their JSON.

/** Entries filled in per statement: bounded work (and, on SQLite, a bounded journal) however long the log is. */
const BATCH = 50_000;
const MAX_INT32 = 2_147_483_647;

/** The TicketId a JSON column names at its top level, as a number in 0..2^31-1, else null; never fails on bad JSON. */
const ticketIdIn = (column: "after_json" | "before_json", d: DialectHelpers) =>
  atMost(d.name, jsonIntegerOf(d.name, `activity.${column}`, "TicketId"), MAX_INT32);

export async function up(db: Kysely<any>, d: DialectHelpers): Promise<void> {
  await db.schema.alterTable("activity").addColumn("ticket_id", "integer").execute();
  const bounds = await sql<{
    lo: number | string | null;
    hi: number | string | null;
  }>`select min(id) as lo, max(id) as hi from activity`.execute(db);
  const lo = Number(bounds.rows[0]?.lo ?? 0);
  const hi = Number(bounds.rows[0]?.hi ?? 0);
  const named = (column: string) => sql`${sql.ref(`activity.${column}`)} like '%"TicketId":%'`;
  for (let from = lo - 1; from < hi; from += BATCH) {
    await sql`
      update activity set ticket_id = coalesce(${ticketIdIn("after_json", d)}, ${ticketIdIn("before_json", d)})
      where id > ${from} and id <= ${from + BATCH} and (${named("after_json")} or ${named("before_json")})`.execute(db);
  }
  await db.schema.createIndex("activity_guild_ticket").on("activity").columns(["guild_id", "ticket_id", "id"]).execute();
  // Every row was just rewritten: fresh statistics, so the planner knows the new column before autovacuum comes by.
  if (d.name === "postgres") await sql`analyze activity`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("activity_guild_ticket").ifExists().execute();
  await db.schema.alterTable("activity").dropColumn("ticket_id").execute();
}
