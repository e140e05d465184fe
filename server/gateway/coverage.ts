import type { Db } from "../db/schema";
import type { GatewayCoverage } from "../tickets/step";

// Whether a server's events arrive through the gateway now, as the ticket core asks it (tickets/conversation.ts): its
// shard — (guild_id >> 22) % shard count, gateway.mdx "Sharding Formula" — held by a live lease and its session ready,
// and since when its events have run unbroken. Read from gateway_shards, so every instance answers alike whichever
// holds the shard; kept a second in memory (the live read asks on every poll).

const CACHE_MS = 1000;

export const shardOfGuild = (guildId: string, shardCount: number) => Number((BigInt(guildId) >> 22n) % BigInt(Math.max(1, shardCount)));

export class ShardCoverage implements GatewayCoverage {
  private cached: { at: number; shards: Map<number, { since: number | null }>; count: number } | null = null;
  private loading: Promise<NonNullable<ShardCoverage["cached"]>> | null = null;

  constructor(
    private readonly db: Db,
    private readonly now: () => number = Date.now,
  ) {}

  async coveredSince(guildId: string): Promise<number | null> {
    if (!/^\d{1,21}$/.test(guildId)) return null;
    const state = await this.state();
    if (state.count === 0) return null;
    return state.shards.get(shardOfGuild(guildId, state.count))?.since ?? null;
  }

  /** Forgets what it read (a test moving a lease by hand). */
  refresh(): void {
    this.cached = null;
  }

  private async state() {
    const now = this.now();
    if (this.cached && now - this.cached.at < CACHE_MS) return this.cached;
    this.loading ??= this.load(now).finally(() => (this.loading = null));
    return this.loading;
  }

  private async load(now: number) {
    const rows = await this.db
      .selectFrom("gateway_shards")
      .select(["shard_id", "shard_count", "holder", "lease_until", "ready_at", "chain_since"])
      .execute();
    const shards = new Map<number, { since: number | null }>();
    for (const r of rows) {
      const up = r.holder !== null && Number(r.lease_until) > now && r.ready_at !== null && r.chain_since !== null;
      shards.set(r.shard_id, { since: up ? Number(r.chain_since) : null });
    }
    this.cached = { at: now, shards, count: rows.length ? Number(rows[0].shard_count) : 0 };
    return this.cached;
  }
}
