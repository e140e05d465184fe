import type { TemplatesType } from "@rjsf/utils";
import { Button } from "antd";
import { useState } from "react";
import { useSpecT, useSpecText, useTr } from "../../../i18n/refine";
import { formFieldsMaxMessage } from "../../../schemas/form";
import { limits } from "../../../schemas/limits";
import { formMessages } from "../../../schemas/messages";
import { SchemaForm } from "../../engine/form/SchemaForm";
import { ResetIcon } from "../../../ui/icons";
import { canSubmit, type FormValues, initialFormValues, normalizeValues } from "../logic";
import { formEditorSchema, formEditorUi } from "./editor-schema";
import { FieldCardsTemplate, FieldCardTemplate, FieldErrorTemplate } from "./templates";

export interface FormEditorProps {
  mode: "create" | "edit";
  initialValues?: FormValues;
  pending: boolean;
  /** Called with valid values (the shared schema's verdict); the page builds the request. */
  onSubmit: (values: FormValues) => void;
}

const templates: Partial<TemplatesType> = {
  ArrayFieldTemplate: FieldCardsTemplate,
  ArrayFieldItemTemplate: FieldCardTemplate,
  FieldErrorTemplate,
};
const ui = formEditorUi();

/** The schema's own limit messages (beyond the spec's texts) in the current language. */
function useMessageText() {
  const tr = useTr();
  const specText = useSpecText();
  return (message: string) => {
    const own: Record<string, string> = {
      [`Label must be at most ${limits.formLabelMax} characters`]: tr(
        "forms.editor.error.labelTooLong",
        "Label must be at most {max} characters",
        {
          max: limits.formLabelMax,
        },
      ),
      [`Placeholder must be at most ${limits.formPlaceholderMax} characters`]: tr(
        "forms.editor.error.placeholderTooLong",
        "Placeholder must be at most {max} characters",
        { max: limits.formPlaceholderMax },
      ),
      "Min length must not exceed max length": tr("forms.editor.error.minAboveMax", "Min length must not exceed max length"),
      [formFieldsMaxMessage]: tr("forms.editor.error.tooManyFields", "A form can have at most {max} fields", { max: limits.formFieldsMax }),
    };
    return own[message] ?? specText(message);
  };
}

/**
 * The form editor of §2/§4/§5 on the engine's one form engine (SchemaForm): formInputSchema → JSON Schema → rjsf
 * (antd theme), validated with the same zod schema. Its own templates draw one card per field with its move/remove buttons and the
 * 'Add Field' button (shown while fewer than 5); 'Reset' goes back to one empty field; the submit button is
 * disabled while pending, with an empty name or with any empty label.
 */
export function FormEditor({ mode, initialValues, pending, onSubmit }: FormEditorProps) {
  const spec = useSpecT();
  const messageText = useMessageText();
  const [values, setValues] = useState<FormValues>(() => initialValues ?? initialFormValues());
  const [formKey, setFormKey] = useState(0);
  const formId = `form-editor-${mode}`;
  const submitLabel = mode === "create" ? spec(formMessages, "createForm") : spec(formMessages, "updateForm");
  const pendingLabel = mode === "create" ? spec(formMessages, "creating") : spec(formMessages, "updating");

  const reset = () => {
    setValues(initialFormValues());
    setFormKey((k) => k + 1);
  };

  return (
    <div className="form-editor">
      <SchemaForm<unknown>
        key={formKey}
        id={formId}
        idPrefix="form"
        className="form-editor-form"
        schema={formEditorSchema}
        textKey="forms"
        uiSchema={ui}
        templates={templates}
        formData={values as unknown as Record<string, unknown>}
        disabled={pending}
        messageText={messageText}
        onChange={(data) => setValues((previous) => normalizeValues(data as Partial<FormValues>, previous))}
        onSubmit={() => onSubmit(values)}
      />
      <div className="form-editor-actions">
        <Button icon={<ResetIcon size={16} />} onClick={reset} disabled={pending}>
          {spec(formMessages, "reset")}
        </Button>
        <Button type="primary" htmlType="submit" form={formId} disabled={!canSubmit(values, pending)} loading={pending}>
          {pending ? pendingLabel : submitLabel}
        </Button>
      </div>
    </div>
  );
}
