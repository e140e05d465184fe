import { clampMaxLength, clampMinLength, emptyField, type Form, type FormField, type FormInput } from "../../schemas/form";
import { limits, retryDelay } from "../../schemas/limits";
import { formMessages, frameMessages } from "../../schemas/messages";
import { t, type Params } from "../../i18n/core";
import { translateSpecText } from "../../i18n/spec-texts";

// The form editor's rules (SPEC §4 Form editor, §5 Form), free of React so they are tested on their own.

/** A translate function (`tr` of a component, or core's `t`): key, English fallback, params. */
export type Translate = (key: string, fallback: string, params?: Params) => string;
/** A spec-text translator (`specText` of a component, or translateSpecText). */
export type SpecText = (text: string) => string;

/** What the editor holds: the name and the fields in display order. */
export interface FormValues {
  FormName: string;
  fields: FormField[];
}

/** §4: a new form starts with one empty field; Reset returns here too. */
export const initialFormValues = (): FormValues => ({ FormName: "", fields: [emptyField(0)] });

/** A loaded form as editor values (fields by Position, FieldIds kept). */
export function formToValues(form: Pick<Form, "FormName" | "Fields">): FormValues {
  const fields = [...form.Fields].sort((a, b) => a.Position - b.Position).map((f, i) => ({ ...f, Position: i }));
  return { FormName: form.FormName, fields: fields.length ? fields : [emptyField(0)] };
}

const asText = (v: unknown) => (typeof v === "string" ? v : v === undefined || v === null ? "" : String(v));

/**
 * Applies the editor's rules to values the inputs produced: text inputs emptied to undefined become "", a new
 * field gets the defaults of §4, positions follow the order, and the length limits are clamped (§5):
 * a changed MaxLength between MinLength and 1024, a changed MinLength between 0 and MaxLength, anything
 * non-numeric counting as 0.
 */
export function normalizeValues(next: Partial<FormValues> | undefined, previous: FormValues): FormValues {
  const rawFields = Array.isArray(next?.fields) ? next!.fields : [];
  const fields = rawFields.slice(0, limits.formFieldsMax).map((raw, index) => {
    const field = { ...emptyField(index), ...(raw ?? {}) } as FormField & Record<string, unknown>;
    const before = previous.fields[index];
    const sameField = before && before.FieldId === field.FieldId;
    let min = clampMinLength(field.MinLength, limits.formMaxLengthLimit);
    let max = clampMaxLength(field.MaxLength, 0);
    if (sameField && String(field.MaxLength) !== String(before.MaxLength)) {
      max = clampMaxLength(field.MaxLength, min);
    } else if (sameField && String(field.MinLength) !== String(before.MinLength)) {
      min = clampMinLength(field.MinLength, max);
    } else if (min > max) {
      max = clampMaxLength(max, min);
    }
    const out: FormField = {
      Label: asText(field.Label),
      Placeholder: asText(field.Placeholder),
      Style: field.Style ?? "Short",
      Required: field.Required === true,
      MinLength: min,
      MaxLength: max,
      Position: index,
    };
    if (typeof field.FieldId === "number") out.FieldId = field.FieldId;
    return out;
  });
  return { FormName: asText(next?.FormName), fields };
}

/** §5: submit is disabled while pending, while the name is empty, or while any field has an empty label. */
export function canSubmit(values: FormValues, pending: boolean): boolean {
  if (pending) return false;
  if (values.FormName.trim() === "") return false;
  return values.fields.length > 0 && values.fields.every((f) => f.Label.trim() !== "");
}

/** §4: fields can be added while fewer than 5 and removed only while more than one. */
export const canAddField = (count: number) => count < limits.formFieldsMax;
export const canRemoveField = (count: number) => count > 1;

/**
 * The body of POST/PUT /{guildId}/forms[/{formId}]: fields with an empty label are dropped (§5), positions
 * renumbered, and in edit a new field carries FieldId -1 (§3). Throws the client wording of §5 when no
 * labelled field is left.
 */
export function toFormPayload(values: FormValues, mode: "create" | "edit"): FormInput {
  const fields = values.fields
    .filter((f) => f.Label.trim() !== "")
    .map((f, index) => {
      const field: FormField = { ...f, Label: f.Label.trim(), Position: index };
      if (mode === "edit") field.FieldId = typeof f.FieldId === "number" ? f.FieldId : -1;
      else delete field.FieldId;
      return field;
    });
  if (fields.length === 0) throw new Error(formMessages.oneLabelledFieldRequired);
  return { FormName: values.FormName.trim(), fields };
}

/** 'Field N: label' lines of a card (§2), in the language of `tr`. */
export const fieldLines = (form: Pick<Form, "Fields">, tr: Translate = t) =>
  [...form.Fields]
    .sort((a, b) => a.Position - b.Position)
    .map((f, i) => tr("spec.form.fieldLine", formMessages.fieldLine("{n}" as unknown as number, "{label}"), { n: i + 1, label: f.Label }));

const statusOf = (error: unknown) =>
  error && typeof error === "object" && "statusCode" in error ? (error as { statusCode?: unknown }).statusCode : undefined;

/** §7: the forms list is retried 3 times (never after 401/403, which end the session or leave the page). */
export function shouldRetryForms(failureCount: number, error: unknown): boolean {
  const status = statusOf(error);
  if (status === 401 || status === 403) return false;
  return failureCount < limits.formsFetchRetries;
}
/** §7: delay 1 s doubling, capped at 30 s. */
export const formsRetryDelay = (attempt: number) => retryDelay(attempt);

const messageOf = (error: unknown) => (error instanceof Error ? error.message : typeof error === "string" ? error : "");

/** §8: 'Failed to fetch forms: {error or status text}', in the language of `tr` / `specText`. */
export const fetchFormsError = (error: unknown, tr: Translate = t, specText: SpecText = translateSpecText) =>
  tr("spec.form.fetchFormsFailed", formMessages.fetchFormsFailed("{detail}"), {
    detail: messageOf(error) ? specText(messageOf(error)) : tr("spec.frame.unknownErrorShort", frameMessages.unknownErrorShort),
  });

/** Toast of a failed delete: a 409 names the panels using the form; anything else is 'Failed to delete form'. */
export const deleteFormError = (error: unknown) =>
  statusOf(error) === 409 && messageOf(error) ? messageOf(error) : formMessages.deleteFailed;

/** §8: create/update failures show the error message, or the fallback. */
/** §8: 'Failed to create form: {message}' / 'Failed to update form: {message}', or the bare text without one. */
export const saveFormError = (error: unknown, mode: "create" | "edit") => {
  const detail = messageOf(error);
  if (mode === "create") return detail ? formMessages.createFailedDetail(detail) : formMessages.createFailed;
  return detail ? formMessages.updateFailedDetail(detail) : formMessages.updateFailed;
};

/** §4: a delete counts as done only when the server says 'Form deleted successfully'. */
export const isDeleteConfirmed = (body: unknown) =>
  !!body && typeof body === "object" && (body as { message?: unknown }).message === formMessages.deletedByServer;
