import type { FastifyInstance } from "fastify";
import { sql } from "kysely";
import {
  type ConfigExport,
  type ConfigImportPreview,
  type ConfigImportResult,
  configSectionLabels,
  configTransferText,
  exportFileName,
  generatedSection,
  type MappingOverrides,
  transferredSpecs,
} from "../../src/schemas/config-export";
import { type ActivityActor, recordActivityOf } from "../activity/record";
import type { DialectName } from "../db/dialect";
import { isUniqueViolation } from "../db/errors";
import type { Db } from "../db/schema";
import { HttpError } from "../errors";
import type { PlatformAdapter } from "../platform/adapter";
import type { TeamRoleSync } from "../teams/role-sync";
import { planImport } from "./plan";
import { applyPlan, buildExport, configTransferActions, loadTargetState } from "./store";

// Export and import of a guild's configuration (beyond the spec; format: src/schemas/config-export.ts). An import is
// planned against the server as it is, then applied in one transaction, or not at all.

export const configTransferMessages = {
  invalidBody: "Expected {config, mapping?}: config is the exported file",
  invalidFile: (errors: string[]) => `The file cannot be imported: ${errors.join(", ")}`,
  imported: configTransferText.imported,
  conflict: "The server's configuration changed while importing; nothing was imported. Please try again.",
} as const;

export class ConfigTransferService {
  constructor(private readonly deps: { db: Db; dialect: DialectName; platform: PlatformAdapter; roleSync: TeamRoleSync }) {}

  /** The whole configuration as the versioned file and its name, with the activity entry of the export. */
  async export(guildId: string, actor: ActivityActor): Promise<{ file: ConfigExport; fileName: string }> {
    const guild = await this.deps.platform.getGuild(guildId);
    const now = new Date();
    const file = await buildExport(this.deps.db, guild, now);
    await recordActivityOf(this.deps.db, actor, {
      guildId,
      action: configTransferActions.exported,
      after: {
        Settings: 1,
        Tags: file.tags?.length ?? 0,
        Forms: file.forms?.length ?? 0,
        Teams: file.teams?.length ?? 0,
        Panels: file.panels?.length ?? 0,
        MultiPanels: file.multi_panels?.length ?? 0,
        Blacklist: file.blacklist?.length ?? 0,
        ...Object.fromEntries(
          transferredSpecs.map((spec) => [configSectionLabels[spec.api.listKey], generatedSection(file, spec.api.listKey)?.length ?? 0]),
        ),
      },
    });
    return { file, fileName: exportFileName(guild.name, now) };
  }

  /** What importing the file would change here; changes nothing. */
  async preview(guildId: string, file: ConfigExport, overrides: MappingOverrides): Promise<ConfigImportPreview> {
    const guild = await this.deps.platform.getGuild(guildId);
    return planImport(file, overrides, await loadTargetState(this.deps.db, guild)).preview;
  }

  /** Applies the file in one transaction (400 listing every problem, and nothing changed); the teams' roles reach the platform after. */
  async import(guildId: string, file: ConfigExport, overrides: MappingOverrides, actor: ActivityActor): Promise<ConfigImportResult> {
    const { db, dialect, platform } = this.deps;
    const guild = await platform.getGuild(guildId);
    const result = await db
      .transaction()
      .execute(async (trx) => {
        // One import per guild at a time (PostgreSQL; SQLite runs one write transaction at a time anyway).
        if (dialect === "postgres") await sql`select pg_advisory_xact_lock(hashtext(${`config-import:${guildId}`}))`.execute(trx);
        // Planned on the state inside the transaction: what is checked is what is replaced.
        const plan = planImport(file, overrides, await loadTargetState(trx, guild));
        if (plan.preview.problems.length)
          throw new HttpError(400, configTransferMessages.invalidFile(plan.preview.problems), plan.preview.problems);
        const applied = await applyPlan(trx, actor, guildId, plan);
        return { plan, ...applied };
      })
      .catch((error: unknown) => {
        // A change made meanwhile (a tag created with a name the file also has): nothing was written, try again.
        if (isUniqueViolation(error)) throw new HttpError(409, configTransferMessages.conflict);
        throw error;
      });
    this.deps.roleSync.enqueue(...result.teamRoles.map((r) => ({ guildId, teamId: r.teamId, roleId: r.roleId, op: "add" as const })));
    return {
      message: configTransferMessages.imported,
      sections: result.plan.preview.sections,
      warnings: result.plan.preview.warnings,
      panels: result.panels,
    };
  }
}

declare module "fastify" {
  interface FastifyInstance {
    configTransfer: ConfigTransferService;
  }
}

export function registerConfigTransfer(app: FastifyInstance): void {
  app.decorate(
    "configTransfer",
    new ConfigTransferService({ db: app.db, dialect: app.dbDialect, platform: app.platform, roleSync: app.teamRoleSync }),
  );
}
