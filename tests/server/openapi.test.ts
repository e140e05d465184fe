import { Validator } from "@seriousme/openapi-schema-validator";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { docPath, type OpenApiDocument } from "../../server/http/support/openapi/document";
import type { RouteTableEntry } from "../../server/http/support/route-table";
import { DEMO_ADMIN_ID, DEMO_COMMUNITY_ID, bearer, createTestApp, type TestApp } from "./helpers";

// The OpenAPI document is generated from the routes the server registers (server/http/support/openapi/document.ts). This suite
// keeps it honest: it is valid OpenAPI 3.1 (a maintained validator), every registered API route is an operation
// and every operation a registered route, with the permissions of its guard; and the answers of the whole API suite
// validate against it (tests/server/response-checker.ts, installed on every test app).

type Operation = {
  operationId: string;
  tags?: string[];
  responses: Record<string, unknown>;
  parameters?: { name: string; in: string }[];
  "x-permissions"?: string[];
};

/** "METHOD /path" of every registered API route (HEAD/OPTIONS left out: Fastify adds them). */
const registeredKeys = (table: RouteTableEntry[]) =>
  table
    .filter((r) => r.path.startsWith("/api/") && r.method !== "HEAD" && r.method !== "OPTIONS")
    .map((r) => `${r.method} ${docPath(r.url)}`);

const documentedKeys = (doc: OpenApiDocument) =>
  Object.entries(doc.paths).flatMap(([path, item]) => Object.keys(item).map((method) => `${method.toUpperCase()} ${path}`));

/** Routes missing from the document, operations without a route, and permissions that differ from the guard's. */
export function coverageProblems(table: RouteTableEntry[], doc: OpenApiDocument): string[] {
  const problems: string[] = [];
  const registered = new Set(registeredKeys(table));
  const documented = new Set(documentedKeys(doc));
  for (const key of registered) if (!documented.has(key)) problems.push(`${key}: registered but not in the document`);
  for (const key of documented) if (!registered.has(key)) problems.push(`${key}: in the document but no route`);
  for (const route of table.filter((r) => r.path.startsWith("/api/") && r.method !== "HEAD" && r.method !== "OPTIONS")) {
    const path = docPath(route.url);
    const op = (doc.paths[path] as Record<string, Operation> | undefined)?.[route.method.toLowerCase()];
    if (!op) continue;
    const documentedPermissions = [...(op["x-permissions"] ?? [])].sort().join("|");
    if (documentedPermissions !== [...route.permissions].sort().join("|")) {
      problems.push(
        `${route.method} ${path}: documented permission ${documentedPermissions || "none"}, guard ${route.permissions.join("|") || "none"}`,
      );
    }
  }
  return problems;
}

let t: TestApp;
let owner: string;
let doc: OpenApiDocument;

beforeAll(async () => {
  t = await createTestApp();
  owner = await t.signIn(DEMO_ADMIN_ID);
  await t.app.ready();
  doc = t.app.swagger() as unknown as OpenApiDocument;
});
afterAll(async () => {
  await t?.close();
});

describe("the document is generated from the routes", () => {
  it("has every registered API route and only those, with the guard's permissions", () => {
    expect(coverageProblems(t.app.routeTable, doc)).toEqual([]);
    expect(registeredKeys(t.app.routeTable).length).toBeGreaterThan(40);
  });

  it("would catch a route missing from the document, an operation without a route, and a wrong permission (control)", () => {
    const table: RouteTableEntry[] = [
      ...t.app.routeTable.filter((r) => !(r.method === "DELETE" && r.path === "/api/:guildId/tags/:tagId")),
      {
        method: "GET",
        url: "/api/:guildId(^\\d+$)/secrets",
        path: "/api/:guildId/secrets",
        params: ["guildId"],
        auth: "guild",
        guarded: true,
        authenticated: true,
        permissions: [],
        botKey: false,
        recentSignIn: false,
      },
    ];
    const tampered = structuredClone(doc);
    (tampered.paths["/{guildId}/tags"] as Record<string, Operation>).get["x-permissions"] = ["ViewForm"];
    expect(coverageProblems(table, tampered)).toEqual(
      expect.arrayContaining([
        "GET /{guildId}/secrets: registered but not in the document",
        "DELETE /{guildId}/tags/{tagId}: in the document but no route",
        "GET /{guildId}/tags: documented permission ViewForm, guard ViewTag",
      ]),
    );
  });

  it("is valid OpenAPI 3.1 (checked by @seriousme/openapi-schema-validator)", async () => {
    const validator = new Validator();
    const result = await validator.validate(structuredClone(doc) as never);
    expect(result.errors ?? [], JSON.stringify(result.errors, null, 2)?.slice(0, 3000)).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe("3.1");
  });

  it("has unique operation ids, a tag, and every path parameter declared", () => {
    const ids: string[] = [];
    for (const [path, methods] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(methods as Record<string, Operation>)) {
        expect(op.tags?.[0], `${method} ${path}`).toBeTruthy();
        ids.push(op.operationId);
        for (const [, name] of path.matchAll(/\{([^}]+)\}/g)) {
          expect(
            op.parameters?.some((p) => p.name === name && p.in === "path"),
            `${method} ${path} ${name}`,
          ).toBe(true);
        }
      }
    }
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("documents what a route's protection implies, and carries no editor hints", () => {
    const tagPost = (doc.paths["/{guildId}/tags"] as Record<string, any>).post;
    for (const status of ["400", "401", "403", "404", "409", "429"]) {
      expect(tagPost.responses[status].content["application/json"].schema, status).toEqual({ $ref: "#/components/schemas/ApiError" });
    }
    expect(tagPost["x-permissions"]).toEqual(["CreateTag"]);
    // A session, or an API key holding the route's scope.
    expect(tagPost.security).toEqual([{ bearerAuth: [] }, { apiKey: ["config:write"] }]);
    expect(tagPost["x-required-scope"]).toBe("config:write");
    const ingest = (doc.paths["/{guildId}/transcripts"] as Record<string, any>).post;
    expect(ingest.security).toEqual([{ botKey: [] }]);
    expect(ingest["x-required-scope"]).toBeNull();
    expect((doc.paths["/stats"] as Record<string, any>).get.security).toEqual([]);
    const json = JSON.stringify(doc.components.schemas);
    // A UI hint is a key with a plain value; a property of that name maps to a schema object.
    expect(json).not.toMatch(/"(widget|section|span|order|help|rows|placeholder|highlightEmpty|visibleWhen)":(?!\{)/);
    expect(json).toContain('"title":"Panel Name"'); // titles and descriptions stay
  });

  it("is served at /api/openapi.json without a session, and as a reference page without scripts", async () => {
    const json = await t.app.inject({ method: "GET", url: "/api/openapi.json" });
    expect(json.statusCode).toBe(200);
    expect(json.headers["content-type"]).toMatch(/^application\/json/);
    expect(json.json()).toEqual(JSON.parse(JSON.stringify(doc)));

    const page = await t.app.inject({ method: "GET", url: "/api/reference" });
    expect(page.statusCode).toBe(200);
    expect(page.headers["content-type"]).toMatch(/^text\/html/);
    expect(page.body).not.toMatch(/<script/i);
    for (const path of Object.keys(doc.paths)) expect(page.body, path).toContain(path.replace(/&/g, "&amp;"));
    expect(page.body).toContain("Needs CreateTag");
  });
});

describe("the response checker", () => {
  it("has checked the answers of this suite so far, and finds a body that breaks the document (control)", async () => {
    const res = await t.app.inject({ method: "GET", url: `/api/${DEMO_COMMUNITY_ID}/tags`, headers: bearer(owner) });
    expect(res.statusCode).toBe(200);
    expect(t.responses.checked).toBeGreaterThan(0);
    expect(t.responses.problems).toEqual([]);

    // A separate app whose document asks more of the tags answer than it holds: the checker must notice.
    const broken = await createTestApp();
    await broken.app.ready();
    const brokenDoc = broken.app.swagger() as unknown as OpenApiDocument; // the cached document the checker reads
    const ref = (brokenDoc.paths["/{guildId}/tags"] as Record<string, any>).get.responses["200"].content["application/json"].schema
      .$ref as string;
    const name = ref.replace("#/components/schemas/", "");
    brokenDoc.components.schemas[name] = { ...brokenDoc.components.schemas[name], required: ["tags", "nope"] };
    const token = await broken.signIn(DEMO_ADMIN_ID);
    await broken.app.inject({ method: "GET", url: `/api/${DEMO_COMMUNITY_ID}/tags`, headers: bearer(token) });
    expect(broken.responses.problems.join("\n")).toMatch(/GET \/\{guildId\}\/tags → 200: data must have required property 'nope'/);
    broken.responses.problems.length = 0;
    await broken.close();
  });
});
