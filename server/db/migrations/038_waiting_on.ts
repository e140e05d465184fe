import { type Kysely, sql } from "kysely";
import type { DialectHelpers } from "../dialect";

// Waiting on the member (docs/ticket-engine.md, "Waiting on the member"):
//   - tickets.waiting_on ('staff' | 'member'; null: a ticket closed before this was tracked) and waiting_since (when
//     that began); waiting_staff_ms / waiting_member_ms: the time each side waited in the stretches already ended (the
//     stretch under way is counted from waiting_since: at close, up to closed_at).
//   - tickets.snoozed_until / snoozed_by_name: staff snoozed the ticket until then (hidden from "Needs attention").
// Open tickets are backfilled: without a first response they have waited on staff since they opened (exact); with one,
// the first wait is known (opening → first response) and who waits now is not, so they wait on staff from their last
// activity — a ticket wrongly shown as needing staff is looked at, one wrongly shown as waiting on its member is not.

export async function up(db: Kysely<any>, d: DialectHelpers): Promise<void> {
  await db.schema.alterTable("tickets").addColumn("waiting_on", "text").execute();
  await db.schema.alterTable("tickets").addColumn("waiting_since", d.bigint).execute();
  await db.schema
    .alterTable("tickets")
    .addColumn("waiting_staff_ms", d.bigint, (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable("tickets")
    .addColumn("waiting_member_ms", d.bigint, (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable("tickets").addColumn("snoozed_until", d.bigint).execute();
  await db.schema.alterTable("tickets").addColumn("snoozed_by_name", "text").execute();
  await sql`
    update tickets set
      waiting_on = 'staff',
      waiting_since = case when first_response_at is null then opened_at else last_activity_at end,
      waiting_staff_ms = case when first_response_at > opened_at then first_response_at - opened_at else 0 end
    where status in ('opening', 'open', 'closing')`.execute(db);
  // The queue's waiting filter, and the sweep that wakes snoozed tickets.
  await db.schema.createIndex("tickets_guild_waiting").on("tickets").columns(["guild_id", "status", "waiting_on"]).execute();
  await db.schema.createIndex("tickets_snoozed").on("tickets").columns(["snoozed_until"]).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("tickets_snoozed").ifExists().execute();
  await db.schema.dropIndex("tickets_guild_waiting").ifExists().execute();
  for (const column of ["snoozed_by_name", "snoozed_until", "waiting_member_ms", "waiting_staff_ms", "waiting_since", "waiting_on"])
    await db.schema.alterTable("tickets").dropColumn(column).execute();
}
