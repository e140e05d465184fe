import type { FastifyInstance, FastifySchema, FastifySchemaCompiler, RouteOptions } from "fastify";
import type { FastifyRouteSchemaDef, FastifySerializerCompiler } from "fastify/types/schema";
import { validatorCompiler } from "fastify-type-provider-zod";
import { z } from "zod";
import { apiErrorSchema } from "../../../src/schemas/common";
import { notFound } from "../../errors";
import { describeRoute } from "./route-table";

// Routes describe themselves with the zod schemas of src/schemas (fastify-type-provider-zod): `params`,
// `querystring`, `body` and `response` in the route's `schema`. One validator turns them into the 400 body
// (server/errors.ts), responses are serialized through their schema (a field the schema does not name never
// leaves the server), and the OpenAPI document is generated from the registered routes (server/http/support/openapi/). What a
// route's protection implies (401 without a session, 403 without access, 404 for ids that name nothing, 400 for
// a bad body or query, 429, 503) is added to its responses here, so a route only declares what is its own.

/** Statuses every route may answer, with what they mean (the document's descriptions). */
export const statusDescriptions: Record<number, string> = {
  200: "OK",
  201: "Created",
  302: "Redirect",
  400: "Invalid input: nothing was stored",
  401: "No valid session (or bot key)",
  403: "Signed in, but not allowed here",
  404: "Not found (or not in this server)",
  409: "Conflict: a name already used, a record in use, or a stale revision",
  410: "Gone: the time to undo is over, or the undo was used",
  413: "Body too large",
  415: "Unsupported content type",
  429: "Too many requests (Retry-After says when to retry)",
  500: "Unexpected error (logged); nothing was stored",
  502: "The chat platform did not answer",
  503: "The database is unavailable",
  507: "Storage quota used up",
};

type RouteSchema = FastifySchema & { response?: Record<string | number, unknown> };

/** The error statuses a route's protection and inputs imply. */
export function impliedErrorStatuses(routeOptions: RouteOptions): number[] {
  const [entry] = describeRoute(routeOptions);
  const schema = (routeOptions.schema ?? {}) as RouteSchema;
  const statuses = new Set<number>([429, 500, 503]);
  if (schema.body || schema.querystring) statuses.add(400);
  // Whatever a route reads, a request of these methods may carry a body its parser refuses.
  const methods = (Array.isArray(routeOptions.method) ? routeOptions.method : [routeOptions.method]).map((m) => String(m).toUpperCase());
  if (schema.body || methods.some((m) => ["POST", "PUT", "PATCH", "DELETE"].includes(m))) [400, 413, 415].forEach((s) => statuses.add(s));
  if (entry.authenticated || entry.botKey) statuses.add(401);
  // Signed-in calls ask the chat platform who the caller is and where (cached), which may not answer.
  if (entry.authenticated) statuses.add(502);
  if (entry.guarded || entry.levels) statuses.add(403);
  if (entry.params.length > 0) statuses.add(404);
  return [...statuses];
}

/** Body validation that the handler does itself (a body whose messages depend on more than one schema). */
export const validateBodyInHandler: FastifySchemaCompiler<unknown> = (definition) =>
  definition.httpPart === "body" ? (data: unknown) => ({ value: data }) : validatorCompiler(definition as FastifyRouteSchemaDef<z.ZodType>);

/** A response that does not satisfy its route's schema: a bug of ours, answered 500 and logged with the issues. */
export class ResponseSchemaError extends Error {
  constructor(
    readonly route: string,
    readonly issues: z.core.$ZodIssue[],
  ) {
    super(`The answer of ${route} does not match its schema: ${issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ")}`);
  }
}

/**
 * Serializes an answer through its schema: parsed (unknown keys dropped, the schema's checks applied), then
 * JSON. Parsing rather than zod's `encode`: many answers reuse the request schemas, whose one-way transforms
 * (trimming, defaults) are no-ops on data that already passed them but which `encode` refuses outright.
 */
const serializerCompiler: FastifySerializerCompiler<z.ZodType> = ({ schema, method, url }) => {
  const route = `${method} ${url}`;
  return (data) => {
    const result = schema.safeParse(data);
    if (!result.success) throw new ResponseSchemaError(route, result.error.issues);
    return JSON.stringify(result.data);
  };
};

/** Installs the compilers and the hook completing each route's responses. Call before registering routes. */
export function installRouteSchemas(app: FastifyInstance): void {
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook("onRoute", (routeOptions) => {
    if (!routeOptions.url.startsWith("/api/") || !routeOptions.schema) return;
    const schema = routeOptions.schema as RouteSchema;
    const response = { ...(schema.response ?? {}) };
    for (const status of impliedErrorStatuses(routeOptions)) if (!(status in response)) response[status] = apiErrorSchema;
    routeOptions.schema = { ...schema, response };
  });
}

/** `{guildId}` of the guild routes. Malformed ids never reach a handler (the route's pattern), so no 400 here. */
export const guildParams = z.object({ guildId: z.string().describe("The server's id (16 to 21 digits)") });

/** Guild params plus the named ids of a path ("tagId", …), each a string as the path carries it. */
const idPattern = /^\d{1,15}$/;

/** A path id: a positive integer an integer column can hold, anything else is simply not found. */
export const parsePathId = (raw: string | undefined, message = "Not found") => {
  const id = raw && idPattern.test(raw) ? Number(raw) : Number.NaN;
  if (!Number.isSafeInteger(id) || id <= 0 || id > 2_147_483_647) throw notFound(message);
  return id;
};

export const idParams = <K extends string>(...names: K[]) =>
  guildParams.extend(Object.fromEntries(names.map((n) => [n, z.string()])) as Record<K, z.ZodString>);
