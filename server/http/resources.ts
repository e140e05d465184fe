import type { FastifyInstance } from "fastify";
import { serverResources } from "../resources/registry";
import { registerResourceRoutes } from "./resource-routes";

/** The generated routes of every registered resource (registered under /api like the other route plugins). */
export default async function resourceRoutes(app: FastifyInstance) {
  for (const resource of serverResources) registerResourceRoutes(app, resource);
}
