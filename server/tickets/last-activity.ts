import type { ChannelMessage } from "../platform/adapter";
import { snowflakeTime } from "../platform/snowflake";
import { type EngineDeps, publish } from "./step";
import { addedMembers, type TicketRow } from "./store";
import { noteWriter } from "./waiting-on";

// When a ticket last heard from anyone: what auto-close measures silence by.

/** A member wrote in a ticket channel (the demo platform sees every message; Discord's are read at close). */
export async function noteActivity(deps: EngineDeps, channelId: string, at: number) {
  const row = await deps.db
    .selectFrom("tickets")
    .selectAll()
    .where("channel_id", "=", channelId)
    .where("status", "=", "open")
    .executeTakeFirst();
  if (!row) return;
  await deps.db.updateTable("tickets").set({ last_activity_at: at }).where("id", "=", row.id).execute();
  publish(deps, "updated", { ...row, last_activity_at: at });
}

/**
 * A message arrived in a ticket's channel (the gateway tells each as it happens). One of someone other than the bot
 * moves its last activity — which ends a standing inactivity warning — and may be its first response; the bot's steps
 * note their own activity, and the inactivity warning is no activity. The ticket page hears of it either way.
 */
export async function noteMessage(deps: EngineDeps, ticket: TicketRow, message: ChannelMessage): Promise<TicketRow> {
  let row = ticket;
  if (!message.author.bot) {
    const moved = await deps.db
      .updateTable("tickets")
      .set({ last_activity_at: message.timestamp })
      .where("id", "=", ticket.id)
      .where("last_activity_at", "<", message.timestamp)
      .executeTakeFirst();
    if (Number(moved.numUpdatedRows) === 1) row = { ...row, last_activity_at: message.timestamp };
    const first = await noteFirstResponse(deps, row, [message]);
    if (first !== null) row = { ...row, first_response_at: first };
    // Whose turn it is now (staff's message: the member's; the member's: staff's).
    row = await noteWriter(deps, row, message.author, message.timestamp, "caller");
  }
  publish(deps, "updated", row);
  return row;
}

/**
 * The ticket's first response, when none was recorded: the first of these messages by someone other than the bot, the
 * opener and members added with /add (the live read's, or the gateway's messages as they arrive).
 */
export async function noteFirstResponse(deps: Pick<EngineDeps, "db">, row: TicketRow, messages: ChannelMessage[]): Promise<number | null> {
  if (row.first_response_at !== null && row.first_response_at !== undefined) return null;
  const added = new Set(await addedMembers(deps.db, row.id));
  const staff = messages
    .filter((m) => !m.author.bot && m.author.id !== row.opener_id && !added.has(m.author.id))
    .sort((a, b) => a.timestamp - b.timestamp)[0];
  if (!staff) return null;
  const set = await deps.db
    .updateTable("tickets")
    .set({ first_response_at: staff.timestamp })
    .where("id", "=", row.id)
    .where("first_response_at", "is", null)
    .executeTakeFirst();
  return Number(set.numUpdatedRows) === 1 ? staff.timestamp : null;
}

/** The time of a channel's newest message, from its snowflake (0 when none). */
export function lastMessageTime(lastMessageId: string | null): number {
  if (!lastMessageId) return 0;
  try {
    return snowflakeTime(lastMessageId);
  } catch {
    return 0;
  }
}
