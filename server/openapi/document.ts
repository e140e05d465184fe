import { z } from "zod";
import { type NamedSchema, s } from "./schemas";
import { type OperationDoc, operations as defaultOperations, tags } from "./operations";

// Builds the OpenAPI 3.1 document from the operations table: every schema is converted from zod
// (z.toJSONSchema, draft 2020-12) into components.schemas and referenced from there.

export type JsonSchema = Record<string, unknown>;
export interface OpenApiDocument {
  openapi: "3.1.0";
  info: { title: string; version: string; description: string };
  jsonSchemaDialect: string;
  servers: { url: string; description: string }[];
  tags: { name: string; description: string }[];
  paths: Record<string, Record<string, unknown>>;
  components: { schemas: Record<string, JsonSchema>; securitySchemes: Record<string, unknown> };
}

// JSON Schema 2020-12 keywords kept in the document; anything else in a node (the editor's UI hints from
// .meta(): widget, section, span, order, placeholder, help, rows, ...) is dropped.
const keywords = new Set([
  "$ref", "$defs", "$id", "$anchor", "type", "properties", "required", "additionalProperties", "patternProperties",
  "propertyNames", "minProperties", "maxProperties", "items", "prefixItems", "contains", "minItems", "maxItems",
  "uniqueItems", "anyOf", "oneOf", "allOf", "not", "if", "then", "else", "dependentSchemas", "dependentRequired",
  "enum", "const", "format", "pattern", "minLength", "maxLength", "minimum", "maximum", "exclusiveMinimum",
  "exclusiveMaximum", "multipleOf", "default", "title", "description", "examples", "deprecated", "readOnly",
  "writeOnly", "contentEncoding", "contentMediaType", "unevaluatedProperties", "unevaluatedItems",
]);
const schemaMaps = ["properties", "patternProperties", "$defs", "dependentSchemas"];
const schemaLists = ["anyOf", "oneOf", "allOf", "prefixItems"];
const schemaSingles = ["items", "additionalProperties", "propertyNames", "contains", "not", "if", "then", "else", "unevaluatedProperties", "unevaluatedItems"];

/** Drops non-keywords from every schema node; rewrites local $defs references with `rewriteRef`. */
function clean(node: unknown, rewriteRef: (ref: string) => string): void {
  if (!node || typeof node !== "object" || Array.isArray(node)) return;
  const schema = node as JsonSchema;
  for (const key of Object.keys(schema)) if (!keywords.has(key)) delete schema[key];
  if (typeof schema.$ref === "string") schema.$ref = rewriteRef(schema.$ref);
  for (const key of schemaMaps) {
    const map = schema[key];
    if (map && typeof map === "object") for (const child of Object.values(map)) clean(child, rewriteRef);
  }
  for (const key of schemaLists) if (Array.isArray(schema[key])) for (const child of schema[key] as unknown[]) clean(child, rewriteRef);
  for (const key of schemaSingles) if (schema[key] && typeof schema[key] === "object") clean(schema[key], rewriteRef);
}

/** One zod schema → JSON Schema (its own $defs hoisted into components as `<name>_<def>`). */
export function convert(named: NamedSchema, components: Record<string, JsonSchema>): JsonSchema {
  const json = z.toJSONSchema(named.schema, { target: "draft-2020-12", io: named.io, unrepresentable: "any" }) as JsonSchema;
  delete json.$schema;
  const rewrite = (ref: string) => ref.replace(/^#\/\$defs\//, `#/components/schemas/${named.name}_`);
  const defs = json.$defs as Record<string, JsonSchema> | undefined;
  delete json.$defs;
  for (const [defName, def] of Object.entries(defs ?? {})) {
    clean(def, rewrite);
    components[`${named.name}_${defName}`] = def;
  }
  clean(json, rewrite);
  return json;
}

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

const pathParamDocs: Record<string, { description: string; schema: JsonSchema }> = {
  guildId: { description: "The server (16 to 21 digits)", schema: { type: "string", pattern: "^\\d{16,21}$" } },
  tagId: { description: "Tag id (uuid)", schema: { type: "string", format: "uuid" } },
  transcriptId: { description: "Ticket number", schema: { type: "string", pattern: "^\\d{1,10}$" } },
};
const idParam = (name: string) => ({ description: `${name.replace(/Id$/, "")} id`, schema: { type: "string", pattern: "^\\d{1,15}$" } });

const statusText: Record<number, string> = {
  400: "Invalid input; nothing was stored (`errors` lists every problem)",
  401: "No, unknown, expired or revoked session (bot routes: no or wrong bot key)",
  403: "No access to the server, or lacking the permission",
  404: "Not found (also another server's ids)",
  409: "Conflict: a name or reference in use, or a stale revision",
};

export interface BuildOptions {
  version?: string;
  operations?: Record<string, OperationDoc>;
}

export function buildOpenApiDocument(options: BuildOptions = {}): OpenApiDocument {
  const operations = options.operations ?? defaultOperations;
  const components: Record<string, JsonSchema> = {};
  const registered = new Map<string, NamedSchema>();

  /** Adds a named schema to components (once); the same name for two different schemas is a bug. */
  const use = (named: NamedSchema) => {
    const seen = registered.get(named.name);
    if (seen && (seen.schema !== named.schema || seen.io !== named.io)) throw new Error(`Two schemas are named ${named.name}`);
    if (!seen) {
      registered.set(named.name, named);
      components[named.name] = convert(named, components);
    }
    return ref(named.name);
  };

  const paths: OpenApiDocument["paths"] = {};
  for (const [key, op] of Object.entries(operations)) {
    const [method, path] = key.split(" ");
    const params: unknown[] = [...path.matchAll(/\{([A-Za-z_][A-Za-z0-9_]*)\}/g)].map(([, name]) => ({
      name,
      in: "path",
      required: true,
      ...(pathParamDocs[name] ?? idParam(name)),
    }));
    if (op.query) {
      use(op.query);
      const query = components[op.query.name];
      const required = new Set((query.required as string[] | undefined) ?? []);
      for (const [name, schema] of Object.entries((query.properties as Record<string, JsonSchema>) ?? {})) {
        params.push({ name, in: "query", required: required.has(name), schema });
      }
    }

    const errors = new Set<number>(op.errors ?? []);
    if (op.body || op.query) errors.add(400);
    if (op.auth !== "public") errors.add(401);
    if (op.auth === "guild" || op.auth === "level") errors.add(403);
    if (path.includes("{")) errors.add(404);

    const responses: Record<string, unknown> = {};
    for (const [status, response] of Object.entries(op.responses)) {
      const content = response.schema ? { [response.contentType ?? "application/json"]: { schema: use(response.schema) } } : response.contentType ? { [response.contentType]: { schema: { type: "string" } } } : undefined;
      const headers = response.headers
        ? Object.fromEntries(Object.entries(response.headers).map(([name, description]) => [name, { description, schema: { type: "string" } }]))
        : undefined;
      responses[status] = { description: response.description, ...(headers ? { headers } : {}), ...(content ? { content } : {}) };
    }
    for (const status of [...errors].sort()) {
      responses[String(status)] ??= { description: statusText[status] ?? "Error", content: { "application/json": { schema: use(s.error) } } };
    }

    const permissions = op.permission === undefined ? [] : typeof op.permission === "string" ? [op.permission] : [...op.permission];
    const security =
      op.auth === "public" ? [] : op.auth === "bot" ? [{ botKey: [] }] : [{ bearerAuth: [] }];
    const access =
      op.auth === "guild"
        ? permissions.length
          ? `Needs ${permissions.join(" or ")}.`
          : "Any access to the server."
        : op.auth === "level"
          ? `Only the server's ${(op.levels ?? []).join(", ")} (a staff team's permissions are not enough).`
          : op.auth === "bot"
            ? "The server's bot key."
            : op.auth === "session"
              ? "A signed-in user."
              : "Public.";

    paths[path] ??= {};
    paths[path][method.toLowerCase()] = {
      operationId: operationId(method, path),
      summary: op.summary,
      description: [op.description, access].filter(Boolean).join("\n\n"),
      tags: [op.tag],
      security,
      ...(permissions.length ? { "x-permissions": permissions } : {}),
      ...(op.levels ? { "x-access-levels": [...op.levels] } : {}),
      ...(params.length ? { parameters: params } : {}),
      ...(op.body ? { requestBody: { required: true, content: { [op.bodyContentType ?? "application/json"]: { schema: use(op.body) } } } } : {}),
      responses,
    };
  }

  return {
    openapi: "3.1.0",
    info: {
      title: "Ticketeer API",
      version: options.version ?? "0.0.0",
      description:
        "The API the Ticketeer dashboard talks to. Generated from the zod schemas the server validates with. Errors are `{error, errors?}`; 429 (rate limit, Retry-After) and 503 (database unavailable) can answer any call.",
    },
    jsonSchemaDialect: "https://json-schema.org/draft/2020-12/schema",
    servers: [{ url: "/api", description: "This server" }],
    tags,
    paths,
    components: {
      schemas: components,
      securitySchemes: {
        bearerAuth: { type: "http", scheme: "bearer", description: "The session token from sign-in" },
        botKey: { type: "apiKey", in: "header", name: "Authorization", description: "`Bot <key>`: the server's bot key" },
      },
    },
  };
}

/** getGuildIdTags-style ids: method + path words. */
function operationId(method: string, path: string): string {
  const words = path
    .replace(/\{([^}]+)\}/g, "by-$1")
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean);
  return [method.toLowerCase(), ...words.map((w) => w[0].toUpperCase() + w.slice(1))].join("");
}
