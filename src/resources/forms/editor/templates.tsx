import {
  errorId,
  type ArrayFieldItemTemplateProps,
  type ArrayFieldTemplateProps,
  type FieldErrorProps,
  type ObjectFieldTemplateProps,
  type WidgetProps,
} from "@rjsf/utils";
import { Button, Input, Tooltip } from "antd";
import { Card } from "../../../ui/blocks";
import { createContext, useContext, type ReactElement } from "react";
import { useSpecText, useTr } from "../../../i18n/refine";
import { formFieldsMaxMessage } from "../../../schemas/form";
import { limits } from "../../../schemas/limits";
import { formMessages } from "../../../schemas/messages";
import { PlusIcon, TrashIcon } from "../../../ui/icons";
import { canRemoveField } from "../logic";
import { ArrowDownIcon, ArrowUpIcon } from "../icons";
import type { ClampOptions } from "./editor-schema";

// rjsf templates of the form editor: the fields array as a list of cards (one per field, with move up, move
// down and remove), the 'Add Field' button while fewer than 5, each field's inputs in a grid, and a number
// input that clamps what is typed using the other values of its field (§5), and the fields' messages in the
// current language.

/** The values of the field object a widget belongs to (set by FieldGridTemplate). */
const SiblingValues = createContext<Record<string, unknown>>({});

export function FieldCardsTemplate({ items, canAdd, onAddClick, disabled, readonly, fieldPathId, formData }: ArrayFieldTemplateProps) {
  const tr = useTr();
  const specText = useSpecText();
  const count = Array.isArray(formData) ? formData.length : items.length;
  return (
    <div className="form-fields" id={fieldPathId.$id}>
      <div className="form-fields-head">
        <span className="form-fields-title">{tr("forms.editor.fields", "Fields")}</span>
        <span className="form-fields-count">
          {count} / {limits.formFieldsMax}
        </span>
      </div>
      {items}
      {canAdd && (
        <Button className="form-add-field" icon={<PlusIcon size={16} />} onClick={onAddClick} disabled={disabled || readonly} block>
          {specText(formMessages.addField)}
        </Button>
      )}
    </div>
  );
}

export function FieldCardTemplate({ children, buttonsProps, index, totalItems, disabled, readonly }: ArrayFieldItemTemplateProps) {
  const tr = useTr();
  const n = index + 1;
  const locked = disabled || readonly;
  return (
    <Card
      size="small"
      className="form-field-card"
      title={<span className="form-field-card-title">{tr("forms.editor.fieldTitle", "Field {n}", { n })}</span>}
      extra={
        <div className="form-field-card-actions" role="group" aria-label={tr("forms.editor.fieldActions", "Field {n} actions", { n })}>
          <Tooltip title={tr("forms.editor.moveUp", "Move up")} mouseEnterDelay={0.7}>
            <Button
              type="text"
              size="small"
              aria-label={tr("forms.editor.moveFieldUp", "Move field {n} up", { n })}
              icon={<ArrowUpIcon />}
              disabled={locked || !buttonsProps.hasMoveUp}
              onClick={buttonsProps.onMoveUpItem}
            />
          </Tooltip>
          <Tooltip title={tr("forms.editor.moveDown", "Move down")} mouseEnterDelay={0.7}>
            <Button
              type="text"
              size="small"
              aria-label={tr("forms.editor.moveFieldDown", "Move field {n} down", { n })}
              icon={<ArrowDownIcon />}
              disabled={locked || !buttonsProps.hasMoveDown}
              onClick={buttonsProps.onMoveDownItem}
            />
          </Tooltip>
          {canRemoveField(totalItems) && (
            <Tooltip title={tr("forms.editor.remove", "Remove")} mouseEnterDelay={0.7}>
              <Button
                type="text"
                size="small"
                danger
                aria-label={tr("forms.editor.removeField", "Remove field {n}", { n })}
                icon={<TrashIcon size={16} />}
                disabled={locked}
                onClick={buttonsProps.onRemoveItem}
              />
            </Tooltip>
          )}
        </div>
      }
    >
      {children}
    </Card>
  );
}

/**
 * The messages under an input (the zod schema's, see src/schemas/form.ts) in the current language: the spec's
 * fixed texts through specText, the schema's own limit messages through their keys, anything else unchanged.
 */
export function FieldErrorTemplate({ errors = [], fieldPathId }: FieldErrorProps) {
  const tr = useTr();
  const specText = useSpecText();
  if (errors.length === 0) return null;
  const schemaMessages: Record<string, string> = {
    [`Label must be at most ${limits.formLabelMax} characters`]: tr("forms.editor.error.labelTooLong", "Label must be at most {max} characters", {
      max: limits.formLabelMax,
    }),
    [`Placeholder must be at most ${limits.formPlaceholderMax} characters`]: tr(
      "forms.editor.error.placeholderTooLong",
      "Placeholder must be at most {max} characters",
      { max: limits.formPlaceholderMax },
    ),
    "Min length must not exceed max length": tr("forms.editor.error.minAboveMax", "Min length must not exceed max length"),
    [formFieldsMaxMessage]: tr("forms.editor.error.tooManyFields", "A form can have at most {max} fields", { max: limits.formFieldsMax }),
  };
  const translate = (error: string | ReactElement) => (typeof error === "string" ? (schemaMessages[error] ?? specText(error)) : error);
  const id = errorId(fieldPathId);
  return (
    <div id={id}>
      {errors.map((error, i) => (
        <div key={typeof error === "string" ? `field-${id}-error-${error}` : i}>{translate(error)}</div>
      ))}
    </div>
  );
}

/** A field's inputs in a grid (areas named after the properties, see forms.css). */
export function FieldGridTemplate({ properties, formData }: ObjectFieldTemplateProps) {
  return (
    <SiblingValues.Provider value={(formData ?? {}) as Record<string, unknown>}>
      <div className="form-field-grid">
        {properties.map((p) =>
          p.hidden ? (
            <div key={p.name} hidden>
              {p.content}
            </div>
          ) : (
            <div key={p.name} className={`form-field-cell form-field-cell-${p.name}`}>
              {p.content}
            </div>
          ),
        )}
      </div>
    </SiblingValues.Provider>
  );
}

/**
 * A whole-number input whose value is clamped as it is typed, by the `clamp` of its ui:options (given the raw
 * text and the other values of its object). The clamped number is what the form holds, so what is shown is
 * always what will be saved.
 */
export function ClampedNumberWidget({ id, value, onChange, onBlur, onFocus, disabled, readonly, options, schema, rawErrors, placeholder }: WidgetProps) {
  const siblings = useContext(SiblingValues);
  const clamp = (options as unknown as Partial<ClampOptions>).clamp;
  const toValue = (raw: string) => (clamp ? clamp(raw, siblings) : Number(raw) || 0);
  return (
    <Input
      id={id}
      name={id}
      type="number"
      inputMode="numeric"
      min={typeof schema.minimum === "number" ? schema.minimum : undefined}
      max={typeof schema.maximum === "number" ? schema.maximum : undefined}
      step={1}
      value={value === undefined || value === null ? "" : String(value)}
      placeholder={placeholder}
      disabled={disabled || readonly}
      status={rawErrors?.length ? "error" : undefined}
      onChange={(event) => onChange(toValue(event.target.value))}
      onBlur={(event) => onBlur(id, event.target.value)}
      onFocus={(event) => onFocus(id, event.target.value)}
    />
  );
}
