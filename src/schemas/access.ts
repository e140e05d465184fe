import { z } from "zod";
import type { TeamPermission } from "./team";
import { teamPermissionKeys } from "./team";

// Who may do what in a guild (SPEC §6 leaves it open; we decide, see docs/decisions/001-permissions.md):
// the owner, Administrator and Manage Server holders have every permission; a member whose roles are in
// staff teams has the union of those teams' permissions, and nothing else. The server enforces this map on
// every route; the dashboard reads the same map to hide what the caller may not use.

export type AccessAction = "list" | "show" | "create" | "edit" | "delete";

/** Resource → action → the team permission it needs. */
export const resourcePermissions = {
  settings: { list: "ViewSettings", show: "ViewSettings", edit: "EditSettings" },
  teams: { list: "ViewTeam", show: "ViewTeam", create: "CreateTeam", edit: "EditTeam", delete: "DeleteTeam" },
  tags: { list: "ViewTag", show: "ViewTag", create: "CreateTag", edit: "EditTag", delete: "DeleteTag" },
  panels: {
    list: "ViewSinglePanel",
    show: "ViewSinglePanel",
    create: "CreateSinglePanel",
    edit: "EditSinglePanel",
    delete: "DeleteSinglePanel",
  },
  "multi-panels": {
    list: "ViewMultiPanel",
    show: "ViewMultiPanel",
    create: "CreateMultiPanel",
    edit: "EditMultiPanel",
    delete: "DeleteMultiPanel",
  },
  forms: { list: "ViewForm", show: "ViewForm", create: "CreateForm", edit: "EditForm", delete: "DeleteForm" },
  transcripts: { list: "ViewTranscripts", show: "ViewTranscripts" },
  activity: { list: "ViewActivity", show: "ViewActivity" },
  blacklist: { list: "ViewSettings", show: "ViewSettings", create: "EditSettings", edit: "EditSettings", delete: "EditSettings" },
  // The open queue and the statistics are read like transcripts (the same people handle tickets).
  tickets: { list: "ViewTranscripts", show: "ViewTranscripts" },
  statistics: { list: "ViewTranscripts", show: "ViewTranscripts" },
  // Bot setup (Server info's card) tells what the bot lacks on Discord: read by those who may read the settings.
  "bot-setup": { list: "ViewSettings", show: "ViewSettings" },
} as const satisfies Record<string, Partial<Record<AccessAction, TeamPermission>>>;
export type GuardedResource = keyof typeof resourcePermissions;

export function permissionFor(resource: string, action: AccessAction): TeamPermission | undefined {
  const actions = (resourcePermissions as Record<string, Partial<Record<AccessAction, TeamPermission>>>)[resource];
  return actions?.[action];
}

/** How the caller reached the guild. */
export const accessLevels = ["owner", "administrator", "manager", "staff"] as const;
export type AccessLevel = (typeof accessLevels)[number];

/** The levels that hold the server itself (owner, Administrator, Manage Server): what no staff team grants (Import / Export). */
export const managerLevels: readonly AccessLevel[] = ["owner", "administrator", "manager"];

/** What a page or an action needs: a team permission, one of some access levels, or both. */
export interface AccessNeed {
  permission?: TeamPermission;
  levels?: readonly AccessLevel[];
}

/** Why access is refused: the team permission the caller lacks, or "level" when only some access levels may. */
export type AccessGap = TeamPermission | "level";

/** What `access` lacks for `need`, or undefined when nothing is missing. */
export function accessGap(access: Pick<GuildAccess, "level" | "permissions">, need: AccessNeed): AccessGap | undefined {
  if (need.levels && !need.levels.includes(access.level)) return "level";
  if (need.permission && !access.permissions[need.permission]) return need.permission;
  return undefined;
}

/** GET /{guildId}/permissions: the caller's effective permissions in that guild. */
export const guildAccessSchema = z.object({
  level: z.enum(accessLevels),
  permissions: z.object(Object.fromEntries(teamPermissionKeys.map((k) => [k, z.boolean()])) as Record<TeamPermission, z.ZodBoolean>),
});
export type GuildAccess = z.infer<typeof guildAccessSchema>;
