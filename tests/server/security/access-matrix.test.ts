import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authMessages } from "../../../src/schemas/messages";
import { type TeamPermission, teamPermissionKeys } from "../../../src/schemas/team";
import { hashToken, newToken } from "../../../server/auth/sessions";
import { describeRoute, type RouteTableEntry } from "../../../server/http/support/route-table";
import { DEMO_ADMIN_ID, DEMO_STAFF_ID, DEMO_VISITOR_ID, GAMING_HUB_ID, createTestApp } from "../helpers";
import {
  apiRoutesOf,
  botKeyRoutes,
  type Ctx,
  createBotKey,
  createContext,
  fillPath,
  G,
  guildRoutesWithoutPermission,
  isWrite,
  ownTicketRoutes,
  publicRoutes,
  routeKey,
  samples,
  transcriptBody,
} from "./fixtures";

// The access matrix: every API route of the server's own route table × every identity, each cell one exact
// status. Routes are read from app.routeTable, so a route added later gets its 401/403 cells without anyone
// listing it; a success status is asserted where the sample table (fixtures.ts) knows a valid request.

const t = await createTestApp();
const routes = apiRoutesOf(t.app.routeTable);

/** Routes that break the rules of the table: unguarded guild routes, unreviewed public ones, guards without a permission. */
export function routeProblems(table: RouteTableEntry[]): string[] {
  const problems: string[] = [];
  for (const r of apiRoutesOf(table)) {
    const key = routeKey(r);
    if (r.params.includes("guildId") && !r.guarded && !botKeyRoutes.has(key) && !(key in ownTicketRoutes))
      problems.push(`${key}: guild route without guard()`);
    if (!r.authenticated && !(key in publicRoutes) && !botKeyRoutes.has(key)) problems.push(`${key}: public route not reviewed`);
    const managersOnly = r.levels !== undefined && !r.levels.includes("staff");
    if (r.guarded && r.permissions.length === 0 && !managersOnly && !guildRoutesWithoutPermission.has(key)) {
      problems.push(`${key}: guard() without a permission`);
    }
  }
  return problems;
}

describe("the route table", () => {
  it("lists the API routes as registered, with their guards and permissions", () => {
    const byKey = new Map(routes.map((r) => [routeKey(r), r]));
    expect(byKey.get("GET /api/:guildId/tags")).toMatchObject({
      auth: "guild",
      guarded: true,
      authenticated: true,
      permissions: ["ViewTag"],
    });
    expect(byKey.get("POST /api/:guildId/panels")?.permissions).toEqual(["CreateSinglePanel", "CreateMultiPanel"]);
    expect(byKey.get("GET /api/guilds")).toMatchObject({ auth: "user", guarded: false, authenticated: true });
    expect(byKey.get("GET /api/health")).toMatchObject({ auth: "public", authenticated: false });
    expect(byKey.get("GET /api/:guildId/tags")?.levels).toBeUndefined();
    expect(routes.length).toBeGreaterThan(30);
  });

  it("every guild route is guarded, every public route reviewed, every guard names a permission", () => {
    expect(routeProblems(t.app.routeTable)).toEqual([]);
  });

  it("would catch a guild route registered without a guard (control)", () => {
    const unguarded = describeRoute({ method: ["GET", "DELETE"], url: "/api/:guildId(^\\d+$)/secrets/:id" });
    const open = describeRoute({ method: "GET", url: "/api/new-public" });
    expect(routeProblems([...t.app.routeTable, ...unguarded, ...open])).toEqual([
      "GET /api/:guildId/secrets/:id: guild route without guard()",
      "GET /api/:guildId/secrets/:id: public route not reviewed",
      "DELETE /api/:guildId/secrets/:id: guild route without guard()",
      "DELETE /api/:guildId/secrets/:id: public route not reviewed",
      "GET /api/new-public: public route not reviewed",
    ]);
  });

  it("a HEAD route is protected exactly like its GET", () => {
    for (const head of t.app.routeTable.filter((r) => r.method === "HEAD")) {
      const get = t.app.routeTable.find((r) => r.method === "GET" && r.url === head.url);
      expect(get && { ...get, method: "HEAD" }, head.url).toEqual(head);
    }
  });

  it("every sample request names a registered route (the sample table does not rot)", () => {
    const keys = new Set(routes.map(routeKey));
    expect(Object.keys(samples).filter((k) => !keys.has(k))).toEqual([]);
    expect(Object.keys(publicRoutes).filter((k) => !keys.has(k))).toEqual([]);
    expect([...botKeyRoutes].filter((k) => !keys.has(k))).toEqual([]);
  });
});

describe("access matrix", () => {
  let ctx: Ctx;
  const tokens: Record<"forged" | "expired" | "loggedOut" | "visitor" | "staff", string> = {} as never;
  const signIn: Record<string, string> = { owner: DEMO_ADMIN_ID, visitor: DEMO_VISITOR_ID, staff: DEMO_STAFF_ID };

  beforeAll(async () => {
    ctx = await createContext(t);
    tokens.forged = newToken();
    // An expired session: a real sign-in whose row is then dated in the past.
    tokens.expired = await t.signIn(DEMO_ADMIN_ID);
    await t.db
      .updateTable("sessions")
      .set({ expires_at: Date.now() - 1000 })
      .where("token_hash", "=", hashToken(tokens.expired))
      .execute();
    // A logged-out session: revoked through the API.
    tokens.loggedOut = await t.signIn(DEMO_ADMIN_ID);
    expect((await ctx.inject("POST", "/api/api/auth/logout", { token: tokens.loggedOut })).statusCode).toBe(200);
    tokens.visitor = await t.signIn(DEMO_VISITOR_ID);
    tokens.staff = await t.signIn(DEMO_STAFF_ID);
  });
  afterAll(async () => {
    await t.close();
  });

  /** A request of the route with placeholder parameters and the sample (or an empty) body. */
  const plainRequest = async (route: RouteTableEntry, token: string | undefined, guildId = G) => {
    const params = { ...(await ctx.placeholders()), guildId };
    const sample = samples[routeKey(route)];
    const body = sample?.body?.(ctx) ?? (isWrite(route.method) && route.method !== "DELETE" ? {} : undefined);
    return ctx.inject(route.method, fillPath(route.path, params), { token, body });
  };

  /** The holder's/owner's cell: never 401/403, and the sample's exact status when there is one. */
  const successCell = async (route: RouteTableEntry, who: "owner" | "visitor" | "staff", label: string) => {
    const sample = samples[routeKey(route)];
    let token = who === "owner" ? ctx.owner : tokens[who];
    if (sample?.endsSession) token = await t.signIn(signIn[who]);
    if (!sample) {
      // Without a sample the request is a placeholder: allowed means answered, not refused, not missing, not broken.
      const res = await plainRequest(route, token);
      expect([401, 403, 404], `${label}: ${res.body}`).not.toContain(res.statusCode);
      expect(res.statusCode, `${label}: ${res.body}`).toBeLessThan(500);
      return;
    }
    const params = { ...(await ctx.placeholders()), ...(sample.setup ? await sample.setup(ctx, who) : {}) };
    const headers = sample.headers ? await sample.headers(ctx) : {};
    const body = sample.bodyAsync ? await sample.bodyAsync(ctx) : sample.body?.(ctx);
    const res = await ctx.inject(route.method, fillPath(route.path, params), { token, body, headers });
    expect(res.statusCode, `${label}: ${res.body}`).toBe(sample.status);
  };

  const expect401 = async (route: RouteTableEntry) => {
    const anonymous = await plainRequest(route, undefined);
    expect(anonymous.statusCode, `anonymous: ${anonymous.body}`).toBe(401);
    expect(anonymous.json()).toEqual({ error: authMessages.notAuthenticated });
    for (const who of ["forged", "expired", "loggedOut"] as const) {
      const res = await plainRequest(route, tokens[who]);
      expect(res.statusCode, `${who}: ${res.body}`).toBe(401);
      expect(res.json()).toEqual({ error: authMessages.authenticationFailed });
    }
  };

  const expect403 = async (route: RouteTableEntry, token: string, label: string, guildId = G) => {
    const res = await plainRequest(route, token, guildId);
    expect(res.statusCode, `${label}: ${res.body}`).toBe(403);
    expect(res.json(), label).toEqual({ error: authMessages.accessDenied });
  };

  for (const route of routes) {
    const key = routeKey(route);
    if (key in publicRoutes) {
      it(`${key}: public, anonymous ${publicRoutes[key]}`, async () => {
        const res = await plainRequest(route, undefined);
        expect(res.statusCode, res.body).toBe(publicRoutes[key]);
      });
      continue;
    }
    if (botKeyRoutes.has(key)) {
      it(`${key}: only this guild's bot key (401 for sessions, forged and other guilds' keys)`, async () => {
        const url = fillPath(route.path, { guildId: G });
        for (const [label, authorization] of [
          ["anonymous", undefined],
          ["owner's session", `Bearer ${ctx.owner}`],
          ["forged bot key", `Bot tkb_${newToken()}`],
          ["other guild's bot key", `Bot ${await createBotKey(ctx, GAMING_HUB_ID)}`],
        ] as const) {
          const res = await ctx.inject(route.method, url, { body: transcriptBody(), headers: authorization ? { authorization } : {} });
          expect(res.statusCode, `${label}: ${res.body}`).toBe(401);
          expect(res.json().error).toBeTypeOf("string");
        }
        await successCell(route, "owner", "bot key");
      });
      continue;
    }
    if (key in ownTicketRoutes) {
      it(`${key}: the ticket's opener only (401 × 4; 404 for staff and the owner, whose ticket it is not)`, async () => {
        await expect401(route);
        const cell = ownTicketRoutes[key];
        const url = fillPath(route.path, { ...(await ctx.placeholders()), guildId: G, ...(await cell.setup(ctx)) });
        for (const [who, token] of [
          ["staff", tokens.staff],
          ["owner", ctx.owner],
        ] as const) {
          const res = await ctx.inject(route.method, url, { token, body: cell.body });
          expect(res.statusCode, `${who}: ${res.body}`).toBe(404);
        }
        const res = await ctx.inject(route.method, url, { token: tokens.visitor, body: cell.body });
        expect(res.statusCode, `visitor: ${res.body}`).toBe(cell.status);
      });
      continue;
    }
    if (route.auth === "user") {
      it(`${key}: signed-in users (401 × 4, Visitor/Staff/Owner allowed)`, async () => {
        await expect401(route);
        for (const who of ["visitor", "staff", "owner"] as const) await successCell(route, who, who);
      });
      continue;
    }
    const permissions = route.permissions as readonly TeamPermission[];
    if (route.levels && !route.levels.includes("staff")) {
      it(`${key}: only ${route.levels.join("/")} (401 × 4, 403 Visitor and staff with every permission, owner allowed)`, async () => {
        expect(route.guarded, `${key} is not guarded`).toBe(true);
        await expect401(route);
        await expect403(route, tokens.visitor, "Demo Visitor");
        await ctx.setSupportPermissions(teamPermissionKeys);
        await expect403(route, tokens.staff, "staff holding every team permission");
        await successCell(route, "owner", "owner");
      });
      continue;
    }
    it(`${key}: ${permissions.join(" or ") || "any guild access"} (401 × 4, 403 Visitor/lacking staff, holder/owner allowed)`, async () => {
      // A test that names no guard is already failing above; here the cells of a guarded route.
      expect(route.guarded, `${key} is not guarded`).toBe(true);
      await expect401(route);
      await expect403(route, tokens.visitor, "Demo Visitor");
      if (permissions.length > 0) {
        // Staff holding every other permission but not this route's.
        await ctx.setSupportPermissions(teamPermissionKeys.filter((k) => !permissions.includes(k)));
        await expect403(route, tokens.staff, "staff lacking the permission");
      }
      // Staff holding exactly the route's (first) permission, granted by the owner through the API.
      await ctx.setSupportPermissions(permissions.slice(0, 1));
      await successCell(route, "staff", `staff holding ${permissions[0] ?? "team membership"}`);
      await expect403(route, tokens.staff, "staff holding it, in a guild they are not in", GAMING_HUB_ID);
      await successCell(route, "owner", "owner");
    });
  }
});
