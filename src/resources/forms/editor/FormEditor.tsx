import Form from "../../engine/rjsf-antd";
import type { IChangeEvent } from "@rjsf/core";
import type { RegistryWidgetsType, TemplatesType } from "@rjsf/utils";
import { Button } from "antd";
import { useMemo, useState } from "react";
import { useSpecText, useTr } from "../../../i18n/refine";
import { formInputSchema } from "../../../schemas/form";
import { formMessages } from "../../../schemas/messages";
import { createZodValidator } from "../../engine/zod-validator";
import { ResetIcon } from "../icons";
import { canSubmit, type FormValues, initialFormValues, normalizeValues } from "../logic";
import { buildEditorSchema } from "./editor-schema";
import { ClampedNumberWidget, FieldCardsTemplate, FieldCardTemplate, FieldErrorTemplate, FieldGridTemplate } from "./templates";

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
const widgets: RegistryWidgetsType = { clampedNumber: ClampedNumberWidget };
const validator = createZodValidator(formInputSchema);

/**
 * The form editor of §2/§4/§5 on the resource engine: formInputSchema → JSON Schema → rjsf (antd theme), validated
 * with the same zod schema. Custom templates draw one card per field with its move/remove buttons and the
 * 'Add Field' button (shown while fewer than 5); 'Reset' goes back to one empty field; the submit button is
 * disabled while pending, with an empty name or with any empty label.
 */
export function FormEditor({ mode, initialValues, pending, onSubmit }: FormEditorProps) {
  const tr = useTr();
  const specText = useSpecText();
  // Built again on a language switch: the labels and placeholders live in the uiSchema.
  const { schema, uiSchema } = useMemo(() => {
    const built = buildEditorSchema(tr, specText);
    const fieldsUi = built.uiSchema.fields as Record<string, Record<string, unknown>>;
    fieldsUi.items["ui:ObjectFieldTemplate"] = FieldGridTemplate;
    return built;
  }, [tr, specText]);
  const [values, setValues] = useState<FormValues>(() => initialValues ?? initialFormValues());
  const [attempted, setAttempted] = useState(false);
  const [formKey, setFormKey] = useState(0);
  const formId = `form-editor-${mode}`;
  const submitLabel = specText(mode === "create" ? formMessages.createForm : formMessages.updateForm);
  const pendingLabel = specText(mode === "create" ? formMessages.creating : formMessages.updating);

  const reset = () => {
    setValues(initialFormValues());
    setAttempted(false);
    setFormKey((k) => k + 1);
  };

  return (
    <div className="form-editor">
      <Form
        key={formKey}
        id={formId}
        // rjsf's default id prefix "root" would collide with the app's #root mount node.
        idPrefix="form"
        className="form-editor-form"
        schema={schema as never}
        uiSchema={uiSchema as never}
        validator={validator}
        templates={templates}
        widgets={widgets}
        formData={values}
        disabled={pending}
        showErrorList={false}
        noHtml5Validate
        liveValidate={attempted ? "onChange" : undefined}
        onChange={(event: IChangeEvent) => setValues((previous) => normalizeValues(event.formData as Partial<FormValues>, previous))}
        onError={() => setAttempted(true)}
        onSubmit={() => onSubmit(values)}
      />
      <div className="form-editor-actions">
        <Button icon={<ResetIcon />} onClick={reset} disabled={pending}>
          {specText(formMessages.reset)}
        </Button>
        <Button type="primary" htmlType="submit" form={formId} disabled={!canSubmit(values, pending)} loading={pending}>
          {pending ? pendingLabel : submitLabel}
        </Button>
      </div>
    </div>
  );
}
