import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { apiKeyCreatedSchema, apiKeyCreateSchema, apiKeySchema, apiKeyScopes, apiKeysResponseSchema } from "../../src/schemas/api-keys";
import { messageResponseSchema } from "../../src/schemas/common";
import { guard, guildIdOf, requireLevels } from "../access/guard";
import { recordActivityOf, requestActor } from "../activity/record";
import { createApiKey, listApiKeys, revokeApiKey } from "../auth/api-keys";
import { notFound } from "../errors";
import { named, s } from "./support/openapi/components";
import { guildParams, idParams, parsePathId } from "./support/route-schemas";

// A server's scoped API keys (docs/API.md "API keys"): only its owner mints, lists and revokes them — a key reads and
// writes in the owner's name where no session is, so holding one is as good as the owner's own reach within its scopes.

export const apiKeyActions = { created: "API Key Created", revoked: "API Key Revoked" } as const;

const k = {
  keys: named("ApiKeys", apiKeysResponseSchema.extend({ scopes: z.array(z.enum(apiKeyScopes)) })),
  create: named("ApiKeyCreate", apiKeyCreateSchema),
  created: named("ApiKeyCreated", apiKeyCreatedSchema),
  revoked: named("ApiKeyRevoked", messageResponseSchema.extend({ key: apiKeySchema })),
};

export default async function apiKeyRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const onRequest = [guard(), requireLevels(["owner"])];
  const tags = ["API keys"];

  app.get(
    "/:guildId(^\\d+$)/api-keys",
    {
      onRequest,
      schema: {
        tags,
        summary: "List the server's API keys (and the scopes a key may hold)",
        params: guildParams,
        response: { 200: k.keys },
      },
    },
    async (request) => ({ keys: await listApiKeys(app.db, guildIdOf(request)), scopes: [...apiKeyScopes] }),
  );

  app.post(
    "/:guildId(^\\d+$)/api-keys",
    {
      onRequest,
      schema: {
        tags,
        summary: "Mint an API key",
        description: "The key (`tk_…`) is answered once; only its SHA-256 is kept. Send it as `Authorization: Bearer <key>`.",
        params: guildParams,
        body: k.create,
        response: { 201: k.created, 409: s.error },
      },
    },
    async (request, reply) => {
      const guildId = guildIdOf(request);
      const actor = requestActor(request);
      const { key, token } = await createApiKey(app.db, guildId, request.body, actor.username, (tx, made) =>
        recordActivityOf(tx, actor, {
          guildId,
          action: apiKeyActions.created,
          after: { KeyId: made.Id, Name: made.Name, Prefix: made.Prefix, Scopes: made.Scopes },
        }),
      );
      return reply.code(201).send({ message: "API key created. Copy it now: it is shown only once.", key, token });
    },
  );

  app.delete(
    "/:guildId(^\\d+$)/api-keys/:keyId",
    { onRequest, schema: { tags, summary: "Revoke an API key", params: idParams("keyId"), response: { 200: k.revoked } } },
    async (request) => {
      const guildId = guildIdOf(request);
      const id = parsePathId(request.params.keyId);
      const actor = requestActor(request);
      const key = await revokeApiKey(app.db, guildId, id, (tx, revoked) =>
        recordActivityOf(tx, actor, {
          guildId,
          action: apiKeyActions.revoked,
          before: { KeyId: revoked.Id, Name: revoked.Name, Prefix: revoked.Prefix },
        }),
      );
      if (!key) throw notFound();
      return { message: "API key revoked", key };
    },
  );
}
