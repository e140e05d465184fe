import type { Kysely } from "kysely";
import type { DialectHelpers } from "../dialect";

// The grid's Undo of a bulk delete (server/resources/bulk.ts): the deleted rows exactly as they were, kept for a
// minute under the hash of a token only the caller who deleted them holds. Kept in the database, not in memory, so
// an Undo reaches them whichever instance answers it; a server's purge takes its rows with the rest.

export async function up(db: Kysely<any>, d: DialectHelpers): Promise<void> {
  await db.schema
    .createTable("bulk_undo")
    .addColumn("token_hash", "text", (c) => c.primaryKey())
    .addColumn("guild_id", "text", (c) => c.notNull())
    .addColumn("resource", "text", (c) => c.notNull())
    .addColumn("user_id", "text", (c) => c.notNull())
    .addColumn("rows_json", "text", (c) => c.notNull())
    .addColumn("expires_at", d.bigint, (c) => c.notNull())
    .execute();
  await db.schema.createIndex("bulk_undo_expires").on("bulk_undo").column("expires_at").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("bulk_undo").ifExists().execute();
}
