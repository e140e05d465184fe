import type { Kysely } from "kysely";
import { sql } from "kysely";
import type { DialectHelpers } from "../dialect";

// Tickets opened by the bot (docs/ticket-engine.md). A ticket is numbered per guild from guild_ticket_counters
// (the number is also its transcript's TicketId); its row exists before its channel ('opening') and counts
// towards the opener's limit from then on. Response and resolution times are stored at close, so statistics never
// re-read messages.

export async function up(db: Kysely<any>, d: DialectHelpers): Promise<void> {
  await db.schema
    .createTable("guild_ticket_counters")
    .addColumn("guild_id", "text", (c) => c.primaryKey())
    .addColumn("last_number", "integer", (c) => c.notNull())
    .execute();

  await d
    .autoId(db.schema.createTable("tickets"), "id")
    .addColumn("guild_id", "text", (c) => c.notNull())
    .addColumn("number", "integer", (c) => c.notNull())
    // The panel it was opened from (null: /new without a panel). Not a foreign key: a panel may be deleted while
    // its tickets live on; the name at opening is kept for that case.
    .addColumn("panel_id", "integer")
    .addColumn("panel_name", "text", (c) => c.notNull())
    .addColumn("opener_id", "text", (c) => c.notNull())
    .addColumn("opener_name", "text", (c) => c.notNull())
    .addColumn("subject", "text")
    // 'opening' (row made, channel not yet) | 'open' | 'closing' | 'closed'
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("channel_id", "text")
    .addColumn("claimed_by", "text")
    .addColumn("claimed_by_name", "text")
    .addColumn("form_answers_json", d.json)
    .addColumn("opened_at", d.bigint, (c) => c.notNull())
    .addColumn("last_activity_at", d.bigint, (c) => c.notNull())
    .addColumn("first_response_at", d.bigint)
    .addColumn("closed_at", d.bigint)
    .addColumn("closed_by", "text")
    .addColumn("closed_by_name", "text")
    .addColumn("close_reason", "text")
    .addColumn("rating", "integer")
    // Stored at close: first staff message − opened_at, closed_at − opened_at.
    .addColumn("response_ms", d.bigint)
    .addColumn("resolution_ms", d.bigint)
    .addColumn("revision", "integer", (c) => c.notNull().defaultTo(1))
    .execute();
  await sql`create unique index tickets_guild_number on tickets (guild_id, number desc)`.execute(db);
  await db.schema.createIndex("tickets_guild_status").on("tickets").columns(["guild_id", "status", "number"]).execute();
  await db.schema.createIndex("tickets_guild_opener").on("tickets").columns(["guild_id", "opener_id", "status"]).execute();
  await db.schema.createIndex("tickets_guild_opened").on("tickets").columns(["guild_id", "opened_at"]).execute();
  await db.schema.createIndex("tickets_guild_closed").on("tickets").columns(["guild_id", "closed_at"]).execute();
  await db.schema.createIndex("tickets_channel").on("tickets").column("channel_id").execute();

  // Users added to a ticket with /add (the opener and the support team have their overwrites anyway).
  await db.schema
    .createTable("ticket_members")
    .addColumn("ticket_id", "integer", (c) => c.notNull().references("tickets.id").onDelete("cascade"))
    .addColumn("user_id", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("ticket_members_pk", ["ticket_id", "user_id"])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("ticket_members").ifExists().execute();
  await db.schema.dropTable("tickets").ifExists().execute();
  await db.schema.dropTable("guild_ticket_counters").ifExists().execute();
}
