import type { WidgetProps } from "@rjsf/utils";
import { Select } from "antd";
import { useTr } from "../../../i18n/refine";
import { widgetData } from "./types";

/** A searchable multi-select of panels (ids as strings), kept in the order they were picked. */
export function PanelSelectWidget(props: WidgetProps) {
  const { id, value, disabled, readonly, onChange, onBlur, onFocus } = props;
  const tr = useTr();
  const panels = widgetData(props).panels ?? [];
  const selected = Array.isArray(value) ? (value as string[]) : [];
  return (
    <Select
      id={id}
      mode="multiple"
      allowClear
      showSearch
      optionFilterProp="label"
      placeholder={tr("ui.panelSelectWidget.search", "Search panels...")}
      maxCount={25}
      disabled={disabled || readonly}
      value={selected}
      options={panels.map((p) => ({ value: p.value, label: p.label }))}
      onChange={(next: string[]) => onChange(next)}
      onBlur={() => onBlur(id, value)}
      onFocus={() => onFocus(id, value)}
    />
  );
}
