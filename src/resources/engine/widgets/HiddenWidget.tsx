import type { WidgetProps } from "@rjsf/utils";

/** rjsf's hidden widget, but a null value (a panel not yet posted has MessageId null) is an empty input, not null. */
export function HiddenWidget({ id, value }: WidgetProps) {
  return <input type="hidden" id={id} name={id} value={value === null || value === undefined ? "" : String(value)} />;
}
