import type { Kysely } from "kysely";
import type { DialectHelpers } from "../dialect";

// Blacklist: users or roles of a guild barred from opening tickets.

export async function up(db: Kysely<any>, d: DialectHelpers): Promise<void> {
  await d
    .autoId(db.schema.createTable("blacklist"), "id")
    .addColumn("guild_id", "text", (c) => c.notNull())
    .addColumn("kind", "text")
    .addColumn("target_id", "text")
    .addColumn("reason", "text")
    .addColumn("created_at", d.bigint)
    .addUniqueConstraint("blacklist_guild_kind_target", ["guild_id", "kind", "target_id"])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("blacklist").ifExists().execute();
}
