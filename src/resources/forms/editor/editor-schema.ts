import { clampMaxLength, clampMinLength, formInputSchema, type FormField } from "../../../schemas/form";
import { t } from "../../../i18n/core";
import { translateSpecText } from "../../../i18n/spec-texts";
import { type JsonSchema, toJsonSchema, type UiSchema } from "../../engine/json-schema";
import type { SpecText, Translate } from "../logic";

// The form editor's JSON Schema and uiSchema, derived from the shared zod schema (src/schemas/form.ts):
// titles, placeholders and widgets come from its `.meta()`, limits (maxItems 5, lengths) from its rules.
// Only what the schema cannot say lives here: the cross-field clamping of §5, the array's buttons, and the
// titles, placeholders and option labels in the current language (ui:title, ui:placeholder, ui:enumNames; the
// JSON Schema keeps the English of the zod schema).

const uiMetaKeys = ["widget", "placeholder", "rows", "help"] as const;

/** Moves the UI keys of `.meta()` out of the JSON Schema into the uiSchema, at every depth. */
function liftUiHints(node: JsonSchema, ui: UiSchema) {
  for (const key of uiMetaKeys) {
    if (!(key in node)) continue;
    const value = node[key];
    delete node[key];
    if (key === "rows") ui["ui:options"] = { ...(ui["ui:options"] as object), rows: value };
    else ui[`ui:${key}`] = value;
  }
  for (const [name, child] of Object.entries(node.properties ?? {})) {
    const childUi = ((ui[name] as UiSchema | undefined) ??= {});
    liftUiHints(child, childUi);
  }
  if (node.items && typeof node.items === "object") {
    const itemsUi = ((ui.items as UiSchema | undefined) ??= {});
    liftUiHints(node.items, itemsUi);
  }
}

/** Options of the `clampedNumber` widget: how to clamp a typed value given the other values of its object. */
export interface ClampOptions {
  clamp: (raw: unknown, siblings: Partial<FormField>) => number;
}

/** The field inputs' texts in the language of `tr` (English fallbacks: the zod schema's .meta()). */
function translateTexts(schema: JsonSchema, uiSchema: UiSchema, tr: Translate, specText: SpecText) {
  const name = uiSchema.FormName as UiSchema;
  const nameSchema = schema.properties?.FormName;
  if (nameSchema?.title) name["ui:title"] = specText(nameSchema.title);
  if (typeof name["ui:placeholder"] === "string") name["ui:placeholder"] = tr("forms.editor.formNamePlaceholder", name["ui:placeholder"]);

  const props = schema.properties?.fields?.items?.properties ?? {};
  const items = (uiSchema.fields as UiSchema).items as UiSchema;
  const ui = (key: string) => ((items[key] as UiSchema | undefined) ??= {});
  const title = (key: string, translated: (english: string) => string) => {
    const english = props[key]?.title;
    if (english) ui(key)["ui:title"] = translated(english);
  };
  title("Label", (english) => tr("forms.editor.fieldLabel", english));
  title("Placeholder", (english) => tr("forms.editor.placeholder", english));
  title("Style", (english) => tr("forms.editor.fieldType", english));
  title("Required", (english) => tr("forms.editor.required", english));
  title("MinLength", (english) => tr("forms.editor.minLength", english));
  title("MaxLength", (english) => tr("forms.editor.maxLength", english));
  const placeholder = (key: string, translated: (english: string) => string) => {
    const english = ui(key)["ui:placeholder"];
    if (typeof english === "string") ui(key)["ui:placeholder"] = translated(english);
  };
  placeholder("Label", (english) => tr("forms.editor.fieldLabelPlaceholder", english));
  placeholder("Placeholder", (english) => tr("forms.editor.placeholderPlaceholder", english));
  const styleNames: Record<string, string> = {
    Short: tr("forms.editor.style.short", "Short"),
    Paragraph: tr("forms.editor.style.paragraph", "Paragraph"),
    Dropdown: tr("forms.editor.style.dropdown", "Dropdown"),
  };
  const styles = props.Style?.enum;
  if (Array.isArray(styles)) ui("Style")["ui:enumNames"] = styles.map((value) => styleNames[String(value)] ?? String(value));
}

/**
 * The editor's JSON Schema and uiSchema; its labels, placeholders and option names in the language of `tr`
 * (a component passes its `tr` and `specText`, and builds again when they change).
 */
export function buildEditorSchema(tr: Translate = t, specText: SpecText = translateSpecText) {
  const schema = toJsonSchema(formInputSchema);
  delete schema.$schema;
  const uiSchema: UiSchema = { "ui:submitButtonOptions": { norender: true } };
  liftUiHints(schema, uiSchema);

  const name = uiSchema.FormName as UiSchema;
  name["ui:emptyValue"] = "";
  const fields = uiSchema.fields as UiSchema;
  fields["ui:options"] = { orderable: true, removable: true, addable: true, label: false };
  const items = fields.items as UiSchema;
  for (const key of ["Label", "Placeholder"]) (items[key] as UiSchema)["ui:emptyValue"] = "";
  // §5: MaxLength between MinLength and 1024; MinLength between 0 and MaxLength; non-numeric counts as 0.
  const maxLength = items.MaxLength as UiSchema;
  maxLength["ui:options"] = { clamp: (raw, f) => clampMaxLength(raw, f.MinLength ?? 0) } satisfies ClampOptions;
  const minLength = items.MinLength as UiSchema;
  minLength["ui:options"] = {
    clamp: (raw, f) => clampMinLength(raw, f.MaxLength ?? Number(schema.properties?.fields?.items?.properties?.MaxLength?.maximum ?? 0)),
  } satisfies ClampOptions;
  translateTexts(schema, uiSchema, tr, specText);
  return { schema, uiSchema };
}
