import { type EngineDeps, type Reply, say } from "./step";
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
  return result ? say(botTexts.ratingThanks(rating), true) : say(botTexts.ratingAlready);
}
