import type { WidgetProps } from "@rjsf/utils";
import { Input, Select } from "antd";
import { useState } from "react";
import { useSpecT, useTr } from "../../../i18n/refine";
import { panelMessages } from "../../../schemas/messages";
import { CustomToggle } from "./CustomToggle";
import { widgetData } from "./types";

/** A text channel of the guild, or — with 'Use custom channel ID' — a typed channel id (digits only). */
export function TextChannelWidget(props: WidgetProps) {
  const { id, value, disabled, readonly, onChange, onBlur, onFocus } = props;
  const tr = useTr();
  const spec = useSpecT();
  const channels = widgetData(props).textChannels ?? [];
  const current = typeof value === "string" ? value : "";
  const [custom, setCustom] = useState(() => current !== "" && !channels.some((c) => c.value === current));
  const inactive = disabled || readonly;

  return (
    <CustomToggle custom={custom} onCustomChange={setCustom} disabled={inactive} label={spec(panelMessages, "useCustomChannelId")}>
      {custom ? (
        <Input
          id={id}
          inputMode="numeric"
          placeholder={tr("ui.textChannelWidget.channelId", "Channel ID")}
          disabled={inactive}
          value={current}
          onChange={(e) => onChange(e.target.value.replace(/\D/g, "") || undefined)}
          onBlur={() => onBlur(id, value)}
          onFocus={() => onFocus(id, value)}
        />
      ) : (
        <Select
          id={id}
          showSearch
          optionFilterProp="label"
          placeholder={tr("ui.textChannelWidget.select", "Select a channel")}
          disabled={inactive}
          value={current || undefined}
          options={channels.map((c) => ({ value: c.value, label: `#${c.label}` }))}
          onChange={(next: string) => onChange(next)}
          onBlur={() => onBlur(id, value)}
          onFocus={() => onFocus(id, value)}
        />
      )}
    </CustomToggle>
  );
}
