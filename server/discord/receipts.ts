import type { Db } from "../db/schema";

// Each interaction acts once. Discord signs an interaction, but a signed request sent twice (a replay within the
// five minutes its timestamp is accepted, or a proxy retrying) would act twice: two channels for one click. Its id is
// claimed with an insert that only one request — on any instance sharing the database — can win; the others answer
// with what the first one answered, or, while it is still running, that it is being handled. Receipts live as long
// as an interaction's token (15 minutes), which also outlasts the five-minute signature window.

export const RECEIPT_MS = 15 * 60_000;
/** Old receipts are swept at most this often per process. */
const SWEEP_EVERY_MS = 60_000;

export class InteractionReceipts {
  private lastSweep = 0;

  constructor(private readonly db: Db) {}

  /** True when this request is the first with this id (it should act); false for a repeat. */
  async claim(interactionId: string, now = Date.now()): Promise<boolean> {
    await this.sweep(now);
    const inserted = await this.db
      .insertInto("interaction_receipts")
      .values({ interaction_id: interactionId, received_at: now, answer_json: null })
      .onConflict((oc) => oc.column("interaction_id").doNothing())
      .executeTakeFirst();
    return Number(inserted.numInsertedOrUpdatedRows ?? 0n) === 1;
  }

  /** Keeps the answer given, for repeats. */
  async remember(interactionId: string, answer: unknown): Promise<void> {
    await this.db
      .updateTable("interaction_receipts")
      .set({ answer_json: JSON.stringify(answer) })
      .where("interaction_id", "=", interactionId)
      .execute();
  }

  /** The answer the first request gave, or null while it is still running. */
  async answerOf(interactionId: string): Promise<unknown | null> {
    const row = await this.db
      .selectFrom("interaction_receipts")
      .select("answer_json")
      .where("interaction_id", "=", interactionId)
      .executeTakeFirst();
    if (!row?.answer_json) return null;
    try {
      return JSON.parse(row.answer_json) as unknown;
    } catch {
      return null;
    }
  }

  private async sweep(now: number) {
    if (now - this.lastSweep < SWEEP_EVERY_MS) return;
    this.lastSweep = now;
    await this.db
      .deleteFrom("interaction_receipts")
      .where("received_at", "<", now - RECEIPT_MS)
      .execute();
  }
}
