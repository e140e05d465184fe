import type { Db } from "../db/schema";
import { noteActivity } from "./last-activity";
import type { EngineDeps } from "./step";
import type { TicketRow } from "./store";
import { noteSide } from "./waiting-on";
import { messageWebhook } from "./webhook";

// DM tickets (docs/ticket-engine.md, "DM tickets"): a ticket opened from a member's direct messages with the bot is
// relayed to that DM while it is open — the member's DMs into the ticket's channel, staff's words back — under the
// writer's name and avatar, as the dashboard's staff reply is (EngineDeps.messages.staffReply: an embed of the bot,
// pinging nobody). Only an open ticket relays: the close ends it (its closing DM says so, with the rating).

/** A message to relay: who wrote it (name and avatar URL), its words and its attachments' links. */
export interface RelayedMessage {
  author: { name: string; iconUrl: string | null };
  content: string;
  attachments: string[];
}

/** The member's open ticket relayed to this DM channel (the newest, should several servers' be open), or undefined. */
export async function relayedTicketOf(db: Db, dmChannelId: string, userId: string): Promise<TicketRow | undefined> {
  return db
    .selectFrom("tickets")
    .selectAll()
    .where("dm_channel_id", "=", dmChannelId)
    .where("status", "=", "open")
    .where("opener_id", "=", userId)
    .orderBy("opened_at", "desc")
    .orderBy("id", "desc")
    .executeTakeFirst();
}

/** A ticket just opened from a DM: relayed to that DM channel from now on. */
export async function markRelayed(db: Db, ticket: TicketRow, dmChannelId: string): Promise<TicketRow> {
  await db.updateTable("tickets").set({ dm_channel_id: dmChannelId }).where("id", "=", ticket.id).execute();
  return { ...ticket, dm_channel_id: dmChannelId };
}

/** The words and the attachments' links, one per line (a relayed file stays where it was posted: its link travels). */
const relayedText = (m: RelayedMessage) => [m.content.trim(), ...m.attachments].filter((part) => part.length > 0).join("\n");

/** The member's DM into their ticket's channel; it is the ticket's activity (ending an inactivity warning). */
export async function relayToTicket(deps: EngineDeps, ticket: TicketRow, message: RelayedMessage, at: number): Promise<boolean> {
  const text = relayedText(message);
  if (!ticket.channel_id || !text) return false;
  try {
    await deps.platform.sendMessage(ticket.channel_id, deps.messages.staffReply(message.author, text));
  } catch (error) {
    // The channel is gone or the bot may not write there: the close (or Bot setup) tells the rest.
    deps.log.warn({ err: error, guildId: ticket.guild_id, ticket: ticket.number }, "the member's DM not relayed to the ticket");
    return false;
  }
  await noteActivity(deps, ticket.channel_id, at);
  // The member wrote: the ticket waits on staff (and a snooze ends).
  await noteSide(deps, ticket, "member", at);
  await messageWebhook(deps, ticket, { id: ticket.opener_id, username: message.author.name }, message);
  return true;
}

/** Staff's words (in the ticket's channel, or from the dashboard) to the member's DM, while the ticket is open. */
export async function relayToMember(deps: EngineDeps, ticket: TicketRow, message: RelayedMessage): Promise<boolean> {
  const text = relayedText(message);
  if (!ticket.dm_channel_id || ticket.status !== "open" || !text) return false;
  try {
    await deps.platform.sendMessage(ticket.dm_channel_id, deps.messages.staffReply(message.author, text));
    return true;
  } catch (error) {
    // The member closed their DMs, or blocked the bot: the ticket goes on in its channel.
    deps.log.warn({ err: error, guildId: ticket.guild_id, ticket: ticket.number }, "staff message not relayed to the member's DM");
    return false;
  }
}
