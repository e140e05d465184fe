import type { FastifyInstance, FastifyRequest, RouteOptions } from "fastify";
import { z } from "zod";
import { apiErrorSchema } from "../../src/schemas/common";
import { type DeclaredSpec, operationsOf, permissionsOf } from "../../src/schemas/resource-kinds";
import { guard, guildIdOf } from "../access/guard";
import type { DeclaredHooks } from "../access/hook-context";
import { requireRecentSignIn } from "../auth/recent-sign-in";
import { guildParams, parsePathId, validateBodyInHandler } from "./support/route-schemas";

// The routes of a declared resource of either kind (record, collection: src/schemas/resource-kinds.ts),
// generated: one guarded route per operation, its body validated by the declared schema (400) unless the hook reads it,
// its path's ids checked (a malformed one is the declared 404), its answer the declared message and what the hook
// returns, all documented from the same schemas. The hooks (server/<noun>/hooks.ts) hold what data cannot say.

export function registerDeclaredRoutes(app: FastifyInstance, spec: DeclaredSpec, hooks: DeclaredHooks): void {
  for (const op of operationsOf(spec)) {
    const hook = hooks[op.hook];
    if (!hook) throw new Error(`resource ${spec.name}: no hook "${op.hook}" for ${op.method} ${op.path || "/"}`);
    const path = op.root ? op.path : `/${spec.name}${op.path}`;
    const idNames = [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
    const params = guildParams.extend(Object.fromEntries(idNames.map((n) => [n, z.string()])));
    const response: Record<number, z.ZodType> = { [op.status ?? 200]: op.answer };
    for (const status of op.errors ?? []) response[status] = apiErrorSchema;
    const gate = guard(permissionsOf(spec, op.access));
    const route: RouteOptions = {
      method: op.method,
      url: `/:guildId(^\\d+$)${path.replace(/\{(\w+)\}/g, ":$1")}`,
      onRequest: op.recentSignIn ? [gate, requireRecentSignIn] : gate,
      ...(op.bodyInHook ? { validatorCompiler: validateBodyInHandler } : {}),
      ...(op.cache ? { config: { responseCache: true } } : {}),
      schema: {
        tags: [spec.doc.tag],
        summary: op.summary,
        ...(op.description ? { description: op.description } : {}),
        params,
        ...(op.body ? { body: op.body } : {}),
        response,
      },
      handler: async (request: FastifyRequest, reply) => {
        const raw = request.params as Record<string, string>;
        const ids = Object.fromEntries(idNames.map((n) => [n, parsePathId(raw[n], spec.ids[n] ?? "Not found")]));
        const answer = await hook({ app, request, reply, guildId: guildIdOf(request), ids, body: request.body });
        return reply.code(op.status ?? 200).send(op.message === undefined ? answer : { message: op.message, ...answer });
      },
    };
    app.route(route);
  }
}
