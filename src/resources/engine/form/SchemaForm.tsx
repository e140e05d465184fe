import Form from "./rjsf-antd";
import type { IChangeEvent } from "@rjsf/core";
import { getDefaultFormState, type RJSFSchema, type TemplatesType } from "@rjsf/utils";
import { Suspense, use, useCallback, useMemo, useState } from "react";
import type { z } from "zod";
import { useSpecText, useTr } from "../../../i18n/refine";
import type { FieldHint } from "../types";
import { keySegment } from "../../../i18n/keys";
import { loadedWidgets, loadWidgets, widgetNamesOf } from "../widgets/registry";
import type { SchemaFormContext, WidgetData } from "../widgets/types";
import { type JsonSchema, mergeUi, toEditorSchema, type UiSchema } from "./editor-schema";
import { useRjsfTranslateString } from "./rjsf-texts";
import { FieldTemplate, ObjectFieldTemplate } from "./templates";
import { localizeForm } from "./texts";
import { editorVerdict } from "./verdict";
import { createZodValidator } from "./zod-validator";
import "./form.css";

// The one form engine: every editor the dashboard generates — a declaration's create and edit dialogs and pages
// (EditorDialog, EditorPage), the panel editors — is a zod schema with UI hints in .meta() (and a declaration's
// field hints) drawn by rjsf with the antd theme: sections as cards, widths, and every widget of the one registry
// (../widgets/registry.ts). zod validates it (the spec's messages; no ajv, no runtime code generation). Messages
// show after the first submit and then follow the input.

export interface SchemaFormProps<T> {
  /** The form element's id (external submit buttons use `form={id}`). */
  id: string;
  schema: z.ZodType<T>;
  /** A declaration's hints per top-level field; they win over the schema's .meta(). */
  fields?: Record<string, FieldHint>;
  /**
   * Controlled: the data on screen, with `onChange`. Without it the form keeps its own, starting from `initialData`
   * and the schema's defaults (remount it, with a new `key`, to start again).
   */
  formData?: Record<string, unknown>;
  initialData?: Record<string, unknown>;
  onChange?: (data: Record<string, unknown>) => void;
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
   * A validation message (English, from the shared zod schema) in the current language; default: a spec text by its
   * words (the one exception to keys, src/i18n/spec-texts.ts), anything else as it is.
   */
  messageText?: (message: string) => string;
  /**
   * Whose words the editor shows: the resource's key (src/i18n/keys.ts), prefix of the keys built from the schema's
   * fields: `<textKey>.fields.<path>.title|placeholder|help|description|enum.<value>` and
   * `<textKey>.sections.<section>` (tests/unit/i18n/engine-records.test.tsx checks they have Spanish).
   */
  textKey: string;
  /** Prefix of the inputs' ids (rjsf's default "root" would give a fieldset the id of the app's mount node). */
  idPrefix?: string;
  /** What the schema cannot say, laid over the generated uiSchema: rjsf options, functions, per-node templates. */
  uiSchema?: UiSchema;
  /** Templates of a screen's own (the form editor's field cards), over the engine's section layout. */
  templates?: Partial<TemplatesType>;
  className?: string;
}

/** rjsf would fill an array up to its minItems with empty entries; an editor starts with none. */
const defaultsBehavior = { arrayMinItems: { populate: "never" as const } };

const noHints = {};
const editorCache = new WeakMap<z.ZodType, WeakMap<object, ReturnType<typeof toEditorSchema>>>();
/** The JSON Schema and uiSchema of a zod schema with a declaration's field hints (computed once per pair). */
export function editorSchemaOf(schema: z.ZodType, fields?: Record<string, FieldHint>) {
  let byHints = editorCache.get(schema);
  if (!byHints) editorCache.set(schema, (byHints = new WeakMap()));
  let hit = byHints.get(fields ?? noHints);
  if (!hit) {
    hit = toEditorSchema(schema, fields);
    byHints.set(fields ?? noHints, hit);
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

const engineTemplates: Partial<TemplatesType> = { FieldTemplate, ObjectFieldTemplate };

/**
 * The form, once the widgets its uiSchema names have arrived (each is a chunk of its own, ../widgets/registry.ts):
 * until then a placeholder of its place, so a form never shows half its inputs.
 */
export function SchemaForm<T>(props: SchemaFormProps<T>) {
  return (
    <Suspense fallback={<div className="skeleton-block schema-form-loading" aria-busy="true" />}>
      <WidgetsThenForm {...props} />
    </Suspense>
  );
}

function WidgetsThenForm<T>(props: SchemaFormProps<T>) {
  const generated = editorSchemaOf(props.schema, props.fields);
  // `use` on every render (React wants it unconditional): the load's promise, or one React already knows is settled.
  use(loadWidgets([...widgetNamesOf(generated.uiSchema), ...widgetNamesOf(props.uiSchema)]) ?? settled);
  return <SchemaFormBody {...props} />;
}

const settled = Object.assign(Promise.resolve(), { status: "fulfilled", value: undefined });

function SchemaFormBody<T>({
  id,
  schema,
  fields,
  formData: controlled,
  initialData,
  onChange,
  onSubmit,
  onInvalid,
  data,
  disabled,
  screenMessages,
  rootSection,
  messageText,
  textKey,
  idPrefix = textKey,
  uiSchema: extraUi,
  templates: screenTemplates,
  className,
}: SchemaFormProps<T>) {
  const generated = editorSchemaOf(schema, fields);
  const json = generated.schema;
  const uiSchema = useMemo(() => mergeUi(generated.uiSchema, extraUi), [generated.uiSchema, extraUi]);
  const templates = useMemo(() => ({ ...engineTemplates, ...screenTemplates }), [screenTemplates]);
  const widgets = loadedWidgets();
  const [own, setOwn] = useState(() => withDefaults(schema, initialData));
  const formData = controlled ?? own;
  const tr = useTr();
  const specText = useSpecText();
  const translate = messageText ?? specText;
  const translateString = useRjsfTranslateString();
  // The editor's words in the current language; the keys are built from the schema (see textKey).
  const text = useCallback((slot: string, english: string) => tr(`${textKey}.${slot}`, english), [tr, textKey]);
  const local = useMemo(() => localizeForm(json, uiSchema, text), [json, uiSchema, text]);
  const sectionTitle = useCallback((section: string) => text(`sections.${keySegment(section)}`, section), [text]);
  const validator = useMemo(() => createZodValidator(schema), [schema]);
  const [attempted, setAttempted] = useState(false);
  const verdictOf = useCallback(
    (values: unknown) => editorVerdict(schema, json as JsonSchema, uiSchema, values, { screenMessages, rootSection, translate }),
    [schema, json, uiSchema, screenMessages, rootSection, translate],
  );
  const verdict = useMemo(() => (attempted ? verdictOf(formData) : undefined), [attempted, verdictOf, formData]);
  const context = useMemo<SchemaFormContext>(
    () => ({ data: data ?? {}, sectionErrors: verdict?.sectionErrors ?? {}, sectionTitle }),
    [data, verdict, sectionTitle],
  );

  return (
    <Form
      {...{ id, idPrefix, validator, translateString, formData, widgets, templates, disabled }}
      className={className ? `schema-form ${className}` : "schema-form"}
      schema={local.schema as RJSFSchema}
      uiSchema={local.uiSchema}
      formContext={context}
      experimental_defaultFormStateBehavior={defaultsBehavior}
      noValidate
      noHtml5Validate
      showErrorList={false}
      extraErrors={verdict && !verdict.success ? verdict.fieldErrors : undefined}
      onChange={(event: IChangeEvent) => {
        const next = (event.formData ?? {}) as Record<string, unknown>;
        if (controlled === undefined) setOwn(next);
        onChange?.(next);
      }}
      onSubmit={(event: IChangeEvent) => {
        setAttempted(true);
        const result = verdictOf(event.formData);
        if (result.success) onSubmit(result.data as T);
        else onInvalid?.(result.messages);
      }}
    />
  );
}
