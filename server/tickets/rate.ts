import { recordActivityOf } from "../activity/record";
import { customIds } from "./custom-ids";
import { ACTION_ROW, BUTTON, type EngineDeps, type Reply, say } from "./step";
import { findTicket } from "./store";
import { botTexts } from "./texts";

/** The opener's 1–5 answer from the direct message: stored once, on the ticket and its transcript. */
export async function rate(deps: EngineDeps, guildId: string, number: number, userId: string, rating: number): Promise<Reply> {
  const row = await findTicket(deps.db, guildId, number);
  if (!row || row.status !== "closed" || row.opener_id !== userId) return say(botTexts.invalidButton);
  const result = await deps.db.transaction().execute(async (tx) => {
    const updated = await tx.updateTable("tickets").set({ rating }).where("id", "=", row.id).where("rating", "is", null).executeTakeFirst();
    if (Number(updated.numUpdatedRows) !== 1) return false;
    await tx.updateTable("transcripts").set({ rating }).where("guild_id", "=", guildId).where("ticket_id", "=", number).execute();
    return true;
  });
  if (!result) return say(botTexts.ratingAlready);
  // Issue 22: after the stars, an optional comment (a modal behind this button).
  return {
    kind: "message",
    ok: true,
    message: {
      content: botTexts.ratingThanks(rating),
      components: [{ type: ACTION_ROW, components: [{ type: BUTTON, style: 2, label: botTexts.ratingCommentButton, custom_id: customIds.rateComment(guildId, number), emoji: { name: "💬" } }] }],
      allowed_mentions: { parse: [] },
    },
  };
}

/** Discord's text input (paragraph) of the comment modal. */
export const RATING_COMMENT_INPUT = "comment";
const COMMENT_MAX = 1000;

/** The comment's modal, for the opener of a rated ticket that has no comment yet. */
export async function ratingCommentModal(deps: EngineDeps, guildId: string, number: number, userId: string): Promise<Reply> {
  const row = await findTicket(deps.db, guildId, number);
  if (!row || row.status !== "closed" || row.opener_id !== userId) return say(botTexts.invalidButton);
  if (row.rating === null) return say(botTexts.ratingCommentFirst);
  if (row.rating_comment !== null) return say(botTexts.ratingCommentAlready);
  return {
    kind: "modal",
    modal: {
      custom_id: customIds.rateComment(guildId, number),
      title: botTexts.ratingCommentTitle,
      components: [
        {
          type: ACTION_ROW,
          components: [{ type: 4, custom_id: RATING_COMMENT_INPUT, label: botTexts.ratingCommentLabel.slice(0, 45), style: 2, min_length: 1, max_length: COMMENT_MAX, required: true }],
        },
      ],
    },
  };
}

/** The comment submitted: stored once, on the ticket and its transcript, with an activity entry. */
export async function rateComment(deps: EngineDeps, guildId: string, number: number, user: { id: string; username: string }, text: string): Promise<Reply> {
  const comment = text.trim().slice(0, COMMENT_MAX);
  const row = await findTicket(deps.db, guildId, number);
  if (!row || row.status !== "closed" || row.opener_id !== user.id) return say(botTexts.invalidButton);
  if (row.rating === null) return say(botTexts.ratingCommentFirst);
  if (!comment) return say(botTexts.formRequired(botTexts.ratingCommentLabel));
  const at = await deps.clock.now(guildId);
  const stored = await deps.db.transaction().execute(async (tx) => {
    const updated = await tx.updateTable("tickets").set({ rating_comment: comment }).where("id", "=", row.id).where("rating_comment", "is", null).executeTakeFirst();
    if (Number(updated.numUpdatedRows) !== 1) return false;
    await tx.updateTable("transcripts").set({ rating_comment: comment }).where("guild_id", "=", guildId).where("ticket_id", "=", number).execute();
    await recordActivityOf(tx, { id: user.id, username: user.username, avatar: null, ip: deps.origin }, {
      guildId,
      action: "Ticket Rating Comment",
      after: { TicketId: number, Rating: row.rating, Comment: comment },
      at,
    });
    return true;
  });
  return stored ? say(botTexts.ratingCommentThanks, true) : say(botTexts.ratingCommentAlready);
}
