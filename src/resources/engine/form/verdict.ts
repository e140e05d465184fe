import type { ErrorSchema } from "@rjsf/utils";
import type { z } from "zod";
import type { JsonSchema, UiSchema } from "./editor-schema";
import { rjsfWidgetNames } from "../widgets/names";
import { nodeAt, optionsOf } from "./editor-schema";

// zod's verdict on the editor's data, laid out for the screen: messages under their fields, the object-level
// rules ("at least one of …") at the top of their section, and the empty fields those rules concern
// (highlightEmpty) marked with the same message — unless the rule is about a total of the filled fields.

export interface EditorVerdict<T = unknown> {
  success: boolean;
  data?: T;
  /** For rjsf's extraErrors: messages under fields. */
  fieldErrors: ErrorSchema;
  /** Section title ("" for the top of the form) → messages shown at its top. */
  sectionErrors: Record<string, string[]>;
  /** Every message once, in order (the 'Validation Error: …' toast). */
  messages: string[];
}

export interface VerdictOptions {
  /** Screen wording for some schema messages (SPEC §5 words some differently on screen). */
  screenMessages?: Record<string, string>;
  /** Where messages about the whole object go (its rule has no field); default the top of the form. */
  rootSection?: string;
  /** The current language's text of a message (after screenMessages); default: as it is. */
  translate?: (message: string) => string;
}

const isEmpty = (value: unknown) =>
  value === undefined ||
  value === null ||
  (typeof value === "string" && value.trim() === "") ||
  (Array.isArray(value) && value.length === 0);

/** An issue a rule marked as a total of several fields (src/schemas/send-limits.ts, totalIssueParams). */
const isAboutTotal = (issue: z.core.$ZodIssue) => issue.code === "custom" && issue.params?.total === true;

const builtinWidgets = new Set<string>(rjsfWidgetNames);

function addAt(errors: ErrorSchema, path: string[], message: string) {
  let node = errors as Record<string, unknown>;
  for (const key of path) node = (node[key] ??= {}) as Record<string, unknown>;
  const list = ((node.__errors as string[] | undefined) ??= []);
  if (!list.includes(message)) list.push(message);
}

function valueAt(data: unknown, path: string[]): unknown {
  let v = data;
  for (const key of path) v = v && typeof v === "object" ? (v as Record<string, unknown>)[key] : undefined;
  return v;
}

/** Where an issue is shown: the deepest schema property on its path, stopping at a custom widget (it owns its inside). */
function targetOf(schema: JsonSchema, ui: UiSchema, issuePath: PropertyKey[]): string[] {
  const out: string[] = [];
  for (const part of issuePath) {
    if (typeof part !== "string" && typeof part !== "number") break;
    const key = String(part);
    const here = nodeAt(schema, ui, out);
    const widget = here?.ui["ui:widget"];
    if (out.length > 0 && typeof widget === "string" && !builtinWidgets.has(widget)) break;
    if (!nodeAt(schema, ui, [...out, key])) break;
    out.push(key);
  }
  return out;
}

export function editorVerdict<T>(
  zodSchema: z.ZodType<T>,
  schema: JsonSchema,
  ui: UiSchema,
  data: unknown,
  options: VerdictOptions = {},
): EditorVerdict<T> {
  const result = zodSchema.safeParse(data ?? {});
  if (result.success) return { success: true, data: result.data, fieldErrors: {}, sectionErrors: {}, messages: [] };
  const fieldErrors: ErrorSchema = {};
  const sectionErrors: Record<string, string[]> = {};
  const messages: string[] = [];
  for (const issue of result.error.issues) {
    const english = options.screenMessages?.[issue.message] ?? issue.message;
    const message = options.translate ? options.translate(english) : english;
    if (!messages.includes(message)) messages.push(message);
    const path = targetOf(schema, ui, issue.path);
    const node = nodeAt(schema, ui, path)!;
    const isObject = node.schema.type === "object" && !!node.schema.properties;
    if (!isObject) {
      addAt(fieldErrors, path, message);
      continue;
    }
    const section = path.length === 0 ? (options.rootSection ?? "") : (optionsOf(node.ui).section ?? "");
    const list = (sectionErrors[section] ??= []);
    if (!list.includes(message)) list.push(message);
    // A total (an embed over Discord's 6,000 characters) is about the filled fields, not the empty ones.
    if (isAboutTotal(issue)) continue;
    for (const key of Object.keys(node.schema.properties!)) {
      const child = node.ui[key] as UiSchema | undefined;
      if (optionsOf(child).highlightEmpty && isEmpty(valueAt(data, [...path, key]))) addAt(fieldErrors, [...path, key], message);
    }
  }
  return { success: false, fieldErrors, sectionErrors, messages };
}
