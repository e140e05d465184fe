import type { Kysely } from "kysely";
import type { DialectHelpers } from "../dialect";

// Saved views (server/views/): a list's filters, sort and hidden columns under a name, per user and server. The
// index serves a user's views of one list, and keeps two of them from sharing a name.

export async function up(db: Kysely<any>, d: DialectHelpers): Promise<void> {
  await d
    .autoId(db.schema.createTable("saved_views"), "id")
    .addColumn("guild_id", "text", (c) => c.notNull())
    .addColumn("user_id", "text", (c) => c.notNull())
    .addColumn("list", "text", (c) => c.notNull())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("state_json", d.json, (c) => c.notNull())
    .addColumn("created_at", d.bigint, (c) => c.notNull())
    .addColumn("updated_at", d.bigint, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("saved_views_owner_name")
    .on("saved_views")
    .columns(["guild_id", "user_id", "list", "name"])
    .unique()
    .execute();
  await db.schema.createIndex("saved_views_user").on("saved_views").column("user_id").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("saved_views").ifExists().execute();
}
