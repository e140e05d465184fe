import type { z } from "zod";
import { type JsonSchema, toJsonSchema, type UiSchema } from "../json-schema";

// The editor's JSON Schema and uiSchema, derived from a zod schema whose fields carry UI hints in .meta():
//   title, help, placeholder, rows, widget  → the field's label, help text and widget
//   section                                 → the card the field (or a whole nested object) is shown in
//   order                                   → position among its siblings (lower first; unordered keep theirs)
//   span                                    → width on wide screens, of 24 columns (full width below md)
//   highlightEmpty                          → when the section's own rule fails, an empty field is marked too
//   visibleWhen                             → shown only while that sibling boolean is on
// Nested objects are walked recursively, so hints work at any depth.

export interface UiHints {
  title?: string;
  help?: string;
  placeholder?: string;
  rows?: number;
  widget?: string;
  section?: string;
  order?: number;
  span?: number;
  highlightEmpty?: boolean;
  visibleWhen?: string;
}

const hintKeys = ["help", "placeholder", "rows", "widget", "section", "order", "span", "highlightEmpty", "visibleWhen"] as const;

/** Options of one property, as the templates read them from `ui:options`. */
export interface FieldOptions {
  section?: string;
  span?: number;
  highlightEmpty?: boolean;
  visibleWhen?: string;
  rows?: number;
}

function walk(node: JsonSchema, ui: UiSchema) {
  const properties = node.properties;
  if (!properties) return;
  const keys = Object.keys(properties);
  const orders = new Map<string, number>();
  for (const key of keys) {
    const property = properties[key];
    const hints: UiHints = {};
    for (const k of hintKeys) {
      if (k in property) {
        (hints as Record<string, unknown>)[k] = property[k];
        delete property[k];
      }
    }
    if (typeof hints.order === "number") orders.set(key, hints.order);
    const entry: Record<string, unknown> = {};
    if (hints.widget) entry["ui:widget"] = hints.widget;
    if (hints.placeholder) entry["ui:placeholder"] = hints.placeholder;
    if (hints.help) entry["ui:help"] = hints.help;
    const options: FieldOptions = {};
    if (hints.rows) options.rows = hints.rows;
    if (hints.section) options.section = hints.section;
    if (hints.span) options.span = hints.span;
    if (hints.highlightEmpty) options.highlightEmpty = true;
    if (hints.visibleWhen) options.visibleWhen = hints.visibleWhen;
    if (Object.keys(options).length) entry["ui:options"] = options;
    if (property.type === "object" && property.properties) walk(property, entry);
    ui[key] = entry;
  }
  const position = new Map(keys.map((k, i) => [k, i]));
  const sorted = [...keys].sort((a, b) => {
    const oa = orders.get(a) ?? Number.POSITIVE_INFINITY;
    const ob = orders.get(b) ?? Number.POSITIVE_INFINITY;
    return oa === ob ? position.get(a)! - position.get(b)! : oa - ob;
  });
  ui["ui:order"] = [...sorted, "*"];
}

/** JSON Schema (draft-07, input side) and uiSchema of an editor for `schema`. */
export function toEditorSchema(schema: z.ZodType): { schema: JsonSchema; uiSchema: UiSchema } {
  const jsonSchema = toJsonSchema(schema);
  delete jsonSchema.$schema;
  const uiSchema: UiSchema = { "ui:submitButtonOptions": { norender: true } };
  walk(jsonSchema, uiSchema);
  return { schema: jsonSchema, uiSchema };
}

/** The uiSchema node and JSON Schema node at a path of property names (undefined when it leaves the schema). */
export function nodeAt(schema: JsonSchema, uiSchema: UiSchema, path: string[]) {
  let node: JsonSchema | undefined = schema;
  let ui: UiSchema | undefined = uiSchema;
  for (const key of path) {
    node = node?.properties?.[key];
    ui = ui?.[key] as UiSchema | undefined;
    if (!node) return undefined;
  }
  return { schema: node, ui: ui ?? {} };
}

export const optionsOf = (ui: UiSchema | undefined): FieldOptions => ((ui?.["ui:options"] as FieldOptions | undefined) ?? {});
