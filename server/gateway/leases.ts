import { sql } from "kysely";
import type { Selectable } from "kysely";
import type { Db, GatewayShardsTable } from "../db/schema";

// The shards' leases (gateway_shards, docs/decisions/011-gateway.md): each shard is held by exactly one instance at a
// time — taken by compare-and-set when free or when its holder's lease ran out, renewed by the holder's heartbeat, given
// back when it stops. The row also carries what the next holder needs to RESUME the shard's session rather than
// identify again: the session id, its resume URL, and the sequence up to which every dispatch was applied (a resume
// replays everything after it; the inbox drops what had been applied already). The instances seen by their heartbeat
// say how many share the shards, so each holds its fair share.

export type ShardRow = Selectable<GatewayShardsTable>;

/** What a holder knows of its shard's session. */
export interface SessionState {
  sessionId: string;
  resumeUrl: string;
  /** Every dispatch up to this sequence was applied. */
  sequence: number;
  intents: number;
}

export class ShardLeases {
  constructor(
    private readonly db: Db,
    /** This instance's name in the leases. */
    readonly holder: string,
    private readonly now: () => number,
  ) {}

  /**
   * Makes sure the shards exist: `count` of them when none do (Discord's recommendation, or the configured number).
   * The count of the rows already there wins (instances must agree on it); returns it.
   */
  async ensureShards(count: number): Promise<number> {
    const existing = await this.db.selectFrom("gateway_shards").select(["shard_id", "shard_count"]).orderBy("shard_id").execute();
    if (existing.length === 0) {
      await this.db
        .insertInto("gateway_shards")
        .values(Array.from({ length: count }, (_, shardId) => freeShard(shardId, count)))
        .onConflict((oc) => oc.column("shard_id").doNothing())
        .execute();
    }
    const rows = await this.db.selectFrom("gateway_shards").select(["shard_id", "shard_count"]).orderBy("shard_id").execute();
    const agreed = Number(rows[0]?.shard_count ?? count);
    // Two first starts racing with different counts leave rows of the other count: row 0's count is the one.
    const stray = rows.filter((r) => Number(r.shard_count) !== agreed || r.shard_id >= agreed).map((r) => r.shard_id);
    if (stray.length) await this.db.deleteFrom("gateway_shards").where("shard_id", "in", stray).execute();
    const missing = Array.from({ length: agreed }, (_, i) => i).filter((i) => !rows.some((r) => r.shard_id === i));
    if (missing.length) {
      await this.db
        .insertInto("gateway_shards")
        .values(missing.map((shardId) => freeShard(shardId, agreed)))
        .onConflict((oc) => oc.column("shard_id").doNothing())
        .execute();
    }
    return agreed;
  }

  /** Says this instance is alive; returns how many instances are (seen within `aliveMs`, this one included). */
  async heartbeat(aliveMs: number): Promise<number> {
    const now = this.now();
    await this.db
      .insertInto("gateway_instances")
      .values({ instance_id: this.holder, seen_at: now })
      .onConflict((oc) => oc.column("instance_id").doUpdateSet({ seen_at: now }))
      .execute();
    await this.db
      .deleteFrom("gateway_instances")
      .where("seen_at", "<", now - 10 * aliveMs)
      .execute();
    const row = await this.db
      .selectFrom("gateway_instances")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("seen_at", ">=", now - aliveMs)
      .executeTakeFirstOrThrow();
    return Math.max(1, Number(row.n));
  }

  /** This instance is stopping: the others stop counting it at once. */
  async leave(): Promise<void> {
    await this.db.deleteFrom("gateway_instances").where("instance_id", "=", this.holder).execute();
  }

  async all(): Promise<ShardRow[]> {
    return this.db.selectFrom("gateway_shards").selectAll().orderBy("shard_id").execute();
  }

  /** Takes a shard that is free or whose holder's lease ran out (one instance wins); its row, or null. */
  async claim(shardId: number, leaseMs: number): Promise<ShardRow | null> {
    const now = this.now();
    const taken = await this.db
      .updateTable("gateway_shards")
      .set({ holder: this.holder, lease_until: now + leaseMs, ready_at: null })
      .where("shard_id", "=", shardId)
      .where((eb) => eb.or([eb("holder", "is", null), eb("lease_until", "<", now)]))
      .executeTakeFirst();
    if (Number(taken.numUpdatedRows) !== 1) return null;
    const row = await this.db
      .selectFrom("gateway_shards")
      .selectAll()
      .where("shard_id", "=", shardId)
      .where("holder", "=", this.holder)
      .executeTakeFirst();
    return row ?? null;
  }

  /** Renews the lease and stores how far the session got; false when the shard is no longer this instance's. */
  async renew(shardId: number, leaseMs: number, session: SessionState | null): Promise<boolean> {
    const renewed = await this.db
      .updateTable("gateway_shards")
      .set({ lease_until: this.now() + leaseMs, ...(session ? sessionColumns(session) : {}) })
      .where("shard_id", "=", shardId)
      .where("holder", "=", this.holder)
      .executeTakeFirst();
    return Number(renewed.numUpdatedRows) === 1;
  }

  /**
   * The shard's session became ready: `resumed` keeps the unbroken chain of its events, a new session starts one
   * (what was said while no session listened is lost to it). A refusal of earlier is over.
   */
  async ready(shardId: number, session: SessionState, resumed: boolean): Promise<void> {
    const now = this.now();
    await this.db
      .updateTable("gateway_shards")
      .set((eb) => ({
        ...sessionColumns(session),
        ready_at: now,
        chain_since: resumed ? eb.fn.coalesce("chain_since", sql.lit(now)) : sql.lit(now),
        refused_code: null,
        refused_at: null,
        refused_intents: null,
      }))
      .where("shard_id", "=", shardId)
      .where("holder", "=", this.holder)
      .execute();
  }

  /** The shard's connection is down (its events are not arriving): the live read and the close stop relying on it. */
  async down(shardId: number): Promise<void> {
    await this.db
      .updateTable("gateway_shards")
      .set({ ready_at: null })
      .where("shard_id", "=", shardId)
      .where("holder", "=", this.holder)
      .execute();
  }

  /** The session is over (Discord invalidated it): the next holder identifies. */
  async forgetSession(shardId: number): Promise<void> {
    await this.db
      .updateTable("gateway_shards")
      .set({ session_id: null, resume_url: null, sequence: null, ready_at: null, chain_since: null })
      .where("shard_id", "=", shardId)
      .where("holder", "=", this.holder)
      .execute();
  }

  /** Discord refused the shard's identify with a code that says not to reconnect. */
  async refused(shardId: number, code: number, intents: number): Promise<void> {
    await this.db
      .updateTable("gateway_shards")
      .set({ refused_code: code, refused_at: this.now(), refused_intents: intents, ready_at: null, chain_since: null })
      .where("shard_id", "=", shardId)
      .where("holder", "=", this.holder)
      .execute();
  }

  /** Gives the shard back, keeping its session for the next holder to resume. */
  async release(shardId: number, session: SessionState | null): Promise<void> {
    await this.db
      .updateTable("gateway_shards")
      .set({ holder: null, lease_until: 0, ready_at: null, ...(session ? sessionColumns(session) : {}) })
      .where("shard_id", "=", shardId)
      .where("holder", "=", this.holder)
      .execute();
  }
}

const sessionColumns = (s: SessionState) => ({
  session_id: s.sessionId,
  resume_url: s.resumeUrl,
  sequence: s.sequence,
  intents: s.intents,
});

/** A shard's row as nobody holds it yet: no session, no refusal. */
const freeShard = (shardId: number, shardCount: number) => ({
  shard_id: shardId,
  shard_count: shardCount,
  holder: null,
  lease_until: 0,
  session_id: null,
  resume_url: null,
  sequence: null,
  ready_at: null,
  chain_since: null,
  intents: null,
  refused_code: null,
  refused_at: null,
  refused_intents: null,
});
