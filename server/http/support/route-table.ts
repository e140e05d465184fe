import type { FastifyInstance, RouteOptions } from "fastify";
import type { AccessLevel } from "../../../src/schemas/access";
import type { TeamPermission } from "../../../src/schemas/team";
import { authenticate } from "../../auth/authenticate";

declare module "fastify" {
  interface FastifyInstance {
    /** Every registered route and how it is protected. */
    routeTable: RouteTableEntry[];
  }
}

// Every route the server registers, with how it is protected, recorded as it is registered (an onRoute hook
// added before the route plugins). The security suites (tests/server/security) are generated from this table,
// so a route added later is covered without anyone remembering to list it.

/** guild: `guard(...)` (signed in + allowed in the route's guild); user: `authenticate`; public: neither. */
export type RouteAuth = "guild" | "user" | "public";

export interface RouteTableEntry {
  method: string;
  /** As registered, with the prefix and any parameter pattern: `/api/:guildId(^\\d+$)/tags`. */
  url: string;
  /** The url with parameter patterns removed: `/api/:guildId/tags`. */
  path: string;
  /** Names of the path parameters, in order. */
  params: string[];
  auth: RouteAuth;
  /** A `guard(...)` runs before the handler. */
  guarded: boolean;
  /** A signed-in user is required (by `guard` or `authenticate`). */
  authenticated: boolean;
  /** With `guard(permission)`: the caller needs any one of these (empty: any access to the guild). */
  permissions: readonly TeamPermission[];
  /** When a preHandler admits only some access levels (e.g. owner/administrator/manager): those levels. */
  levels?: readonly AccessLevel[];
  /** A bot key (`Authorization: Bot <key>`) of the route's guild is required instead of a session. */
  botKey: boolean;
  /** The caller must have signed in recently (server/auth/recent-sign-in.ts). */
  recentSignIn: boolean;
}

type GuardFunction = ((...args: never[]) => unknown) & { permissions: readonly TeamPermission[] };

const isGuard = (fn: unknown): fn is GuardFunction =>
  typeof fn === "function" && Array.isArray((fn as { permissions?: unknown }).permissions);

const levelsOf = (fn: unknown): readonly AccessLevel[] | undefined => {
  const levels = typeof fn === "function" ? (fn as { levels?: unknown }).levels : undefined;
  return Array.isArray(levels) ? (levels as AccessLevel[]) : undefined;
};

/** A hook that checks the guild's bot key carries `botKey: true`. */
const isBotKeyCheck = (fn: unknown) => typeof fn === "function" && (fn as { botKey?: unknown }).botKey === true;

const hooksOf = (value: unknown): unknown[] => (Array.isArray(value) ? value : value === undefined ? [] : [value]);

/** `/api/:guildId(^\\d+$)/tags/:tagId` → `/api/:guildId/tags/:tagId` */
export const stripPatterns = (url: string) => url.replace(/(:[A-Za-z_][A-Za-z0-9_]*)\([^/]*?\)(?=\/|$|-|\.)/g, "$1");

export function describeRoute(
  routeOptions: Pick<RouteOptions, "method" | "url" | "preHandler" | "onRequest" | "preValidation">,
): RouteTableEntry[] {
  const hooks = [...hooksOf(routeOptions.onRequest), ...hooksOf(routeOptions.preValidation), ...hooksOf(routeOptions.preHandler)];
  const guards = hooks.filter(isGuard);
  const guarded = guards.length > 0;
  const authenticated = guarded || hooks.includes(authenticate);
  const permissions = guards.flatMap((g) => g.permissions);
  const levels = hooks.map(levelsOf).find((l) => l !== undefined);
  const path = stripPatterns(routeOptions.url);
  const params = [...path.matchAll(/:([A-Za-z_][A-Za-z0-9_]*)/g)].map((m) => m[1]);
  const methods = Array.isArray(routeOptions.method) ? routeOptions.method : [routeOptions.method];
  return methods.map((method) => ({
    method: String(method).toUpperCase(),
    url: routeOptions.url,
    path,
    params,
    auth: guarded ? "guild" : authenticated ? "user" : "public",
    guarded,
    authenticated,
    permissions,
    ...(levels ? { levels } : {}),
    botKey: hooks.some(isBotKeyCheck),
    recentSignIn: hooks.some((fn) => typeof fn === "function" && (fn as { recentSignIn?: unknown }).recentSignIn === true),
  }));
}

/** Decorates `app.routeTable` and fills it from now on. Call before registering the route plugins. */
export function recordRoutes(app: FastifyInstance): void {
  const table: RouteTableEntry[] = [];
  app.decorate("routeTable", table);
  app.addHook("onRoute", (routeOptions) => {
    table.push(...describeRoute(routeOptions));
  });
}
