import type { WidgetProps } from "@rjsf/utils";
import { Switch } from "antd";

/** A boolean as a switch (its label is the field's). */
export function SwitchWidget({ id, value, disabled, readonly, onChange, label }: WidgetProps) {
  return <Switch id={id} aria-label={label} checked={value === true} disabled={disabled || readonly} onChange={(on) => onChange(on)} />;
}
