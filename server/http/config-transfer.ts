import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { type AccessLevel, managerLevels } from "../../src/schemas/access";
import { mappingOverridesSchema, parseConfigExport } from "../../src/schemas/config-export";
import { guard, guildIdOf, requireManager } from "../access/guard";
import { requestActor } from "../activity/record";
import { requireRecentSignIn } from "../auth/recent-sign-in";
import { configTransferMessages } from "../config-transfer/service";
import { HttpError, validated } from "../errors";
import { s } from "./support/openapi/components";
import { guildParams, validateBodyInHandler } from "./support/route-schemas";

// Export and import of a guild's configuration, over app.configTransfer (server/config-transfer/service.ts):
//   GET  /{guildId}/config/export          → the file (attachment)
//   POST /{guildId}/config/import/preview  {config, mapping?} → what would change, the id mapping, warnings, problems
//   POST /{guildId}/config/import          {config, mapping?} → applied in one transaction, or 400 and nothing changed
// Only the owner, Administrator and Manage Server holders may call them: an import creates staff teams with any
// permissions (a team member could otherwise grant themselves everything) and an export reveals the whole setup.

/** Who may export and import: the platform's managers (never a staff team's permissions). */
export const configTransferLevels: readonly AccessLevel[] = managerLevels;

/** onRequest hook after `guard()`: managers only (403 otherwise). */
export const requireConfigLevel = requireManager;

/** A whole configuration can be bigger than the API's usual 1 MB. */
export const CONFIG_BODY_LIMIT = 5 * 1024 * 1024;

/** Parses {config, mapping}; a bad file or mapping is a 400 listing every problem. */
function parseImportBody(body: unknown) {
  if (!body || typeof body !== "object" || Array.isArray(body) || !("config" in body)) {
    throw new HttpError(400, configTransferMessages.invalidBody, [configTransferMessages.invalidBody]);
  }
  const { config, mapping } = body as { config: unknown; mapping?: unknown };
  const file = parseConfigExport(config);
  if (!file.success) throw new HttpError(400, configTransferMessages.invalidFile(file.errors), file.errors);
  return { file: file.data, overrides: validated(mappingOverridesSchema, mapping ?? {}) };
}

export default async function configTransferRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const onRequest = [guard(), requireConfigLevel];
  const tags = ["Configuration"];
  // The file and the mapping are checked by the handler: every problem of the file is listed at once.
  const importRoute = (
    summary: string,
    description: string,
    answer: typeof s.configImportPreview | typeof s.configImportResult,
    sensitive = false,
  ) => ({
    onRequest: sensitive ? [...onRequest, requireRecentSignIn] : onRequest,
    bodyLimit: CONFIG_BODY_LIMIT,
    validatorCompiler: validateBodyInHandler,
    schema: { tags, summary, description, params: guildParams, body: s.configImportRequest, response: { 200: answer } },
  });

  app.get(
    "/:guildId(^\\d+$)/config/export",
    {
      onRequest,
      config: { audited: true },
      schema: {
        tags,
        summary: "Export the server's configuration",
        description:
          "Settings, tags, forms, staff teams, panels, multi-panels and blacklist as one versioned file (format ticketeer.guild-config, version 1). No transcripts, activity or bot keys.",
        params: guildParams,
        response: { 200: { description: "The file (an attachment)", content: { "application/json": { schema: s.configExport } } } },
      },
    },
    async (request, reply) => {
      const { file, fileName } = await app.configTransfer.export(guildIdOf(request), requestActor(request));
      return reply
        .header("content-type", "application/json; charset=utf-8")
        .header("content-disposition", `attachment; filename="${fileName}"`)
        .send(JSON.stringify(file, null, 2) as never);
    },
  );

  app.post(
    "/:guildId(^\\d+$)/config/import/preview",
    importRoute(
      "Check a configuration file against this server",
      "What the import would change (each section in the file replaces the server's), the mapping of roles, channels, categories and emojis (by name, case-insensitive, or as chosen in `mapping`), warnings, and the problems that block it. Changes nothing.",
      s.configImportPreview,
    ),
    async (request) => {
      const { file, overrides } = parseImportBody(request.body);
      return app.configTransfer.preview(guildIdOf(request), file, overrides);
    },
  );

  app.post(
    "/:guildId(^\\d+$)/config/import",
    importRoute(
      "Import a configuration file",
      "Validates everything first; any problem answers 400 listing them all and nothing changes. Otherwise replaces the sections in the file in one transaction, with references remapped to the new rows, and records one activity entry.",
      s.configImportResult,
      true,
    ),
    async (request) => {
      const { file, overrides } = parseImportBody(request.body);
      return app.configTransfer.import(guildIdOf(request), file, overrides, requestActor(request));
    },
  );
}
