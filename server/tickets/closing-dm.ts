import type { TicketSettings } from "../../src/schemas/settings";
import type { BotMessage } from "../platform/adapter";
import { fitMessage } from "../platform/message-fit";
import { customIds } from "./custom-ids";
import { ACTION_ROW, BUTTON, type EngineDeps } from "./step";
import type { TicketRow } from "./store";
import { botTexts } from "./texts";

// The closing direct message to the member who opened a ticket: why it closed, the rating's stars, the comment's button
// once rated, and the Reopen button while the server lets members reopen. Built from the ticket as it is now, so the
// bot edits the same message after a rating (stars disabled, the chosen one marked, the comment's button added) and
// after the comment (its button gone), as a Discord bot edits its message: a reload shows what may still be done.

/** Where the closing DM is: the channel and the message a member's click came from. */
export interface DmMessage {
  channelId: string;
  messageId: string;
}

/** Whether the server sends a closing DM at all: for the rating, or for the Reopen button. */
export const sendsClosingDm = (settings: TicketSettings) => settings.EnableUserFeedback !== false || (settings.ReopenWithinDays ?? 0) > 0;

/** The closing DM of a closed ticket, as its state now asks. */
export async function closingDm(deps: EngineDeps, row: TicketRow, settings: TicketSettings): Promise<BotMessage> {
  const feedback = settings.EnableUserFeedback !== false;
  const reopenable = (settings.ReopenWithinDays ?? 0) > 0;
  const guildName = (await deps.platform.getGuild(row.guild_id).catch(() => null))?.name ?? "the server";
  const rated = row.rating ?? null;
  const stars = [1, 2, 3, 4, 5].map((r) => ({
    type: BUTTON,
    // Once rated, as Discord shows a bot's edited message: the stars disabled, the chosen one marked.
    style: r === rated ? 1 : 2,
    label: "★".repeat(r),
    custom_id: customIds.rate(row.guild_id, row.number, r),
    ...(rated === null ? {} : { disabled: true }),
  }));
  const comment = feedback && rated !== null && row.rating_comment === null;
  return fitMessage({
    content: feedback ? botTexts.ratingPrompt(guildName, row.number) : botTexts.closedDm(guildName, row.number),
    embeds: [
      {
        color: 0x5865f2,
        fields: [
          { name: botTexts.archiveReason, value: row.close_reason ?? botTexts.archiveNoReason },
          { name: botTexts.archiveClosedBy, value: row.closed_by_name ?? "—", inline: true },
        ],
      },
    ],
    components: [
      ...(feedback ? [{ type: ACTION_ROW, components: stars }] : []),
      ...(comment
        ? [{ type: ACTION_ROW, components: [{ type: BUTTON, style: 2, label: botTexts.ratingCommentButton, custom_id: customIds.rateComment(row.guild_id, row.number), emoji: { name: "💬" } }] }]
        : []),
      ...(reopenable
        ? [{ type: ACTION_ROW, components: [{ type: BUTTON, style: 1, label: botTexts.reopenButton, custom_id: customIds.reopen(row.guild_id, row.number), emoji: { name: "🔓" } }] }]
        : []),
    ],
    allowed_mentions: { parse: [] },
  });
}

/** The closing DM edited to the ticket's state now (after a rating or a comment): best effort, the step is done. */
export async function refreshClosingDm(deps: EngineDeps, row: TicketRow, settings: TicketSettings, dm: DmMessage | null): Promise<void> {
  if (!dm) return;
  try {
    await deps.platform.editMessage(dm.channelId, dm.messageId, await closingDm(deps, row, settings));
  } catch (error) {
    deps.log.warn({ err: error }, "closing DM not updated");
  }
}
