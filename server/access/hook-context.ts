import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";

// What a declared resource's hook receives (src/schemas/resource-kinds.ts; the routes are registered by
// server/http/declared-routes.ts): the guarded request, its guild, the path's ids (checked integers) and the body
// (validated by the operation's schema, unless the operation lets the hook read it).

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- validated by the operation's own schema; each hook reads it as that schema's type
export interface OperationContext<Body = any> {
  app: FastifyInstance;
  request: FastifyRequest;
  reply: FastifyReply;
  guildId: string;
  ids: Record<string, number>;
  body: Body;
}

/** Answers one operation: what follows the declared message in the answer (or the whole answer without one). */
export type OperationHook = (ctx: OperationContext) => Promise<object> | object;

/** A declared resource's hooks, by the names its operations give. */
export type DeclaredHooks = Record<string, OperationHook>;
