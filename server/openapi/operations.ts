import { resourcePermissions } from "../../src/schemas/access";
import type { TeamPermission } from "../../src/schemas/team";
import { configTransferLevels } from "../routes/config-transfer";
import { type NamedSchema, s } from "./schemas";

// Every API route, documented: keyed by "METHOD path" with the paths of docs/API.md (relative to /api,
// parameters in braces). tests/server/openapi.test.ts fails when the server registers a route that is not
// here, or this table names a route the server does not have, or a permission differs from the route's guard.

/**
 * public: no credentials; session: a signed-in user (bearer token); guild: signed in and allowed in the guild
 * (with `permission`: holding any of them); level: signed in as the guild's owner, an Administrator or a
 * Manage Server holder (`levels`); bot: the guild's bot key (`Authorization: Bot <key>`).
 */
export type OperationAuth = "public" | "session" | "guild" | "level" | "bot";

export interface ResponseDoc {
  description: string;
  schema?: NamedSchema;
  /** Default application/json (when there is a schema). */
  contentType?: string;
  headers?: Record<string, string>;
}

export interface OperationDoc {
  summary: string;
  description?: string;
  tag: string;
  auth: OperationAuth;
  /** With auth "guild": the caller needs any one of these (resourcePermissions). */
  permission?: TeamPermission | readonly TeamPermission[];
  /** With auth "level": the access levels admitted. */
  levels?: readonly string[];
  query?: NamedSchema;
  body?: NamedSchema;
  /** Default application/json. */
  bodyContentType?: string;
  responses: Record<number, ResponseDoc>;
  /** Error statuses besides those implied by auth, body and path parameters (e.g. 409). */
  errors?: number[];
}

export const tags: { name: string; description: string }[] = [
  { name: "Health", description: "Liveness and public numbers" },
  { name: "Auth", description: "Sign-in and sessions (paths are SPEC §7's /api/auth/... under the base)" },
  { name: "Guilds", description: "The servers a user may manage and what they may do there" },
  { name: "Tags", description: "Canned replies" },
  { name: "Activity", description: "The audit log" },
  { name: "Settings", description: "Ticket settings" },
  { name: "Staff Teams", description: "Teams, their roles and their permissions" },
  { name: "Panels", description: "Ticket panels and multi-panels" },
  { name: "Forms", description: "Forms asked before a ticket opens" },
  { name: "Blacklist", description: "Users and roles barred from opening tickets" },
  { name: "Transcripts", description: "Closed tickets, and the bot key that stores them" },
  { name: "Configuration", description: "Export and import of a server's whole configuration" },
  { name: "Reference", description: "This document" },
];

const ok = (description: string, schema?: NamedSchema): ResponseDoc => ({ description, schema });
const message = (description: string): ResponseDoc => ({ description, schema: s.message });
const p = resourcePermissions;

export const operations: Record<string, OperationDoc> = {
  // ---- health ----
  "GET /ping": { summary: "Ping (no database)", tag: "Health", auth: "public", responses: { 200: ok("Always ok", s.ping) } },
  "GET /health": {
    summary: "Liveness of the API and its database",
    tag: "Health",
    auth: "public",
    responses: { 200: ok("API and database up", s.health), 503: ok("The database does not answer", s.health) },
  },
  "GET /stats": { summary: "Members and servers of the bot", tag: "Health", auth: "public", responses: { 200: ok("Totals", s.stats) } },

  // ---- auth ----
  "GET /api/auth/login": { summary: "Where to sign in", tag: "Auth", auth: "public", responses: { 200: ok("The sign-in URL (demo page or Discord's authorize URL)", s.login) } },
  "GET /api/auth/demo": {
    summary: "Demo sign-in page",
    description: "Refused in production unless DEMO_MODE=1, and in Discord mode.",
    tag: "Auth",
    auth: "public",
    responses: { 200: { description: "HTML page with one sign-in button per demo user", contentType: "text/html" } },
    errors: [403],
  },
  "POST /api/auth/demo": {
    summary: "Sign in as a demo user",
    tag: "Auth",
    auth: "public",
    body: s.demoSignIn,
    bodyContentType: "application/x-www-form-urlencoded",
    responses: { 302: { description: "Redirect to /dashboard?token=<token>", headers: { Location: "The dashboard URL with the session token" } } },
    errors: [403],
  },
  "GET /api/auth/callback": {
    summary: "Discord OAuth callback",
    tag: "Auth",
    auth: "public",
    query: s.callbackQuery,
    responses: { 302: { description: "Redirect to /dashboard?token=<token> (or home when the user cancelled)", headers: { Location: "Where to go" } } },
    errors: [404],
  },
  "GET /api/auth/user": { summary: "The signed-in user", tag: "Auth", auth: "session", responses: { 200: ok("Session and user", s.authUser) } },
  "POST /api/auth/logout": { summary: "Sign out (revokes the session)", tag: "Auth", auth: "session", responses: { 200: message("Logged out") } },

  // ---- guilds ----
  "GET /guilds": { summary: "Servers the user may manage or staffs", tag: "Guilds", auth: "session", responses: { 200: ok("The servers", s.guildList) } },
  "GET /guilds/{guildId}": { summary: "Server information", tag: "Guilds", auth: "guild", responses: { 200: ok("Name, counts and owner", s.guildInfo) } },
  "GET /{guildId}/permissions": {
    summary: "The caller's access in the server",
    tag: "Guilds",
    auth: "guild",
    responses: { 200: ok("Access level and the 24 team permissions", s.guildAccess) },
  },

  // ---- tags ----
  "GET /{guildId}/tags": { summary: "List tags", tag: "Tags", auth: "guild", permission: p.tags.list, responses: { 200: ok("The tags", s.tags) } },
  "POST /{guildId}/tags": {
    summary: "Create a tag",
    tag: "Tags",
    auth: "guild",
    permission: p.tags.create,
    body: s.tagInput,
    responses: { 201: ok("Created", s.tagCreated) },
    errors: [409],
  },
  "DELETE /{guildId}/tags/{tagId}": { summary: "Delete a tag", tag: "Tags", auth: "guild", permission: p.tags.delete, responses: { 200: message("Deleted") } },

  // ---- activity ----
  "GET /{guildId}/activity": {
    summary: "Activity log, newest first",
    tag: "Activity",
    auth: "guild",
    permission: p.activity.list,
    query: s.activityQuery,
    responses: { 200: ok("One page of entries", s.activity) },
  },
  "GET /{guildId}/activity/actions": {
    summary: "Action names of the server's log (for the filter)",
    tag: "Activity",
    auth: "guild",
    permission: p.activity.list,
    responses: { 200: ok("Action names", s.activityActions) },
  },
  "GET /{guildId}/activity.csv": {
    summary: "Activity log as CSV",
    tag: "Activity",
    auth: "guild",
    permission: p.activity.list,
    query: s.activityQuery,
    responses: { 200: { description: "CSV download (formula-like cells neutralised)", contentType: "text/csv" } },
  },

  // ---- settings ----
  "GET /{guildId}/settings": {
    summary: "Ticket settings",
    tag: "Settings",
    auth: "guild",
    permission: p.settings.list,
    responses: { 200: ok("Settings, text channels and revision", s.settings) },
  },
  "PUT /{guildId}/settings": {
    summary: "Save ticket settings",
    description: "Only non-null values are sent; a Revision other than the stored one is refused (409).",
    tag: "Settings",
    auth: "guild",
    permission: p.settings.edit,
    body: s.settingsUpdate,
    responses: { 200: ok("Saved", s.settingsSaved) },
    errors: [409],
  },

  // ---- teams ----
  "GET /{guildId}/teams": { summary: "Staff teams and the server's roles", tag: "Staff Teams", auth: "guild", permission: p.teams.list, responses: { 200: ok("Teams and roles", s.teams) } },
  "POST /{guildId}/teams": {
    summary: "Create a team",
    tag: "Staff Teams",
    auth: "guild",
    permission: p.teams.create,
    body: s.teamCreate,
    responses: { 200: ok("Created (SPEC §7 answers 200)", s.teamCreated) },
    errors: [409],
  },
  "DELETE /{guildId}/teams/{teamId}": {
    summary: "Delete a team",
    tag: "Staff Teams",
    auth: "guild",
    permission: p.teams.delete,
    responses: { 200: message("Deleted") },
    errors: [409],
  },
  "POST /{guildId}/teams/{teamId}/roles": {
    summary: "Add a role to a team",
    tag: "Staff Teams",
    auth: "guild",
    permission: p.teams.edit,
    body: s.teamRoleChange,
    responses: { 200: message("Team role add queued") },
    errors: [409],
  },
  "DELETE /{guildId}/teams/{teamId}/roles": {
    summary: "Remove a role from a team",
    tag: "Staff Teams",
    auth: "guild",
    permission: p.teams.edit,
    body: s.teamRoleChange,
    responses: { 200: message("Team role remove queued") },
  },
  "PUT /{guildId}/teams/{teamId}/permissions": {
    summary: "Set a team's permissions",
    description: "Keys left out keep their value. Staff cannot grant what they do not hold (403).",
    tag: "Staff Teams",
    auth: "guild",
    permission: p.teams.edit,
    body: s.teamPermissionsUpdate,
    responses: { 200: message("Updated") },
  },

  // ---- panels ----
  "GET /{guildId}/panel-properties": {
    summary: "Channels, categories, emojis, roles, teams and forms for the panel editor",
    tag: "Panels",
    auth: "guild",
    permission: [p.panels.list, p["multi-panels"].list],
    responses: { 200: ok("Properties", s.panelProperties) },
  },
  "GET /{guildId}/panels": {
    summary: "List panels and multi-panels",
    description: "Each kind only when the caller may view it.",
    tag: "Panels",
    auth: "guild",
    permission: [p.panels.list, p["multi-panels"].list],
    responses: { 200: ok("The panels", s.panelList) },
  },
  "GET /{guildId}/panels/{panelId}": {
    summary: "One panel or multi-panel",
    tag: "Panels",
    auth: "guild",
    permission: [p.panels.show, p["multi-panels"].show],
    responses: { 200: ok("The panel", s.panelOne) },
  },
  "POST /{guildId}/panels": {
    summary: "Create a panel ({SinglePanel}) or multi-panel ({MultiPanel}) and post its message",
    tag: "Panels",
    auth: "guild",
    permission: [p.panels.create, p["multi-panels"].create],
    body: s.panelCreate,
    responses: { 201: ok("Created", s.panelCreated) },
  },
  "PUT /{guildId}/panels/{panelId}": {
    summary: "Update a panel or multi-panel",
    description: "A Revision other than the stored one is refused (409).",
    tag: "Panels",
    auth: "guild",
    permission: [p.panels.edit, p["multi-panels"].edit],
    body: s.panelUpdate,
    responses: { 200: message("Updated") },
    errors: [409],
  },
  "DELETE /{guildId}/panels/{panelId}": {
    summary: "Delete a panel or multi-panel",
    description: "A panel shown by a multi-panel is refused (409).",
    tag: "Panels",
    auth: "guild",
    permission: [p.panels.delete, p["multi-panels"].delete],
    responses: { 200: message("Deleted") },
    errors: [409],
  },
  "POST /{guildId}/panels/{panelId}/resend": {
    summary: "Post the panel's message again",
    tag: "Panels",
    auth: "guild",
    permission: [p.panels.edit, p["multi-panels"].edit],
    responses: { 200: message("Resent") },
  },

  // ---- forms ----
  "GET /{guildId}/forms": { summary: "List forms with their fields", tag: "Forms", auth: "guild", permission: p.forms.list, responses: { 200: ok("The forms", s.forms) } },
  "GET /{guildId}/forms/{formId}": { summary: "One form", tag: "Forms", auth: "guild", permission: p.forms.show, responses: { 200: ok("The form", s.formOne) } },
  "POST /{guildId}/forms": {
    summary: "Create a form",
    tag: "Forms",
    auth: "guild",
    permission: p.forms.create,
    body: s.formInput,
    responses: { 201: ok("Created", s.formCreated) },
  },
  "PUT /{guildId}/forms/{formId}": {
    summary: "Replace a form's name and fields",
    description: "A FieldId of this form keeps that field; -1 or none adds one; fields missing from the body are deleted.",
    tag: "Forms",
    auth: "guild",
    permission: p.forms.edit,
    body: s.formInput,
    responses: { 200: ok("Saved", s.formSaved) },
  },
  "PATCH /{guildId}/forms/{formId}": {
    summary: "Rename a form",
    tag: "Forms",
    auth: "guild",
    permission: p.forms.edit,
    body: s.formRename,
    responses: { 200: ok("Renamed", s.formSaved) },
  },
  "DELETE /{guildId}/forms/{formId}": {
    summary: "Delete a form",
    description: "A form used by a panel is refused (409).",
    tag: "Forms",
    auth: "guild",
    permission: p.forms.delete,
    responses: { 200: message("Deleted") },
    errors: [409],
  },
  "POST /{guildId}/forms/{formId}/fields": {
    summary: "Add a field",
    tag: "Forms",
    auth: "guild",
    permission: p.forms.edit,
    body: s.fieldInput,
    responses: { 201: ok("Created", s.fieldSaved) },
  },
  "PATCH /{guildId}/forms/{formId}/fields/{fieldId}": {
    summary: "Change a field",
    tag: "Forms",
    auth: "guild",
    permission: p.forms.edit,
    body: s.fieldPatch,
    responses: { 200: ok("Updated", s.fieldSaved) },
  },
  "PATCH /{guildId}/forms/{formId}/fields/{fieldId}/position": {
    summary: "Move a field",
    tag: "Forms",
    auth: "guild",
    permission: p.forms.edit,
    body: s.fieldPosition,
    responses: { 200: ok("Moved", s.formSaved) },
  },
  "DELETE /{guildId}/forms/{formId}/fields/{fieldId}": {
    summary: "Delete a field",
    description: "The last field of a form cannot be deleted (409).",
    tag: "Forms",
    auth: "guild",
    permission: p.forms.edit,
    responses: { 200: ok("Deleted", s.formSaved) },
    errors: [409],
  },

  // ---- blacklist ----
  "GET /{guildId}/blacklist": { summary: "List blacklist entries", tag: "Blacklist", auth: "guild", permission: p.blacklist.list, responses: { 200: ok("The entries", s.blacklist) } },
  "POST /{guildId}/blacklist": {
    summary: "Blacklist a user or role",
    tag: "Blacklist",
    auth: "guild",
    permission: p.blacklist.create,
    body: s.blacklistInput,
    responses: { 201: ok("Added", s.blacklistAdded) },
    errors: [409],
  },
  "DELETE /{guildId}/blacklist/{entryId}": {
    summary: "Remove a blacklist entry",
    tag: "Blacklist",
    auth: "guild",
    permission: p.blacklist.delete,
    responses: { 200: message("Removed") },
  },

  // ---- transcripts ----
  "GET /{guildId}/transcripts": {
    summary: "List transcripts",
    tag: "Transcripts",
    auth: "guild",
    permission: p.transcripts.list,
    query: s.transcriptQuery,
    responses: { 200: ok("One page of transcripts", s.transcriptList) },
  },
  "GET /{guildId}/transcript-panels": {
    summary: "Panel names for the Ticket Type filter",
    tag: "Transcripts",
    auth: "guild",
    permission: p.transcripts.list,
    responses: { 200: ok("Panel names", s.transcriptPanels) },
  },
  "GET /{guildId}/transcripts/{transcriptId}": {
    summary: "One transcript as HTML (addressed by ticket number)",
    tag: "Transcripts",
    auth: "guild",
    permission: p.transcripts.show,
    query: s.transcriptViewQuery,
    responses: { 200: ok("The rendered transcript", s.transcript) },
  },
  "POST /{guildId}/transcripts": {
    summary: "Store a closed ticket's transcript (bots)",
    tag: "Transcripts",
    auth: "bot",
    body: s.transcriptIngest,
    responses: { 201: ok("Stored", s.transcriptStored), 200: ok("Not stored: the server does not keep transcripts", s.transcriptStored) },
    errors: [409],
  },
  "GET /{guildId}/bot-key": {
    summary: "Whether the server has a bot key",
    tag: "Transcripts",
    auth: "guild",
    permission: p.settings.list,
    responses: { 200: ok("Whether a key exists and when it was made", s.botKeyState) },
  },
  "POST /{guildId}/bot-key": {
    summary: "Create or rotate the bot key",
    tag: "Transcripts",
    auth: "guild",
    permission: p.settings.edit,
    responses: { 201: ok("The new key (shown once)", s.botKeyCreated) },
  },
  "DELETE /{guildId}/bot-key": {
    summary: "Revoke the bot key",
    tag: "Transcripts",
    auth: "guild",
    permission: p.settings.edit,
    responses: { 200: message("Revoked") },
  },

  // ---- configuration ----
  "GET /{guildId}/config/export": {
    summary: "Export the server's configuration",
    description:
      "Settings, tags, forms, staff teams, panels, multi-panels and blacklist as one versioned file (format ticketeer.guild-config, version 1). No transcripts, activity or bot keys.",
    tag: "Configuration",
    auth: "level",
    levels: configTransferLevels,
    responses: { 200: { description: "The file (an attachment)", schema: s.configExport, headers: { "Content-Disposition": "attachment; filename=..." } } },
  },
  "POST /{guildId}/config/import/preview": {
    summary: "Check a configuration file against this server",
    description:
      "What the import would change (each section in the file replaces the server's), the mapping of roles, channels, categories and emojis (by name, case-insensitive, or as chosen in `mapping`), warnings, and the problems that block it. Changes nothing.",
    tag: "Configuration",
    auth: "level",
    levels: configTransferLevels,
    body: s.configImportRequest,
    responses: { 200: ok("The preview", s.configImportPreview) },
  },
  "POST /{guildId}/config/import": {
    summary: "Import a configuration file",
    description:
      "Validates everything first; any problem answers 400 listing them all and nothing changes. Otherwise replaces the sections in the file in one transaction, with references remapped to the new rows, and records one activity entry.",
    tag: "Configuration",
    auth: "level",
    levels: configTransferLevels,
    body: s.configImportRequest,
    responses: { 200: ok("Imported", s.configImportResult) },
  },

  // ---- this document ----
  "GET /openapi.json": { summary: "This OpenAPI 3.1 document", tag: "Reference", auth: "public", responses: { 200: ok("The document", s.openApiDocument) } },
  "GET /reference": { summary: "The API reference as a web page", tag: "Reference", auth: "public", responses: { 200: { description: "HTML page", contentType: "text/html" } } },
};

/** "GET /api/:guildId(^\\d+$)/tags" or "/api/:guildId/tags" → "/{guildId}/tags" (relative to the /api base). */
export function docPath(registeredPath: string): string {
  const withoutBase = registeredPath.replace(/^\/api(?=\/)/, "");
  return withoutBase.replace(/:([A-Za-z_][A-Za-z0-9_]*)(\([^/]*?\))?/g, "{$1}");
}
