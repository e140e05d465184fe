import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { resourcePermissions } from "../../src/schemas/access";
import { settingsMessages } from "../../src/schemas/messages";
import { settingsUpdateSchema } from "../../src/schemas/settings";
import { guard, guildIdOf } from "../access/guard";
import { requestActor } from "../activity/record";
import { zodErrorBody } from "../errors";
import { sentValues } from "../settings/store";
import { s } from "./support/openapi/components";
import { guildParams, validateBodyInHandler } from "./support/route-schemas";

// GET and PUT /{guildId}/settings (SPEC §2, §3, §4, §7) over the settings service (server/settings/service.ts).

export default async function settingsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const perms = resourcePermissions.settings;
  const tags = ["Settings"];

  app.get(
    "/:guildId(^\\d+$)/settings",
    { onRequest: guard(perms.list), config: { responseCache: true }, schema: { tags, summary: "Ticket settings", params: guildParams, response: { 200: s.settings } } },
    async (request) => app.settings.forScreen(guildIdOf(request)),
  );

  app.put(
    "/:guildId(^\\d+$)/settings",
    {
      onRequest: guard(perms.edit),
      // The archive dropdown's 'None' arrives as "": the handler reads it before the shared schema does.
      validatorCompiler: validateBodyInHandler,
      schema: {
        tags,
        summary: "Save ticket settings",
        description: "Only non-null values are sent; a Revision other than the stored one is refused (409).",
        params: guildParams,
        body: s.settingsUpdate,
        response: { 200: s.settingsSaved, 400: s.error, 409: s.error },
      },
    },
    async (request, reply) => {
      const raw = request.body;
      // The archive dropdown's 'None' arrives as "" (null values are never sent, §4): it clears the channel.
      const clearsArchive = !!raw && typeof raw === "object" && (raw as Record<string, unknown>).ArchiveChannelId === "";
      const parsed = settingsUpdateSchema.safeParse(clearsArchive ? { ...(raw as Record<string, unknown>), ArchiveChannelId: null } : raw);
      if (!parsed.success) return reply.code(400).send(zodErrorBody(parsed.error));
      const { Revision: expected, ...values } = parsed.data;
      const changes = sentValues(values);
      if (clearsArchive) changes.ArchiveChannelId = null;
      const revision = await app.settings.save(guildIdOf(request), changes, expected, requestActor(request));
      return { message: settingsMessages.updatedByServer, Revision: revision };
    },
  );
}
