import { z } from "zod";
import { snowflake } from "./common";

/** The 24 team permissions of §3, in the spec's order, then the help desk's two: 26. */
export const teamPermissionKeys = [
  "ViewSettings",
  "EditSettings",
  "ViewTeam",
  "CreateTeam",
  "DeleteTeam",
  "EditTeam",
  "ViewTag",
  "CreateTag",
  "DeleteTag",
  "EditTag",
  "ViewSinglePanel",
  "ViewMultiPanel",
  "CreateSinglePanel",
  "DeleteSinglePanel",
  "EditSinglePanel",
  "CreateMultiPanel",
  "DeleteMultiPanel",
  "EditMultiPanel",
  "ViewForm",
  "CreateForm",
  "DeleteForm",
  "EditForm",
  "ViewTranscripts",
  "ViewActivity",
  // The help desk: reply to a ticket from the dashboard; read and write its private staff notes
  "AnswerTicket",
  "AnnotateTicket",
] as const;
export type TeamPermission = (typeof teamPermissionKeys)[number];
export type TeamPermissions = Record<TeamPermission, boolean>;

export const teamPermissionSchema = z.enum(teamPermissionKeys);

/** PUT /{guildId}/teams/{teamId}/permissions: a map of booleans; keys not listed keep their value. */
export const teamPermissionsSchema = z.object(
  Object.fromEntries(teamPermissionKeys.map((k) => [k, z.boolean().optional()])) as Record<TeamPermission, z.ZodOptional<z.ZodBoolean>>,
);
export const teamPermissionsUpdateSchema = z.object({ Permissions: teamPermissionsSchema.strict() });

export const noPermissions = (): TeamPermissions => Object.fromEntries(teamPermissionKeys.map((k) => [k, false])) as TeamPermissions;
export const allPermissions = (): TeamPermissions => Object.fromEntries(teamPermissionKeys.map((k) => [k, true])) as TeamPermissions;

/** "Allow team to ..." labels: the permission in words (ViewSinglePanel → "view single panels"). */
export function permissionWords(key: TeamPermission): string {
  const [verb, ...rest] = key
    .replace(/([a-z])([A-Z])/g, "$1 $2")
    .toLowerCase()
    .split(" ");
  const object = rest.join(" ");
  const plural =
    object === "settings" || object === "transcripts" || object === "activity" || object === "team"
      ? object === "team"
        ? "teams"
        : object
      : `${object}s`;
  return `${verb} ${plural}`;
}

/** §4: the bulk toggle sets all on unless all are already on, in which case it sets all off. */
export function bulkToggle(current: TeamPermissions): TeamPermissions {
  const allOn = teamPermissionKeys.every((k) => current[k]);
  return allOn ? noPermissions() : allPermissions();
}

export const teamRoleSchema = z.object({ RoleId: z.string(), RoleName: z.string() });
export type TeamRole = z.infer<typeof teamRoleSchema>;

export const teamSchema = z.object({
  TeamId: z.string(),
  TeamName: z.string(),
  Roles: z.array(teamRoleSchema),
  Permissions: z.record(z.string(), z.boolean()).optional(),
});
export type Team = z.infer<typeof teamSchema>;

/** GET /{guildId}/teams: the teams and all guild roles. */
export const teamsResponseSchema = z.object({ teams: z.array(teamSchema), roles: z.array(teamRoleSchema) });
export type TeamsResponse = z.infer<typeof teamsResponseSchema>;

/** POST /{guildId}/teams (§5: a non-empty trimmed name). */
export const teamCreateSchema = z.object({
  team_name: z.string().trim().min(1, "Team name is required").max(100, "Team name must be at most 100 characters"),
  roles: z.array(snowflake).max(250).default([]),
});
export type TeamCreate = z.infer<typeof teamCreateSchema>;

/** POST/DELETE /{guildId}/teams/{teamId}/roles */
export const teamRoleChangeSchema = z.object({ RoleId: snowflake });
