import type { Kysely } from "kysely";
import type { DialectHelpers } from "../dialect";

// The ticket workflow:
//   - tickets.warned_at / warning_message_id: the inactivity warning before an auto-close (server/tickets/
//     inactivity.ts), sent once per silence (a compare-and-set on warned_at); its own message does not count as
//     activity.
//   - tickets.close_request_at / close_request_by / close_request_reason: a /closerequest waiting for the member
//     (server/tickets/close-request.ts); close_request_at is the deadline after which the sweep closes the ticket.
//   - tickets.rating_comment, transcripts.rating_comment: the comment after the stars (server/tickets/rate.ts).
//   - tickets.reopened_at: when a closed ticket was last reopened (server/tickets/reopen.ts): its next close stores
//     the transcript again, the earlier one's messages first.
//   - tickets.is_thread: the ticket is a private thread of its panel's channel (thread mode), not a channel.
//   - an index for the per-panel cooldown and limit (server/tickets/panel-rules.ts): a member's tickets of a panel.

/** The ticket-scoped activity actions of the ticket workflow (scoped to their ticket's panel like those of 021_hardening). */
export const workflowScopedActions = [
  "Ticket Close Requested",
  "Ticket Close Request Declined",
  "Ticket Kept Open",
  "Ticket Rating Comment",
  "Ticket Reopened",
] as const;

export async function up(db: Kysely<any>, d: DialectHelpers): Promise<void> {
  await db.schema.alterTable("tickets").addColumn("warned_at", d.bigint).execute();
  await db.schema.alterTable("tickets").addColumn("warning_message_id", "text").execute();
  await db.schema.alterTable("tickets").addColumn("close_request_at", d.bigint).execute();
  await db.schema.alterTable("tickets").addColumn("close_request_by", "text").execute();
  await db.schema.alterTable("tickets").addColumn("close_request_reason", "text").execute();
  await db.schema.alterTable("tickets").addColumn("rating_comment", "text").execute();
  await db.schema.alterTable("transcripts").addColumn("rating_comment", "text").execute();
  await db.schema.alterTable("tickets").addColumn("reopened_at", d.bigint).execute();
  await db.schema
    .alterTable("tickets")
    .addColumn("is_thread", d.boolean, (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex("tickets_opener_panel").on("tickets").columns(["guild_id", "opener_id", "panel_id", "closed_at"]).execute();
  await db.schema.createIndex("tickets_close_request").on("tickets").column("close_request_at").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("tickets_close_request").execute();
  await db.schema.dropIndex("tickets_opener_panel").execute();
  await db.schema.alterTable("transcripts").dropColumn("rating_comment").execute();
  for (const column of [
    "is_thread",
    "reopened_at",
    "rating_comment",
    "close_request_reason",
    "close_request_by",
    "close_request_at",
    "warning_message_id",
    "warned_at",
  ]) {
    await db.schema.alterTable("tickets").dropColumn(column).execute();
  }
}
