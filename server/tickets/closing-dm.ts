import type { TicketSettings } from "../../src/schemas/settings";
import type { BotMessage } from "../platform/adapter";
import type { EngineDeps } from "./step";
import type { TicketRow } from "./store";

// The closing direct message to the member who opened a ticket: why it closed, the rating's stars, the comment's button
// once rated, and the Reopen button while the server lets members reopen (its words and buttons: the door's,
// EngineDeps.messages.closingDm). Made from the ticket as it is now, so the bot edits the same message after a rating
// (stars disabled, the chosen one marked, the comment's button added) and after the comment (its button gone), as a
// Discord bot edits its message: a reload shows what may still be done.

/** Where the closing DM is: the channel and the message a member's click came from. */
export interface DmMessage {
  channelId: string;
  messageId: string;
}

/** Whether the server sends a closing DM at all: for the rating, or for the Reopen button. */
export const sendsClosingDm = (settings: TicketSettings) => settings.EnableUserFeedback !== false || (settings.ReopenWithinDays ?? 0) > 0;

/** The closing DM of a closed ticket, as its state now asks. */
export async function closingDmOf(deps: EngineDeps, row: TicketRow, settings: TicketSettings): Promise<BotMessage> {
  const guildName = (await deps.platform.getGuild(row.guild_id).catch(() => null))?.name ?? null;
  return deps.messages.closingDm(row, settings, guildName);
}

/** The closing DM edited to the ticket's state now (after a rating or a comment): best effort, the step is done. */
export async function refreshClosingDm(deps: EngineDeps, row: TicketRow, settings: TicketSettings, dm: DmMessage | null): Promise<void> {
  if (!dm) return;
  try {
    await deps.platform.editMessage(dm.channelId, dm.messageId, await closingDmOf(deps, row, settings));
  } catch (error) {
    deps.log.warn({ err: error }, "closing DM not updated");
  }
}
