import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { Health } from "../../src/schemas/stats";
import { pingDatabase } from "../db/client";
import { s } from "./support/openapi/components";
import { appVersion } from "../version";

/** GET /ping: the bare endpoint the load benchmark compares every other endpoint with (no database). */
export const pingBody = { ok: true } as const;

/** GET /health: liveness of the API and its database (503 when the database does not answer). */
export default async function healthRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get("/ping", { schema: { tags: ["Health"], summary: "Ping (no database)", response: { 200: s.ping } } }, async () => pingBody);
  app.get(
    "/health",
    { schema: { tags: ["Health"], summary: "Liveness of the API and its database", response: { 200: s.health, 503: s.health } } },
    async (_request, reply) => {
      const ok = await pingDatabase(app.db);
      const body: Health = {
        status: ok ? "ok" : "degraded",
        database: ok ? "ok" : "unavailable",
        uptime_s: Math.round(process.uptime()),
        time: new Date().toISOString(),
        version: appVersion,
      };
      return reply.code(ok ? 200 : 503).send(body);
    },
  );
}
