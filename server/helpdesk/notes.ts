import type { TicketNote } from "../../src/schemas/helpdesk";
import { recordActivityOf } from "../activity/record";
import { can, type Member } from "../tickets/members";
import type { Outcome } from "../tickets/outcomes";
import { actorOf, type EngineDeps, type Known, openTicket } from "../tickets/step";
import type { TicketRow } from "../tickets/store";
import { helpdeskActions } from "./triage";

// Private staff notes: kept by the server, sealed like transcripts (the keyring's secret box, bound to
// the guild, the ticket and the note's time), shown only on the ticket page — never in the channel, never to the
// member, never in the transcript. Written from the ticket page and with /note (an ephemeral confirmation), by staff
// of the ticket holding AnnotateTicket.

export const aadOf = (guildId: string, ticketRowId: number, createdAt: number, authorId: string) =>
  `ticket-note:${guildId}:${ticketRowId}:${createdAt}:${authorId}`;

/** Adds a note to an open ticket (staff of the ticket). */
export async function addNote(
  deps: EngineDeps,
  guildId: string,
  number: number,
  member: Member,
  body: string,
  known: Known = {},
): Promise<Outcome> {
  const c = await openTicket(deps, guildId, number, member, known);
  if ("refusal" in c) return c.refusal;
  if (!c.staff) return { refusal: "staffOnly" };
  // Checked here, not only by the dashboard's route: /note and every other way in take this step.
  if (!can(c.access, "AnnotateTicket")) return { refusal: "noPermission" };
  const text = body.trim().slice(0, 2000);
  if (!text) return { refusal: "noteEmpty" };
  const createdAt = await deps.clock.now(guildId);
  const actor = actorOf(member, deps.origin);
  const sealed = deps.keyring.secrets.seal(text, aadOf(guildId, c.row.id, createdAt, member.id));
  const id = await deps.db.transaction().execute(async (tx) => {
    const inserted = await tx
      .insertInto("ticket_notes")
      .values({
        guild_id: guildId,
        ticket_id: c.row.id,
        author_id: member.id,
        author_name: member.username,
        author_avatar: actor.avatar,
        body_sealed: sealed,
        created_at: createdAt,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    // The entry says that a note was added, never what it says.
    const entry = {
      guildId,
      action: helpdeskActions.noteAdded,
      after: { TicketId: number },
      scopePanelId: c.row.panel_id ?? 0,
      at: createdAt,
    };
    await recordActivityOf(tx, actor, entry);
    return inserted.id;
  });
  const note: TicketNote = {
    NoteId: id,
    AuthorId: member.id,
    AuthorName: member.username,
    AuthorAvatar: actor.avatar,
    Body: text,
    CreatedAt: createdAt,
  };
  return { done: "noteAdded", ticket: c.row, note };
}

/** A ticket's notes, oldest first (one that no longer opens — another key — shows as such). */
export async function listNotes(deps: EngineDeps, row: TicketRow): Promise<TicketNote[]> {
  const rows = await deps.db
    .selectFrom("ticket_notes")
    .selectAll()
    .where("ticket_id", "=", row.id)
    .orderBy("id", "asc")
    .limit(500)
    .execute();
  return rows.map((n) => ({
    NoteId: n.id,
    AuthorId: n.author_id,
    AuthorName: n.author_name,
    AuthorAvatar: n.author_avatar,
    Body:
      deps.keyring.secrets.open(n.body_sealed, aadOf(n.guild_id, n.ticket_id, Number(n.created_at), n.author_id)) ??
      "(This note was sealed with another key.)",
    CreatedAt: Number(n.created_at),
  }));
}
