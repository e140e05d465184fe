import type { WidgetProps } from "@rjsf/utils";
import { Input } from "antd";
import { useContext } from "react";
import { SiblingValues } from "./types";

/** `ui:options` of the clampedNumber widget: how to clamp a typed value given the other values of its object. */
export interface ClampOptions {
  clamp: (raw: unknown, siblings: Record<string, unknown>) => number;
}

/**
 * A whole-number input whose value is clamped as it is typed, by the `clamp` of its ui:options (given the raw
 * text and the other values of its object). The clamped number is what the form holds, so what is shown is
 * always what will be saved. Without a `clamp` a non-number counts as 0.
 */
export function ClampedNumberWidget({
  id,
  value,
  onChange,
  onBlur,
  onFocus,
  disabled,
  readonly,
  options,
  schema,
  rawErrors,
  placeholder,
}: WidgetProps) {
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
