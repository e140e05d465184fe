import type { Kysely } from "kysely";
import type { DialectHelpers } from "../dialect";

// Scoped API keys (docs/API.md "API keys"): kept as the SHA-256 of the whole key (256 random bits: no dictionary or
// brute force reaches it, so a slow hash would add cost and nothing else), with the first characters to tell keys
// apart. A revoked key stays listed (revoked_at) so the log's entries still name it.

export async function up(db: Kysely<any>, d: DialectHelpers): Promise<void> {
  await d
    .autoId(db.schema.createTable("api_keys"), "id")
    .addColumn("guild_id", "text", (c) => c.notNull())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("prefix", "text", (c) => c.notNull())
    .addColumn("key_hash", "text", (c) => c.notNull().unique())
    .addColumn("scopes_json", d.json, (c) => c.notNull())
    .addColumn("created_by", "text", (c) => c.notNull())
    .addColumn("created_at", d.bigint, (c) => c.notNull())
    .addColumn("last_used_at", d.bigint)
    .addColumn("revoked_at", d.bigint)
    .execute();
  await db.schema.createIndex("api_keys_guild").on("api_keys").column("guild_id").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("api_keys").ifExists().execute();
}
