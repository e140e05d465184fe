import { sql } from "kysely";
import type { TicketPriority } from "../../src/schemas/helpdesk";
import { recordActivityOf } from "../activity/record";
import type { Member } from "../tickets/members";
import type { Outcome } from "../tickets/outcomes";
import { actorOf, type EngineDeps, type Known, openTicket, publish } from "../tickets/step";
import { labelIdsOf, labelsText } from "../tickets/store";

// Priority and labels of a ticket: set by its staff from the ticket page, the queue and /priority. The
// labels are the `labels` resource's ids, kept on the ticket as ",3,7," so the queue filters by one with LIKE.

export const helpdeskActions = {
  triaged: "Ticket Priority Set",
  labelled: "Ticket Labels Set",
  noteAdded: "Ticket Note Added",
  replied: "Ticket Reply Sent",
  waitingAlert: "Ticket Waiting Alert",
} as const;

/** Sets a ticket's priority and/or labels (staff of the ticket); unknown label ids are refused. */
export async function triage(
  deps: EngineDeps,
  guildId: string,
  number: number,
  member: Member,
  change: { Priority?: TicketPriority; LabelIds?: number[] },
  known: Known = {},
): Promise<Outcome> {
  const c = await openTicket(deps, guildId, number, member, known);
  if ("refusal" in c) return c.refusal;
  if (!c.staff) return { refusal: "staffOnly" };
  const set: { priority?: string; labels?: string; revision: number } = { revision: c.row.revision + 1 };
  if (change.Priority) set.priority = change.Priority;
  if (change.LabelIds) {
    const wanted = [...new Set(change.LabelIds)];
    if (wanted.length) {
      // ticket_labels is the resource engine's table (src/schemas/label.ts), not in the migrations' types.
      const found = await sql<{
        id: number;
      }>`select id from ticket_labels where guild_id = ${guildId} and id in (${sql.join(wanted)})`.execute(deps.db);
      if (found.rows.length !== wanted.length) return { refusal: "labelUnknown" };
    }
    set.labels = labelsText(wanted);
  }
  const at = await deps.clock.now(guildId);
  await deps.db.transaction().execute(async (tx) => {
    await tx.updateTable("tickets").set(set).where("id", "=", c.row.id).execute();
    const actor = actorOf(member, deps.origin);
    const scope = { scopePanelId: c.row.panel_id ?? 0, at };
    if (set.priority !== undefined && set.priority !== c.row.priority) {
      await recordActivityOf(tx, actor, {
        guildId,
        action: helpdeskActions.triaged,
        before: { TicketId: number, Priority: c.row.priority },
        after: { TicketId: number, Priority: set.priority },
        ...scope,
      });
    }
    if (set.labels !== undefined && set.labels !== c.row.labels) {
      await recordActivityOf(tx, actor, {
        guildId,
        action: helpdeskActions.labelled,
        before: { TicketId: number, LabelIds: labelIdsOf(c.row.labels) },
        after: { TicketId: number, LabelIds: labelIdsOf(set.labels) },
        ...scope,
      });
    }
  });
  const ticket = { ...c.row, ...set };
  publish(deps, "updated", ticket);
  return { done: "triaged", ticket, priority: change.Priority ?? null };
}
