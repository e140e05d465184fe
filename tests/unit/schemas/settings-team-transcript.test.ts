import { describe, expect, it } from "vitest";
import { diffSettings, nonNullSettings, parseNumberInput, ticketSettingsSchema } from "../../../src/schemas/settings";
import { allPermissions, bulkToggle, noPermissions, permissionWords, teamPermissionKeys } from "../../../src/schemas/team";
import { clampPage, closeReasonLabel, panelLabel, ratingLabel } from "../../../src/schemas/transcript";
import { isGuildId } from "../../../src/schemas/common";
import { retryDelay } from "../../../src/schemas/limits";

describe("settings rules (SPEC §4, §5)", () => {
  it("keeps hours ≤ 23, minutes ≤ 59, days ≤ 23 and numbers ≥ 0", () => {
    const base = ticketSettingsSchema.partial();
    expect(base.safeParse({ CloseOnUserLeaveHours: 23, CloseOnUserLeaveMinutes: 59, SinceLastMessageDays: 23 }).success).toBe(true);
    expect(base.safeParse({ CloseOnUserLeaveHours: 24 }).success).toBe(false);
    expect(base.safeParse({ SinceLastMessageMinutes: 60 }).success).toBe(false);
    expect(base.safeParse({ SinceLastMessageDays: 24 }).success).toBe(false);
    expect(base.safeParse({ UserTicketLimit: -1 }).success).toBe(false);
  });
  it("an empty input means null; only non-null values are sent; changes are listed old → new", () => {
    expect(parseNumberInput("")).toBeNull();
    expect(parseNumberInput("7")).toBe(7);
    expect(nonNullSettings({ UserTicketLimit: null, AutoCloseEnabled: true })).toEqual({ AutoCloseEnabled: true });
    expect(diffSettings({ UserTicketLimit: 1, AutoCloseEnabled: false }, { UserTicketLimit: 3, AutoCloseEnabled: false })).toEqual([
      { key: "UserTicketLimit", from: 1, to: 3 },
    ]);
  });
});

describe("team permissions (SPEC §3, §4)", () => {
  it("has the 24 permissions of the spec and the help desk's two", () => expect(teamPermissionKeys).toHaveLength(26));
  it("bulk toggle sets all on unless all are on", () => {
    expect(bulkToggle({ ...noPermissions(), ViewTag: true })).toEqual(allPermissions());
    expect(bulkToggle(allPermissions())).toEqual(noPermissions());
  });
  it("labels read as words", () => {
    expect(permissionWords("ViewSinglePanel")).toBe("view single panels");
    expect(permissionWords("EditSettings")).toBe("edit settings");
  });
});

describe("transcripts (SPEC §2, §5)", () => {
  it("labels the panel, reason and rating", () => {
    expect(panelLabel("Unknown")).toBe("Deleted panel");
    expect(closeReasonLabel(null)).toBe("No reason provided");
    expect(ratingLabel(null)).toBe("N/A");
    expect(ratingLabel(4)).toBe("4 ★");
  });
  it("clamps the typed page between 1 and the last page", () => {
    expect(clampPage(0, 100, 25)).toBe(1);
    expect(clampPage(9, 100, 25)).toBe(4);
    expect(clampPage(2, 0, 25)).toBe(1);
  });
});

describe("route and retry rules (SPEC §5, §7)", () => {
  it("guildId is 16 to 21 digits", () => {
    expect(isGuildId("1".repeat(16))).toBe(true);
    expect(isGuildId("1".repeat(21))).toBe(true);
    expect(isGuildId("1".repeat(15))).toBe(false);
    expect(isGuildId("1".repeat(22))).toBe(false);
    expect(isGuildId("12345678901234567a")).toBe(false);
  });
  it("retry delay is min(1000 × 2^n, 30000)", () => {
    expect([0, 1, 2, 5, 10].map(retryDelay)).toEqual([1000, 2000, 4000, 30000, 30000]);
  });
});
