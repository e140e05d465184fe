import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { sql } from "kysely";
import type { AccessLevel } from "../../src/schemas/access";
import { type ConfigImportResult, configTransferText, exportFileName, mappingOverridesSchema, parseConfigExport } from "../../src/schemas/config-export";
import { authMessages } from "../../src/schemas/messages";
import { guard, guildIdOf } from "../access/guard";
import { requireRecentSignIn } from "../auth/recent-sign-in";
import { recordActivity } from "../activity/record";
import { HttpError, zodErrorBody } from "../errors";
import { guildParams, validateBodyInHandler } from "../http/support/route-schemas";
import { s } from "../http/support/openapi/components";
import { planImport } from "../config-transfer/plan";
import { applyPlan, buildExport, configTransferActions, loadTargetState } from "../config-transfer/store";

// Export and import of a guild's configuration (beyond the spec; format: src/schemas/config-export.ts):
//   GET  /{guildId}/config/export          → the file (attachment)
//   POST /{guildId}/config/import/preview  {config, mapping?} → what would change, the id mapping, warnings, problems
//   POST /{guildId}/config/import          {config, mapping?} → applied in one transaction, or 400 and nothing changed
// Only the owner, Administrator and Manage Server holders may call them: an import creates staff teams with any
// permissions (a team member could otherwise grant themselves everything) and an export reveals the whole setup.

/** Who may export and import: the access levels of the platform (never a staff team's permissions). */
export const configTransferLevels: readonly AccessLevel[] = ["owner", "administrator", "manager"];

/**
 * onRequest hook after `guard()`: the caller's level must be one of configTransferLevels (403 otherwise).
 * The `levels` property tells the route table which levels it admits.
 */
export const requireConfigLevel = Object.assign(
  async function requireConfigLevel(request: FastifyRequest): Promise<void> {
    if (!request.access || !configTransferLevels.includes(request.access.level)) throw new HttpError(403, authMessages.accessDenied);
  },
  { levels: configTransferLevels },
);

/** A whole configuration can be bigger than the API's usual 1 MB. */
export const CONFIG_BODY_LIMIT = 5 * 1024 * 1024;

export const configTransferMessages = {
  invalidBody: "Expected {config, mapping?}: config is the exported file",
  invalidFile: (errors: string[]) => `The file cannot be imported: ${errors.join(", ")}`,
  imported: configTransferText.imported,
  conflict: "The server's configuration changed while importing; nothing was imported. Please try again.",
} as const;

const isUniqueViolation = (error: unknown) => {
  const code = (error as { code?: string })?.code;
  return code === "23505" || code === "SQLITE_CONSTRAINT_UNIQUE" || code === "SQLITE_CONSTRAINT_PRIMARYKEY";
};

/** Parses {config, mapping}; a bad file or mapping is a 400 listing every problem. */
function parseImportBody(body: unknown) {
  if (!body || typeof body !== "object" || Array.isArray(body) || !("config" in body)) {
    throw new HttpError(400, configTransferMessages.invalidBody, [configTransferMessages.invalidBody]);
  }
  const { config, mapping } = body as { config: unknown; mapping?: unknown };
  const file = parseConfigExport(config);
  if (!file.success) throw new HttpError(400, configTransferMessages.invalidFile(file.errors), file.errors);
  const overrides = mappingOverridesSchema.safeParse(mapping ?? {});
  if (!overrides.success) {
    const { error, errors } = zodErrorBody(overrides.error);
    throw new HttpError(400, error, errors);
  }
  return { file: file.data, overrides: overrides.data };
}

export default async function configTransferRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const onRequest = [guard(), requireConfigLevel];
  const tags = ["Configuration"];
  // The file and the mapping are checked by the handler: every problem of the file is listed at once.
  const importRoute = (summary: string, description: string, answer: typeof s.configImportPreview | typeof s.configImportResult, sensitive = false) => ({
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
    const guildId = guildIdOf(request);
    const guild = await app.platform.getGuild(guildId);
    const now = new Date();
    const file = await buildExport(app.db, guild, now);
    await recordActivity(app.db, request, {
      action: configTransferActions.exported,
      after: {
        Settings: 1,
        Tags: file.tags?.length ?? 0,
        Forms: file.forms?.length ?? 0,
        Teams: file.teams?.length ?? 0,
        Panels: file.panels?.length ?? 0,
        MultiPanels: file.multi_panels?.length ?? 0,
        Blacklist: file.blacklist?.length ?? 0,
      },
    });
    return reply
      .header("content-type", "application/json; charset=utf-8")
      .header("content-disposition", `attachment; filename="${exportFileName(guild.name, now)}"`)
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
    const guild = await app.platform.getGuild(guildIdOf(request));
    const state = await loadTargetState(app.db, guild);
    return planImport(file, overrides, state).preview;
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
    const guildId = guildIdOf(request);
    const guild = await app.platform.getGuild(guildId);
    const result = await app.db
      .transaction()
      .execute(async (trx) => {
        // One import per guild at a time (PostgreSQL; SQLite runs one write transaction at a time anyway).
        if (app.dbDialect === "postgres") await sql`select pg_advisory_xact_lock(hashtext(${`config-import:${guildId}`}))`.execute(trx);
        // Planned on the state inside the transaction: what is checked is what is replaced.
        const plan = planImport(file, overrides, await loadTargetState(trx, guild));
        if (plan.preview.problems.length) throw new HttpError(400, configTransferMessages.invalidFile(plan.preview.problems), plan.preview.problems);
        const applied = await applyPlan(trx, request, guildId, plan);
        return { plan, ...applied };
      })
      .catch((error: unknown) => {
        // A change made meanwhile (a tag created with a name the file also has): nothing was written, try again.
        if (isUniqueViolation(error)) throw new HttpError(409, configTransferMessages.conflict);
        throw error;
      });
    app.teamRoleSync.enqueue(...result.teamRoles.map((r) => ({ guildId, teamId: r.teamId, roleId: r.roleId, op: "add" as const })));
    const body: ConfigImportResult = {
      message: configTransferMessages.imported,
      sections: result.plan.preview.sections,
      warnings: result.plan.preview.warnings,
      panels: result.panels,
    };
    return body;
    },
  );
}
