import type { WidgetProps } from "@rjsf/utils";
import { useTr } from "../../../i18n/refine";
import { MultiPicker } from "./SelectWidgets";
import { widgetData } from "./types";

/** A searchable multi-select of panels (ids as strings), kept in the order they were picked. */
export function PanelSelectWidget(props: WidgetProps) {
  const tr = useTr();
  const panels = widgetData(props).panels ?? [];
  const selected = Array.isArray(props.value) ? (props.value as string[]) : [];
  return (
    <MultiPicker
      props={props}
      options={panels.map((p) => ({ value: p.value, label: p.label }))}
      value={selected}
      placeholder={tr("ui.panelSelectWidget.search", "Search panels...")}
      maxCount={25}
    />
  );
}
