import type { Kysely } from "kysely";
import type { DialectHelpers } from "../dialect";

// DM tickets (docs/ticket-engine.md, "DM tickets"): a ticket opened from the member's direct messages with the bot is
// relayed to that DM channel while it is open. The index finds a member's relayed ticket from their DM.

export async function up(db: Kysely<any>, _d: DialectHelpers): Promise<void> {
  await db.schema.alterTable("tickets").addColumn("dm_channel_id", "text").execute();
  await db.schema.createIndex("tickets_dm_channel").on("tickets").columns(["dm_channel_id", "status"]).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("tickets_dm_channel").ifExists().execute();
  await db.schema.alterTable("tickets").dropColumn("dm_channel_id").execute();
}
