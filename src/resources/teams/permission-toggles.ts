import { bulkToggle, noPermissions, type TeamPermission, teamPermissionKeys, type TeamPermissions } from "../../schemas/team";

// The Team Permissions dialog (SPEC §2, §4): switches change at once (optimistic) and revert when the server
// refuses. Each change sends only the keys it touches, so quick successive toggles cannot undo each other.

/** The 26 keys of a team's stored map, missing ones off. */
export function fullPermissions(stored: Record<string, boolean> | undefined): TeamPermissions {
  const out = noPermissions();
  for (const key of teamPermissionKeys) out[key] = stored?.[key] === true;
  return out;
}

export interface PermissionChange {
  /** What the switches show now. */
  next: TeamPermissions;
  /** What to send: only the keys that change. */
  sent: Partial<TeamPermissions>;
  /** The values before, for reverting those keys. */
  previous: Partial<TeamPermissions>;
}

function change(current: TeamPermissions, next: TeamPermissions): PermissionChange {
  const keys = teamPermissionKeys.filter((k) => current[k] !== next[k]);
  return {
    next,
    sent: Object.fromEntries(keys.map((k) => [k, next[k]])) as Partial<TeamPermissions>,
    previous: Object.fromEntries(keys.map((k) => [k, current[k]])) as Partial<TeamPermissions>,
  };
}

/** One switch. */
export function togglePermission(current: TeamPermissions, key: TeamPermission, value: boolean): PermissionChange {
  return change(current, { ...current, [key]: value });
}

/**
 * The bulk toggle (§4): all on unless all are already on, then all off. `allowed` limits it to the keys the
 * caller may change (a staff member cannot grant what they lack); the others keep their value.
 */
export function bulkTogglePermissions(
  current: TeamPermissions,
  allowed: (key: TeamPermission, value: boolean) => boolean = () => true,
): PermissionChange {
  const target = bulkToggle(current);
  const next = { ...current };
  for (const key of teamPermissionKeys) if (allowed(key, target[key])) next[key] = target[key];
  return change(current, next);
}

/** Puts back the keys of a refused change, leaving every other key as it is now. */
export function revertPermissions(current: TeamPermissions, failed: PermissionChange): TeamPermissions {
  return { ...current, ...failed.previous };
}

export const allOn = (p: TeamPermissions) => teamPermissionKeys.every((k) => p[k]);
export const countOn = (p: TeamPermissions) => teamPermissionKeys.filter((k) => p[k]).length;

/** The dialog's groups, in the spec's order of the keys. */
export const permissionGroups: { title: string; keys: TeamPermission[] }[] = [
  { title: "Settings", keys: ["ViewSettings", "EditSettings"] },
  { title: "Staff Teams", keys: ["ViewTeam", "CreateTeam", "DeleteTeam", "EditTeam"] },
  { title: "Tags", keys: ["ViewTag", "CreateTag", "DeleteTag", "EditTag"] },
  {
    title: "Panels",
    keys: [
      "ViewSinglePanel",
      "ViewMultiPanel",
      "CreateSinglePanel",
      "DeleteSinglePanel",
      "EditSinglePanel",
      "CreateMultiPanel",
      "DeleteMultiPanel",
      "EditMultiPanel",
    ],
  },
  { title: "Forms", keys: ["ViewForm", "CreateForm", "DeleteForm", "EditForm"] },
  { title: "Transcripts and Activity", keys: ["ViewTranscripts", "ViewActivity"] },
  { title: "Tickets", keys: ["AnswerTicket", "AnnotateTicket"] },
];
