import type { Db } from "../db/schema";
import { followSchemaChannel, type ChannelListener } from "../db/pg-listen";
import type { SessionUser } from "./session-user";

declare module "fastify" {
  interface FastifyInstance {
    /** Signed-in sessions in memory. */
    sessionCache: SessionCache;
  }
}

// Signed-in sessions in memory (token hash → its user), so that a request does not read sessions and users: on
// PostgreSQL that round trip was most of GET /guilds (docs/decisions/003-list-endpoints-on-postgresql.md).
//
// What keeps it right:
//   - an entry lives SESSION_CACHE_TTL_MS at most, and never past its session's expiry;
//   - this process forgets an entry as soon as it changes the session or its user (logout, a recent sign-in extended,
//     sign-in, refreshed OAuth tokens): the instance that revokes a session never accepts it again;
//   - on PostgreSQL, triggers notify every instance of every change of a session or user row, whoever made it
//     (migration 015); an instance hears it after the notification delay (milliseconds). While its LISTEN
//     connection is down, notifications may be missed: the cache is emptied and unused until it listens again;
//   - a database read that began before an invalidation is not stored (the generation moved on meanwhile);
//   - only found, valid sessions are kept: an unknown token is looked up every time.

export const SESSION_CACHE_TTL_MS = 10_000;

/** What changed: a session (its token hash), a user (their id), or everything ({}). */
export interface SessionChange {
  session?: string;
  user?: string;
}
export const SESSION_CACHE_MAX = 10_000;

export class SessionCache {
  private readonly entries = new Map<string, { user: SessionUser; until: number }>();
  private generationValue = 0;
  private enabled: boolean;
  private readonly ttlMs: number;
  private readonly max: number;

  constructor(options: { enabled?: boolean; ttlMs?: number; max?: number } = {}) {
    this.enabled = options.enabled ?? true;
    this.ttlMs = options.ttlMs ?? SESSION_CACHE_TTL_MS;
    this.max = options.max ?? SESSION_CACHE_MAX;
  }

  /** Read before looking a session up in the database; passed to `set`. */
  get generation(): number {
    return this.generationValue;
  }

  get size(): number {
    return this.entries.size;
  }

  get(tokenHash: string, now = Date.now()): SessionUser | undefined {
    const entry = this.entries.get(tokenHash);
    if (!entry) return undefined;
    if (entry.until <= now || entry.user.sessionExpiresAt <= now) {
      this.entries.delete(tokenHash);
      return undefined;
    }
    // Most recently used last: the first entry is the one to evict.
    this.entries.delete(tokenHash);
    this.entries.set(tokenHash, entry);
    return entry.user;
  }

  /** Keeps a session read from the database, unless something was invalidated since `generation` was read. */
  set(tokenHash: string, user: SessionUser, generation: number, now = Date.now()): void {
    if (!this.enabled || generation !== this.generationValue) return;
    this.entries.delete(tokenHash);
    this.entries.set(tokenHash, { user: Object.freeze({ ...user }), until: now + this.ttlMs });
    if (this.entries.size > this.max) this.entries.delete(this.entries.keys().next().value!);
  }

  forgetSession(tokenHash: string): void {
    this.generationValue++;
    this.entries.delete(tokenHash);
    this.tell({ session: tokenHash });
  }

  forgetUser(userId: string): void {
    this.generationValue++;
    for (const [hash, entry] of this.entries) if (entry.user.id === userId) this.entries.delete(hash);
    this.tell({ user: userId });
  }

  /** Forgets everything; while disabled, nothing is kept. */
  reset(enabled = this.enabled): void {
    this.generationValue++;
    this.entries.clear();
    this.enabled = enabled;
    this.tell({});
  }

  private readonly watchers = new Set<(change: SessionChange) => void>();

  /**
   * Hears every change this instance learns of (its own, and on PostgreSQL every instance's): a live event stream
   * re-checks its session at once (server/http/support/event-stream.ts). Returns the function that stops listening.
   */
  watch(listener: (change: SessionChange) => void): () => void {
    this.watchers.add(listener);
    return () => this.watchers.delete(listener);
  }

  private tell(change: SessionChange): void {
    for (const listener of this.watchers) {
      try {
        listener(change);
      } catch {
        /* a listener's failure is its own */
      }
    }
  }

  /** The notifications of migration 015's triggers: `s:<token hash>`, `u:<user id>`. */
  readonly changed = { s: (tokenHash: string) => this.forgetSession(tokenHash), u: (userId: string) => this.forgetUser(userId) };
}

/** The cache of an instance on PostgreSQL: used only while it hears the session notifications of its schema. */
export const listenForSessionChanges = (db: Db, connectionString: string, cache: SessionCache): Promise<ChannelListener> =>
  followSchemaChannel(db, connectionString, "ticketeer_sessions_", cache);
