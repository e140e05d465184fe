import type { WidgetProps } from "@rjsf/utils";
import { Button, Input, Switch } from "antd";
import { useTr } from "../../../i18n/refine";
import { PlusIcon, TrashIcon } from "../../../ui/icons";

// Embed fields: name, value and inline per field (at most 25, the platform's limit).

export interface EmbedField {
  FieldName: string;
  FieldValue: string;
  Inline: boolean;
}

const maxFields = 25;

export function EmbedFieldsWidget(props: WidgetProps) {
  const { id, value, disabled, readonly, onChange, rawErrors } = props;
  const tr = useTr();
  const fields = (Array.isArray(value) ? value : []) as EmbedField[];
  const inactive = disabled || readonly;
  const flagged = (rawErrors?.length ?? 0) > 0;
  const set = (index: number, patch: Partial<EmbedField>) => onChange(fields.map((f, i) => (i === index ? { ...f, ...patch } : f)));

  return (
    <div id={id} className="widget-fields">
      {fields.map((field, index) => {
        const n = index + 1;
        return (
          <div key={index} className="widget-field-row" role="group" aria-label={tr("ui.embedFieldsWidget.field", `Field ${n}`, { n })}>
            <Input
              aria-label={tr("ui.embedFieldsWidget.name", `Field ${n} name`, { n })}
              placeholder={tr("ui.embedFieldsWidget.namePlaceholder", "Name")}
              maxLength={256}
              status={flagged && !field.FieldName?.trim() ? "error" : undefined}
              disabled={inactive}
              value={field.FieldName ?? ""}
              onChange={(e) => set(index, { FieldName: e.target.value })}
            />
            <Input.TextArea
              aria-label={tr("ui.embedFieldsWidget.value", `Field ${n} value`, { n })}
              placeholder={tr("ui.embedFieldsWidget.valuePlaceholder", "Value")}
              autoSize={{ minRows: 1, maxRows: 4 }}
              maxLength={1024}
              status={flagged && !field.FieldValue?.trim() ? "error" : undefined}
              disabled={inactive}
              value={field.FieldValue ?? ""}
              onChange={(e) => set(index, { FieldValue: e.target.value })}
            />
            <label className="widget-switch">
              <Switch size="small" checked={field.Inline === true} disabled={inactive} onChange={(on) => set(index, { Inline: on })} />
              <span>{tr("ui.embedFieldsWidget.inline", "Inline")}</span>
            </label>
            <Button
              aria-label={tr("ui.embedFieldsWidget.remove", `Remove field ${n}`, { n })}
              icon={<TrashIcon size={14} />}
              danger
              type="text"
              disabled={inactive}
              onClick={() => onChange(fields.filter((_, i) => i !== index))}
            />
          </div>
        );
      })}
      <Button
        icon={<PlusIcon size={14} />}
        disabled={inactive || fields.length >= maxFields}
        onClick={() => onChange([...fields, { FieldName: "", FieldValue: "", Inline: false }])}
      >
        {tr("ui.embedFieldsWidget.add", "Add embed field")}
      </Button>
    </div>
  );
}
