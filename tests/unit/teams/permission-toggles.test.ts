import { describe, expect, it } from "vitest";
import {
  allOn,
  bulkTogglePermissions,
  countOn,
  fullPermissions,
  permissionGroups,
  revertPermissions,
  togglePermission,
} from "../../../src/resources/teams/permission-toggles";
import { allPermissions, noPermissions, teamPermissionKeys } from "../../../src/schemas/team";

describe("team permission toggles (SPEC §4)", () => {
  it("reads a stored map as the 26 keys, missing ones off", () => {
    expect(fullPermissions({ ViewTag: true, Bogus: true } as Record<string, boolean>)).toEqual({ ...noPermissions(), ViewTag: true });
    expect(fullPermissions(undefined)).toEqual(noPermissions());
  });

  it("a switch sends only its own key and remembers the old value", () => {
    const change = togglePermission(noPermissions(), "CreateTag", true);
    expect(change.next).toEqual({ ...noPermissions(), CreateTag: true });
    expect(change.sent).toEqual({ CreateTag: true });
    expect(change.previous).toEqual({ CreateTag: false });
  });

  it("bulk toggle: all on unless all are on, then all off", () => {
    const some = { ...noPermissions(), ViewTag: true };
    const on = bulkTogglePermissions(some);
    expect(on.next).toEqual(allPermissions());
    expect(Object.keys(on.sent)).toHaveLength(25);
    expect(on.sent.ViewTag).toBeUndefined();
    const off = bulkTogglePermissions(allPermissions());
    expect(off.next).toEqual(noPermissions());
    expect(Object.keys(off.sent)).toHaveLength(26);
  });

  it("bulk toggle leaves alone what the caller may not change", () => {
    const change = bulkTogglePermissions(noPermissions(), (key) => key !== "EditSettings");
    expect(change.next.EditSettings).toBe(false);
    expect(change.sent.EditSettings).toBeUndefined();
    expect(countOn(change.next)).toBe(25);
    expect(allOn(change.next)).toBe(false);
  });

  it("a refused change reverts its keys only, keeping later toggles", () => {
    const first = togglePermission(noPermissions(), "ViewTag", true);
    const second = togglePermission(first.next, "ViewForm", true);
    expect(revertPermissions(second.next, first)).toEqual({ ...noPermissions(), ViewForm: true });
    const bulk = bulkTogglePermissions(second.next);
    expect(revertPermissions(bulk.next, bulk)).toEqual(second.next);
  });

  it("groups every permission exactly once", () => {
    expect(permissionGroups.flatMap((g) => g.keys).sort()).toEqual([...teamPermissionKeys].sort());
  });
});
