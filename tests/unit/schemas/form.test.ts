import { describe, expect, it } from "vitest";
import { clampMaxLength, clampMinLength, emptyField, formInputSchema } from "../../../src/schemas/form";

const field = (Label: string, extra: object = {}) => ({ ...emptyField(), Label, ...extra });
const messages = (input: unknown) => {
  const r = formInputSchema.safeParse(input);
  return r.success ? [] : r.error.issues.map((i) => i.message);
};

describe("form schema (SPEC §5)", () => {
  it("requires a trimmed name", () => {
    expect(messages({ FormName: "  ", fields: [field("Why?")] })).toEqual(["Form name is required"]);
  });
  it("drops fields with an empty label and requires one labelled field", () => {
    expect(messages({ FormName: "Apply", fields: [field("  ")] })).toEqual(["At least one field is required"]);
    const parsed = formInputSchema.parse({ FormName: "Apply", fields: [field(""), field("Age")] });
    expect(parsed.fields.map((f) => f.Label)).toEqual(["Age"]);
  });
  it("limits labels to 45, placeholders to 100 and fields to 5", () => {
    expect(messages({ FormName: "A", fields: [field("x".repeat(45), { Placeholder: "p".repeat(100) })] })).toEqual([]);
    expect(messages({ FormName: "A", fields: [field("x".repeat(46))] })).toEqual(["Label must be at most 45 characters"]);
    expect(messages({ FormName: "A", fields: [field("x", { Placeholder: "p".repeat(101) })] })).toEqual([
      "Placeholder must be at most 100 characters",
    ]);
    expect(messages({ FormName: "A", fields: Array.from({ length: 6 }, (_, i) => field(`f${i}`)) })).toEqual([
      "A form can have at most 5 fields",
    ]);
  });
  it("a new field is Short, not required, 0..1024 at position 0", () => {
    expect(emptyField()).toEqual({
      Label: "",
      Placeholder: "",
      Style: "Short",
      Required: false,
      MinLength: 0,
      MaxLength: 1024,
      Position: 0,
    });
  });
  it("clamps MaxLength between MinLength and 1024 and MinLength between 0 and MaxLength", () => {
    expect(clampMaxLength(5000, 10)).toBe(1024);
    expect(clampMaxLength(3, 10)).toBe(10);
    expect(clampMaxLength("abc", 0)).toBe(0);
    expect(clampMinLength(-4, 100)).toBe(0);
    expect(clampMinLength(200, 100)).toBe(100);
    expect(clampMinLength("x", 100)).toBe(0);
  });
});
