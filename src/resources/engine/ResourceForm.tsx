import Form from "./rjsf-antd";
import type { IChangeEvent } from "@rjsf/core";
import { useMemo, useState } from "react";
import type { ResourceDeclaration } from "./types";
import { localizeForm } from "./form-texts";
import { toFormSchema } from "./json-schema";
import { useRjsfTranslateString } from "./rjsf-texts";
import { useDeclarationText, useMessageText } from "./texts";
import { createZodValidator, validateWithSchema } from "./zod-validator";
import "./resource-form.css";

export interface ResourceFormProps {
  declaration: ResourceDeclaration;
  formId: string;
  initialData?: Record<string, unknown>;
  disabled?: boolean;
  /** Called with the schema's parsed output; never called with invalid input. */
  onSubmit: (values: Record<string, unknown>) => void;
}

/**
 * The generated editor: the declaration's zod schema → JSON Schema → rjsf with the antd theme, validated by
 * the same zod schema (field errors under the fields, the spec's messages). Errors show after the first submit
 * and then follow the input.
 */
export function ResourceForm({ declaration, formId, initialData, disabled, onSubmit }: ResourceFormProps) {
  const zodSchema = declaration.schema!;
  const text = useDeclarationText(declaration);
  const messageText = useMessageText(declaration);
  const translateString = useRjsfTranslateString();
  // Field titles, descriptions, placeholders, help and choices in the current language (keys <resource>.fields.…).
  const { schema, uiSchema } = useMemo(
    () => {
      const form = toFormSchema(zodSchema, declaration.fields);
      return localizeForm(form.schema, form.uiSchema, text);
    },
    [zodSchema, declaration.fields, text],
  );
  // The schema's messages (spec texts, or the declaration's messages) shown under the fields in the current language.
  const validator = useMemo(() => createZodValidator(zodSchema, messageText), [zodSchema, messageText]);
  const [formData, setFormData] = useState<Record<string, unknown>>(initialData ?? {});
  const [attempted, setAttempted] = useState(false);

  return (
    <Form
      id={formId}
      // rjsf's default id prefix "root" would give the form's fieldset the id of the app's mount node (#root).
      idPrefix={declaration.name}
      className="resource-form"
      schema={schema as never}
      uiSchema={uiSchema as never}
      validator={validator}
      translateString={translateString}
      formData={formData}
      disabled={disabled}
      showErrorList={false}
      noHtml5Validate
      liveValidate={attempted ? "onChange" : undefined}
      onChange={(event: IChangeEvent) => setFormData((event.formData ?? {}) as Record<string, unknown>)}
      onError={() => setAttempted(true)}
      onSubmit={(event: IChangeEvent) => {
        const result = validateWithSchema(zodSchema, event.formData);
        if (result.success) onSubmit(result.data as Record<string, unknown>);
        else setAttempted(true);
      }}
    />
  );
}
