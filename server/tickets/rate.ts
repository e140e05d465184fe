import { recordActivityOf } from "../activity/record";
import { readGuildSettings } from "../settings/store";
import { type DmMessage, refreshClosingDm } from "./closing-dm";
import { customIds } from "./custom-ids";
import { ACTION_ROW, type EngineDeps, type Reply, say } from "./step";
import { findTicket } from "./store";
import { botTexts } from "./texts";

/** The activity entry of a rating's comment. */
export const ratingCommentAction = "Ticket Rating Comment";

/**
 * The opener's 1–5 answer from the closing direct message (`dm`, where the click came from): stored once, on the
 * ticket and its transcript; the message then shows the rating given and offers the comment (./closing-dm.ts).
 */
export async function rate(deps: EngineDeps, guildId: string, number: number, userId: string, rating: number, dm: DmMessage | null = null): Promise<Reply> {
  const row = await findTicket(deps.db, guildId, number);
  if (!row || row.status !== "closed" || row.opener_id !== userId) return say(botTexts.invalidButton);
  const result = await deps.db.transaction().execute(async (tx) => {
    const updated = await tx.updateTable("tickets").set({ rating }).where("id", "=", row.id).where("rating", "is", null).executeTakeFirst();
    if (Number(updated.numUpdatedRows) !== 1) return false;
    await tx.updateTable("transcripts").set({ rating }).where("guild_id", "=", guildId).where("ticket_id", "=", number).execute();
    return true;
  });
  if (!result) return say(botTexts.ratingAlready);
  // After the stars, an optional comment: a modal behind the button the closing DM now carries.
  await refreshClosingDm(deps, { ...row, rating }, (await readGuildSettings(deps.db, guildId)).settings, dm);
  return say(botTexts.ratingThanks(rating), true);
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

/** The comment submitted: stored once, on the ticket and its transcript, with an activity entry; the closing DM loses its button. */
export async function rateComment(
  deps: EngineDeps, guildId: string, number: number, user: { id: string; username: string }, text: string, dm: DmMessage | null = null,
): Promise<Reply> {
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
      action: ratingCommentAction,
      after: { TicketId: number, Rating: row.rating, Comment: comment },
      at,
    });
    return true;
  });
  if (!stored) return say(botTexts.ratingCommentAlready);
  await refreshClosingDm(deps, { ...row, rating_comment: comment }, (await readGuildSettings(deps.db, guildId)).settings, dm);
  return say(botTexts.ratingCommentThanks, true);
}
