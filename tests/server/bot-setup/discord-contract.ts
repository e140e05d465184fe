import { readFileSync } from "node:fs";
import { join } from "node:path";
import Ajv2020 from "ajv/dist/2020.js";
import addFormats from "ajv-formats";

// Discord's own description of its HTTP API (tests/fixtures/discord-api-spec, OpenAPI 3.1) as the judge of a stub: a
// request must be one of its operations, and an answer must be what that operation answers. A stub is our picture of
// Discord; this keeps the picture in Discord's words (DESIGN.md, "Discord as it really is").

type Json = Record<string, unknown>;
interface Operation {
  method: string;
  path: string;
  pattern: RegExp;
  params: number;
  responses: Record<string, { content?: Record<string, { schema?: Json }> }>;
}

const spec = JSON.parse(readFileSync(join(import.meta.dirname, "../../fixtures/discord-api-spec/openapi.json"), "utf8")) as {
  paths: Record<string, Record<string, unknown>>;
  components: Json;
};

/** Discord's `#/components/...` references, pointed at the document added under the id "discord". */
function rebased(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(rebased);
  if (node === null || typeof node !== "object") return node;
  return Object.fromEntries(
    Object.entries(node).map(([key, value]) => [
      key,
      key === "$ref" && typeof value === "string" && value.startsWith("#/") ? `discord${value}` : rebased(value),
    ]),
  );
}

const operations: Operation[] = Object.entries(spec.paths)
  .flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([method]) => method !== "parameters")
      .map(([method, op]) => ({
        method: method.toUpperCase(),
        path,
        // A template segment is one path segment; literal segments (@me) win over templates below.
        pattern: new RegExp(`^${path.replace(/[.*+?^$()|[\]\\]/g, "\\$&").replace(/\{[^}]+\}/g, "[^/]+")}$`),
        params: (path.match(/\{/g) ?? []).length,
        responses: (op as { responses: Operation["responses"] }).responses,
      })),
  )
  .sort((a, b) => a.params - b.params);

const ajv = new Ajv2020({ strict: false, allErrors: true, logger: false });
addFormats(ajv);
for (const name of ["snowflake", "int32", "int64", "double", "float"]) ajv.addFormat(name, true);
ajv.addSchema({ $id: "discord", components: rebased(spec.components) });
const validators = new Map<string, ReturnType<typeof ajv.compile>>();

/** Discord's operation for a request ("GET", "/applications/@me"), or undefined when Discord has none. */
export function discordOperation(method: string, path: string): Operation | undefined {
  return operations.find((op) => op.method === method && op.pattern.test(path));
}

/** What is wrong with a request and its answer, in Discord's words (empty when Discord would send the same shape). */
export function contractProblems(method: string, path: string, status: number, body: unknown): string[] {
  const op = discordOperation(method, path);
  if (!op) return [`${method} ${path}: not an operation of Discord's API`];
  const schema = op.responses[String(status)]?.content?.["application/json"]?.schema;
  if (!schema) return status === 204 && body === undefined ? [] : [`${method} ${op.path}: Discord does not answer ${status} with JSON`];
  const key = `${op.method} ${op.path} ${status}`;
  let validate = validators.get(key);
  if (!validate) {
    validate = ajv.compile(rebased(schema) as Json);
    validators.set(key, validate);
  }
  if (validate(body)) return [];
  return (validate.errors ?? []).slice(0, 8).map((e) => `${method} ${op.path} ${status}: ${e.instancePath || "(body)"} ${e.message}`);
}
