import type { WidgetProps } from "@rjsf/utils";
import { Checkbox } from "antd";
import { weekdayName, weekdaysMondayFirst } from "../../../i18n/format";
import { useLocale } from "../../../i18n/react";

const isDay = (value: unknown): value is number => typeof value === "number" && Number.isInteger(value) && value >= 0 && value <= 6;

/**
 * Days of the week as a row of checkable names, Monday first, in the language on screen; stored as the schema has
 * them: day numbers, 0 Sunday … 6 Saturday, in ascending order.
 */
export function WeekdaysWidget({ id, value, onChange, onBlur, onFocus, disabled, readonly, label }: WidgetProps) {
  const locale = useLocale();
  const chosen = new Set((Array.isArray(value) ? value : []).filter(isDay));
  const toggle = (day: number, on: boolean) => {
    const next = new Set(chosen);
    if (on) next.add(day);
    else next.delete(day);
    onChange([...next].sort((a, b) => a - b));
  };
  return (
    <div id={id} role="group" aria-label={label} className="widget-weekdays">
      {weekdaysMondayFirst.map((day) => (
        <Checkbox
          key={day}
          checked={chosen.has(day)}
          disabled={disabled || readonly}
          onChange={(event) => toggle(day, event.target.checked)}
          onBlur={() => onBlur(id, value)}
          onFocus={() => onFocus(id, value)}
        >
          {weekdayName(day, locale)}
        </Checkbox>
      ))}
    </div>
  );
}
