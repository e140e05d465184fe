import type { Db } from "../db/schema";

// No event applied twice (docs/decisions/011-gateway.md): before a dispatch changes anything, its key is claimed in
// gateway_inbox — the event's own id where it has one (a message's id, and for an edit its edited time; a channel's id),
// else its shard, session and sequence. A resumed session replays every dispatch after the stored sequence, some of
// which were applied already, and two instances briefly holding one shard see the same events: the key is claimed
// once. The claim is fenced by the lease: only the shard's holder claims, so an instance that lost its shard (a stall,
// a partition) applies nothing more of it. A claim left 'applying' by an instance that died is the new holder's to apply
// again (steps are compare-and-set, so a half-done one is finished, not repeated).

/** Claims are kept this long (a day: far past any resume window), then pruned. */
export const INBOX_KEEP_MS = 24 * 60 * 60_000;

export type Claim = "apply" | "applied" | "notHolder";

export class Inbox {
  constructor(
    private readonly db: Db,
    private readonly holder: string,
    private readonly now: () => number,
  ) {}

  /** "apply": this instance applies it now; "applied": it was (or is being) applied; "notHolder": the shard is not this instance's. */
  async claim(key: string, shardId: number): Promise<Claim> {
    const now = this.now();
    const holds = this.db.selectFrom("gateway_shards").select("shard_id").where("shard_id", "=", shardId).where("holder", "=", this.holder);
    const inserted = await this.db
      .insertInto("gateway_inbox")
      .columns(["event_key", "shard_id", "holder", "status", "claimed_at"])
      .expression(
        this.db
          .selectFrom("gateway_shards")
          .select((eb) => [
            eb.val(key).as("event_key"),
            eb.val(shardId).as("shard_id"),
            eb.val(this.holder).as("holder"),
            eb.val("applying").as("status"),
            eb.val(now).as("claimed_at"),
          ])
          .where("shard_id", "=", shardId)
          .where("holder", "=", this.holder),
      )
      .onConflict((oc) => oc.column("event_key").doNothing())
      .executeTakeFirst();
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0n) === 1) return "apply";
    const existing = await this.db.selectFrom("gateway_inbox").select(["status", "holder"]).where("event_key", "=", key).executeTakeFirst();
    if (!existing) return (await holds.executeTakeFirst()) ? "apply" : "notHolder";
    if (existing.status === "done" || existing.holder === this.holder) return "applied";
    // Left half-applied by an instance that no longer holds the shard: this holder finishes it.
    const taken = await this.db
      .updateTable("gateway_inbox")
      .set({ holder: this.holder, claimed_at: now })
      .where("event_key", "=", key)
      .where("status", "=", "applying")
      .where("holder", "=", existing.holder)
      .where((eb) => eb.exists(holds))
      .executeTakeFirst();
    if (Number(taken.numUpdatedRows) === 1) return "apply";
    return (await holds.executeTakeFirst()) ? "applied" : "notHolder";
  }

  async done(key: string): Promise<void> {
    await this.db
      .updateTable("gateway_inbox")
      .set({ status: "done" })
      .where("event_key", "=", key)
      .where("holder", "=", this.holder)
      .execute();
  }

  /** Gives a claim up (applying failed): a replay may apply it. */
  async release(key: string): Promise<void> {
    await this.db
      .deleteFrom("gateway_inbox")
      .where("event_key", "=", key)
      .where("holder", "=", this.holder)
      .where("status", "=", "applying")
      .execute();
  }

  async prune(): Promise<number> {
    const result = await this.db
      .deleteFrom("gateway_inbox")
      .where("claimed_at", "<", this.now() - INBOX_KEEP_MS)
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}
