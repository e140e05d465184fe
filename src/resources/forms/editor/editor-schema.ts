import { clampMaxLength, clampMinLength, formInputSchema } from "../../../schemas/form";
import { limits } from "../../../schemas/limits";
import type { UiSchema } from "../../engine/form/editor-schema";
import type { ClampOptions } from "../../engine/widgets/ClampedNumberWidget";
import { FieldGridTemplate } from "./templates";

// The form editor is the engine's SchemaForm over the shared zod schema (src/schemas/form.ts): titles,
// placeholders and widgets come from its `.meta()`, limits (maxItems 5, lengths) from its rules, the words in the
// current language from keys built from its fields (forms.fields.<field>…, forms.fields.fields.<field>… for a
// field of the form). Only what the schema cannot say is here: the cross-field clamping of §5, the array's
// buttons, empty inputs held as "" and the field cards' grid.

export const formEditorSchema = formInputSchema;

/** What the form editor lays over the uiSchema the engine derives from formInputSchema. */
export function formEditorUi(): UiSchema {
  return {
    FormName: { "ui:emptyValue": "" },
    fields: {
      "ui:options": { orderable: true, removable: true, addable: true, label: false },
      items: {
        "ui:ObjectFieldTemplate": FieldGridTemplate,
        Label: { "ui:emptyValue": "" },
        Placeholder: { "ui:emptyValue": "" },
        // §5: MaxLength between MinLength and 1024; MinLength between 0 and MaxLength; non-numeric counts as 0.
        MaxLength: { "ui:options": { clamp: (raw, f) => clampMaxLength(raw, Number(f.MinLength ?? 0)) } satisfies ClampOptions },
        MinLength: {
          "ui:options": { clamp: (raw, f) => clampMinLength(raw, Number(f.MaxLength ?? limits.formMaxLengthLimit)) } satisfies ClampOptions,
        },
      },
    },
  };
}
