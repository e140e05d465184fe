import { Switch } from "antd";
import type { ReactNode } from "react";

/** A widget's field over its 'Use custom …' switch (the field itself depends on the switch, which the caller keeps). */
export function CustomToggle({
  custom,
  onCustomChange,
  disabled,
  label,
  children,
}: {
  custom: boolean;
  onCustomChange: (on: boolean) => void;
  disabled?: boolean;
  label: string;
  children: ReactNode;
}) {
  return (
    <div className="widget-stack">
      {children}
      <label className="widget-switch">
        <Switch size="small" checked={custom} disabled={disabled} onChange={onCustomChange} />
        <span>{label}</span>
      </label>
    </div>
  );
}
