import type { Kysely } from "kysely";
import type { DialectHelpers } from "../dialect";

// Rate-limit counters shared by every instance on one PostgreSQL (server/http/support/pg-rate-limit-store.ts): one row per
// limited key and its current window. (The SQLite default keeps them in its one process.)

export async function up(db: Kysely<any>, d: DialectHelpers): Promise<void> {
  await db.schema
    .createTable("rate_limits")
    .addColumn("key", "text", (c) => c.primaryKey())
    .addColumn("window_start", d.bigint, (c) => c.notNull())
    .addColumn("hits", "integer", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("rate_limits_window").on("rate_limits").column("window_start").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("rate_limits").ifExists().execute();
}
