import { describe, expect, it } from "vitest";
import { mergeUi, toEditorSchema } from "../../../src/resources/engine/form/editor-schema";
import type { ClampOptions } from "../../../src/resources/engine/widgets/ClampedNumberWidget";
import { formEditorSchema, formEditorUi } from "../../../src/resources/forms/editor/editor-schema";
import {
  canAddField,
  canRemoveField,
  canSubmit,
  deleteFormError,
  fetchFormsError,
  fieldLines,
  formToValues,
  formsRetryDelay,
  initialFormValues,
  isDeleteConfirmed,
  normalizeValues,
  saveFormError,
  shouldRetryForms,
  toFormPayload,
  type FormValues,
} from "../../../src/resources/forms/logic";
import { emptyField } from "../../../src/schemas/form";
import { formMessages } from "../../../src/schemas/messages";
import { HttpError } from "../../../src/providers/http";

const values = (labels: string[], name = "Apply"): FormValues => ({
  FormName: name,
  fields: labels.map((Label, i) => ({ ...emptyField(i), Label })),
});

describe("form editor rules (SPEC §4, §5)", () => {
  it("a new form is one empty field: Short, not required, 0..1024, position 0", () => {
    expect(initialFormValues()).toEqual({
      FormName: "",
      fields: [{ Label: "", Placeholder: "", Style: "Short", Required: false, MinLength: 0, MaxLength: 1024, Position: 0 }],
    });
  });

  it("fields are added while fewer than 5 and removed only while more than one", () => {
    expect([0, 1, 4, 5, 6].map(canAddField)).toEqual([true, true, true, false, false]);
    expect([0, 1, 2, 5].map(canRemoveField)).toEqual([false, false, true, true]);
  });

  it("submit is disabled while pending, with an empty name, or with any empty label", () => {
    expect(canSubmit(values(["Age"]), false)).toBe(true);
    expect(canSubmit(values(["Age"]), true)).toBe(false);
    expect(canSubmit(values(["Age"], "   "), false)).toBe(false);
    expect(canSubmit(values(["Age", " "]), false)).toBe(false);
    expect(canSubmit({ FormName: "A", fields: [] }, false)).toBe(false);
  });

  it("clamps a changed MaxLength between MinLength and 1024, a changed MinLength between 0 and MaxLength", () => {
    const before = values(["a"]);
    before.fields[0] = { ...before.fields[0], MinLength: 10, MaxLength: 100 };
    const change = (patch: object) => normalizeValues({ ...before, fields: [{ ...before.fields[0], ...patch }] }, before).fields[0];
    expect(change({ MaxLength: 5000 })).toMatchObject({ MinLength: 10, MaxLength: 1024 });
    expect(change({ MaxLength: 3 })).toMatchObject({ MinLength: 10, MaxLength: 10 });
    expect(change({ MaxLength: "abc" })).toMatchObject({ MaxLength: 10 });
    expect(change({ MinLength: 500 })).toMatchObject({ MinLength: 100, MaxLength: 100 });
    expect(change({ MinLength: -7 })).toMatchObject({ MinLength: 0, MaxLength: 100 });
    expect(change({ MinLength: "x" })).toMatchObject({ MinLength: 0 });
    expect(change({ MinLength: "42" })).toMatchObject({ MinLength: 42 });
  });

  it("normalizes what the inputs produce: undefined texts, positions by order, defaults of a new field", () => {
    const before = values(["a", "b"]);
    const next = normalizeValues(
      { FormName: undefined, fields: [{ ...before.fields[1], Label: undefined as never }, before.fields[0], {} as never] },
      before,
    );
    expect(next.FormName).toBe("");
    expect(next.fields.map((f) => [f.Label, f.Position])).toEqual([
      ["", 0],
      ["a", 1],
      ["", 2],
    ]);
    expect(next.fields[2]).toEqual(emptyField(2));
  });

  it("a loaded form becomes editor values ordered by Position with FieldIds kept", () => {
    const form = {
      FormName: "F",
      Fields: [
        { ...emptyField(1), FieldId: 8, Label: "second" },
        { ...emptyField(0), FieldId: 9, Label: "first" },
      ],
    };
    expect(formToValues(form).fields.map((f) => [f.FieldId, f.Label, f.Position])).toEqual([
      [9, "first", 0],
      [8, "second", 1],
    ]);
    expect(fieldLines(form)).toEqual(["Field 1: first", "Field 2: second"]);
  });

  it("the request drops unlabelled fields, trims, renumbers, and marks new fields -1 in edit", () => {
    const v = values(["  Age ", "", "Why?"], " Apply ");
    v.fields[2].FieldId = 31;
    expect(toFormPayload(v, "create")).toEqual({
      FormName: "Apply",
      fields: [
        { ...emptyField(0), Label: "Age" },
        { ...emptyField(1), Label: "Why?" },
      ],
    });
    const edit = toFormPayload(v, "edit");
    expect(edit.fields.map((f) => [f.FieldId, f.Label, f.Position])).toEqual([
      [-1, "Age", 0],
      [31, "Why?", 1],
    ]);
    expect(() => toFormPayload(values(["", " "]), "create")).toThrow(formMessages.oneLabelledFieldRequired);
  });
});

describe("forms requests (SPEC §7, §8)", () => {
  it("the list is retried 3 times with delay min(1000 × 2^n, 30000), never after 401/403", () => {
    const serverError = new HttpError(500, "Internal server error");
    expect([0, 1, 2, 3].map((n) => shouldRetryForms(n, serverError))).toEqual([true, true, true, false]);
    expect(shouldRetryForms(0, new HttpError(401, "x"))).toBe(false);
    expect(shouldRetryForms(0, new HttpError(403, "x"))).toBe(false);
    expect([0, 1, 2, 4, 5, 10].map(formsRetryDelay)).toEqual([1000, 2000, 4000, 16000, 30000, 30000]);
  });

  it("words the failures of §8", () => {
    expect(fetchFormsError(new HttpError(500, "Internal server error"))).toBe("Failed to fetch forms: Internal server error");
    expect(deleteFormError(new HttpError(409, 'This form is used by the panel "Billing".'))).toBe(
      'This form is used by the panel "Billing".',
    );
    expect(deleteFormError(new HttpError(500, "boom"))).toBe(formMessages.deleteFailed);
    expect(saveFormError(new HttpError(400, "Form name is required"), "create")).toBe("Failed to create form: Form name is required");
    expect(saveFormError(new HttpError(0, ""), "create")).toBe(formMessages.createFailed);
    expect(saveFormError(undefined, "edit")).toBe(formMessages.updateFailed);
  });

  it("a delete counts only when the server says 'Form deleted successfully'", () => {
    expect(isDeleteConfirmed({ message: "Form deleted successfully" })).toBe(true);
    expect(isDeleteConfirmed({ message: "ok" })).toBe(false);
    expect(isDeleteConfirmed(undefined)).toBe(false);
  });
});

describe("editor schema (from src/schemas/form.ts, through the engine's one converter)", () => {
  const generated = toEditorSchema(formEditorSchema);
  const schema = generated.schema;
  const uiSchema = mergeUi(generated.uiSchema, formEditorUi());
  const items = schema.properties!.fields.items!;
  const itemsUi = (uiSchema.fields as Record<string, Record<string, Record<string, unknown>>>).items;

  it("takes titles, placeholders, widgets and limits from the zod schema and its .meta()", () => {
    expect(schema.properties!.FormName.title).toBe(formMessages.formName);
    expect(schema.properties!.fields.maxItems).toBe(5);
    expect(Object.fromEntries(Object.entries(items.properties!).map(([k, v]) => [k, (v as { title?: string }).title]))).toMatchObject({
      Label: "Field Label",
      Placeholder: "Placeholder",
      Style: "Field Type",
      Required: "Required",
      MinLength: "Min length",
      MaxLength: "Max length",
    });
    expect(items.properties!.Style.enum).toEqual(["Short", "Paragraph", "Dropdown"]);
    expect(items.properties!.Label.maxLength).toBe(45);
    expect(items.properties!.Placeholder.maxLength).toBe(100);
    expect(itemsUi.FieldId["ui:widget"]).toBe("hidden");
    expect(itemsUi.Position["ui:widget"]).toBe("hidden");
    expect(itemsUi.MaxLength["ui:widget"]).toBe("clampedNumber");
    expect(itemsUi.Label["ui:placeholder"]).toBeTypeOf("string");
    // UI keys are moved out of the JSON Schema.
    expect(items.properties!.MaxLength).not.toHaveProperty("widget");
  });

  it("the number widgets clamp with the other values of their field", () => {
    const maxClamp = (itemsUi.MaxLength["ui:options"] as unknown as ClampOptions).clamp;
    const minClamp = (itemsUi.MinLength["ui:options"] as unknown as ClampOptions).clamp;
    expect(maxClamp("5000", { MinLength: 3 })).toBe(1024);
    expect(maxClamp("1", { MinLength: 3 })).toBe(3);
    expect(maxClamp("", { MinLength: 0 })).toBe(0);
    expect(minClamp("50", { MaxLength: 20 })).toBe(20);
    expect(minClamp("-3", { MaxLength: 20 })).toBe(0);
    expect(minClamp("7", {})).toBe(7);
  });
});
