import { channelName } from "./channel-access";
import type { Member } from "./members";
import { attempt, type EngineDeps, openTicket, publish, recordStep, type Reply, say, ticketActions } from "./step";
import { botTexts } from "./texts";

/** /rename: staff of the ticket give its channel a new name (Discord allows two renames per ten minutes). */
export async function rename(deps: EngineDeps, guildId: string, number: number, member: Member, raw: string): Promise<Reply> {
  const c = await openTicket(deps, guildId, number, member);
  if ("refusal" in c) return c.refusal!;
  if (!c.staff) return say(botTexts.staffOnly);
  const name = channelName(raw);
  if (!name || !c.row.channel_id) return say(botTexts.renameInvalid);
  const channelId = c.row.channel_id;
  const refused = await attempt(deps, c.row, "rename", () => deps.platform.editChannel(channelId, { name }));
  if (refused) return say(refused);
  await recordStep(deps, member, c.row, ticketActions.renamed, { TicketId: number }, { TicketId: number, Channel: name });
  // Its channel changed: the views that follow the ticket read it again.
  publish(deps, "updated", c.row);
  return say(botTexts.renamed(name), true);
}
