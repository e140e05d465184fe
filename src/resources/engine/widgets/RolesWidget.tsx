import type { WidgetProps } from "@rjsf/utils";
import { useTr } from "../../../i18n/refine";
import { MultiPicker } from "./SelectWidgets";
import { widgetData } from "./types";

/** Several of the guild's roles (a panel's required and excluded roles), stored as a list of ids. */
export function RolesWidget(props: WidgetProps) {
  const tr = useTr();
  const value = Array.isArray(props.value) ? (props.value as string[]) : [];
  const options = (widgetData(props).roles ?? []).map((o) => ({ value: String(o.value), label: `@${o.label}` }));
  // A stored id the guild no longer has still shows, so nothing changes silently.
  for (const v of value) if (!options.some((o) => o.value === v)) options.push({ value: v, label: v });
  return <MultiPicker props={props} options={options} value={value} placeholder={tr("ui.rolesWidget.select", "Select roles")} />;
}
