import type { JsonSchema, UiSchema } from "./editor-schema";
import { keySegment } from "../../../i18n/keys";

// The words of a generated editor come from its zod schema's .meta() and the declaration's field hints: field
// titles, descriptions, placeholders, help texts and the labels of enum choices. They are put through the
// current language where the engine builds the form, under slots named by the field's path:
//   fields.<path>.title | .description | .placeholder | .help | .enum.<value> (English: the `enumNames` hint, else the value)
// (path segments in lower camel, "PanelMessage.PanelTitle" → "panelMessage.panelTitle"; an array's items under the
// array's path, "fields[].Label" → "fields.label"). The section titles of SchemaForm are translated where they are
// drawn (templates.tsx), under sections.<name>.

/** (slot, English) → the text on screen. */
export type TextOf = (slot: string, english: string) => string;

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);

function walk(node: JsonSchema, ui: UiSchema, path: string[], text: TextOf) {
  for (const [key, property] of Object.entries(node.properties ?? {})) {
    if (!isObject(property)) continue;
    const segments = [...path, keySegment(key)];
    const slot = `fields.${segments.join(".")}`;
    if (typeof property.title === "string" && property.title) property.title = text(`${slot}.title`, property.title);
    if (typeof property.description === "string" && property.description) {
      property.description = text(`${slot}.description`, property.description);
    }
    const entry = isObject(ui[key]) ? (ui[key] as UiSchema) : undefined;
    if (entry && typeof entry["ui:placeholder"] === "string" && entry["ui:placeholder"]) {
      entry["ui:placeholder"] = text(`${slot}.placeholder`, entry["ui:placeholder"]);
    }
    if (entry && typeof entry["ui:help"] === "string" && entry["ui:help"]) entry["ui:help"] = text(`${slot}.help`, entry["ui:help"]);
    if (Array.isArray(property.enum) && entry?.["ui:widget"] !== "hidden") {
      // The English words are the schema's `enumNames` hint where it gives them, else the value itself.
      const english = isObject(entry?.["ui:enumNames"]) ? (entry["ui:enumNames"] as Record<string, unknown>) : {};
      const names: Record<string, string> = {};
      for (const value of property.enum) {
        if (typeof value !== "string" || !value) continue;
        const words = typeof english[value] === "string" && english[value] ? (english[value] as string) : value;
        names[value] = text(`${slot}.enum.${keySegment(value)}`, words);
      }
      if (Object.keys(names).length) ui[key] = { ...entry, "ui:enumNames": names };
    }
    if (property.properties) {
      const inner = isObject(ui[key]) ? (ui[key] as UiSchema) : (ui[key] = {});
      walk(property, inner, segments, text);
    }
    // An array's items: their fields under the array's path (fields.<array>.<field>.…).
    const items = property.items;
    if (isObject(items) && items.properties) {
      const holder = isObject(ui[key]) ? (ui[key] as UiSchema) : (ui[key] = {});
      const inner = isObject(holder.items) ? (holder.items as UiSchema) : (holder.items = {});
      walk(items as JsonSchema, inner, segments, text);
    }
  }
}

/** A deep copy of plain objects and arrays; functions and components (a uiSchema may hold them) are kept as they are. */
function copy<T>(value: T): T {
  if (Array.isArray(value)) return value.map(copy) as T;
  if (isObject(value) && Object.getPrototypeOf(value) === Object.prototype) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, copy(v)])) as T;
  }
  return value;
}

/** Copies of an editor's schema and uiSchema with every text through `text` (the originals are left as they are). */
export function localizeForm<S extends JsonSchema, U extends UiSchema>(schema: S, uiSchema: U, text: TextOf): { schema: S; uiSchema: U } {
  const localSchema = copy(schema);
  const localUi = copy(uiSchema);
  walk(localSchema, localUi, [], text);
  return { schema: localSchema, uiSchema: localUi };
}

/** Every text of an editor as [slot, English] (what localizeForm translates). */
export function formTexts(schema: JsonSchema, uiSchema: UiSchema): [slot: string, english: string][] {
  const found: [string, string][] = [];
  localizeForm(schema, uiSchema, (slot, english) => {
    found.push([slot, english]);
    return english;
  });
  return found;
}

/** Section titles of an editor's uiSchema (`ui:options.section`), each once. */
export function sectionTitles(uiSchema: UiSchema): string[] {
  const found = new Set<string>();
  const visit = (node: unknown) => {
    if (!isObject(node)) return;
    const options = node["ui:options"];
    if (isObject(options) && typeof options.section === "string" && options.section) found.add(options.section);
    for (const [key, value] of Object.entries(node)) if (!key.startsWith("ui:")) visit(value);
  };
  visit(uiSchema);
  return [...found];
}
