import { snowflakeTime } from "../platform/snowflake";
import { type EngineDeps, publish } from "./step";

// When a ticket last heard from anyone: what auto-close measures silence by.

/** A member wrote in a ticket channel (the demo platform sees every message; Discord's are read at close). */
export async function noteActivity(deps: EngineDeps, channelId: string, at: number) {
  const row = await deps.db.selectFrom("tickets").selectAll().where("channel_id", "=", channelId).where("status", "=", "open").executeTakeFirst();
  if (!row) return;
  await deps.db.updateTable("tickets").set({ last_activity_at: at }).where("id", "=", row.id).execute();
  publish(deps, "updated", { ...row, last_activity_at: at });
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
