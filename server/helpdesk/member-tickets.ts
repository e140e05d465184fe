import type { MyTicket } from "../../src/schemas/my-tickets";
import type { Db } from "../db/schema";
import { readGuildSettings } from "../settings/store";
import { relayToTicket } from "../tickets/dm-relay";
import type { EngineDeps } from "../tickets/step";
import { findTicket, type TicketRow } from "../tickets/store";
import { iconUrlOf } from "./reply";

// "My tickets" (docs/ticket-engine.md): a member's own tickets, read and written from the dashboard outside any one
// server's. Every call names the member; a ticket is theirs when they opened it, in a server they are still a member
// of whose settings let members see their tickets (MemberTickets). What the member writes goes through the platform
// as a DM ticket's relayed message does: the bot's message with an embed under their name, pinging nobody.

export interface MemberGuild {
  id: string;
  name: string;
}

/** The guilds among `guilds` whose settings let members see their tickets. */
export async function guildsShowingMemberTickets<G extends MemberGuild>(db: Db, guilds: G[]): Promise<G[]> {
  const allowed = await Promise.all(guilds.map(async (g) => (await readGuildSettings(db, g.id)).settings.MemberTickets !== false));
  return guilds.filter((_, i) => allowed[i]);
}

const CLOSED_SHOWN = 100;

/** The member's tickets in `guilds` (already filtered: member, allowed): open ones, then the newest closed ones. */
export async function memberTicketsOf(db: Db, guilds: MemberGuild[], userId: string): Promise<{ open: MyTicket[]; closed: MyTicket[] }> {
  if (guilds.length === 0) return { open: [], closed: [] };
  const ids = guilds.map((g) => g.id);
  const names = new Map(guilds.map((g) => [g.id, g.name]));
  const base = db.selectFrom("tickets").selectAll().where("guild_id", "in", ids).where("opener_id", "=", userId);
  const [open, closed, transcripts] = await Promise.all([
    base.where("status", "in", ["open", "closing"]).orderBy("opened_at", "desc").orderBy("id", "desc").execute(),
    base.where("status", "=", "closed").orderBy("closed_at", "desc").orderBy("id", "desc").limit(CLOSED_SHOWN).execute(),
    db.selectFrom("transcripts").select(["guild_id", "ticket_id"]).where("guild_id", "in", ids).where("author_id", "=", userId).execute(),
  ]);
  const kept = new Set(transcripts.map((t) => `${t.guild_id}:${Number(t.ticket_id)}`));
  const toMine = (row: TicketRow): MyTicket => ({
    GuildId: row.guild_id,
    GuildName: names.get(row.guild_id) ?? row.guild_id,
    TicketId: row.number,
    Status: row.status as MyTicket["Status"],
    PanelName: row.panel_name,
    Subject: row.subject,
    OpenedAt: Number(row.opened_at),
    ClosedAt: row.closed_at === null ? null : Number(row.closed_at),
    CloseReason: row.close_reason,
    HasTranscript: row.status === "closed" && kept.has(`${row.guild_id}:${row.number}`),
  });
  return { open: open.map(toMine), closed: closed.map(toMine) };
}

/** The member's own ticket of that number, or undefined (another member's, one still opening, none). */
export async function ownTicket(db: Db, guildId: string, number: number, userId: string): Promise<TicketRow | undefined> {
  const row = await findTicket(db, guildId, number);
  return row && row.status !== "opening" && row.opener_id === userId ? row : undefined;
}

/**
 * The member's words into their open ticket, under their name and avatar (the bot's embed, no pings); it counts as
 * the ticket's activity. "closed" when the ticket no longer takes messages, "refused" when the platform refused it.
 */
export async function writeAsMember(
  deps: EngineDeps,
  row: TicketRow,
  member: { username: string; avatar: string | null },
  content: string,
): Promise<"sent" | "closed" | "refused"> {
  if (row.status !== "open" || !row.channel_id) return "closed";
  const author = { name: member.username, iconUrl: iconUrlOf(deps, member.avatar) };
  const sent = await relayToTicket(deps, row, { author, content, attachments: [] }, await deps.clock.now(row.guild_id));
  return sent ? "sent" : "refused";
}
