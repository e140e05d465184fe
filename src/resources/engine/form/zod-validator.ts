import type { ErrorSchema, RJSFValidationError, ValidationData, ValidatorType } from "@rjsf/utils";
import type { z } from "zod";
import type { JsonSchema } from "./editor-schema";

// rjsf's validator, implemented with the resource's zod schema instead of ajv: ajv compiles validators with
// `new Function`, which our CSP forbids, and the zod schema carries the spec's exact messages.

/** How a message is shown: the current language's text of a spec message (default: as it is). */
export type MessageText = (message: string) => string;
const asIs: MessageText = (message) => message;

/** rjsf leaves an emptied text input undefined; zod then reports its "required" message. */
function issuesToErrors(issues: z.core.$ZodIssue[], text: MessageText = asIs): ValidationData<unknown> {
  const errors: RJSFValidationError[] = [];
  const errorSchema: Record<string, unknown> = {};
  for (const zodIssue of issues) {
    const issue = { path: zodIssue.path, code: zodIssue.code, message: text(zodIssue.message) };
    const path = issue.path.map(String);
    const property = path.length ? `.${path.join(".")}` : "";
    errors.push({ name: issue.code, message: issue.message, property, stack: `${property || "root"} ${issue.message}`.trim(), params: {} });
    let node = errorSchema as Record<string, unknown>;
    for (const segment of path) node = (node[segment] ??= {}) as Record<string, unknown>;
    const list = ((node.__errors as string[] | undefined) ??= []);
    if (!list.includes(issue.message)) list.push(issue.message);
  }
  return { errors, errorSchema: errorSchema as ErrorSchema<unknown> };
}

/** Enough JSON Schema to let rjsf pick anyOf/oneOf branches; the real validation is zod's. */
function matches(schema: JsonSchema | boolean | undefined, data: unknown): boolean {
  if (schema === undefined || schema === true) return true;
  if (schema === false) return false;
  if ("const" in schema && schema.const !== data) return false;
  if (Array.isArray(schema.enum) && !schema.enum.includes(data)) return false;
  const types = schema.type === undefined ? [] : Array.isArray(schema.type) ? schema.type : [schema.type];
  if (types.length) {
    const actual =
      data === null ? "null" : Array.isArray(data) ? "array" : typeof data === "number" && Number.isInteger(data) ? "integer" : typeof data;
    if (!types.some((t) => t === actual || (t === "number" && actual === "integer"))) return false;
  }
  if (schema.properties && data && typeof data === "object" && !Array.isArray(data)) {
    const record = data as Record<string, unknown>;
    for (const key of schema.required ?? []) if (record[key] === undefined) return false;
    for (const [key, sub] of Object.entries(schema.properties)) {
      if (record[key] !== undefined && !matches(sub, record[key])) return false;
    }
  }
  return true;
}

/** `text` puts each message shown under a field into the current language (the spec's messages are English). */
export function createZodValidator<T = unknown>(schema: z.ZodType, text: MessageText = asIs): ValidatorType<T> {
  return {
    validateFormData(formData, _schema, _customValidate, transformErrors, uiSchema) {
      const result = schema.safeParse(formData ?? {});
      if (result.success) return { errors: [], errorSchema: {} };
      const data = issuesToErrors(result.error.issues, text) as ValidationData<T>;
      if (transformErrors) data.errors = transformErrors(data.errors, uiSchema);
      return data;
    },
    isValid: (jsonSchema, formData) => matches(jsonSchema as JsonSchema, formData),
    rawValidation(_jsonSchema, formData) {
      const result = schema.safeParse(formData ?? {});
      return { errors: result.success ? [] : (result.error.issues as never[]) };
    },
  };
}

/** The zod schema's verdict in the shape the editor needs: parsed data or field errors. */
export function validateWithSchema(schema: z.ZodType, data: unknown) {
  const result = schema.safeParse(data ?? {});
  if (result.success) return { success: true as const, data: result.data };
  return { success: false as const, ...issuesToErrors(result.error.issues) };
}
