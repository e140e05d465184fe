import { describe, expect, it } from "vitest";
import { activityQuery, changeRows, emptyActivityFilters, showValue } from "../../../src/resources/activity/changes";

describe("activity changes", () => {
  it("an update: changed fields first, then added, removed and unchanged ones", () => {
    const rows = changeRows(
      { UserTicketLimit: 1, AutoCloseEnabled: false, ArchiveChannelId: "1", Name: "x" },
      { UserTicketLimit: 3, AutoCloseEnabled: false, Name: "x", CloseOnUserLeave: true },
    );
    expect(rows).toEqual([
      { path: "UserTicketLimit", before: "1", after: "3", kind: "changed" },
      { path: "CloseOnUserLeave", before: undefined, after: "true", kind: "added" },
      { path: "ArchiveChannelId", before: "1", after: undefined, kind: "removed" },
      { path: "AutoCloseEnabled", before: "false", after: "false", kind: "same" },
      { path: "Name", before: "x", after: "x", kind: "same" },
    ]);
  });

  it("a creation or deletion lists the fields in their order", () => {
    expect(changeRows(undefined, { TagName: "hello", Content: "hi" }).map((r) => [r.path, r.kind])).toEqual([
      ["TagName", "added"],
      ["Content", "added"],
    ]);
    expect(changeRows({ TagName: "bye" }, undefined)).toEqual([{ path: "TagName", before: "bye", after: undefined, kind: "removed" }]);
    expect(changeRows(undefined, undefined)).toEqual([]);
  });

  it("nested objects become dotted paths; lists and deeper values are compared as JSON", () => {
    const rows = changeRows(
      { Permissions: { ViewTag: false, EditTag: false }, Roles: ["a"], Deep: { a: { b: { c: 1 } } } },
      { Permissions: { ViewTag: true, EditTag: false }, Roles: ["a", "b"], Deep: { a: { b: { c: 1 } } } },
    );
    expect(rows.filter((r) => r.kind === "changed").map((r) => [r.path, r.before, r.after])).toEqual([
      ["Permissions.ViewTag", "false", "true"],
      ["Roles", '["a"]', '["a","b"]'],
    ]);
    expect(rows.find((r) => r.path === "Deep.a")).toMatchObject({ before: '{"b":{"c":1}}', kind: "same" });
  });

  it("a value that is not an object is one row", () => {
    expect(changeRows("old", "new")).toEqual([{ path: "", before: "old", after: "new", kind: "changed" }]);
    expect(showValue(null)).toBe("null");
    expect(showValue("text")).toBe("text");
  });

  it("builds the API query from the filters, leaving out empty ones", () => {
    // The query as the data provider sends it (text, as in the URL).
    expect(activityQuery(emptyActivityFilters, 1, 25)).toEqual({ page: "1", per_page: "25" });
    expect(activityQuery({ user: "  alice ", action: "Tag Created", from: 0, to: 100 })).toEqual({
      user: "alice",
      action: "Tag Created",
      from: "0",
      to: "100",
    });
  });
});
