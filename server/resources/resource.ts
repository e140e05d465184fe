import type { FastifyInstance, FastifyRequest } from "fastify";
import type { z } from "zod";
import type { ResourceSpec } from "../../src/schemas/resource-spec";

// A line of the server's resource registry (./registry.ts): a spec, and what the server adds to it. The generic
// routes (server/http/resource-routes.ts), its store (./store.ts) and its table's migration (./tables.ts) are made from it.

type Input = Record<string, unknown>;
type Item = Record<string, unknown>;

/** What a resource may add on the server: checks that need the platform, and names it knows. */
export interface ResourceHooks {
  /** Before a create or update is stored (outside the transaction): throw HttpError to refuse. */
  check?(input: Input, ctx: HookContext): Promise<void>;
  /** Completes records before they are answered (e.g. a role's name from the platform). */
  present?(items: Item[], ctx: HookContext): Promise<Item[]>;
}

export interface HookContext {
  app: FastifyInstance;
  request: FastifyRequest;
  guildId: string;
}

export interface ServerResource {
  spec: ResourceSpec;
  hooks: ResourceHooks;
}

/** One line of the server registry. */
export const serverResource = <I extends z.ZodObject, R extends z.ZodObject>(
  spec: ResourceSpec<I, R>,
  hooks: ResourceHooks = {},
): ServerResource => ({
  spec: spec as unknown as ResourceSpec,
  hooks,
});
