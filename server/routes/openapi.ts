import fs from "node:fs";
import type { FastifyInstance } from "fastify";
import { buildOpenApiDocument, type OpenApiDocument } from "../openapi/document";
import { renderReferencePage } from "../openapi/reference";

// The contract as OpenAPI 3.1, generated from the zod schemas (server/openapi/): GET /openapi.json, and the same
// document as a readable page at GET /reference. Both public: they describe the API, not a server's data.

const version = (() => {
  try {
    return (JSON.parse(fs.readFileSync(new URL("../../package.json", import.meta.url), "utf8")) as { version?: string }).version ?? "0.0.0";
  } catch {
    return "0.0.0";
  }
})();

let cached: { document: OpenApiDocument; json: string; html: string } | undefined;
/** Built once per process (the schemas do not change while it runs). */
export function openApi() {
  if (!cached) {
    const document = buildOpenApiDocument({ version });
    cached = { document, json: JSON.stringify(document), html: renderReferencePage(document) };
  }
  return cached;
}

export default async function openApiRoutes(app: FastifyInstance) {
  app.get("/openapi.json", async (_request, reply) =>
    reply.header("cache-control", "public, max-age=300").type("application/json; charset=utf-8").send(openApi().json),
  );
  app.get("/reference", async (_request, reply) =>
    reply.header("cache-control", "public, max-age=300").type("text/html; charset=utf-8").send(openApi().html),
  );
}
