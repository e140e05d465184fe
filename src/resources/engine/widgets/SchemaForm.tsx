import Form from "../rjsf-antd";
import type { IChangeEvent } from "@rjsf/core";
import { getDefaultFormState, type RJSFSchema } from "@rjsf/utils";
import { useCallback, useMemo, useState } from "react";
import type { z } from "zod";
import { useSpecText, useTr } from "../../../i18n/refine";
import { localizeForm } from "../form-texts";
import type { JsonSchema } from "../json-schema";
import { keySegment } from "../keys";
import { useRjsfTranslateString } from "../rjsf-texts";
import { isSpecText } from "../texts";
import { createZodValidator } from "../zod-validator";
import { editorVerdict } from "./errors";
import { editorWidgets } from "./registry";
import { FieldTemplate, ObjectFieldTemplate } from "./templates";
import type { SchemaFormContext, WidgetData } from "./types";
import { toEditorSchema } from "./ui-schema";
import "./widgets.css";

// A generated editor for a zod schema with UI hints in .meta(): rjsf with the antd theme lays it out (sections,
// widths, widgets), zod validates it (the spec's messages; no ajv, no runtime code generation). Messages show
// after the first submit and then follow the input.

export interface SchemaFormProps<T> {
  /** The form element's id (external submit buttons use `form={id}`). */
  id: string;
  schema: z.ZodType<T>;
  formData: Record<string, unknown>;
  onChange: (data: Record<string, unknown>) => void;
  /** Called with the schema's parsed output, never with invalid input. */
  onSubmit: (data: T) => void;
  /** Called with every message when a submit finds problems. */
  onInvalid?: (messages: string[]) => void;
  /** The guild's choices for the widgets. */
  data?: WidgetData;
  disabled?: boolean;
  /** Screen wording of schema messages. */
  screenMessages?: Record<string, string>;
  /** Section that shows messages about the whole object. */
  rootSection?: string;
  /**
   * Prefix of the keys of the editor's words from the schema's .meta(): `<textKey>.fields.<path>.title|placeholder|
   * help|description|enum.<value>` and `<textKey>.sections.<section>` (spec texts use their own keys). Default
   * "engine.form", whose Spanish texts cover the panel editors (tests/unit/i18n/engine-records.test.tsx).
   */
  textKey?: string;
}

/** rjsf would fill an array up to its minItems with empty entries; an editor starts with none. */
const defaultsBehavior = { arrayMinItems: { populate: "never" as const } };

const editorCache = new WeakMap<z.ZodType, ReturnType<typeof toEditorSchema>>();
/** The JSON Schema and uiSchema of a zod schema (computed once per schema). */
export function editorSchemaOf(schema: z.ZodType) {
  let hit = editorCache.get(schema);
  if (!hit) {
    hit = toEditorSchema(schema);
    editorCache.set(schema, hit);
  }
  return hit;
}

/** `data` with the schema's defaults filled in (what a new editor starts from). */
export function withDefaults(schema: z.ZodType, data: Record<string, unknown> = {}): Record<string, unknown> {
  const { schema: json } = editorSchemaOf(schema);
  return getDefaultFormState(createZodValidator(schema), json as RJSFSchema, data, json as RJSFSchema, false, defaultsBehavior) as Record<
    string,
    unknown
  >;
}

export function SchemaForm<T>({
  id,
  schema,
  formData,
  onChange,
  onSubmit,
  onInvalid,
  data,
  disabled,
  screenMessages,
  rootSection,
  textKey = "engine.form",
}: SchemaFormProps<T>) {
  const { schema: json, uiSchema } = editorSchemaOf(schema);
  const tr = useTr();
  const specText = useSpecText();
  const translateString = useRjsfTranslateString();
  // The editor's words in the current language; the keys are built from the schema (see textKey).
  const text = useCallback(
    (slot: string, english: string) => (isSpecText(english) ? specText(english) : tr(`${textKey}.${slot}`, english)),
    [tr, specText, textKey],
  );
  const local = useMemo(() => localizeForm(json, uiSchema, text), [json, uiSchema, text]);
  const sectionTitle = useCallback((section: string) => text(`sections.${keySegment(section)}`, section), [text]);
  const validator = useMemo(() => createZodValidator(schema), [schema]);
  const [attempted, setAttempted] = useState(false);
  const verdict = useMemo(
    () =>
      attempted
        ? editorVerdict(schema, json as JsonSchema, uiSchema, formData, { screenMessages, rootSection, translate: specText })
        : undefined,
    [attempted, schema, json, uiSchema, formData, screenMessages, rootSection, specText],
  );
  const context = useMemo<SchemaFormContext>(
    () => ({ data: data ?? {}, sectionErrors: verdict?.sectionErrors ?? {}, sectionTitle }),
    [data, verdict, sectionTitle],
  );

  return (
    <Form
      id={id}
      className="schema-form"
      schema={local.schema as RJSFSchema}
      uiSchema={local.uiSchema}
      validator={validator}
      translateString={translateString}
      formData={formData}
      formContext={context}
      widgets={editorWidgets}
      templates={{ FieldTemplate, ObjectFieldTemplate }}
      disabled={disabled}
      experimental_defaultFormStateBehavior={defaultsBehavior}
      noValidate
      noHtml5Validate
      showErrorList={false}
      extraErrors={verdict && !verdict.success ? verdict.fieldErrors : undefined}
      onChange={(event: IChangeEvent) => onChange((event.formData ?? {}) as Record<string, unknown>)}
      onSubmit={(event: IChangeEvent) => {
        setAttempted(true);
        const result = editorVerdict(schema, json as JsonSchema, uiSchema, event.formData, { screenMessages, rootSection, translate: specText });
        if (result.success) onSubmit(result.data as T);
        else onInvalid?.(result.messages);
      }}
    />
  );
}
