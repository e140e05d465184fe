import type { Kysely } from "kysely";
import type { DialectHelpers } from "../dialect";

// The help desk:
//   - tickets.priority (low | normal | high | urgent), tickets.labels (",3,7,": the ids of its labels, so the queue
//     filters by one with a plain LIKE and the summary needs no join), tickets.waiting_alert_at (when the "waiting too
//     long" alert went out: at most one per ticket).
//   - ticket_notes: private staff notes, sealed with the transcript keyring's secret box (server/helpdesk/notes.ts).
//   - ticket_live_reads: the live read of a watched ticket (server/helpdesk/live-read.ts): one row per ticket, the lease
//     that lets one instance read the channel per poll (read_at, holder) and what it read (sealed), which the other
//     instances serve from.
// The labels themselves are a declared resource (src/schemas/label.ts): the engine makes their table.

export async function up(db: Kysely<any>, d: DialectHelpers): Promise<void> {
  await db.schema
    .alterTable("tickets")
    .addColumn("priority", "text", (c) => c.notNull().defaultTo("normal"))
    .execute();
  await db.schema
    .alterTable("tickets")
    .addColumn("labels", "text", (c) => c.notNull().defaultTo(""))
    .execute();
  await db.schema.alterTable("tickets").addColumn("waiting_alert_at", d.bigint).execute();
  await db.schema.createIndex("tickets_guild_priority").on("tickets").columns(["guild_id", "status", "priority"]).execute();

  await d
    .autoId(db.schema.createTable("ticket_notes"), "id")
    .addColumn("guild_id", "text", (c) => c.notNull())
    .addColumn("ticket_id", "integer", (c) => c.notNull().references("tickets.id").onDelete("cascade"))
    .addColumn("author_id", "text", (c) => c.notNull())
    .addColumn("author_name", "text", (c) => c.notNull())
    .addColumn("author_avatar", "text")
    .addColumn("body_sealed", "text", (c) => c.notNull())
    .addColumn("created_at", d.bigint, (c) => c.notNull())
    .execute();
  await db.schema.createIndex("ticket_notes_ticket").on("ticket_notes").columns(["ticket_id", "id"]).execute();

  await db.schema
    .createTable("ticket_live_reads")
    .addColumn("ticket_id", "integer", (c) => c.primaryKey().references("tickets.id").onDelete("cascade"))
    .addColumn("read_at", d.bigint, (c) => c.notNull())
    .addColumn("holder", "text", (c) => c.notNull())
    .addColumn("last_message_id", "text")
    .addColumn("messages_sealed", "text")
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("ticket_live_reads").ifExists().execute();
  await db.schema.dropTable("ticket_notes").ifExists().execute();
  await db.schema.dropIndex("tickets_guild_priority").ifExists().execute();
  await db.schema.alterTable("tickets").dropColumn("waiting_alert_at").execute();
  await db.schema.alterTable("tickets").dropColumn("labels").execute();
  await db.schema.alterTable("tickets").dropColumn("priority").execute();
}
