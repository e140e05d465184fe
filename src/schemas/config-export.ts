import { z } from "zod";
import { blacklistInputSchema } from "./blacklist";
import { snowflake } from "./common";
import { formFieldSchema, formFieldsMaxMessage, formInputSchema } from "./form";
import { guildLimits, limits } from "./limits";
import { formMessages, panelMessages } from "./messages";
import { multiPanelRecordSchema } from "./multi-panel";
import { singlePanelRecordSchema } from "./panel";
import { checkMultiPanelSend, checkSinglePanelSend, whenObject } from "./send-limits";
import { ticketSettingsSchema } from "./settings";
import { allResourceSpecs, isTableSpec } from "./resources";
import { tagInputSchema } from "./tag";
import { teamCreateSchema, teamPermissionsSchema, teamRoleSchema } from "./team";

// Export and import of a guild's configuration (beyond the spec): one versioned JSON file holding the settings,
// tags, forms (with fields), staff teams (roles and permissions), panels, multi-panels and the blacklist.
// No secrets (bot keys), no transcripts, no activity. Every entity is validated with the same schema its own
// route uses, so a file the server accepts is one the dashboard could have built.
//
// Ids inside the file are the SOURCE guild's: roles, channels, categories and custom emojis are mapped to the
// target guild by name (source_guild lists the names), forms/teams/panels by the ids the file itself declares.
// Import REPLACES each section present in the file; a section left out of the file is not touched.

// The format, version and the screen's texts live in ./config-transfer-text.ts (the sidebar entry reads its name
// without loading the whole file format and every section's schema).
export { configExportFormat, configExportVersion, configTransferText } from "./config-transfer-text";
import { configExportFormat, configExportVersion, configTransferText } from "./config-transfer-text";

/** ticketeer-config-<server>-<yyyy-mm-dd>.json: the download's name (the route's Content-Disposition and the screen). */
export function exportFileName(guildName: string, date = new Date()): string {
  const slug =
    guildName
      .normalize("NFKD")
      .replace(/[\u0300-\u036f]/g, "")
      .replace(/[^\w-]+/g, "-")
      .replace(/^-+|-+$/g, "")
      .toLowerCase()
      .slice(0, 40) || "server";
  return `ticketeer-config-${slug}-${date.toISOString().slice(0, 10)}.json`;
}

/** The sections written for their resources (references mapped by name, or kept together). */
const builtInSections = ["settings", "tags", "forms", "teams", "panels", "multi_panels", "blacklist"] as const;

/**
 * The collections of the shared registry (src/schemas/resources.ts) whose sections are generated: every spec'd
 * collection without a section above, unless its spec opts out (`transfer: { optOut: "<why>" }`). Its section is its
 * list key and holds its records' input fields; an import replaces them (server/config-transfer/resources.ts).
 */
export const transferredSpecs = allResourceSpecs
  .filter(isTableSpec)
  .filter((spec) => !spec.transfer && !(builtInSections as readonly string[]).includes(spec.api.listKey));

/** Sections of the file, in the order they are shown and applied. */
export const configSections: readonly string[] = [...builtInSections, ...transferredSpecs.map((spec) => spec.api.listKey)];
export type ConfigSection = string;
export const configSectionLabels: Record<ConfigSection, string> = {
  settings: "Settings",
  tags: "Tags",
  forms: "Forms",
  teams: "Staff Teams",
  panels: "Panels",
  multi_panels: "Multi-Panels",
  blacklist: "Blacklist",
  ...Object.fromEntries(transferredSpecs.map((spec) => [spec.api.listKey, spec.ui?.label ?? spec.doc.tag])),
};

const directoryEntrySchema = z.object({ id: snowflake, name: z.string().max(200) });
export type DirectoryEntry = z.infer<typeof directoryEntrySchema>;

/** The source guild, with the names of its roles, text channels, categories and custom emojis (for mapping by name). */
export const sourceGuildSchema = z.object({
  id: snowflake,
  name: z.string().max(200),
  roles: z.array(directoryEntrySchema).max(1000).default([]),
  channels: z.array(directoryEntrySchema).max(1000).default([]),
  categories: z.array(directoryEntrySchema).max(1000).default([]),
  emojis: z.array(directoryEntrySchema).max(1000).default([]),
});
export type SourceGuild = z.infer<typeof sourceGuildSchema>;

/** A form with its fields; FormId is the source's, used only by the file's panels. */
export const exportedFormSchema = z.object({
  FormId: z.number().int(),
  FormName: formInputSchema.shape.FormName,
  Fields: z
    .array(formFieldSchema)
    .max(limits.formFieldsMax, formFieldsMaxMessage)
    .refine((fields) => fields.some((f) => f.Label.trim() !== ""), formMessages.oneFieldRequired),
});
export type ExportedForm = z.infer<typeof exportedFormSchema>;

/** A staff team; TeamId is the source's (used by the file's panels), RoleId the source's role. */
export const exportedTeamSchema = z.object({
  TeamId: z.string().regex(/^\d+$/, "TeamId must be a number"),
  TeamName: teamCreateSchema.shape.team_name,
  Roles: z
    .array(teamRoleSchema.extend({ RoleId: snowflake }))
    .max(250)
    .default([]),
  /** Keys left out are false. */
  Permissions: teamPermissionsSchema.default({}),
});
export type ExportedTeam = z.infer<typeof exportedTeamSchema>;

/** A single panel as its routes take it (Discord's limits included), with its source id; no message id or revision. */
export const exportedPanelSchema = singlePanelRecordSchema
  .omit({ MessageId: true, Revision: true })
  .extend({ PanelId: z.number().int() })
  .superRefine(checkSinglePanelSend, whenObject);
export type ExportedPanel = z.infer<typeof exportedPanelSchema>;

const multiMessageTexts = ["PanelTitle", "PanelDescription", "PanelContent"] as const;
/** A multi-panel; Panels are source ids of the file's single panels. */
export const exportedMultiPanelSchema = multiPanelRecordSchema
  .omit({ MessageId: true, Revision: true })
  .extend({ PanelId: z.number().int() })
  .refine((p) => multiMessageTexts.some((k) => (p[k] ?? "").trim() !== ""), { message: panelMessages.multiMessageRequired })
  .superRefine(checkMultiPanelSend, whenObject);
export type ExportedMultiPanel = z.infer<typeof exportedMultiPanelSchema>;

export const exportedBlacklistEntrySchema = blacklistInputSchema.extend({
  /** The role's name in the source guild (a Role entry is mapped by it). */
  TargetName: z.string().max(200).nullable().optional(),
});
export type ExportedBlacklistEntry = z.infer<typeof exportedBlacklistEntrySchema>;

/** The file, version 1. A section that is absent is left as it is by an import. */
const configExportBaseSchema = z.object({
  format: z.literal(configExportFormat, { error: configTransferText.notAnExport }),
  version: z.literal(configExportVersion, { error: (issue) => configTransferText.unsupportedVersion(issue.input) }),
  /** ISO 8601 time of the export. */
  exported_at: z.string().max(64),
  source_guild: sourceGuildSchema,
  settings: ticketSettingsSchema.partial().optional(),
  tags: z.array(tagInputSchema).max(guildLimits.tags).optional(),
  forms: z.array(exportedFormSchema).max(guildLimits.forms).optional(),
  teams: z.array(exportedTeamSchema).max(guildLimits.teams).optional(),
  panels: z.array(exportedPanelSchema).max(guildLimits.panels).optional(),
  multi_panels: z.array(exportedMultiPanelSchema).max(guildLimits.multiPanels).optional(),
  blacklist: z.array(exportedBlacklistEntrySchema).max(guildLimits.blacklist).optional(),
});
/** …with a section per generated collection (typed as records: read them with `generatedSection`). */
export const configExportSchema = configExportBaseSchema.extend(
  Object.fromEntries(transferredSpecs.map((spec) => [spec.api.listKey, z.array(spec.input).max(spec.limit.max).optional()])),
) as unknown as typeof configExportBaseSchema;
export type ConfigExport = z.infer<typeof configExportSchema>;
/** A generated section of a file: its records' input fields, or undefined when the file leaves it out. */
export const generatedSection = (file: ConfigExport, section: string) =>
  (file as unknown as Record<string, Record<string, unknown>[] | undefined>)[section];
export type ConfigExportInput = z.input<typeof configExportSchema>;

/** Where an issue is, in words: `panels #2 ("Billing") › PanelMessage.PanelTitle`. */
function issuePlace(path: PropertyKey[], value: unknown): string {
  if (path.length === 0) return "";
  const [section, index, ...rest] = path;
  if (typeof index !== "number") return path.map(String).join(".");
  const item = (value as Record<string, unknown[]> | null)?.[section as string]?.[index] as Record<string, unknown> | undefined;
  const name =
    item && typeof item === "object"
      ? (item.PanelName ?? item.FormName ?? item.TeamName ?? item.TagName ?? item.PanelTitle ?? item.TargetId)
      : undefined;
  const label = `${String(section)} #${index + 1}${typeof name === "string" && name.trim() ? ` ("${name.trim().slice(0, 60)}")` : ""}`;
  return rest.length ? `${label} › ${rest.map(String).join(".")}` : label;
}

export type ConfigParseResult = { success: true; data: ConfigExport } | { success: false; errors: string[] };

/**
 * Parses a file: first its header (a wrong format or an unknown version is the only error reported), then
 * everything else, every problem at once, each prefixed with where it is.
 */
export function parseConfigExport(value: unknown): ConfigParseResult {
  if (!value || typeof value !== "object" || Array.isArray(value)) return { success: false, errors: [configTransferText.notAnExport] };
  const header = value as Record<string, unknown>;
  if (header.format !== configExportFormat) return { success: false, errors: [configTransferText.notAnExport] };
  if (header.version !== configExportVersion) return { success: false, errors: [configTransferText.unsupportedVersion(header.version)] };
  const parsed = configExportSchema.safeParse(value);
  if (!parsed.success) {
    const errors = parsed.error.issues.map((issue) => {
      const place = issuePlace(issue.path, value);
      return place ? `${place}: ${issue.message}` : issue.message;
    });
    return { success: false, errors: [...new Set(errors)] };
  }
  const data = parsed.data;
  if ((data.panels === undefined) !== (data.multi_panels === undefined))
    return { success: false, errors: [configTransferText.sectionsTogether] };
  return { success: true, data };
}

// ---- import: request, preview and result ----

export const mappingKinds = ["roles", "channels", "categories", "emojis"] as const;
export type MappingKind = (typeof mappingKinds)[number];

/** Chosen targets for source ids (overriding the match by name); null leaves the source id unmapped. */
export const mappingOverridesSchema = z.object(
  Object.fromEntries(mappingKinds.map((k) => [k, z.record(snowflake, snowflake.nullable()).optional()])) as Record<
    MappingKind,
    z.ZodOptional<z.ZodRecord<typeof snowflake, z.ZodNullable<typeof snowflake>>>
  >,
);
export type MappingOverrides = z.infer<typeof mappingOverridesSchema>;

/** POST /{guildId}/config/import/preview and /{guildId}/config/import. */
export const configImportRequestSchema = z.object({
  config: configExportSchema,
  mapping: mappingOverridesSchema.optional(),
});
export type ConfigImportRequest = z.input<typeof configImportRequestSchema>;

export const mappingRowSchema = z.object({
  kind: z.enum(mappingKinds),
  source_id: z.string(),
  /** null when the file does not name it. */
  source_name: z.string().nullable(),
  target_id: z.string().nullable(),
  target_name: z.string().nullable(),
  /** How the target was found: by name, chosen in the request, or not at all. */
  matched: z.enum(["name", "manual", "none"]),
  /** An unmapped required id (a panel's channel) blocks the import; others are dropped with a warning. */
  required: z.boolean(),
  /** What in the file uses it ("Panel "Billing" › channel"). */
  used_by: z.array(z.string()),
});
export type MappingRow = z.infer<typeof mappingRowSchema>;

export const sectionChangeSchema = z.object({
  section: z.enum(configSections as [string, ...string[]]),
  label: z.string(),
  /** In the file (absent sections are left as they are). */
  present: z.boolean(),
  /** Rows of the target removed by the replacement. */
  deletes: z.number().int(),
  /** Rows created from the file. */
  creates: z.number().int(),
  /** Settings: the values that change. */
  updates: z.number().int(),
});
export type SectionChange = z.infer<typeof sectionChangeSchema>;

export const configImportPreviewSchema = z.object({
  source_guild: z.object({ id: z.string(), name: z.string() }),
  target_guild: z.object({ id: z.string(), name: z.string() }),
  exported_at: z.string(),
  sections: z.array(sectionChangeSchema),
  mapping: z.array(mappingRowSchema),
  /** What the target offers for a manual choice, per kind. */
  targets: z.object(
    Object.fromEntries(mappingKinds.map((k) => [k, z.array(z.object({ id: z.string(), name: z.string() }))])) as Record<
      MappingKind,
      z.ZodArray<z.ZodObject<{ id: z.ZodString; name: z.ZodString }>>
    >,
  ),
  warnings: z.array(z.string()),
  /** Anything here blocks the import. */
  problems: z.array(z.string()),
  can_import: z.boolean(),
});
export type ConfigImportPreview = z.infer<typeof configImportPreviewSchema>;

export const configImportResultSchema = z.object({
  message: z.string(),
  sections: z.array(sectionChangeSchema),
  warnings: z.array(z.string()),
  panels: z.array(z.object({ PanelId: z.number(), Name: z.string(), Kind: z.enum(["single", "multi"]) })),
});
export type ConfigImportResult = z.infer<typeof configImportResultSchema>;
