import type { Kysely } from "kysely";

// Statistics read closed tickets by range (server/statistics/figures.ts): an index holding every column those
// queries read makes them index-only (no row lookups), on SQLite and PostgreSQL.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex("tickets_closed_stats")
    .on("tickets")
    .columns(["guild_id", "status", "closed_at", "response_ms", "resolution_ms", "rating", "panel_id", "claimed_by", "closed_by"])
    .execute();
  await db.schema.createIndex("tickets_opened_stats").on("tickets").columns(["guild_id", "opened_at", "panel_id"]).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("tickets_opened_stats").ifExists().execute();
  await db.schema.dropIndex("tickets_closed_stats").ifExists().execute();
}
