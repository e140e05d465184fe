import type { Kysely } from "kysely";
import type { DialectHelpers } from "../dialect";

// The demo platform's clock per server (server/platform/clock.ts): how far Try-it's "Skip ahead" moved a server's
// time past the real clock. A server without a row runs on the real clock; Discord mode never writes one.

export async function up(db: Kysely<any>, d: DialectHelpers): Promise<void> {
  await db.schema
    .createTable("demo_clocks")
    .addColumn("guild_id", "text", (c) => c.primaryKey())
    // milliseconds ahead of the real clock (only ever grows)
    .addColumn("offset_ms", d.bigint, (c) => c.notNull())
    .addColumn("updated_at", d.bigint, (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("demo_clocks").ifExists().execute();
}
