import type { Kysely } from "kysely";
import type { ticketPriorities } from "../../src/schemas/helpdesk";
import type { Database } from "../db/schema";
import { DEMO_ADMIN_ID, DEMO_COMMUNITY_ID, DEMO_STAFF_ID, demoUsers, GAMING_HUB_ID } from "../platform/demo-fixtures";
import { keyringForDatabase } from "../transcripts/keys";
import { openTranscript } from "../transcripts/store";
import { ticketActions } from "./step";
import { replayWaiting } from "./waiting-on";

// The demo's ticket history: the demo seed stores about 90 days of closed tickets as transcripts
// (server/transcripts/demo.ts); this step gives each of them its ticket — opened, claimed, answered, closed with its
// reason and rated, at the times its messages carry, with the activity entries the engine writes for those steps —
// so the Tickets screen's closed tickets, Statistics (the rollups follow the ticket rows: migration 017's triggers),
// Transcripts and the activity log tell one story from the first start. It reads what the transcripts hold, so it
// agrees with them on a database seeded before it too, and it skips a transcript whose ticket exists (later starts
// keep what users changed; the step runs once).
//
// What it does not do: drive the engine's steps under a simulated clock (open → messages → claim → close → rate on
// the demo platform). That would make the transcripts themselves the engine's output, but the engine reads the clock
// in every step and writes inside its own transactions, which a seed step (one transaction) cannot host. The hook
// for it: `demoHistoryTickets` below is the one place that decides what the history holds.
// The rating comment is not seeded: the rating is; a comment column, once it exists, can be filled here.

/** A deterministic priority per ticket: about 10 % urgent, 20 % high, 55 % normal, 15 % low. */
export function demoPriority(number: number): (typeof ticketPriorities)[number] {
  const x = (number * 2654435761) % 100;
  return x < 10 ? "urgent" : x < 30 ? "high" : x < 85 ? "normal" : "low";
}

const staffIds = new Set([DEMO_STAFF_ID, DEMO_ADMIN_ID]);
const userName = (id: string) => demoUsers.find((u) => u.id === id)?.username ?? id;

/** Gives every demo transcript without a ticket its closed ticket and activity; returns how many it made. */
export async function seedDemoTicketHistory(db: Kysely<Database>): Promise<number> {
  const keyring = await keyringForDatabase(db);
  let made = 0;
  for (const guildId of [DEMO_COMMUNITY_ID, GAMING_HUB_ID]) {
    const transcripts = await db
      .selectFrom("transcripts")
      .select(["ticket_id", "author_id", "author_username", "panel_id", "panel_name", "close_reason", "rating", "closed_at"])
      .where("guild_id", "=", guildId)
      .orderBy("ticket_id")
      .execute();
    const existing = new Set(
      (await db.selectFrom("tickets").select("number").where("guild_id", "=", guildId).execute()).map((r) => r.number),
    );
    for (const t of transcripts) {
      const number = Number(t.ticket_id);
      if (existing.has(number)) continue;
      const opened = await openTranscript(db, keyring, guildId, number).catch(() => undefined);
      if (!opened || opened.messages.length === 0) continue;
      const messages = [...opened.messages].sort((a, b) => a.timestamp - b.timestamp);
      const closedAt = Number(t.closed_at);
      const openedAt = Math.min(messages[0].timestamp, closedAt);
      // The first response: the first message of staff (a known staff id, or anyone but the opener and the bot).
      const first = messages.find(
        (m) => (m.author_id && staffIds.has(m.author_id)) || (m.author !== t.author_username && m.author !== "Ticketeer"),
      );
      const staffId =
        first?.author_id && staffIds.has(first.author_id) ? first.author_id : guildId === GAMING_HUB_ID ? DEMO_ADMIN_ID : DEMO_STAFF_ID;
      const staffName = userName(staffId);
      const claimedAt = first ? first.timestamp : openedAt + Math.min(10 * 60_000, Math.max(0, closedAt - openedAt) / 2);
      const lastAt = messages[messages.length - 1].timestamp;
      await db
        .insertInto("tickets")
        .values({
          guild_id: guildId,
          number,
          panel_id: t.panel_id,
          panel_name: t.panel_name,
          opener_id: t.author_id,
          opener_name: t.author_username,
          subject: null,
          status: "closed",
          channel_id: null,
          claimed_by: staffId,
          claimed_by_name: staffName,
          form_answers_json: null,
          opened_at: openedAt,
          last_activity_at: Math.max(lastAt, openedAt),
          first_response_at: first ? first.timestamp : null,
          closed_at: closedAt,
          closed_by: staffId,
          closed_by_name: staffName,
          close_reason: t.close_reason,
          rating: t.rating,
          response_ms: first ? Math.max(0, first.timestamp - openedAt) : null,
          resolution_ms: Math.max(0, closedAt - openedAt),
          priority: demoPriority(number),
          // Who it waited on, replayed from its conversation (the opener's messages are the member's; the bot's nobody's).
          ...replayWaiting(
            openedAt,
            messages
              .filter((m) => m.author !== "Ticketeer" && m.timestamp <= closedAt)
              .map((m) => ({ side: m.author === t.author_username ? ("member" as const) : ("staff" as const), at: m.timestamp })),
          ),
        })
        .execute();
      const scope = t.panel_id === null ? 0 : Number(t.panel_id);
      const entry = (userId: string, username: string, action: string, at: number, before: unknown, after: unknown) => ({
        guild_id: guildId,
        user_id: userId,
        username,
        avatar: null,
        action,
        ip: "demo",
        timestamp: Math.floor(at / 1000),
        before_json: before === null ? null : JSON.stringify(before),
        after_json: JSON.stringify(after),
        scope_panel_id: scope,
        ticket_id: number,
      });
      await db
        .insertInto("activity")
        .values([
          entry(t.author_id, t.author_username, ticketActions.opened, openedAt, null, { TicketId: number, Panel: t.panel_name }),
          entry(
            staffId,
            staffName,
            ticketActions.claimed,
            claimedAt,
            { TicketId: number, ClaimedBy: null },
            { TicketId: number, ClaimedBy: staffName },
          ),
          entry(
            staffId,
            staffName,
            ticketActions.closed,
            closedAt,
            { TicketId: number, Status: "open" },
            { TicketId: number, Status: "closed", CloseReason: t.close_reason },
          ),
        ])
        .execute();
      made++;
    }
    // The next ticket the engine opens follows the history (without a counter, its first open starts after the
    // highest transcript anyway; creating one here would also hold the bot-key ingest to these numbers).
    const max = transcripts.length ? Math.max(...transcripts.map((t) => Number(t.ticket_id))) : 0;
    await db
      .updateTable("guild_ticket_counters")
      .set({ last_number: max })
      .where("guild_id", "=", guildId)
      .where("last_number", "<", max)
      .execute();
  }
  return made;
}
