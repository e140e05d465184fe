import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { OpenApiDocument } from "./support/openapi/document";
import { s } from "./support/openapi/components";
import { renderReferencePage } from "./support/openapi/reference";

// The contract as OpenAPI 3.1, generated from the registered routes (server/http/support/openapi/document.ts): GET /openapi.json,
// and the same document as a readable page at GET /reference. Both public: they describe the API, not a server's data.

/** The document of a ready app, serialized once (routes do not change while it runs). */
const cache = new WeakMap<FastifyInstance, { document: OpenApiDocument; json: string; html: string }>();
export function openApiOf(app: FastifyInstance) {
  let entry = cache.get(app);
  if (!entry) {
    const document = app.swagger() as unknown as OpenApiDocument;
    entry = { document, json: JSON.stringify(document), html: renderReferencePage(document) };
    cache.set(app, entry);
  }
  return entry;
}

const html = { description: "HTML page", content: { "text/html": { schema: z.string() } } };

export default async function openApiRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    "/openapi.json",
    { schema: { tags: ["Reference"], summary: "This OpenAPI 3.1 document", response: { 200: s.openApiDocument } } },
    async (_request, reply) =>
      reply
        .header("cache-control", "public, max-age=300")
        .type("application/json; charset=utf-8")
        .send(openApiOf(app).json as never),
  );
  app.get(
    "/reference",
    { schema: { tags: ["Reference"], summary: "The API reference as a web page", response: { 200: html } } },
    async (_request, reply) =>
      reply.header("cache-control", "public, max-age=300").type("text/html; charset=utf-8").send(openApiOf(app).html),
  );
}
