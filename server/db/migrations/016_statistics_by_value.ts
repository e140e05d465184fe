import { type Kysely, sql } from "kysely";

// Statistics without sorting (server/statistics/figures.ts, docs/ticket-engine.md "Statistics"):
// - the closed tickets of a range are grouped from one index in the order of the grouping (claimer, closer, rating,
//   panel) holding every column the figures read, the staff members' names included: no sort, no row looked up;
// - the tickets opened in a range are counted per panel from one index in panel order with the stored name;
// - the counts per day keep migration 013's indexes (a range of closed_at or opened_at);
// - a median or a 90th percentile is the k-th value of an index in value order (an OFFSET walk), overall, per panel
//   and per staff member (the member being the claimer, else the closer: an expression index).

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex("tickets_closed_groups")
    .on("tickets")
    .columns([
      "guild_id",
      "status",
      "claimed_by",
      "closed_by",
      "rating",
      "panel_id",
      "closed_at",
      "response_ms",
      "resolution_ms",
      "claimed_by_name",
      "closed_by_name",
    ])
    .execute();
  await db.schema.createIndex("tickets_opened_panels").on("tickets").columns(["guild_id", "panel_id", "opened_at", "panel_name"]).execute();
  await db.schema.createIndex("tickets_response_order").on("tickets").columns(["guild_id", "status", "response_ms", "closed_at"]).execute();
  await db.schema
    .createIndex("tickets_resolution_order")
    .on("tickets")
    .columns(["guild_id", "status", "resolution_ms", "closed_at"])
    .execute();
  await db.schema
    .createIndex("tickets_panel_response_order")
    .on("tickets")
    .columns(["guild_id", "status", "panel_id", "response_ms", "closed_at"])
    .execute();
  await sql`create index tickets_staff_response_order on tickets (guild_id, status, (coalesce(claimed_by, closed_by)), response_ms, closed_at)`.execute(
    db,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const name of [
    "tickets_staff_response_order",
    "tickets_panel_response_order",
    "tickets_resolution_order",
    "tickets_response_order",
    "tickets_opened_panels",
    "tickets_closed_groups",
  ]) {
    await db.schema.dropIndex(name).ifExists().execute();
  }
}
