import { sql } from "kysely";
import type { Db } from "../db/schema";

declare module "fastify" {
  interface FastifyInstance {
    /** Each server's clock (./clock.ts): the real one on Discord, one per server on the demo platform. */
    clock: GuildClock;
  }
}

// Time as each server reads it (docs/ticket-engine.md, "A clock per server"). Every time-based step of the ticket
// engine asks its server's clock for "now": auto-close and its warning, close on user leave, waiting alerts, close
// requests, the reopen window, cooldowns and support hours, a ticket's opened/closed/first-response times, the activity
// entries of those steps, and the demo's message times.
//
// On Discord it is the real clock. On the demo platform each server has a clock of its own: the real time plus how
// far Try-it's "Skip ahead" moved it (demo_clocks, migration 027), so skips add up and a message written after a skip
// carries the skipped time. A clock only ever moves forward. Infrastructure keeps real time: a session's expiry, a
// lease, a rate limit, how long a step may stay half-done before the repair (closing_since), and ids (snowflakes).

export interface GuildClock {
  /** "real" (Discord: every server on the real clock) or "demo" (a clock per server). */
  readonly kind: "real" | "demo";
  /** How far the server's clock runs ahead of the real one (ms; 0 without a server, e.g. a direct message). */
  offsetOf(guildId: string | null | undefined): Promise<number>;
  /** The server's now (epoch ms): `real` (the real now unless given: a sweep passes the instant it runs at) plus its offset. */
  now(guildId: string | null | undefined, real?: number): Promise<number>;
  /** The furthest any server's clock runs ahead (ms): what a sweep across servers reads up to before asking each clock. */
  maxOffset(): Promise<number>;
}

/** Discord's: the real clock for every server. */
export const realClock: GuildClock = {
  kind: "real",
  offsetOf: async () => 0,
  now: async (_guildId, real = Date.now()) => real,
  maxOffset: async () => 0,
};

/** The demo platform's clocks, one per server, kept in the database (every instance reads the same). */
export class DemoClock implements GuildClock {
  readonly kind = "demo" as const;
  constructor(private readonly db: Db) {}

  async offsetOf(guildId: string | null | undefined): Promise<number> {
    if (!guildId) return 0;
    const row = await this.db.selectFrom("demo_clocks").select("offset_ms").where("guild_id", "=", guildId).executeTakeFirst();
    return row ? Number(row.offset_ms) : 0;
  }

  async now(guildId: string | null | undefined, real = Date.now()): Promise<number> {
    return real + (await this.offsetOf(guildId));
  }

  async maxOffset(): Promise<number> {
    const row = await this.db
      .selectFrom("demo_clocks")
      .select((eb) => eb.fn.max("offset_ms").as("max"))
      .executeTakeFirst();
    return Number(row?.max ?? 0);
  }

  /** Moves a server's clock `ms` ahead (one statement: two skips at once both count); its new offset. */
  async skip(guildId: string, ms: number): Promise<number> {
    const at = Date.now();
    const row = await this.db
      .insertInto("demo_clocks")
      .values({ guild_id: guildId, offset_ms: ms, updated_at: at })
      .onConflict((oc) => oc.column("guild_id").doUpdateSet({ offset_ms: sql<number>`demo_clocks.offset_ms + ${ms}`, updated_at: at }))
      .returning("offset_ms")
      .executeTakeFirstOrThrow();
    return Number(row.offset_ms);
  }
}
