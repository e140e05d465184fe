import { z } from "zod";
import { guildAccessSchema } from "../../../../src/schemas/access";
import { activityEntryResponseSchema, activityQuerySchema, activityResponseSchema } from "../../../../src/schemas/activity";
import { authUserSchema, loginResponseSchema, signInExchangeSchema, signInSessionSchema } from "../../../../src/schemas/auth";
import { botSetupQuerySchema, botSetupResponseSchema } from "../../../../src/schemas/bot-setup";
import { blacklistEntrySchema, blacklistInputSchema, blacklistResponseSchema } from "../../../../src/schemas/blacklist";
import { apiErrorSchema, messageResponseSchema } from "../../../../src/schemas/common";
import {
  configExportSchema,
  configImportPreviewSchema,
  configImportRequestSchema,
  configImportResultSchema,
} from "../../../../src/schemas/config-export";
import {
  fieldPositionSchema,
  formFieldPatchSchema,
  formFieldSchema,
  formInputSchema,
  formRenameSchema,
  formsResponseSchema,
} from "../../../../src/schemas/form";
import { guildInfoSchema, guildListResponseSchema, removedGuildListResponseSchema } from "../../../../src/schemas/guild";
import { panelListSchema, panelPropertiesSchema } from "../../../../src/schemas/panel-properties";
import {
  savedViewCreateSchema,
  savedViewListResponseSchema,
  savedViewSchema,
  savedViewUpdateSchema,
} from "../../../../src/schemas/saved-view";
import { settingsResponseSchema, settingsUpdateSchema } from "../../../../src/schemas/settings";
import { fieldSavedSchema, formCreatedSchema, formOneSchema, formSavedSchema } from "../../../../src/schemas/specs/forms";
import { panelCreatedSchema, panelCreateSchema, panelOneSchema, panelUpdateSchema } from "../../../../src/schemas/specs/panels";
import { settingsSavedSchema } from "../../../../src/schemas/specs/settings";
import { teamCreatedSchema } from "../../../../src/schemas/specs/teams";
import { healthSchema, statsSchema } from "../../../../src/schemas/stats";
import { tagInputSchema, tagSchema, tagsResponseSchema } from "../../../../src/schemas/tag";
import { teamCreateSchema, teamPermissionsUpdateSchema, teamRoleChangeSchema, teamsResponseSchema } from "../../../../src/schemas/team";
import {
  transcriptDetailSchema,
  transcriptIngestSchema,
  transcriptListResponseSchema,
  transcriptQuerySchema,
} from "../../../../src/schemas/transcript";

// The schemas routes declare and the OpenAPI document names under components.schemas: request and entity schemas
// come from src/schemas (the same objects the routes validate with); answers the contract does not declare as one
// object are composed here from those same pieces, never written as JSON. A schema registered here is referenced
// by name wherever it appears (a request body named X appears as "XInput": its input side, defaults optional).

/**
 * Names a schema in the document; returns the schema itself. The name goes into zod's global registry, beside the
 * titles and descriptions the schema's `.meta()` put there, which is where fastify-type-provider-zod reads both.
 * Only the server names schemas: the dashboard converts its own (editor) schemas in the browser.
 */
export function named<T extends z.ZodType>(name: string, schema: T): T {
  z.globalRegistry.add(schema, { ...z.globalRegistry.get(schema), id: name });
  return schema;
}
const input = named;
/** A schema used inline (query strings: their properties become the operation's parameters). */
const inline = <T extends z.ZodType>(schema: T): T => schema;
const output = named;

const withMessage = <T extends z.ZodRawShape>(shape: T) => messageResponseSchema.extend(shape);

export const s = {
  error: output("ApiError", apiErrorSchema),
  message: output("MessageResponse", messageResponseSchema),

  ping: output("Ping", z.object({ ok: z.literal(true) })),
  health: output("Health", healthSchema),
  stats: output("Stats", statsSchema),
  login: output("LoginResponse", loginResponseSchema),
  demoSignIn: input("DemoSignInForm", z.object({ user_id: z.string().max(32), state: z.string().max(200) })),
  callbackQuery: inline(
    z.object({ code: z.string().max(500).optional(), state: z.string().max(200).optional(), error: z.string().max(200).optional() }),
  ),
  authUser: output("AuthUser", authUserSchema),
  signInExchange: input("SignInExchange", signInExchangeSchema),
  signInSession: output("SignInSession", signInSessionSchema),

  guildList: output("GuildList", guildListResponseSchema),
  removedGuildList: output("RemovedGuildList", removedGuildListResponseSchema),
  guildInfo: output("GuildInfo", guildInfoSchema),
  guildAccess: output("GuildAccess", guildAccessSchema),

  tags: output("TagsResponse", tagsResponseSchema),
  tagInput: input("Tag", tagInputSchema),
  tagCreated: output("TagCreated", withMessage({ tag: tagSchema })),

  activityQuery: inline(activityQuerySchema),
  activity: output("ActivityResponse", activityResponseSchema),
  activityEntry: output("ActivityEntryResponse", activityEntryResponseSchema),
  activityActions: output("ActivityActions", z.object({ actions: z.array(z.string()) })),

  settings: output("SettingsResponse", settingsResponseSchema),
  settingsUpdate: input("SettingsUpdate", settingsUpdateSchema),
  settingsSaved: output("SettingsSaved", settingsSavedSchema),

  botSetupQuery: inline(botSetupQuerySchema),
  botSetup: output("BotSetup", botSetupResponseSchema),

  teams: output("TeamsResponse", teamsResponseSchema),
  teamCreate: input("TeamCreate", teamCreateSchema),
  teamCreated: output("TeamCreated", teamCreatedSchema),
  teamRoleChange: input("TeamRoleChange", teamRoleChangeSchema),
  teamPermissionsUpdate: input("TeamPermissionsUpdate", teamPermissionsUpdateSchema),

  panelProperties: output("PanelProperties", panelPropertiesSchema),
  panelList: output("PanelList", panelListSchema),
  panelOne: output("PanelResponse", panelOneSchema),
  panelCreate: input("PanelCreate", panelCreateSchema),
  panelUpdate: input("PanelUpdate", panelUpdateSchema),
  panelCreated: output("PanelCreated", panelCreatedSchema),

  forms: output("FormsResponse", formsResponseSchema),
  formOne: output("FormResponse", formOneSchema),
  formInput: input("Form", formInputSchema),
  formCreated: output("FormCreated", formCreatedSchema),
  formSaved: output("FormSaved", formSavedSchema),
  formRename: input("FormRename", formRenameSchema),
  fieldInput: input("FormField", formFieldSchema),
  fieldPatch: input("FormFieldPatch", formFieldPatchSchema),
  fieldPosition: input("FieldPosition", fieldPositionSchema),
  fieldSaved: output("FieldSaved", fieldSavedSchema),

  blacklist: output("BlacklistResponse", blacklistResponseSchema),
  blacklistInput: input("Blacklist", blacklistInputSchema),
  blacklistAdded: output("BlacklistAdded", withMessage({ entry: blacklistEntrySchema })),

  transcriptQuery: inline(transcriptQuerySchema),
  transcriptList: output("TranscriptList", transcriptListResponseSchema),
  transcriptPanels: output("TranscriptPanels", z.object({ panels: z.array(z.string()) })),
  transcriptViewQuery: inline(z.object({ theme: z.enum(["light", "dark"]).optional() })),
  transcript: output("TranscriptDetail", transcriptDetailSchema),
  transcriptIngest: input("TranscriptIngest", transcriptIngestSchema),
  transcriptStored: output("TranscriptStored", withMessage({ TicketId: z.number().int().optional() })),
  botKeyState: output("BotKeyState", z.object({ exists: z.boolean(), created_at: z.number().nullable() })),
  botKeyCreated: output("BotKeyCreated", withMessage({ key: z.string().describe("Shown once; send it as `Authorization: Bot <key>`") })),

  savedViews: output("SavedViewList", savedViewListResponseSchema),
  savedViewCreate: input("SavedViewCreate", savedViewCreateSchema),
  savedViewUpdate: input("SavedViewUpdate", savedViewUpdateSchema),
  savedViewSaved: output("SavedViewSaved", withMessage({ view: savedViewSchema })),

  // The file is documented on its input side: exactly what an import takes back.
  configExport: input("ConfigExport", configExportSchema),
  configImportRequest: input("ConfigImportRequest", configImportRequestSchema),
  configImportPreview: output("ConfigImportPreview", configImportPreviewSchema),
  configImportResult: output("ConfigImportResult", configImportResultSchema),

  openApiDocument: output(
    "OpenApiDocument",
    z
      .object({
        openapi: z.string(),
        info: z.object({ title: z.string(), version: z.string() }).loose(),
        paths: z.record(z.string(), z.unknown()),
      })
      .loose(),
  ),
} as const;
