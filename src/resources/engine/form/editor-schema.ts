import { z } from "zod";
import type { FieldHint } from "../types";

// The one converter of the form engine: a zod schema whose fields carry UI hints in .meta() → the JSON Schema
// (draft-07, the input side) and the uiSchema rjsf draws. zod 4 converts itself; the override hook turns
// `.nullable()`'s `anyOf [X, null]` into `type: [X, "null"]` (rjsf would draw a two-option dropdown). The hints:
//   title, help, placeholder, rows, widget  → the field's label, help text and widget (any name of the widget
//                                             registry, ./widgets/registry.ts, or one of rjsf's own)
//   section                                 → the card the field (or a whole nested object) is shown in
//   order                                   → position among its siblings (lower first; unordered keep theirs)
//   span                                    → width on wide screens, of 24 columns (full width below md)
//   highlightEmpty                          → when the section's own rule fails, an empty field is marked too
//   visibleWhen                             → shown only while that sibling boolean is on
//   enumNames                               → the English words of an enum's values ({ value: "Words" }); the
//                                             current language's come from <resource>.fields.<field>.enum.<value>
// A declaration's field hints (`fields` of src/resources/engine/types.ts) win over the schema's, for the top-level
// fields. Nested objects and the items of arrays are walked too, so hints work at any depth.

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

export interface UiHints extends FieldHint {
  section?: string;
  order?: number;
  span?: number;
  highlightEmpty?: boolean;
  visibleWhen?: string;
  enumNames?: Record<string, string>;
}

const hintKeys = [
  "help",
  "placeholder",
  "rows",
  "widget",
  "section",
  "order",
  "span",
  "highlightEmpty",
  "visibleWhen",
  "enumNames",
] as const;

/** Options of one property, as the templates read them from `ui:options`. */
export interface FieldOptions {
  section?: string;
  span?: number;
  highlightEmpty?: boolean;
  visibleWhen?: string;
  rows?: number;
}

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

/** zod → JSON Schema, draft-07, the input side (what a user types, before defaults and transforms). */
export function toJsonSchema(schema: z.ZodType): JsonSchema {
  return z.toJSONSchema(schema, {
    target: "draft-7",
    io: "input",
    unrepresentable: "any",
    override: (ctx) => collapseNullable(ctx.jsonSchema as JsonSchema),
  }) as JsonSchema;
}

/** Moves the hints out of a JSON Schema node (the declaration's win) and returns its uiSchema entry. */
function uiEntry(property: JsonSchema, declared: FieldHint | undefined): { entry: UiSchema; order?: number } {
  const hints: UiHints = {};
  for (const k of hintKeys) {
    if (k in property) {
      (hints as Record<string, unknown>)[k] = property[k];
      delete property[k];
    }
  }
  for (const [k, v] of Object.entries(declared ?? {})) if (v !== undefined) (hints as Record<string, unknown>)[k] = v;
  if (hints.title) property.title = hints.title;
  const entry: UiSchema = {};
  if (hints.widget) entry["ui:widget"] = hints.widget;
  if (hints.placeholder) entry["ui:placeholder"] = hints.placeholder;
  if (hints.help) entry["ui:help"] = hints.help;
  if (hints.enumNames && typeof hints.enumNames === "object") entry["ui:enumNames"] = { ...hints.enumNames };
  const options: FieldOptions = {};
  if (hints.rows) options.rows = hints.rows;
  if (hints.section) options.section = hints.section;
  if (hints.span) options.span = hints.span;
  if (hints.highlightEmpty) options.highlightEmpty = true;
  if (hints.visibleWhen) options.visibleWhen = hints.visibleWhen;
  if (Object.keys(options).length) entry["ui:options"] = options;
  return { entry, order: typeof hints.order === "number" ? hints.order : undefined };
}

/** The uiSchema of a node's inside: its properties (ordered by their hints), or its items. */
function walk(node: JsonSchema, ui: UiSchema, declared: Record<string, FieldHint> = {}) {
  if (node.items && typeof node.items === "object" && !Array.isArray(node.items)) {
    const items = uiEntry(node.items, undefined).entry;
    walk(node.items, items);
    if (Object.keys(items).length) ui.items = items;
  }
  const properties = node.properties;
  if (!properties) return;
  const keys = Object.keys(properties);
  const orders = new Map<string, number>();
  for (const key of keys) {
    const property = properties[key];
    const { entry, order } = uiEntry(property, declared[key]);
    if (order !== undefined) orders.set(key, order);
    walk(property, entry);
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

/** JSON Schema (draft-07, input side) and uiSchema of an editor for `schema`, with a declaration's field hints. */
export function toEditorSchema(schema: z.ZodType, fields?: Record<string, FieldHint>): { schema: JsonSchema; uiSchema: UiSchema } {
  const jsonSchema = toJsonSchema(schema);
  delete jsonSchema.$schema;
  const uiSchema: UiSchema = { "ui:submitButtonOptions": { norender: true } };
  walk(jsonSchema, uiSchema, fields);
  return { schema: jsonSchema, uiSchema };
}

/**
 * The uiSchema node and JSON Schema node at a path of property names and array indexes ("fields", "0", "Label"),
 * undefined when it leaves the schema.
 */
export function nodeAt(schema: JsonSchema, uiSchema: UiSchema, path: string[]) {
  let node: JsonSchema | undefined = schema;
  let ui: UiSchema | undefined = uiSchema;
  for (const key of path) {
    if (/^\d+$/.test(key) && node?.items && typeof node.items === "object" && !Array.isArray(node.items)) {
      node = node.items;
      ui = ui?.items as UiSchema | undefined;
      continue;
    }
    node = node?.properties?.[key];
    ui = ui?.[key] as UiSchema | undefined;
    if (!node) return undefined;
  }
  return { schema: node, ui: ui ?? {} };
}

/** `base` with `extra` laid over it, object by object (what a screen adds to a generated uiSchema). */
export function mergeUi(base: UiSchema, extra: UiSchema | undefined): UiSchema {
  if (!extra) return base;
  const out: UiSchema = { ...base };
  for (const [key, value] of Object.entries(extra)) {
    const under = out[key];
    const plain = (v: unknown): v is UiSchema =>
      typeof v === "object" && v !== null && !Array.isArray(v) && Object.getPrototypeOf(v) === Object.prototype;
    out[key] = plain(under) && plain(value) ? mergeUi(under, value) : value;
  }
  return out;
}

export const optionsOf = (ui: UiSchema | undefined): FieldOptions => (ui?.["ui:options"] as FieldOptions | undefined) ?? {};
