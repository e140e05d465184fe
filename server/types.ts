import type { GuildAccess } from "../src/schemas/access";
import type { Config } from "./config";
import type { DialectName } from "./db/dialect";
import type { Db } from "./db/schema";
import type { PlatformAdapter, PlatformUser } from "./platform/adapter";
import type { RouteTableEntry } from "./http/support/route-table";
import type { SessionCache } from "./auth/session-cache";
import type { GuildGenerations } from "./db/guild-changes";
import type { ResponseCache } from "./http/support/response-cache";
import type { TeamRoleSync } from "./platform/team-role-sync";
import type { TicketEventBus } from "./tickets/events";
import type { SecretBox } from "./transcripts/crypto";

/** The signed-in caller of a request (set by `authenticate`). */
export interface SessionUser extends PlatformUser {
  /** SHA-256 of the bearer token of this request's session. */
  sessionHash: string;
  sessionExpiresAt: number;
  /** Until when the session counts as a recent sign-in (null: it does not). */
  recentUntil: number | null;
}

declare module "fastify" {
  interface FastifyInstance {
    config: Config;
    db: Db;
    dbDialect: DialectName;
    platform: PlatformAdapter;
    /** Seals secrets stored at rest (OAuth tokens) with the master key (server/transcripts/crypto.ts). */
    secrets: SecretBox;
    /** Signed-in sessions in memory (server/auth/session-cache.ts). */
    sessionCache: SessionCache;
    /** Which guilds' data changed (server/db/guild-changes.ts). */
    guildGenerations: GuildGenerations;
    /** Guild list answers in memory (server/http/support/response-cache.ts). */
    responseCache: ResponseCache;
    /** Every registered route and how it is protected (server/http/support/route-table.ts). */
    routeTable: RouteTableEntry[];
    /** Live ticket events (server/tickets/events.ts). */
    ticketEvents: TicketEventBus;
    /** Staff-team role changes on their way to the platform (server/platform/team-role-sync.ts). */
    teamRoleSync: TeamRoleSync;
  }
  interface FastifyContextConfig {
    /** The route writes an activity entry although it only reads (server/http/support/rate-limits.ts). */
    audited?: boolean;
    /**
     * An interaction (Discord's endpoint, the Try-it view's): limited per member and per server
     * (server/tickets/interaction-limits.ts), never by the write limit (server/http/support/rate-limits.ts).
     */
    interaction?: boolean;
    /** GET answers may be served from memory while the guild is unchanged (server/http/support/response-cache.ts). */
    responseCache?: boolean | ((request: FastifyRequest) => boolean);
  }
  interface FastifyRequest {
    /** The signed-in user; set by `authenticate` (and therefore by `guard`). */
    user: SessionUser | null;
    /** The caller's access in the route's guild; set by `guard`. */
    access: GuildAccess | null;
    /** Where the answer of a cacheable request goes (server/http/support/response-cache.ts). */
    responseCacheSlot: { key: string; token: string } | null;
  }
}
