import fs from "node:fs";
import type { FastifyInstance } from "fastify";
import type { Health } from "../../src/schemas/stats";
import { pingDatabase } from "../db/client";

const version = (() => {
  try {
    return (JSON.parse(fs.readFileSync(new URL("../../package.json", import.meta.url), "utf8")) as { version?: string }).version ?? "0.0.0";
  } catch {
    return "0.0.0";
  }
})();

/** GET /ping: the bare endpoint the load benchmark compares every other endpoint with (no database). */
export const pingBody = { ok: true } as const;

/** GET /health: liveness of the API and its database (503 when the database does not answer). */
export default async function healthRoutes(app: FastifyInstance) {
  app.get("/ping", async () => pingBody);
  app.get("/health", async (_request, reply) => {
    const ok = await pingDatabase(app.db);
    const body: Health = {
      status: ok ? "ok" : "degraded",
      database: ok ? "ok" : "unavailable",
      uptime_s: Math.round(process.uptime()),
      time: new Date().toISOString(),
      version,
    };
    return reply.code(ok ? 200 : 503).send(body);
  });
}
