import type { FastifyInstance } from "fastify";
import { declaredResources, serverResources } from "../resources/registry";
import { registerResourceBulkRoute } from "./bulk-routes";
import { registerDeclaredRoutes } from "./declared-routes";
import { registerResourceRoutes } from "./resource-routes";

/** The generated routes of every declared resource (registered under /api like the other route plugins). */
export default async function resourceRoutes(app: FastifyInstance) {
  for (const { spec, hooks } of declaredResources) registerDeclaredRoutes(app, spec, hooks);
  for (const resource of serverResources) {
    registerResourceRoutes(app, resource);
    registerResourceBulkRoute(app, resource);
  }
}
