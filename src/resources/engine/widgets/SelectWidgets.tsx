import type { WidgetProps } from "@rjsf/utils";
import { Select } from "antd";
import { useSpecT, useTr } from "../../../i18n/refine";
import { settingsMessages } from "../../../schemas/messages";
import { NONE, type Option, widgetData } from "./types";

// Pickers over the guild's data: category, role, support team (at most one), form. Each offers "None".

interface PickerProps<V> {
  props: WidgetProps;
  options: Option<V>[];
  value: V | null | undefined;
  onChange: (value: V | null) => void;
  placeholder: string;
  prefix?: string;
}

function NullablePicker<V extends string | number>({ props, options, value, onChange, placeholder, prefix = "" }: PickerProps<V>) {
  const { id, disabled, readonly, onBlur, onFocus } = props;
  const spec = useSpecT();
  const known = value === null || value === undefined || options.some((o) => o.value === value);
  const choices = [
    { value: NONE, label: spec(settingsMessages, "none") },
    ...options.map((o) => ({ value: String(o.value), label: `${prefix}${o.label}` })),
    // A stored id the guild no longer has still shows, so nothing changes silently.
    ...(known ? [] : [{ value: String(value), label: String(value) }]),
  ];
  return (
    <Select
      id={id}
      showSearch
      optionFilterProp="label"
      placeholder={placeholder}
      disabled={disabled || readonly}
      value={value === null || value === undefined ? NONE : String(value)}
      options={choices}
      onChange={(next: string) => {
        if (next === NONE) return onChange(null);
        const match = options.find((o) => String(o.value) === next);
        onChange(match ? match.value : (next as V));
      }}
      onBlur={() => onBlur(id, value)}
      onFocus={() => onFocus(id, value)}
    />
  );
}

export function CategoryWidget(props: WidgetProps) {
  const tr = useTr();
  return (
    <NullablePicker<string>
      props={props}
      options={widgetData(props).categories ?? []}
      value={props.value as string | null}
      onChange={(v) => props.onChange(v)}
      placeholder={tr("ui.categoryWidget.select", "Select a category")}
    />
  );
}

export function RoleWidget(props: WidgetProps) {
  const tr = useTr();
  return (
    <NullablePicker<string>
      props={props}
      options={widgetData(props).roles ?? []}
      value={props.value as string | null}
      onChange={(v) => props.onChange(v)}
      placeholder={tr("ui.roleWidget.select", "Select a role")}
      prefix="@"
    />
  );
}

/** SupportTeams is a list, but a panel has at most one team: one choice, stored as [id] or []. */
export function SupportTeamWidget(props: WidgetProps) {
  const list = Array.isArray(props.value) ? (props.value as string[]) : [];
  const tr = useTr();
  return (
    <NullablePicker<string>
      props={props}
      options={widgetData(props).teams ?? []}
      value={list[0] ?? null}
      onChange={(v) => props.onChange(v === null ? [] : [v])}
      placeholder={tr("ui.supportTeamWidget.select", "Select a team")}
    />
  );
}

export function FormWidget(props: WidgetProps) {
  const tr = useTr();
  return (
    <NullablePicker<number>
      props={props}
      options={widgetData(props).forms ?? []}
      value={props.value as number | null}
      onChange={(v) => props.onChange(v)}
      placeholder={tr("ui.formWidget.select", "Select a form")}
    />
  );
}

/** A searchable multi-select of ids (strings), kept in the order they were picked; at most `maxCount` when given. */
export function MultiPicker({
  props,
  options,
  value,
  placeholder,
  maxCount,
}: {
  props: WidgetProps;
  options: Option[];
  value: string[];
  placeholder: string;
  maxCount?: number;
}) {
  const { id, disabled, readonly, onChange, onBlur, onFocus } = props;
  return (
    <Select
      id={id}
      mode="multiple"
      allowClear
      showSearch
      optionFilterProp="label"
      placeholder={placeholder}
      maxCount={maxCount}
      disabled={disabled || readonly}
      value={value}
      options={options}
      onChange={(next: string[]) => onChange(next)}
      onBlur={() => onBlur(id, value)}
      onFocus={() => onFocus(id, value)}
    />
  );
}
