import type { Kysely } from "kysely";
import type { DialectHelpers } from "../dialect";

// Each Discord interaction acts once (server/http/support/interaction-receipts.ts): its id is kept for the 15 minutes its token lives,
// with the answer it got, so a repeat of a validly signed request — on this instance or another — answers without
// acting again. No guild_id column: receipts are not guild data (they move no response-cache generation).

export async function up(db: Kysely<any>, d: DialectHelpers): Promise<void> {
  await db.schema
    .createTable("interaction_receipts")
    .addColumn("interaction_id", "text", (c) => c.primaryKey())
    .addColumn("received_at", d.bigint, (c) => c.notNull())
    .addColumn("answer_json", d.json)
    .execute();
  await db.schema.createIndex("interaction_receipts_received").on("interaction_receipts").column("received_at").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("interaction_receipts").ifExists().execute();
}
