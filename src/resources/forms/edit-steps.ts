import type { FormField, FormInput } from "../../schemas/form";
import { formMessages } from "../../schemas/messages";
import type { FormValues } from "./logic";

// Saving an edited form through the spec's single-purpose endpoints (§7): rename, delete, change, add and move a
// field each through its own route, in that order, so a failure names the step that failed ('Failed to update
// form name', 'Failed to delete field', …) and what was saved before it stays saved.

export type FormStep =
  | { kind: "rename"; FormName: string }
  | { kind: "delete"; fieldId: number }
  | { kind: "update"; fieldId: number; patch: Partial<FormField> }
  | { kind: "create"; field: FormField }
  | { kind: "order"; fieldIds: (number | null)[] };

const fieldKeys = ["Label", "Placeholder", "Style", "Required", "MinLength", "MaxLength"] as const;

/** The steps from the form as loaded to the editor's payload (new fields have FieldId -1 or none). */
export function formEditSteps(loaded: FormValues, next: FormInput): FormStep[] {
  const steps: FormStep[] = [];
  if (loaded.FormName.trim() !== next.FormName) steps.push({ kind: "rename", FormName: next.FormName });
  const kept = new Set(next.fields.map((f) => f.FieldId).filter((id): id is number => typeof id === "number" && id >= 0));
  for (const f of loaded.fields)
    if (typeof f.FieldId === "number" && !kept.has(f.FieldId)) steps.push({ kind: "delete", fieldId: f.FieldId });
  for (const f of next.fields) {
    const before = loaded.fields.find((b) => b.FieldId === f.FieldId);
    if (!before || typeof f.FieldId !== "number" || f.FieldId < 0) continue;
    const patch: Partial<FormField> = {};
    for (const key of fieldKeys) if (f[key] !== before[key]) (patch as Record<string, unknown>)[key] = f[key];
    if (Object.keys(patch).length) steps.push({ kind: "update", fieldId: f.FieldId, patch });
  }
  for (const f of next.fields) {
    if (typeof f.FieldId !== "number" || f.FieldId < 0) {
      const { FieldId: _id, ...field } = f;
      steps.push({ kind: "create", field: field as FormField });
    }
  }
  // The final order, by id (null: a field created above, in its place); only when it differs.
  const order = next.fields.map((f) => (typeof f.FieldId === "number" && f.FieldId >= 0 ? f.FieldId : null));
  const keptBefore = loaded.fields.map((f) => f.FieldId).filter((id): id is number => typeof id === "number" && kept.has(id));
  const keptAfter = order.filter((id): id is number => id !== null);
  const appendedOnly = order.slice(keptAfter.length).every((id) => id === null) && keptAfter.every((id, i) => keptBefore[i] === id);
  if (!appendedOnly) steps.push({ kind: "order", fieldIds: order });
  return steps;
}

/** The failure text of a step (§8). */
export const stepFailure = (step: FormStep): string =>
  step.kind === "rename"
    ? formMessages.renameFailed
    : step.kind === "delete"
      ? formMessages.deleteFieldFailed
      : step.kind === "update"
        ? formMessages.updateFieldFailed
        : step.kind === "create"
          ? formMessages.createFieldFailed
          : formMessages.positionFailed;

export interface FormApi {
  rename(FormName: string): Promise<void>;
  deleteField(fieldId: number): Promise<void>;
  updateField(fieldId: number, patch: Partial<FormField>): Promise<void>;
  /** Returns the new field's id. */
  createField(field: FormField): Promise<number>;
  moveField(fieldId: number, position: number): Promise<void>;
}

/** Runs the steps in order; on the first failure, says which step failed (and stops). */
export async function runFormSteps(steps: FormStep[], api: FormApi): Promise<{ ok: true } | { ok: false; step: FormStep; error: unknown }> {
  const created: number[] = [];
  for (const step of steps) {
    try {
      if (step.kind === "rename") await api.rename(step.FormName);
      else if (step.kind === "delete") await api.deleteField(step.fieldId);
      else if (step.kind === "update") await api.updateField(step.fieldId, step.patch);
      else if (step.kind === "create") created.push(await api.createField(step.field));
      else {
        // New fields take their ids in the order they were created; then each field moves to its place.
        const ids = step.fieldIds.map((id) => (id === null ? created.shift()! : id));
        for (let position = 0; position < ids.length; position++) await api.moveField(ids[position]!, position);
      }
    } catch (error) {
      return { ok: false, step, error };
    }
  }
  return { ok: true };
}
