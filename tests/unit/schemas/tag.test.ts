import { describe, expect, it } from "vitest";
import { tagInputSchema, matchesTagSearch } from "../../../src/schemas/tag";

const messages = (input: unknown) => {
  const r = tagInputSchema.safeParse(input);
  return r.success ? [] : r.error.issues.map((i) => i.message);
};

describe("tag schema (SPEC §5)", () => {
  it("requires a name and content", () => {
    expect(messages({ TagName: "", Content: "" })).toEqual(["Tag name is required", "Content is required"]);
    expect(messages({ TagName: "   ", Content: "  " })).toEqual(["Tag name is required", "Content is required"]);
    expect(messages({})).toEqual(["Tag name is required", "Content is required"]);
  });
  it("allows 255 and 2048 characters and refuses one more", () => {
    expect(messages({ TagName: "a".repeat(255), Content: "b".repeat(2048) })).toEqual([]);
    expect(messages({ TagName: "a".repeat(256), Content: "b".repeat(2049) })).toEqual([
      "Tag name must be less than 255 characters",
      "Content must be less than 2048 characters",
    ]);
  });
  it("search is a case-sensitive substring of name or content", () => {
    const tag = { TagName: "Refunds", Content: "Open a ticket for billing" };
    expect(matchesTagSearch(tag, "Refund")).toBe(true);
    expect(matchesTagSearch(tag, "billing")).toBe(true);
    expect(matchesTagSearch(tag, "refund")).toBe(false);
  });
});
