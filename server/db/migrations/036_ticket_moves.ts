import type { Kysely } from "kysely";
import type { DialectHelpers } from "../dialect";

// Moving a ticket to another panel (docs/ticket-engine.md, "Moving a ticket"): Discord lets a channel's name change
// twice every ten minutes, so a move that meets that limit moves everything else at once and leaves the new name
// here; the minute sweep renames the channel once Discord allows it (server/tickets/move.ts). The due time is real
// time (a rate limit, not a server's clock).

export async function up(db: Kysely<any>, d: DialectHelpers): Promise<void> {
  await db.schema.alterTable("tickets").addColumn("pending_name", "text").execute();
  await db.schema.alterTable("tickets").addColumn("rename_due_at", d.bigint).execute();
  await db.schema.createIndex("tickets_rename_due").on("tickets").columns(["rename_due_at"]).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("tickets_rename_due").ifExists().execute();
  await db.schema.alterTable("tickets").dropColumn("rename_due_at").execute();
  await db.schema.alterTable("tickets").dropColumn("pending_name").execute();
}
