import {
  errorId,
  type ArrayFieldItemTemplateProps,
  type ArrayFieldTemplateProps,
  type FieldErrorProps,
  type ObjectFieldTemplateProps,
} from "@rjsf/utils";
import { Button, Tooltip } from "antd";
import { Card } from "../../../ui/blocks";
import { useSpecT, useTr } from "../../../i18n/refine";
import { limits } from "../../../schemas/limits";
import { formMessages } from "../../../schemas/messages";
import { ArrowDownIcon, ArrowUpIcon, PlusIcon, TrashIcon } from "../../../ui/icons";
import { SiblingValues } from "../../engine/widgets/types";
import { canRemoveField } from "../logic";

// The form editor's own rjsf templates, over the form engine's: the fields array as a list of cards (one per field,
// with move up, move down and remove), the 'Add Field' button while fewer than 5, each field's inputs in a grid
// (whose values the engine's clampedNumber widget reads, §5), and the messages under an input.

export function FieldCardsTemplate({ items, canAdd, onAddClick, disabled, readonly, fieldPathId, formData }: ArrayFieldTemplateProps) {
  const tr = useTr();
  const spec = useSpecT();
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
          {spec(formMessages, "addField")}
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
              icon={<ArrowUpIcon size={16} />}
              disabled={locked || !buttonsProps.hasMoveUp}
              onClick={buttonsProps.onMoveUpItem}
            />
          </Tooltip>
          <Tooltip title={tr("forms.editor.moveDown", "Move down")} mouseEnterDelay={0.7}>
            <Button
              type="text"
              size="small"
              aria-label={tr("forms.editor.moveFieldDown", "Move field {n} down", { n })}
              icon={<ArrowDownIcon size={16} />}
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

/** The messages under an input, already in the current language (the form engine translated them). */
export function FieldErrorTemplate({ errors = [], fieldPathId }: FieldErrorProps) {
  if (errors.length === 0) return null;
  const id = errorId(fieldPathId);
  return (
    <div id={id}>
      {errors.map((error, i) => (
        <div key={typeof error === "string" ? `field-${id}-error-${error}` : i}>{error}</div>
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
