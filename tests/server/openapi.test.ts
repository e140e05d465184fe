import Ajv2020 from "ajv/dist/2020.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildOpenApiDocument, type OpenApiDocument } from "../../server/openapi/document";
import { docPath, type OperationDoc, operations } from "../../server/openapi/operations";
import { describeRoute, type RouteTableEntry } from "../../server/route-table";
import { DEMO_ADMIN_ID, DEMO_COMMUNITY_ID, GAMING_HUB_ID, bearer, createTestApp, type TestApp } from "./helpers";

// The OpenAPI document is generated from the zod schemas and an operations table (server/openapi). This suite
// keeps it honest: every API route the server registers is documented and every documented route exists, with
// the same permissions as its guard; the document is well formed; request schemas refuse what the server
// refuses; and real answers match the documented response schemas.

/** "METHOD /path" of the table for every registered API route (HEAD/OPTIONS and the SPA's catch-all excluded). */
const registeredKeys = (table: RouteTableEntry[]) =>
  table.filter((r) => r.path.startsWith("/api/") && r.method !== "HEAD" && r.method !== "OPTIONS").map((r) => `${r.method} ${docPath(r.path)}`);

/** Routes without a table entry, and entries without a route; permissions that differ from the guard's. */
export function coverageProblems(table: RouteTableEntry[], ops: Record<string, OperationDoc>): string[] {
  const problems: string[] = [];
  const registered = new Set(registeredKeys(table));
  for (const key of registered) if (!(key in ops)) problems.push(`${key}: registered but not documented`);
  for (const key of Object.keys(ops)) if (!registered.has(key)) problems.push(`${key}: documented but not registered`);
  for (const route of table.filter((r) => r.path.startsWith("/api/") && r.method !== "HEAD")) {
    const key = `${route.method} ${docPath(route.path)}`;
    const op = ops[key];
    if (!op) continue;
    const documented = op.permission === undefined ? [] : typeof op.permission === "string" ? [op.permission] : [...op.permission];
    if ([...documented].sort().join() !== [...route.permissions].sort().join()) {
      problems.push(`${key}: documented permission ${documented.join("|") || "none"}, guard ${route.permissions.join("|") || "none"}`);
    }
    const expectedAuth = route.levels ? ["level"] : route.auth === "guild" ? ["guild"] : route.auth === "user" ? ["session"] : ["public", "bot"];
    if (!expectedAuth.includes(op.auth)) problems.push(`${key}: documented as ${op.auth}, registered as ${route.levels ? "level" : route.auth}`);
    if (route.levels && [...route.levels].sort().join() !== [...(op.levels ?? [])].sort().join()) {
      problems.push(`${key}: documented levels ${(op.levels ?? []).join("|") || "none"}, registered ${route.levels.join("|")}`);
    }
  }
  return problems;
}

/** Every "$ref" string anywhere in the value. */
function refsIn(value: unknown, out: string[] = []): string[] {
  if (Array.isArray(value)) for (const v of value) refsIn(v, out);
  else if (value && typeof value === "object") {
    for (const [k, v] of Object.entries(value)) {
      if (k === "$ref" && typeof v === "string") out.push(v);
      else refsIn(v, out);
    }
  }
  return out;
}

const resolvePointer = (doc: unknown, ref: string) =>
  ref
    .replace(/^#\//, "")
    .split("/")
    .map((part) => part.replace(/~1/g, "/").replace(/~0/g, "~"))
    .reduce<unknown>((node, part) => (node && typeof node === "object" ? (node as Record<string, unknown>)[part] : undefined), doc);

let t: TestApp;
let owner: string;
let doc: OpenApiDocument;
let ajv: InstanceType<typeof Ajv2020>;

beforeAll(async () => {
  t = await createTestApp();
  owner = await t.signIn(DEMO_ADMIN_ID);
  doc = buildOpenApiDocument();
  ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: false });
  // Component schemas addressable by the document's own refs.
  ajv.addSchema({ $id: "doc", components: doc.components }, "doc");
});
afterAll(async () => {
  await t?.close();
});

/** The schema of an operation's request body or response, as ajv's validate function. */
function validatorFor(method: string, path: string, where: { body: true } | { status: number }) {
  const op = (doc.paths[path] as Record<string, any>)[method.toLowerCase()];
  const content = "body" in where ? op.requestBody.content : op.responses[String(where.status)].content;
  const schema = content["application/json"].schema as { $ref: string };
  return ajv.getSchema(`doc${schema.$ref}`)!;
}

describe("coverage: the table and the server's routes", () => {
  it("documents every registered API route, and only those, with the guard's permissions", () => {
    expect(coverageProblems(t.app.routeTable, operations)).toEqual([]);
    expect(registeredKeys(t.app.routeTable).length).toBeGreaterThan(40);
  });

  it("would catch an undocumented route, a documented route that does not exist, and a wrong permission (control)", () => {
    const extra = describeRoute({ method: "GET", url: "/api/:guildId(^\\d+$)/secrets" });
    const { ["DELETE /{guildId}/tags/{tagId}"]: _removed, ...fewer } = operations;
    const wrong = {
      ...fewer,
      "GET /{guildId}/ghost": operations["GET /stats"],
      "GET /{guildId}/tags": { ...operations["GET /{guildId}/tags"], permission: "ViewForm" as const },
      "GET /{guildId}/config/export": { ...operations["GET /{guildId}/config/export"], auth: "guild" as const, levels: undefined },
    };
    expect(coverageProblems([...t.app.routeTable, ...extra], wrong)).toEqual(
      expect.arrayContaining([
        "GET /{guildId}/secrets: registered but not documented",
        "DELETE /{guildId}/tags/{tagId}: registered but not documented",
        "GET /{guildId}/ghost: documented but not registered",
        "GET /{guildId}/tags: documented permission ViewForm, guard ViewTag",
        "GET /{guildId}/config/export: documented as guild, registered as level",
        "GET /{guildId}/config/export: documented levels none, registered owner|administrator|manager",
      ]),
    );
  });

  it("maps registered paths to the paths of docs/API.md", () => {
    expect(docPath("/api/:guildId(^\\d+$)/tags/:tagId")).toBe("/{guildId}/tags/{tagId}");
    expect(docPath("/api/api/auth/user")).toBe("/api/auth/user");
    expect(docPath("/api/:guildId/activity.csv")).toBe("/{guildId}/activity.csv");
    expect(docPath("/api/guilds/:guildId")).toBe("/guilds/{guildId}");
  });
});

describe("the document", () => {
  it("is OpenAPI 3.1 with unique operation ids and responses everywhere", () => {
    expect(doc.openapi).toBe("3.1.0");
    expect(doc.info.title).toBeTruthy();
    const ids: string[] = [];
    for (const [path, methods] of Object.entries(doc.paths)) {
      expect(path.startsWith("/"), path).toBe(true);
      for (const [method, op] of Object.entries(methods as Record<string, any>)) {
        expect(["get", "post", "put", "patch", "delete"], `${method} ${path}`).toContain(method);
        expect(Object.keys(op.responses).length, `${method} ${path}`).toBeGreaterThan(0);
        expect(op.tags?.[0], `${method} ${path}`).toBeTruthy();
        ids.push(op.operationId);
        // Every path parameter is declared.
        for (const [, name] of path.matchAll(/\{([^}]+)\}/g)) {
          expect(op.parameters.some((p: { name: string; in: string }) => p.name === name && p.in === "path"), `${method} ${path} ${name}`).toBe(true);
        }
      }
    }
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("every $ref resolves inside the document", () => {
    const refs = refsIn(doc);
    expect(refs.length).toBeGreaterThan(50);
    for (const ref of new Set(refs)) {
      expect(ref.startsWith("#/"), ref).toBe(true);
      expect(resolvePointer(doc, ref), ref).toBeDefined();
    }
  });

  it("documents the error body for 400/401/403/404/409 and carries no editor hints", () => {
    const tagPost = (doc.paths["/{guildId}/tags"] as Record<string, any>).post;
    for (const status of ["400", "401", "403", "404", "409"]) {
      expect(tagPost.responses[status].content["application/json"].schema).toEqual({ $ref: "#/components/schemas/ApiError" });
    }
    expect(tagPost["x-permissions"]).toEqual(["CreateTag"]);
    const json = JSON.stringify(doc.components.schemas);
    // A UI hint is a key with a plain value; a property of that name maps to a schema object.
    expect(json).not.toMatch(/"(widget|section|span|order|help|rows|placeholder|highlightEmpty|visibleWhen)":(?!\{)/);
    expect(json).toContain('"title":"Panel Name"'); // titles and descriptions stay
    // Every component compiles as JSON Schema 2020-12.
    for (const name of Object.keys(doc.components.schemas)) expect(ajv.getSchema(`doc#/components/schemas/${name}`), name).toBeTypeOf("function");
  });

  it("is served at /api/openapi.json without a session, and as a reference page without scripts", async () => {
    const json = await t.app.inject({ method: "GET", url: "/api/openapi.json" });
    expect(json.statusCode).toBe(200);
    expect(json.headers["content-type"]).toMatch(/^application\/json/);
    expect(json.json()).toEqual(JSON.parse(JSON.stringify({ ...doc, info: { ...doc.info, version: json.json().info.version } })));

    const page = await t.app.inject({ method: "GET", url: "/api/reference" });
    expect(page.statusCode).toBe(200);
    expect(page.headers["content-type"]).toMatch(/^text\/html/);
    expect(String(page.headers["content-security-policy"])).toContain("script-src 'self'");
    expect(page.body).not.toMatch(/<script/i);
    expect(page.body).not.toMatch(/https?:\/\/(?!json-schema\.org)[a-z0-9.-]+\//i); // no CDN: nothing loaded from elsewhere
    for (const path of Object.keys(doc.paths)) expect(page.body, path).toContain(path.replace(/&/g, "&amp;"));
    expect(page.body).toContain("Needs CreateTag.");
    expect(page.body).toContain('id="schema-TagInput"');
  });
});

describe("request schemas refuse what the server refuses", () => {
  const G = DEMO_COMMUNITY_ID;
  const cases: { name: string; method: string; path: string; url: string; valid: unknown; invalid: unknown[]; okStatus: number }[] = [
    {
      name: "tag",
      method: "POST",
      path: "/{guildId}/tags",
      url: `/api/${G}/tags`,
      valid: { TagName: "openapi-tag", Content: "Hello" },
      invalid: [{ Content: "no name" }, { TagName: "", Content: "x" }, { TagName: "x".repeat(256), Content: "x" }, { TagName: "n", Content: 5 }],
      okStatus: 201,
    },
    {
      name: "team",
      method: "POST",
      path: "/{guildId}/teams",
      url: `/api/${G}/teams`,
      valid: { team_name: "OpenAPI Team", roles: [] },
      invalid: [{ roles: [] }, { team_name: "", roles: [] }, { team_name: "x", roles: ["not-a-role"] }],
      okStatus: 200,
    },
    {
      name: "blacklist entry",
      method: "POST",
      path: "/{guildId}/blacklist",
      url: `/api/${G}/blacklist`,
      valid: { Kind: "User", TargetId: "912345678901234567", Reason: "spam" },
      invalid: [{ Kind: "Channel", TargetId: "912345678901234567" }, { Kind: "User" }, { Kind: "User", TargetId: "12" }],
      okStatus: 201,
    },
    {
      name: "settings",
      method: "PUT",
      path: "/{guildId}/settings",
      url: `/api/${G}/settings`,
      valid: { UserTicketLimit: 2 },
      invalid: [{ UserTicketLimit: -1 }, { CloseOnUserLeaveHours: 24 }, { AllowUserTicketClose: "yes" }],
      okStatus: 200,
    },
    {
      name: "form",
      method: "POST",
      path: "/{guildId}/forms",
      url: `/api/${G}/forms`,
      valid: { FormName: "OpenAPI form", fields: [{ Label: "Question" }] },
      invalid: [{ fields: [{ Label: "Question" }] }, { FormName: "x", fields: Array.from({ length: 6 }, () => ({ Label: "q" })) }, { FormName: "x", fields: [{ Label: "q", Style: "Long" }] }],
      okStatus: 201,
    },
  ];

  for (const c of cases) {
    it(`${c.method} ${c.path}: the ${c.name} schema and the server agree`, async () => {
      const validate = validatorFor(c.method, c.path, { body: true });
      expect(validate(c.valid), JSON.stringify(validate.errors)).toBe(true);
      for (const body of c.invalid) {
        expect(validate(body), `schema accepted ${JSON.stringify(body)}`).toBe(false);
        const res = await t.app.inject({ method: c.method as "POST", url: c.url, headers: bearer(owner), payload: body as object });
        expect(res.statusCode, `server on ${JSON.stringify(body)}: ${res.body}`).toBe(400);
        expect(validatorFor(c.method, c.path, { status: 400 })(res.json())).toBe(true);
      }
      const res = await t.app.inject({ method: c.method as "POST", url: c.url, headers: bearer(owner), payload: c.valid as object });
      expect(res.statusCode, res.body).toBe(c.okStatus);
      const validateAnswer = validatorFor(c.method, c.path, { status: c.okStatus });
      expect(validateAnswer(res.json()), JSON.stringify(validateAnswer.errors)).toBe(true);
    });
  }

  it("POST /{guildId}/config/import: an unknown file version is refused by both", async () => {
    const exported = await t.app.inject({ method: "GET", url: `/api/${G}/config/export`, headers: bearer(owner) });
    const file = exported.json();
    const validate = validatorFor("POST", "/{guildId}/config/import", { body: true });
    expect(validate({ config: file }), JSON.stringify(validate.errors)).toBe(true);
    const body = { config: { ...file, version: 2 } };
    expect(validate(body)).toBe(false);
    const res = await t.app.inject({ method: "POST", url: `/api/${GAMING_HUB_ID}/config/import`, headers: bearer(owner), payload: body });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual(["Unsupported configuration version 2: this server reads version 1"]);
  });
});

describe("answers match the documented response schemas", () => {
  const G = DEMO_COMMUNITY_ID;
  const gets: [string, string][] = [
    ["/stats", "/api/stats"],
    ["/health", "/api/health"],
    ["/api/auth/user", "/api/api/auth/user"],
    ["/guilds", "/api/guilds"],
    ["/guilds/{guildId}", `/api/guilds/${G}`],
    ["/{guildId}/permissions", `/api/${G}/permissions`],
    ["/{guildId}/tags", `/api/${G}/tags`],
    ["/{guildId}/activity", `/api/${G}/activity`],
    ["/{guildId}/activity/actions", `/api/${G}/activity/actions`],
    ["/{guildId}/settings", `/api/${G}/settings`],
    ["/{guildId}/teams", `/api/${G}/teams`],
    ["/{guildId}/panel-properties", `/api/${G}/panel-properties`],
    ["/{guildId}/panels", `/api/${G}/panels`],
    ["/{guildId}/forms", `/api/${G}/forms`],
    ["/{guildId}/blacklist", `/api/${G}/blacklist`],
    ["/{guildId}/transcripts", `/api/${G}/transcripts`],
    ["/{guildId}/transcript-panels", `/api/${G}/transcript-panels`],
    ["/{guildId}/bot-key", `/api/${G}/bot-key`],
    ["/{guildId}/config/export", `/api/${G}/config/export`],
  ];
  for (const [path, url] of gets) {
    it(`GET ${path}`, async () => {
      const res = await t.app.inject({ method: "GET", url, headers: bearer(owner) });
      expect(res.statusCode, res.body).toBe(200);
      const validate = validatorFor("GET", path, { status: 200 });
      expect(validate(res.json()), JSON.stringify(validate.errors)).toBe(true);
    });
  }

  it("GET one panel, one form and the import preview", async () => {
    const panel = await t.db.selectFrom("panels").select("id").where("guild_id", "=", G).orderBy("id").executeTakeFirstOrThrow();
    const one = await t.app.inject({ method: "GET", url: `/api/${G}/panels/${panel.id}`, headers: bearer(owner) });
    expect(validatorFor("GET", "/{guildId}/panels/{panelId}", { status: 200 })(one.json())).toBe(true);
    const form = await t.db.selectFrom("forms").select("id").where("guild_id", "=", G).orderBy("id").executeTakeFirstOrThrow();
    const oneForm = await t.app.inject({ method: "GET", url: `/api/${G}/forms/${form.id}`, headers: bearer(owner) });
    expect(validatorFor("GET", "/{guildId}/forms/{formId}", { status: 200 })(oneForm.json())).toBe(true);
    const file = (await t.app.inject({ method: "GET", url: `/api/${G}/config/export`, headers: bearer(owner) })).json();
    const preview = await t.app.inject({ method: "POST", url: `/api/${GAMING_HUB_ID}/config/import/preview`, headers: bearer(owner), payload: { config: file } });
    expect(preview.statusCode).toBe(200);
    const validate = validatorFor("POST", "/{guildId}/config/import/preview", { status: 200 });
    expect(validate(preview.json()), JSON.stringify(validate.errors)).toBe(true);
  });
});
