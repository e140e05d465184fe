import type { FastifyInstance } from "fastify";
import { type APIInteraction, InteractionType } from "discord-api-types/v10";
import type { Db } from "../../db/schema";
import { countHit } from "./pg-rate-limit-store";
import type { Answer } from "../../discord/router";
import { say } from "../../discord/answers";
import { botTexts } from "../../discord/texts";

// The interactions' own limits (POST /api/interactions, POST /api/{guildId}/demo/interactions; docs/ticket-engine.md).
// Discord sends every server's interactions from a few addresses, so the dashboard's per-IP (and per-user) write
// limit would let one busy server, or one member spamming a button, fail every server's buttons. Instead:
//   - INTERACTION_RATE_LIMIT per member (a user in a server; in direct messages, the user) per minute;
//   - INTERACTION_GUILD_RATE_LIMIT per server per minute (what a member's refused interactions do not use up).
// Over either, the member gets an ephemeral answer saying when to try again — Discord never sees an HTTP 429 (it
// would show "This interaction failed"). Autocomplete (one per keystroke) counts apart, AUTOCOMPLETE_SHARE times the
// member's limit, and is answered with no choices past it. On PostgreSQL the counts live in the database (the
// rate_limits table of the other limits), so every instance counts against the same budget; on SQLite, in memory.
// A request is counted only once its signature was verified (Discord) or its session and guild access checked
// (Try-it): forged requests cannot use up a member's or a server's budget.

const WINDOW_MS = 60_000;
/** Autocomplete requests a member may send per minute, as a multiple of INTERACTION_RATE_LIMIT. */
export const AUTOCOMPLETE_SHARE = 4;

type Counter = (key: string) => Promise<{ current: number; ttl: number }>;

/** Counts in this process: windows per key, pruned as they end. */
function memoryCounter(): Counter {
  const windows = new Map<string, { start: number; hits: number }>();
  let lastPrune = Date.now();
  return async (key) => {
    const now = Date.now();
    if (now - lastPrune > WINDOW_MS) {
      for (const [k, w] of windows) if (w.start + WINDOW_MS <= now) windows.delete(k);
      lastPrune = now;
    }
    let w = windows.get(key);
    if (!w || w.start + WINDOW_MS <= now) {
      w = { start: now, hits: 0 };
      windows.set(key, w);
    }
    w.hits++;
    return { current: w.hits, ttl: w.start + WINDOW_MS - now };
  };
}

const seconds = (ttl: number) => Math.max(1, Math.ceil(ttl / 1000));

export class InteractionLimits {
  private readonly count: Counter;

  constructor(
    private readonly perMember: number,
    private readonly perGuild: number,
    db: Db | null,
  ) {
    this.count = db ? (key) => countHit(db, key, WINDOW_MS) : memoryCounter();
  }

  /**
   * Counts a verified interaction; the answer to give instead of running it when over a limit, else null. A count
   * that cannot be made (the database is down) lets the interaction through: its step then answers for itself.
   */
  async check(interaction: APIInteraction): Promise<Answer | null> {
    try {
      return await this.counted(interaction);
    } catch {
      return null;
    }
  }

  private async counted(interaction: APIInteraction): Promise<Answer | null> {
    if (interaction.type === InteractionType.Ping) return null;
    const userId = interaction.member?.user?.id ?? interaction.user?.id;
    const guildId = interaction.guild_id ?? null;
    if (!userId) return null;
    const scope = guildId ?? "dm";
    if (interaction.type === InteractionType.ApplicationCommandAutocomplete) {
      if (this.perMember <= 0) return null;
      const hit = await this.count(`interaction:autocomplete:${scope}:${userId}`);
      return hit.current > this.perMember * AUTOCOMPLETE_SHARE ? { kind: "choices", choices: [] } : null;
    }
    if (this.perMember > 0) {
      const member = await this.count(`interaction:member:${scope}:${userId}`);
      if (member.current > this.perMember) return say(botTexts.slowDown(seconds(member.ttl)));
    }
    if (this.perGuild > 0 && guildId) {
      const guild = await this.count(`interaction:guild:${guildId}`);
      if (guild.current > this.perGuild) return say(botTexts.serverBusy(seconds(guild.ttl)));
    }
    return null;
  }
}

declare module "fastify" {
  interface FastifyInstance {
    /** The interactions' own per-member and per-server limits, shared by Discord's endpoint and the Try-it view. */
    interactionLimits: InteractionLimits;
  }
}

/** Decorates app.interactionLimits, from the app's configuration and database. */
export function registerInteractionLimits(app: FastifyInstance): void {
  app.decorate(
    "interactionLimits",
    new InteractionLimits(
      app.config.interactionRateLimit,
      app.config.interactionGuildRateLimit,
      app.dbDialect === "postgres" ? app.db : null,
    ),
  );
}
