import { describe, expect, it } from "vitest";
import {
  applyRoleMove,
  dropOperation,
  filterRoles,
  revertRoleMove,
  roleFailureToast,
  roleReplyToast,
  splitRoles,
} from "../../../src/resources/teams/role-moves";
import { HttpError } from "../../../src/providers/http";
import { frameMessages, teamMessages } from "../../../src/schemas/messages";

const admin = { RoleId: "1", RoleName: "Admin" };
const mod = { RoleId: "2", RoleName: "Moderator" };
const support = { RoleId: "3", RoleName: "Support" };
const vip = { RoleId: "4", RoleName: "VIP" };
const guildRoles = [admin, mod, support, vip];

describe("role lists (SPEC §2, §4)", () => {
  it("splits the guild's roles into the team's and the available ones", () => {
    expect(splitRoles(guildRoles, [support])).toEqual({ available: [admin, mod, vip], team: [support] });
    // A team role the guild no longer has stays in the team list, so it can still be removed.
    const gone = { RoleId: "9", RoleName: "Old role" };
    expect(splitRoles(guildRoles, [gone, support])).toEqual({ available: [admin, mod, vip], team: [gone, support] });
  });

  it("moves a role at once, and a refused move goes back without undoing later moves", () => {
    let team = [support];
    team = applyRoleMove(team, vip, "add"); // optimistic
    expect(team).toEqual([support, vip]);
    team = applyRoleMove(team, admin, "add"); // a second move while the first is pending
    team = revertRoleMove(team, vip, "add"); // the first one failed
    expect(team).toEqual([admin, support]);
    team = applyRoleMove(team, support, "remove");
    expect(team).toEqual([admin]);
    team = revertRoleMove(team, support, "remove");
    expect(team).toEqual([admin, support]);
  });

  it("ignores moves that change nothing", () => {
    const team = [support];
    expect(applyRoleMove(team, support, "add")).toBe(team);
    expect(applyRoleMove(team, vip, "remove")).toBe(team);
  });

  it("dropping on the team list adds, on the available list removes, elsewhere nothing", () => {
    expect(dropOperation("available", "team")).toBe("add");
    expect(dropOperation("team", "available")).toBe("remove");
    expect(dropOperation("team", "team")).toBeNull();
    expect(dropOperation("available", null)).toBeNull();
  });

  it("'Search roles...' matches a case-insensitive substring", () => {
    expect(filterRoles(guildRoles, "  mOd ")).toEqual([mod]);
    expect(filterRoles(guildRoles, "")).toEqual(guildRoles);
    expect(filterRoles(guildRoles, "zzz")).toEqual([]);
  });

  it("turns the server's reply into the §8 toasts", () => {
    expect(roleReplyToast("add", { message: teamMessages.roleAddQueued })).toEqual({
      ok: true,
      toast: { type: "success", message: teamMessages.added },
    });
    expect(roleReplyToast("remove", { message: teamMessages.roleRemoveQueued })).toEqual({
      ok: true,
      toast: { type: "success", message: teamMessages.removed },
    });
    expect(roleReplyToast("add", { message: teamMessages.roleRemoveQueued })).toEqual({
      ok: false,
      toast: { type: "error", message: teamMessages.unknownReply },
    });
    expect(roleReplyToast("remove", undefined).toast.message).toBe(teamMessages.unknownReply);
    expect(roleFailureToast("add", new HttpError(400, "Role not found in this server"))).toEqual({
      type: "error",
      message: teamMessages.addFailed,
      description: "Role not found in this server",
    });
    expect(roleFailureToast("remove", new HttpError(500, "Internal server error")).message).toBe(teamMessages.removeFailed);
    expect(roleFailureToast("add", new HttpError(0, "Failed to fetch")).message).toBe(frameMessages.unknownError);
    expect(roleFailureToast("add", new TypeError("boom")).message).toBe(frameMessages.unknownError);
  });
});
