import type { FastifyRequest } from "fastify";
import { type AccessLevel, type GuildAccess, managerLevels } from "../../src/schemas/access";
import { isGuildId } from "../../src/schemas/common";
import { authMessages } from "../../src/schemas/messages";
import type { TeamPermission } from "../../src/schemas/team";
import { type ApiKeyScope, scopeOfRoute } from "../../src/schemas/api-keys";
import { allPermissions } from "../../src/schemas/team";
import { apiKeyMessages, findApiKey, isApiKeyToken, toApiKey, touchApiKey } from "../auth/api-keys";
import { authenticate, bearerToken } from "../auth/authenticate";
import { MANAGE_GUILD } from "../platform/adapter";
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
      const token = bearerToken(request);
      if (token && isApiKeyToken(token)) return apiKeyGuard(request, guildId, token);
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

/** The scope each route needs of a key, by method and registered url (worked out once per app from its route table). */
const routeScopes = new WeakMap<object, Map<string, ApiKeyScope | null>>();
function scopeOfRequest(request: FastifyRequest): ApiKeyScope | null {
  const table = request.server.routeTable;
  let scopes = routeScopes.get(table);
  if (!scopes || scopes.size !== table.length) {
    scopes = new Map(table.map((entry) => [`${entry.method} ${entry.url}`, scopeOfRoute(entry)]));
    routeScopes.set(table, scopes);
  }
  return scopes.get(`${request.method === "HEAD" ? "GET" : request.method} ${request.routeOptions.url}`) ?? null;
}

/**
 * A guarded route called with an API key (docs/API.md "API keys"): 401 for an unknown or revoked key, 403 for a key of
 * another server, a route no key may call, or a scope the key lacks. A key acts as the bot in Discord, with a manager's
 * permissions within its scopes; the activity log names it ("API key · <name>").
 */
async function apiKeyGuard(request: FastifyRequest, guildId: string, token: string): Promise<void> {
  const { db, platform } = request.server;
  const key = await findApiKey(db, token);
  if (!key) throw new HttpError(401, apiKeyMessages.unknown);
  if (key.revoked_at !== null) throw new HttpError(401, apiKeyMessages.revoked);
  if (key.guild_id !== guildId) throw new HttpError(403, authMessages.accessDenied);
  const scope = scopeOfRequest(request);
  if (scope === null) throw new HttpError(403, apiKeyMessages.notForRoute);
  const scopes = toApiKey(key).Scopes;
  if (!scopes.includes(scope)) throw new HttpError(403, apiKeyMessages.missingScope(scope));
  if (!(await botIsIn(request.server, guildId))) throw notFound();
  // Every permission: the scope is what limits a key.
  const access: GuildAccess = { level: "manager", permissions: allPermissions() };
  request.apiKey = { id: key.id, name: key.name, scopes };
  request.user = {
    id: platform.botUserId,
    username: `API key · ${key.name}`,
    avatar: null,
    sessionHash: `api-key:${key.id}`,
    sessionExpiresAt: Number.MAX_SAFE_INTEGER,
    recentUntil: null,
  };
  request.access = access;
  request.resolved = {
    access,
    guild: { id: guildId, name: "", icon_url: null, owner: false, permissions: MANAGE_GUILD.toString(), roles: [] },
    roles: [],
    teamIds: new Set(),
  };
  await touchApiKey(db, key.id);
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
