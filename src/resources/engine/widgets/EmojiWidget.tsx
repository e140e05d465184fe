import type { WidgetProps } from "@rjsf/utils";
import { Button, Input, Popover, Select } from "antd";
import { useState } from "react";
import { useTr } from "../../../i18n/refine";
import { CustomToggle } from "./CustomToggle";
import { widgetData } from "./types";

/** The first grapheme of a text: §9 limits a unicode emoji to one character. */
export function firstGrapheme(text: string): string {
  for (const { segment } of new Intl.Segmenter().segment(text)) return segment;
  return "";
}

const quickPicks = ["🎫", "📩", "❓", "🛠️", "💳", "🐛", "📢", "✅", "🔒", "⭐", "❤️", "🎮"];

/** A single unicode emoji, or — with 'Use custom emoji' — one of the guild's custom emojis (stored by id). Toggling clears it. */
export function EmojiWidget(props: WidgetProps) {
  const { id, value, disabled, readonly, onChange, onBlur, onFocus } = props;
  const tr = useTr();
  const emojis = widgetData(props).emojis ?? [];
  const current = typeof value === "string" ? value : "";
  const [custom, setCustom] = useState(() => /^\d+$/.test(current));
  const [open, setOpen] = useState(false);
  const inactive = disabled || readonly;

  return (
    <CustomToggle
      custom={custom}
      onCustomChange={(on) => {
        setCustom(on);
        onChange("");
      }}
      disabled={inactive}
      label={tr("ui.emojiWidget.useCustom", "Use custom emoji")}
    >
      {custom ? (
        <Select
          id={id}
          allowClear
          showSearch
          optionFilterProp="title"
          placeholder={tr("ui.emojiWidget.selectCustom", "Select a custom emoji")}
          disabled={inactive}
          value={current || undefined}
          onChange={(next?: string) => onChange(next ?? "")}
          onBlur={() => onBlur(id, value)}
          onFocus={() => onFocus(id, value)}
          options={emojis.map((e) => ({
            value: e.id,
            title: e.name,
            label: (
              <span className="widget-emoji-option">
                <img src={e.url} alt="" width={18} height={18} referrerPolicy="no-referrer" />:{e.name}:
              </span>
            ),
          }))}
        />
      ) : (
        <div className="widget-emoji">
          <Input
            id={id}
            allowClear
            className="widget-emoji-input"
            placeholder="🎫"
            disabled={inactive}
            value={current}
            onChange={(e) => onChange(firstGrapheme(e.target.value))}
            onBlur={() => onBlur(id, value)}
            onFocus={() => onFocus(id, value)}
          />
          <Popover
            open={open}
            onOpenChange={setOpen}
            trigger="click"
            // Beside its button: inside a dialog a popup portalled to <body> is attached after the dialog's own
            // portal, which rc-trigger reports as two roots.
            getPopupContainer={(trigger) => trigger.parentElement ?? document.body}
            content={
              <div className="widget-emoji-grid" role="listbox" aria-label={tr("ui.emojiWidget.emojis", "Emojis")}>
                {quickPicks.map((emoji) => (
                  <button
                    key={emoji}
                    type="button"
                    role="option"
                    aria-selected={emoji === current}
                    className="widget-emoji-pick"
                    onClick={() => {
                      onChange(emoji);
                      setOpen(false);
                    }}
                  >
                    {emoji}
                  </button>
                ))}
              </div>
            }
          >
            <Button disabled={inactive}>{tr("ui.emojiWidget.pick", "Pick")}</Button>
          </Popover>
        </div>
      )}
    </CustomToggle>
  );
}
