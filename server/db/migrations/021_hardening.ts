import type { Kysely } from "kysely";
import { sql } from "kysely";
import type { DialectHelpers } from "../dialect";

// Hardening:
//   - tickets.closing_since: when a ticket moved to 'closing' (epoch ms). The scheduler repairs a ticket left in
//     'closing' by a crash once it is older than a grace period (server/tickets/scheduler.ts); a ticket left in
//     'opening' is aged by its opened_at.
//   - activity.scope_panel_id: the panel of the ticket or transcript an entry is about — null for entries about
//     anything else, 0 for a ticket of no panel — so staff limited to their panels' tickets and transcripts
//     (TranscriptsPanelPermission) see only those panels' entries (server/http/activity.ts). Entries written
//     before are filled in from their ticket (or transcript) by its TicketId.

/** The actions whose entries are about one ticket or transcript (the names server/tickets and the routes write). */
export const ticketScopedActions = [
  "Ticket Opened",
  "Ticket Claimed",
  "Ticket Unclaimed",
  "Ticket Transferred",
  "Ticket Member Added",
  "Ticket Member Removed",
  "Ticket Renamed",
  "Ticket Closed",
  "Ticket Recovered",
  "Transcript Not Stored",
  "Transcript Viewed",
  "Transcript Stored",
] as const;

export async function up(db: Kysely<any>, d: DialectHelpers): Promise<void> {
  await db.schema.alterTable("tickets").addColumn("closing_since", d.bigint).execute();
  await db.schema.alterTable("activity").addColumn("scope_panel_id", "integer").execute();

  // The TicketId an old entry names (After, else Before), as a number.
  const ticketId =
    d.name === "postgres"
      ? sql`coalesce((activity.after_json::jsonb ->> 'TicketId'), (activity.before_json::jsonb ->> 'TicketId'))::bigint`
      : sql`coalesce(json_extract(activity.after_json, '$.TicketId'), json_extract(activity.before_json, '$.TicketId'))`;
  const actions = sql.join(ticketScopedActions.map((a) => sql.lit(a)));
  // Its ticket's panel, else its transcript's; 0 when neither names one (hidden from limited staff, like the ticket).
  await sql`
    update activity set scope_panel_id = coalesce(
      (select coalesce(t.panel_id, 0) from tickets t where t.guild_id = activity.guild_id and t.number = ${ticketId}),
      (select coalesce(x.panel_id, 0) from transcripts x where x.guild_id = activity.guild_id and x.ticket_id = ${ticketId}),
      0)
    where action in (${actions})`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("activity").dropColumn("scope_panel_id").execute();
  await db.schema.alterTable("tickets").dropColumn("closing_since").execute();
}
