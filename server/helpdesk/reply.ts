import type { BotMessage } from "../platform/adapter";
import { fitMessage } from "../platform/message-fit";
import { recordActivityOf } from "../activity/record";
import { can, type Member } from "../tickets/members";
import { actorOf, attempt, type EngineDeps, openTicket, publish, type Reply, say } from "../tickets/step";
import { findTicket } from "../tickets/store";
import { botTexts } from "../tickets/texts";
import { helpdeskActions } from "./triage";

// A staff member's reply from the dashboard (issue 23). It is the bot's message with an embed whose author is the
// staff member (name and avatar), not a channel webhook: the bot holds no Manage Webhooks (src/schemas/bot-permissions.ts,
// least privilege), a webhook per ticket channel would be one more thing to create, clean up and secure (its token
// posts to the channel as anyone), and Discord counts webhooks per channel (15). The embed also marks the
// message as staff's in the channel and in the transcript (its author becomes the transcript embed's title).
// `allowed_mentions: {parse: []}`: a reply pings nobody (an embed's text never pings; the field says so anyway).
// The reply is the ticket's first response when there was none.

export const replyColor = 0x5865f2;

/** The message a reply is: the bot's, under the staff member's name and avatar. */
export function replyMessage(deps: Pick<EngineDeps, "publicUrl">, member: Member, avatar: string | null, content: string): BotMessage {
  const icon = avatar ? (avatar.startsWith("/") ? `${deps.publicUrl.replace(/\/$/, "")}${avatar}` : avatar) : undefined;
  return fitMessage({
    embeds: [{ author: { name: member.username, ...(icon && /^https?:\/\//.test(icon) ? { icon_url: icon } : {}) }, description: content, color: replyColor }],
    allowed_mentions: { parse: [] },
  });
}

export async function replyAsStaff(deps: EngineDeps, guildId: string, number: number, member: Member, content: string): Promise<{ reply: Reply; messageId?: string }> {
  const c = await openTicket(deps, guildId, number, member);
  if ("refusal" in c) return { reply: c.refusal! };
  if (!c.staff) return { reply: say(botTexts.staffOnly) };
  // Checked in the step, like notes' AnnotateTicket, whichever way in calls it.
  if (!can(c.access, "AnswerTicket")) return { reply: say(botTexts.noPermission) };
  if (!c.row.channel_id) return { reply: say(botTexts.ticketGone) };
  const channelId = c.row.channel_id;
  const actor = actorOf(member, deps.origin);
  let messageId = "";
  const refused = await attempt(deps, c.row, "send", async () => {
    messageId = await deps.platform.sendMessage(channelId, replyMessage(deps, member, actor.avatar, content));
  });
  if (refused) return { reply: say(refused) };
  const now = await deps.clock.now(guildId);
  await deps.db.transaction().execute(async (tx) => {
    await tx.updateTable("tickets").set({ last_activity_at: now }).where("id", "=", c.row.id).execute();
    // The first response, once (a compare-and-set: an earlier one stands).
    await tx.updateTable("tickets").set({ first_response_at: now }).where("id", "=", c.row.id).where("first_response_at", "is", null).execute();
    await recordActivityOf(tx, actor, { guildId, action: helpdeskActions.replied, after: { TicketId: number }, scopePanelId: c.row.panel_id ?? 0, at: now });
  });
  publish(deps, "updated", (await findTicket(deps.db, guildId, number))!);
  return { reply: say(botTexts.replySent, true), messageId };
}
