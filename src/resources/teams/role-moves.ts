import { frameMessages, teamMessages } from "../../schemas/messages";
import type { TeamRole } from "../../schemas/team";

// The two role lists of a team (SPEC §2, §4): roles move between them at once (optimistic) and move back when
// the server refuses. Pure functions: the screen keeps the state, these say what it becomes.

export type RoleList = "available" | "team";
export type RoleOp = "add" | "remove";

export interface RoleLists {
  available: TeamRole[];
  team: TeamRole[];
}

const byName = (a: TeamRole, b: TeamRole) => a.RoleName.localeCompare(b.RoleName) || a.RoleId.localeCompare(b.RoleId);

/**
 * All guild roles split into the team's and the rest. A team role the guild no longer has stays listed in the
 * team (it can still be removed); guild roles keep the guild's order.
 */
export function splitRoles(guildRoles: TeamRole[], teamRoles: TeamRole[]): RoleLists {
  const inTeam = new Set(teamRoles.map((r) => r.RoleId));
  return {
    available: guildRoles.filter((r) => !inTeam.has(r.RoleId)),
    team: [...teamRoles].sort(byName),
  };
}

/** The team's roles after `op` on `role`; unchanged when the move makes no sense (already there / not there). */
export function applyRoleMove(teamRoles: TeamRole[], role: TeamRole, op: RoleOp): TeamRole[] {
  const present = teamRoles.some((r) => r.RoleId === role.RoleId);
  if (op === "add") return present ? teamRoles : [...teamRoles, role].sort(byName);
  return present ? teamRoles.filter((r) => r.RoleId !== role.RoleId) : teamRoles;
}

/** Undoes a move that the server refused, leaving every other (later) move in place. */
export function revertRoleMove(teamRoles: TeamRole[], role: TeamRole, op: RoleOp): TeamRole[] {
  return applyRoleMove(teamRoles, role, op === "add" ? "remove" : "add");
}

/** What dropping a role dragged out of `from` onto `to` means: add, remove, or nothing (same list / no target). */
export function dropOperation(from: RoleList, to: RoleList | null | undefined): RoleOp | null {
  if (!to || from === to) return null;
  return to === "team" ? "add" : "remove";
}

/** 'Search roles...': case-insensitive substring of the role name. */
export function filterRoles(roles: TeamRole[], query: string): TeamRole[] {
  const q = query.trim().toLowerCase();
  return q ? roles.filter((r) => r.RoleName.toLowerCase().includes(q)) : roles;
}

export type RoleToast = { type: "success" | "error"; message: string; description?: string };

/** §8: the toast for a role add/remove answer. The move stands only when the server confirms it was queued. */
export function roleReplyToast(op: RoleOp, reply: unknown): { ok: boolean; toast: RoleToast } {
  const message = reply && typeof reply === "object" && "message" in reply ? (reply as { message: unknown }).message : undefined;
  const expected = op === "add" ? teamMessages.roleAddQueued : teamMessages.roleRemoveQueued;
  if (message === expected)
    return { ok: true, toast: { type: "success", message: op === "add" ? teamMessages.added : teamMessages.removed } };
  return { ok: false, toast: { type: "error", message: teamMessages.unknownReply } };
}

/** §8: the toast for a failed role call: the server refused (its text as detail), or something else broke. */
export function roleFailureToast(op: RoleOp, error: unknown): RoleToast {
  const status = error && typeof error === "object" && "statusCode" in error ? (error as { statusCode: unknown }).statusCode : undefined;
  if (typeof status === "number" && status > 0) {
    const detail = error instanceof Error && error.message ? error.message : undefined;
    return { type: "error", message: op === "add" ? teamMessages.addFailed : teamMessages.removeFailed, description: detail };
  }
  return { type: "error", message: frameMessages.unknownError, description: error instanceof Error ? error.message : undefined };
}
