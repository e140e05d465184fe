import fastifySwagger from "@fastify/swagger";
import type { FastifyInstance, RouteOptions } from "fastify";
import { createJsonSchemaTransform, createJsonSchemaTransformObject } from "fastify-type-provider-zod";
import { statusDescriptions } from "../route-schemas";
import { scopeOfRoute } from "../../../../src/schemas/api-keys";
import { describeRoute, type RouteTableEntry } from "../route-table";
import "./components";

// The OpenAPI 3.1 document, generated from the routes the server registers (@fastify/swagger collects them; their
// zod schemas become JSON Schema through fastify-type-provider-zod). Nothing here lists routes: a route is in the
// document because it exists, with the parameters, bodies and answers it validates and serializes with. What
// this file adds: paths relative to the /api base, who may call each operation (from its guard), operation ids,
// status descriptions, and a tidy components section (only what is used; the editor's UI hints dropped).

export type JsonSchema = Record<string, unknown>;
export interface OpenApiDocument {
  openapi: string;
  info: { title: string; version: string; description: string };
  jsonSchemaDialect?: string;
  servers: { url: string; description?: string }[];
  tags: { name: string; description: string }[];
  paths: Record<string, Record<string, unknown>>;
  components: { schemas: Record<string, JsonSchema>; securitySchemes: Record<string, unknown> };
}

export const apiTags: { name: string; description: string }[] = [
  { name: "Health", description: "Liveness and public numbers" },
  { name: "Auth", description: "Sign-in and sessions (paths are the contract's /api/auth/... under the base)" },
  { name: "Guilds", description: "The servers a user may manage and what they may do there" },
  { name: "Tags", description: "Canned replies" },
  { name: "Activity", description: "The audit log" },
  { name: "Settings", description: "Ticket settings" },
  {
    name: "Bot setup",
    description:
      "What keeps the bot from working on the server: missing permissions, the Message Content intent, full categories, commands, refusals",
  },
  { name: "Staff Teams", description: "Teams, their roles and their permissions" },
  { name: "Panels", description: "Ticket panels and multi-panels" },
  { name: "Forms", description: "Forms asked before a ticket opens" },
  { name: "Blacklist", description: "Users and roles barred from opening tickets" },
  { name: "Transcripts", description: "Closed tickets, and the bot key that stores them" },
  { name: "Tickets", description: "Open tickets, their live events and statistics" },
  { name: "Bot", description: "Discord's interactions endpoint and the demo platform's chat" },
  { name: "Saved views", description: "Each user's named filters, sort and columns of a list" },
  { name: "Configuration", description: "Export and import of a server's whole configuration" },
  { name: "Webhooks", description: "Signed webhooks: the server's endpoints and their deliveries (docs/webhooks.md)" },
  { name: "API keys", description: "Scoped API keys a third party sends as `Authorization: Bearer tk_…`" },
  { name: "Reference", description: "This document" },
];

// JSON Schema 2020-12 keywords kept in the document; anything else in a node (the editor's UI hints from
// .meta(): widget, section, span, order, placeholder, help, rows, ...) is dropped.
const keywords = new Set([
  "$ref",
  "$defs",
  "$id",
  "$anchor",
  "type",
  "properties",
  "required",
  "additionalProperties",
  "patternProperties",
  "propertyNames",
  "minProperties",
  "maxProperties",
  "items",
  "prefixItems",
  "contains",
  "minItems",
  "maxItems",
  "uniqueItems",
  "anyOf",
  "oneOf",
  "allOf",
  "not",
  "if",
  "then",
  "else",
  "dependentSchemas",
  "dependentRequired",
  "enum",
  "const",
  "format",
  "pattern",
  "minLength",
  "maxLength",
  "minimum",
  "maximum",
  "exclusiveMinimum",
  "exclusiveMaximum",
  "multipleOf",
  "default",
  "title",
  "description",
  "examples",
  "deprecated",
  "readOnly",
  "writeOnly",
  "contentEncoding",
  "contentMediaType",
  "unevaluatedProperties",
  "unevaluatedItems",
]);
const schemaMaps = ["properties", "patternProperties", "$defs", "dependentSchemas"];
const schemaLists = ["anyOf", "oneOf", "allOf", "prefixItems"];
const schemaSingles = [
  "items",
  "additionalProperties",
  "propertyNames",
  "contains",
  "not",
  "if",
  "then",
  "else",
  "unevaluatedProperties",
  "unevaluatedItems",
];

/** Drops non-keywords from every schema node. */
export function cleanSchema(node: unknown): void {
  if (!node || typeof node !== "object" || Array.isArray(node)) return;
  const schema = node as JsonSchema;
  for (const key of Object.keys(schema)) if (!keywords.has(key)) delete schema[key];
  for (const key of schemaMaps) {
    const map = schema[key];
    if (map && typeof map === "object") for (const child of Object.values(map)) cleanSchema(child);
  }
  for (const key of schemaLists) if (Array.isArray(schema[key])) for (const child of schema[key] as unknown[]) cleanSchema(child);
  for (const key of schemaSingles) if (schema[key] && typeof schema[key] === "object") cleanSchema(schema[key]);
}

/** "/api/:guildId(^\\d+$)/tags/:tagId" → "/{guildId}/tags/{tagId}" (relative to the /api base). */
export function docPath(registeredPath: string): string {
  const withoutBase = registeredPath.replace(/^\/api(?=\/)/, "");
  return withoutBase.replace(/:([A-Za-z_][A-Za-z0-9_]*)(\([^/]*?\))?/g, "{$1}");
}

/** getByGuildIdTags-style ids: method + path words. */
export function operationId(method: string, path: string): string {
  const words = path
    .replace(/\{([^}]+)\}/g, "by-$1")
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean);
  return [method.toLowerCase(), ...words.map((w) => w[0].toUpperCase() + w.slice(1))].join("");
}

/** Who may call a route, in words, with the security requirement and extensions of its operation. */
function accessOf(route: RouteOptions) {
  const [entry] = describeRoute(route);
  const access = withScope(entry, accessWithoutRecency(entry));
  if (!entry.recentSignIn) return access;
  return {
    ...access,
    text: `${access.text} Needs a recent sign-in (within REAUTH_MINUTES of signing in or of the last such action): otherwise 403 with code "reauthenticate".`,
    extensions: { ...access.extensions, "x-recent-sign-in": true },
  };
}

/**
 * What an API key needs for the operation: `x-required-scope` on every operation (null: no key may call it), and the
 * `apiKey` security requirement with that scope beside the session's where a key may.
 */
function withScope(entry: RouteTableEntry, access: ReturnType<typeof accessWithoutRecency>) {
  const scope = scopeOfRoute(entry);
  return {
    text: scope ? `${access.text} An API key needs the scope \`${scope}\`.` : access.text,
    security: scope ? [...access.security, { apiKey: [scope] }] : access.security,
    extensions: { ...access.extensions, "x-required-scope": scope },
  };
}

function accessWithoutRecency(entry: ReturnType<typeof describeRoute>[number]) {
  if (entry.botKey) return { text: "The server's bot key (`Authorization: Bot <key>`).", security: [{ botKey: [] }], extensions: {} };
  if (entry.levels) {
    return {
      text: `Only the server's ${entry.levels.join(", ")} (a staff team's permissions are not enough).`,
      security: [{ bearerAuth: [] }],
      extensions: { "x-access-levels": [...entry.levels] },
    };
  }
  if (entry.guarded) {
    const permissions = [...entry.permissions];
    return {
      text: permissions.length
        ? `Needs ${permissions.join(" or ")} (owners, Administrators and Manage Server holders have every permission).`
        : "Any access to the server.",
      security: [{ bearerAuth: [] }],
      extensions: permissions.length ? { "x-permissions": permissions } : {},
    };
  }
  if (entry.authenticated) return { text: "A signed-in user.", security: [{ bearerAuth: [] }], extensions: {} };
  return { text: "Public.", security: [], extensions: {} };
}

/** Every "$ref" target name reachable from `value`. */
function refNames(value: unknown, out = new Set<string>()): Set<string> {
  if (Array.isArray(value)) for (const v of value) refNames(v, out);
  else if (value && typeof value === "object") {
    for (const [key, child] of Object.entries(value)) {
      if (key === "$ref" && typeof child === "string") out.add(child.replace("#/components/schemas/", ""));
      else refNames(child, out);
    }
  }
  return out;
}

/** Components reachable from the paths, following components that reference others. */
function usedComponents(doc: OpenApiDocument): Set<string> {
  const used = refNames(doc.paths);
  const queue = [...used];
  while (queue.length) {
    const name = queue.pop()!;
    for (const next of refNames(doc.components.schemas[name])) {
      if (!used.has(next)) {
        used.add(next);
        queue.push(next);
      }
    }
  }
  return used;
}

/** What finish() reads and rewrites in an operation as @fastify/swagger made it. */
type MediaMap = Record<string, { schema?: unknown }>;
interface DocumentOperation {
  responses?: Record<string, { description?: string; content?: MediaMap }>;
  requestBody?: { content?: MediaMap };
  parameters?: { schema?: unknown }[];
}

function walkOperations(doc: OpenApiDocument, visit: (operation: DocumentOperation) => void) {
  for (const item of Object.values(doc.paths)) for (const operation of Object.values(item)) visit(operation as DocumentOperation);
}

/** Status descriptions, UI hints out, unused components out, the security schemes in. */
function finish(doc: OpenApiDocument): OpenApiDocument {
  walkOperations(doc, (operation) => {
    for (const [status, response] of Object.entries(operation.responses ?? {})) {
      if (!response.description || response.description === "Default Response")
        response.description = statusDescriptions[Number(status)] ?? "Answer";
      for (const media of Object.values(response.content ?? {})) cleanSchema(media.schema);
    }
    for (const media of Object.values(operation.requestBody?.content ?? {})) cleanSchema(media.schema);
    for (const parameter of operation.parameters ?? []) cleanSchema(parameter.schema);
  });
  const used = usedComponents(doc);
  const schemas: Record<string, JsonSchema> = {};
  for (const [name, schema] of Object.entries(doc.components.schemas ?? {})) {
    if (!used.has(name)) continue;
    cleanSchema(schema);
    schemas[name] = schema;
  }
  return { ...doc, components: { ...doc.components, schemas } };
}

/** Registers the generator. Call before the route plugins (it collects routes as they are registered). */
export async function registerOpenApi(app: FastifyInstance, version: string): Promise<void> {
  const transformSchema = createJsonSchemaTransform({});
  const transformDocument = createJsonSchemaTransformObject({});
  await app.register(fastifySwagger, {
    openapi: {
      openapi: "3.1.0",
      info: {
        title: "Ticketeer API",
        version,
        description:
          "The API the Ticketeer dashboard and bot talk to. Generated from the routes the server registers and the zod schemas they validate and answer with. Errors are `{error, errors?}`; 429 (rate limit, Retry-After) and 503 (database unavailable) can answer any call.",
      },
      jsonSchemaDialect: "https://json-schema.org/draft/2020-12/schema",
      servers: [{ url: "/api", description: "This server" }],
      tags: apiTags,
      components: {
        securitySchemes: {
          bearerAuth: { type: "http", scheme: "bearer", description: "The session token from sign-in" },
          botKey: { type: "apiKey", in: "header", name: "Authorization", description: "`Bot <key>`: the server's bot key" },
          apiKey: {
            type: "http",
            scheme: "bearer",
            description: "`Bearer tk_…`: a scoped API key of the server (its scopes are the requirement's list; docs/API.md)",
          },
        },
      },
    },
    transform: (input) => {
      const { route, url } = input as typeof input & { route: RouteOptions };
      // Only the API: the static files and the single-page app's fallback are not operations.
      if (!url.startsWith("/api/")) return { schema: { hide: true } as never, url };
      // Paths become relative to the /api server entry by @fastify/swagger itself (stripBasePath).
      const { schema } = transformSchema(input as never) as { schema: Record<string, unknown>; url: string };
      const path = docPath(url);
      const method = String(Array.isArray(route.method) ? route.method[0] : route.method);
      const access = accessOf(route);
      const own = (route.schema as { description?: string } | undefined)?.description;
      return {
        schema: {
          ...schema,
          operationId: operationId(method, path),
          description: [own, access.text].filter(Boolean).join("\n\n"),
          security: access.security,
          ...access.extensions,
        } as never,
        url,
      };
    },
    transformObject: (input) => finish(transformDocument(input) as unknown as OpenApiDocument) as never,
  });
}
