import { clampMaxLength, clampMinLength, formInputSchema, type FormField } from "../../../schemas/form";
import { type JsonSchema, toJsonSchema, type UiSchema } from "../../engine/json-schema";

// The form editor's JSON Schema and uiSchema, derived from the shared zod schema (src/schemas/form.ts):
// titles, placeholders and widgets come from its `.meta()`, limits (maxItems 5, lengths) from its rules.
// Only what the schema cannot say lives here: the cross-field clamping of §5 and the array's buttons.

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

export function buildEditorSchema() {
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
  return { schema, uiSchema };
}
