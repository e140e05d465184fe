import { z } from "zod";
import type { FieldHint } from "./types";

// zod → JSON Schema (draft-07, the input side of the schema) → rjsf. zod 4 converts itself; the override hook
// turns `.nullable()`'s `anyOf [X, null]` into `type: [X, "null"]` (rjsf would draw a two-option dropdown)
// and lifts UI keys found in `.meta()` (widget, placeholder, rows, help) out of the schema into the uiSchema.

export type JsonSchema = {
  type?: string | string[];
  title?: string;
  description?: string;
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  required?: string[];
  anyOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  [key: string]: unknown;
};

export type UiSchema = Record<string, unknown>;

const uiMetaKeys = ["widget", "placeholder", "rows", "help"] as const;

function collapseNullable(node: JsonSchema) {
  const variants = node.anyOf;
  if (!Array.isArray(variants) || variants.length !== 2) return;
  const nullIndex = variants.findIndex((v) => v.type === "null" && Object.keys(v).length === 1);
  if (nullIndex < 0) return;
  const other = variants[1 - nullIndex];
  if (typeof other.type !== "string") return; // $ref or a union: leave it as it is
  delete node.anyOf;
  Object.assign(node, { ...other, ...node, type: [other.type, "null"] });
}

export function toJsonSchema(schema: z.ZodType): JsonSchema {
  return z.toJSONSchema(schema, {
    target: "draft-7",
    io: "input",
    unrepresentable: "any",
    override: (ctx) => collapseNullable(ctx.jsonSchema as JsonSchema),
  }) as JsonSchema;
}

/** The schema and uiSchema of a generated editor. */
export function toFormSchema(schema: z.ZodType, fields: Record<string, FieldHint> = {}) {
  const jsonSchema = toJsonSchema(schema);
  delete jsonSchema.$schema;
  const uiSchema: UiSchema = { "ui:submitButtonOptions": { norender: true } };
  const order = Object.keys(jsonSchema.properties ?? {});
  for (const key of order) {
    const property = jsonSchema.properties![key];
    const hint: FieldHint = { ...fields[key] };
    // Hints found in .meta() unless the declaration overrides them.
    for (const metaKey of uiMetaKeys) {
      if (metaKey in property) {
        (hint as Record<string, unknown>)[metaKey] ??= property[metaKey];
        delete property[metaKey];
      }
    }
    if (hint.title) property.title = hint.title;
    const ui: Record<string, unknown> = {};
    if (hint.widget) ui["ui:widget"] = hint.widget;
    if (hint.placeholder) ui["ui:placeholder"] = hint.placeholder;
    if (hint.help) ui["ui:help"] = hint.help;
    if (hint.rows) ui["ui:options"] = { rows: hint.rows };
    if (Object.keys(ui).length) uiSchema[key] = ui;
  }
  uiSchema["ui:order"] = [...order, "*"];
  return { schema: jsonSchema, uiSchema };
}
