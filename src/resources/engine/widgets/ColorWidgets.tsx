import type { WidgetProps } from "@rjsf/utils";
import { Input, Select, theme } from "antd";
import type { GlobalToken } from "antd";
import { lazy, Suspense, useRef, useState, type MouseEvent } from "react";
import { useTr } from "../../../i18n/refine";
import { limits } from "../../../schemas/limits";

const hexPattern = /^#[0-9a-fA-F]{6}$/;

// antd's ColorPicker (with its slider and segmented control, ~17 KB gzipped) loads when a swatch is first used,
// not with the editor: a first visit downloads less.
const ColorPicker = lazy(() => import("antd/es/color-picker"));

/** An embed colour: a swatch picker and the '#' + 6 hex digits it stands for (typed values are checked by the schema). */
export function ColorWidget(props: WidgetProps) {
  const { id, value, disabled, readonly, onChange, onBlur, onFocus, schema } = props;
  const tr = useTr();
  const text = typeof value === "string" ? value : "";
  const fallback = typeof schema.default === "string" ? schema.default : limits.defaultPanelColor;
  const current = hexPattern.test(text) ? text : fallback;
  const [pickerWanted, setPickerWanted] = useState(false);
  const [open, setOpen] = useState(false);
  // The trigger is replaced once the picker has loaded: keep the keyboard focus on it.
  const refocus = useRef(false);
  // A real button as the trigger: focusable, named, opened with Enter or Space (the hex input beside it is the
  // plain-text alternative).
  const trigger = (props: { onClick?: (e: MouseEvent<HTMLButtonElement>) => void; ref?: (el: HTMLButtonElement | null) => void }) => (
    <button
      type="button"
      className="widget-color-trigger"
      aria-label={tr("ui.colorWidget.pick", "Pick a colour")}
      disabled={disabled || readonly}
      {...props}
    >
      <span className="widget-color-swatch" style={{ background: current }} aria-hidden="true" />
    </button>
  );
  const firstTrigger = trigger({
    onClick: (e) => {
      refocus.current = document.activeElement === e.currentTarget;
      setPickerWanted(true);
      setOpen(true);
    },
  });
  return (
    <div className="widget-color">
      {pickerWanted ? (
        <Suspense fallback={firstTrigger}>
          <ColorPicker
            disabledAlpha
            disabled={disabled || readonly}
            value={current}
            open={open}
            onOpenChange={setOpen}
            onChangeComplete={(color) => onChange(`#${color.toHex().slice(0, 6).toUpperCase()}`)}
          >
            {trigger({
              ref: (el) => {
                if (el && refocus.current) {
                  refocus.current = false;
                  el.focus();
                }
              },
            })}
          </ColorPicker>
        </Suspense>
      ) : (
        firstTrigger
      )}
      <Input
        id={id}
        value={text}
        maxLength={7}
        spellCheck={false}
        placeholder={fallback}
        disabled={disabled || readonly}
        onChange={(e) => {
          const raw = e.target.value.trim();
          onChange(raw === "" ? undefined : raw.startsWith("#") ? raw : `#${raw}`);
        }}
        onBlur={() => onBlur(id, value)}
        onFocus={() => onFocus(id, value)}
      />
    </div>
  );
}

export const buttonColors = limits.buttonColors;
export type ButtonColor = (typeof buttonColors)[number];

/** The theme colour standing for a platform button style (previews and swatches). */
export function buttonColorOf(token: GlobalToken, color: string | undefined): { background: string; text: string } {
  switch (color) {
    case "Secondary":
      return { background: token.colorFillSecondary, text: token.colorText };
    case "Success":
      return { background: token.colorSuccess, text: token.colorTextLightSolid };
    case "Danger":
      return { background: token.colorError, text: token.colorTextLightSolid };
    default:
      return { background: token.colorPrimary, text: token.colorTextLightSolid };
  }
}

/** A button colour's name in the current language (the stored value stays the platform's English name). */
export function buttonColorLabel(tr: ReturnType<typeof useTr>, color: string): string {
  switch (color) {
    case "Primary":
      return tr("ui.buttonColorWidget.primary", color);
    case "Secondary":
      return tr("ui.buttonColorWidget.secondary", color);
    case "Success":
      return tr("ui.buttonColorWidget.success", color);
    case "Danger":
      return tr("ui.buttonColorWidget.danger", color);
    default:
      return color;
  }
}

/** Button colour: Primary, Secondary, Success or Danger, each with its swatch. */
export function ButtonColorWidget(props: WidgetProps) {
  const { id, value, disabled, readonly, onChange, onBlur, onFocus } = props;
  const { token } = theme.useToken();
  const tr = useTr();
  return (
    <Select
      id={id}
      allowClear
      placeholder={tr("ui.colorWidget.select", "Select a colour")}
      disabled={disabled || readonly}
      value={typeof value === "string" && value ? value : undefined}
      onChange={(next?: string) => onChange(next ?? undefined)}
      onBlur={() => onBlur(id, value)}
      onFocus={() => onFocus(id, value)}
      options={buttonColors.map((c) => ({
        value: c,
        label: (
          <span className="widget-swatch-label">
            <span className="widget-swatch" style={{ background: buttonColorOf(token, c).background }} aria-hidden />
            {buttonColorLabel(tr, c)}
          </span>
        ),
      }))}
    />
  );
}
