import { recordActivityOf } from "../activity/record";
import { relayToMember } from "../tickets/dm-relay";
import { can, type Member } from "../tickets/members";
import type { Outcome } from "../tickets/outcomes";
import { actorOf, attempt, type EngineDeps, type Known, openTicket, publish } from "../tickets/step";
import { noteSide } from "../tickets/waiting-on";
import { messageWebhook } from "../tickets/webhook";
import { helpdeskActions } from "./triage";

// A staff member's reply from the dashboard. It is the bot's message with an embed whose author is the staff member
// (name and avatar: EngineDeps.messages.staffReply), not a channel webhook: the bot holds no Manage Webhooks
// (src/schemas/bot-permissions.ts, least privilege), a webhook per ticket channel would be one more thing to create,
// clean up and secure (its token posts to the channel as anyone), and Discord counts webhooks per channel (15). The
// embed also marks the message as staff's in the channel and in the transcript (its author becomes the transcript
// embed's title). A reply pings nobody; a DM ticket's goes to the member's DM as well. The reply is the ticket's first
// response when there was none.

/**
 * The staff member's avatar as the embed author's icon. A local image (the demo users', the default avatar) stays a
 * same-origin path on the demo platform: only our own pages show its messages, at whatever address the app is opened
 * (127.0.0.1 or localhost), and an absolute URL on PUBLIC_URL is another origin there, refused by the page's CSP.
 * Discord fetches the icon itself, so there it is made absolute on PUBLIC_URL. Anything but http(s) is left out.
 */
export function iconUrlOf(deps: Pick<EngineDeps, "publicUrl" | "platform">, avatar: string | null): string | null {
  if (!avatar) return null;
  if (avatar.startsWith("/") && !avatar.startsWith("//"))
    return deps.platform.kind === "demo" ? avatar : `${deps.publicUrl.replace(/\/$/, "")}${avatar}`;
  return /^https?:\/\//.test(avatar) ? avatar : null;
}

export async function replyAsStaff(
  deps: EngineDeps,
  guildId: string,
  number: number,
  member: Member,
  content: string,
  known: Known = {},
): Promise<Outcome> {
  const c = await openTicket(deps, guildId, number, member, known);
  if ("refusal" in c) return c.refusal;
  if (!c.staff) return { refusal: "staffOnly" };
  // Checked in the step, like notes' AnnotateTicket, whichever way in calls it.
  if (!can(c.access, "AnswerTicket")) return { refusal: "noPermission" };
  if (!c.row.channel_id) return { refusal: "ticketGone" };
  const channelId = c.row.channel_id;
  const actor = actorOf(member, deps.origin);
  let messageId = "";
  const author = { name: member.username, iconUrl: iconUrlOf(deps, actor.avatar) };
  const message = deps.messages.staffReply(author, content);
  const refused = await attempt(deps, c.row, "send", async () => {
    messageId = await deps.platform.sendMessage(channelId, message);
  });
  if (refused) return refused;
  // A DM ticket: the member reads the reply in their direct messages too.
  await relayToMember(deps, c.row, { author, content, attachments: [] });
  const now = await deps.clock.now(guildId);
  const ticket = await deps.db.transaction().execute(async (tx) => {
    // The first response, once: an earlier one stands.
    const updated = await tx
      .updateTable("tickets")
      .set((eb) => ({ last_activity_at: now, first_response_at: eb.fn.coalesce("first_response_at", eb.val(now)) }))
      .where("id", "=", c.row.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await recordActivityOf(tx, actor, {
      guildId,
      action: helpdeskActions.replied,
      after: { TicketId: number },
      scopePanelId: c.row.panel_id ?? 0,
      at: now,
    });
    await messageWebhook(deps, updated, member, { content }, tx);
    return updated;
  });
  // Staff answered: the ticket waits on its member (and its opener may be pinged, once).
  const waiting = await noteSide(deps, ticket, "staff", now, "caller", known);
  publish(deps, "updated", waiting);
  return { done: "replied", ticket: waiting, messageId };
}
