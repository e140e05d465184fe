import type { FastifyRequest } from "fastify";
import { type AccessLevel, type GuildAccess, managerLevels } from "../../src/schemas/access";
import { isGuildId } from "../../src/schemas/common";
import { authMessages } from "../../src/schemas/messages";
import type { TeamPermission } from "../../src/schemas/team";
import { authenticate } from "../auth/authenticate";
import { HttpError, notFound } from "../errors";
import { botIsIn } from "./bot-presence";
import { type ResolvedAccess, resolveAccess } from "./resolve";

declare module "fastify" {
  interface FastifyRequest {
    /** The caller's access in the route's guild; set by `guard`. */
    access: GuildAccess | null;
    /** How `access` came about (the caller's guild entry, roles, staff teams): worked out once, by `guard`. */
    resolved: ResolvedAccess | null;
  }
}

/**
 * preHandler of every guild-scoped route: `:guildId` must be 16–21 digits (404), the caller signed in (401)
 * and allowed in the guild (403); with `permission`, the caller must hold it (an array: any of them).
 * Sets `request.user`, `request.access` and `request.resolved`.
 *
 *   app.get("/api/:guildId(^\\d+$)/tags", { preHandler: guard(resourcePermissions.tags.list) }, handler)
 */
export function guard(permission?: TeamPermission | readonly TeamPermission[]) {
  const anyOf: readonly TeamPermission[] = permission === undefined ? [] : typeof permission === "string" ? [permission] : permission;
  // The permission list rides on the function so the route table (server/http/support/route-table.ts) can read it.
  return Object.assign(
    async function guildGuard(request: FastifyRequest): Promise<void> {
      const guildId = (request.params as { guildId?: string }).guildId;
      if (!isGuildId(guildId)) throw notFound();
      await authenticate(request);
      const resolved = await resolveAccess(request.server, request.user!, guildId);
      const access = resolved?.access ?? null;
      if (!access) throw new HttpError(403, authMessages.accessDenied);
      if (anyOf.length > 0 && !anyOf.some((p) => access.permissions[p])) throw new HttpError(403, authMessages.accessDenied);
      if (!(await botIsIn(request.server, guildId))) throw notFound();
      request.access = access;
      request.resolved = resolved;
    },
    { permissions: anyOf },
  );
}

/** Inside a guarded handler: require one more permission (when it depends on the body, e.g. single vs multi). */
export function requirePermission(request: FastifyRequest, ...anyOf: TeamPermission[]): void {
  if (!request.access || !anyOf.some((p) => request.access!.permissions[p])) throw new HttpError(403, authMessages.accessDenied);
}

export { managerLevels };

/**
 * An onRequest hook after `guard()`: only callers at one of `levels` (403 otherwise). Its `levels` property tells the
 * route table which levels it admits (the OpenAPI document and the access matrix read it).
 */
export function requireLevels(levels: readonly AccessLevel[]) {
  return Object.assign(
    async function requireLevel(request: FastifyRequest): Promise<void> {
      if (!request.access || !levels.includes(request.access.level)) throw new HttpError(403, authMessages.accessDenied);
    },
    { levels },
  );
}

/** Only managers: the owner, Administrators, Manage Server holders (what no staff team grants). */
export const requireManager = requireLevels(managerLevels);

/** The guildId of a guarded request. */
export const guildIdOf = (request: FastifyRequest) => (request.params as { guildId: string }).guildId;
