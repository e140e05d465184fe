import { recordActivityOf } from "../activity/record";
import { type DmMessage, refreshClosingDm } from "./closing-dm";
import type { Outcome } from "./outcomes";
import { type EngineDeps, type Known, settingsOf } from "./step";
import { findTicket } from "./store";
import { ticketWebhook } from "./webhook";

/** A comment on a rating holds at most this many characters. */
export const COMMENT_MAX = 1000;

/** The activity entry of a rating's comment. */
export const ratingCommentAction = "Ticket Rating Comment";

/**
 * The opener's 1–5 answer from the closing direct message (`dm`, where the click came from): stored once, on the
 * ticket and its transcript; the message then shows the rating given and offers the comment (./closing-dm.ts).
 */
export async function rate(
  deps: EngineDeps,
  guildId: string,
  number: number,
  userId: string,
  rating: number,
  dm: DmMessage | null = null,
  known: Known = {},
): Promise<Outcome> {
  const row = await findTicket(deps.db, guildId, number);
  if (!row || row.status !== "closed" || row.opener_id !== userId) return { refusal: "stale" };
  const result = await deps.db.transaction().execute(async (tx) => {
    const updated = await tx.updateTable("tickets").set({ rating }).where("id", "=", row.id).where("rating", "is", null).executeTakeFirst();
    if (Number(updated.numUpdatedRows) !== 1) return false;
    await tx.updateTable("transcripts").set({ rating }).where("guild_id", "=", guildId).where("ticket_id", "=", number).execute();
    await ticketWebhook(deps, tx, "ticket.rated", { ...row, rating }, { id: row.opener_id, username: row.opener_name }, { rating });
    return true;
  });
  if (!result) return { refusal: "ratingAlready" };
  const rated = { ...row, rating };
  // After the stars, an optional comment: a form behind the button the closing DM now carries.
  await refreshClosingDm(deps, rated, await settingsOf(deps, guildId, known), dm);
  return { done: "rated", ticket: rated, rating };
}

/** The comment's form, for the opener of a rated ticket that has no comment yet. */
export async function ratingCommentForm(deps: EngineDeps, guildId: string, number: number, userId: string): Promise<Outcome> {
  const row = await findTicket(deps.db, guildId, number);
  if (!row || row.status !== "closed" || row.opener_id !== userId) return { refusal: "stale" };
  if (row.rating === null) return { refusal: "commentFirst" };
  if (row.rating_comment !== null) return { refusal: "commentAlready" };
  return { done: "commentForm", ticket: row };
}

/** The comment submitted: stored once, on the ticket and its transcript, with an activity entry; the closing DM loses its button. */
export async function rateComment(
  deps: EngineDeps,
  guildId: string,
  number: number,
  user: { id: string; username: string },
  text: string,
  dm: DmMessage | null = null,
  known: Known = {},
): Promise<Outcome> {
  const comment = text.trim().slice(0, COMMENT_MAX);
  const row = await findTicket(deps.db, guildId, number);
  if (!row || row.status !== "closed" || row.opener_id !== user.id) return { refusal: "stale" };
  if (row.rating === null) return { refusal: "commentFirst" };
  if (!comment) return { refusal: "commentEmpty" };
  const at = await deps.clock.now(guildId);
  const stored = await deps.db.transaction().execute(async (tx) => {
    const updated = await tx
      .updateTable("tickets")
      .set({ rating_comment: comment })
      .where("id", "=", row.id)
      .where("rating_comment", "is", null)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) !== 1) return false;
    await tx
      .updateTable("transcripts")
      .set({ rating_comment: comment })
      .where("guild_id", "=", guildId)
      .where("ticket_id", "=", number)
      .execute();
    await recordActivityOf(
      tx,
      { id: user.id, username: user.username, avatar: null, ip: deps.origin },
      {
        guildId,
        action: ratingCommentAction,
        after: { TicketId: number, Rating: row.rating, Comment: comment },
        at,
      },
    );
    return true;
  });
  if (!stored) return { refusal: "commentAlready" };
  const commented = { ...row, rating_comment: comment };
  await refreshClosingDm(deps, commented, await settingsOf(deps, guildId, known), dm);
  return { done: "commented", ticket: commented };
}
