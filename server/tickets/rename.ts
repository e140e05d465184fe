import { channelName } from "./channel-access";
import type { Member } from "./members";
import type { Outcome } from "./outcomes";
import { attempt, type EngineDeps, type Known, openTicket, publish, recordStep, ticketActions } from "./step";

/** /rename: staff of the ticket give its channel a new name (Discord allows two renames per ten minutes). */
export async function rename(
  deps: EngineDeps,
  guildId: string,
  number: number,
  member: Member,
  raw: string,
  known: Known = {},
): Promise<Outcome> {
  const c = await openTicket(deps, guildId, number, member, known);
  if ("refusal" in c) return c.refusal;
  if (!c.staff) return { refusal: "staffOnly" };
  const name = channelName(raw);
  if (!name || !c.row.channel_id) return { refusal: "renameInvalid" };
  const channelId = c.row.channel_id;
  const refused = await attempt(deps, c.row, "rename", () => deps.platform.editChannel(channelId, { name }));
  if (refused) return refused;
  // A name chosen by hand wins over one a move left for the sweep (./move.ts).
  if (c.row.pending_name !== null && c.row.pending_name !== undefined)
    await deps.db.updateTable("tickets").set({ pending_name: null, rename_due_at: null }).where("id", "=", c.row.id).execute();
  await recordStep(deps, member, c.row, ticketActions.renamed, { TicketId: number }, { TicketId: number, Channel: name });
  // Its channel changed: the views that follow the ticket read it again.
  publish(deps, "updated", c.row);
  return { done: "renamed", ticket: c.row, name };
}
