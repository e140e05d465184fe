import type { FastifyInstance } from "fastify";
import { serverResources } from "./registry";
import { registerResourceRoutes } from "./routes";
import { syncResourceTable } from "./storage";

/** Makes or evolves the tables of the registered resources (after the migrations); returns what it changed. */
export async function syncResourceTables(app: Pick<FastifyInstance, "db" | "dbDialect">): Promise<string[]> {
  const changes: string[] = [];
  for (const { spec } of serverResources) changes.push(...(await syncResourceTable(app.db, app.dbDialect, spec)));
  return changes;
}

/** The generated routes of every registered resource (registered under /api like the other route plugins). */
export default async function resourceRoutes(app: FastifyInstance) {
  for (const resource of serverResources) registerResourceRoutes(app, resource);
}
