import {
  cloneElement,
  useEffect,
  useRef,
  useState,
  type CSSProperties,
  type FocusEvent,
  type HTMLAttributes,
  type MouseEvent,
  type ReactElement,
  type ReactNode,
} from "react";
import { createPortal } from "react-dom";
import { useT } from "../i18n/react";
import { SearchIcon } from "./icons";
import "./ui.css";

// The UI kit's light building blocks (src/ui: below the shell and the resources, above the providers). antd's Card
// pulls Tabs and Menu, and its Input pulls the form machinery (rc-field-form, async-validator): together about 75 KB
// of gzipped JavaScript the server picker, the sidebar and the list screens do not need. antd stays where it earns
// its weight (the editors, dialogs loaded on use).

export function Panel({
  title,
  extra,
  children,
  className,
  style,
  bodyStyle,
}: {
  title?: ReactNode;
  extra?: ReactNode;
  children: ReactNode;
  className?: string;
  style?: CSSProperties;
  bodyStyle?: CSSProperties;
}) {
  return (
    <section className={className ? `panel ${className}` : "panel"} style={style}>
      {(title || extra) && (
        <header className="panel-head">
          {title && <h2 className="panel-title">{title}</h2>}
          {extra}
        </header>
      )}
      <div className="panel-body" style={bodyStyle}>
        {children}
      </div>
    </section>
  );
}

/**
 * antd's Card look without antd's Card (which brings Tabs and Menu: about 20 KB gzipped on every screen using it):
 * a title row with an optional extra, and a body. `size="small"` is the compact variant.
 */
export function Card({
  title,
  extra,
  children,
  className,
  size,
  hoverable,
  styles,
  ...rest
}: {
  title?: ReactNode;
  extra?: ReactNode;
  children?: ReactNode;
  className?: string;
  size?: "small" | "default";
  hoverable?: boolean;
  styles?: { body?: CSSProperties };
} & Omit<HTMLAttributes<HTMLDivElement>, "title">) {
  const classes = ["panel", "card", size === "small" && "card-small", hoverable && "card-hoverable", className].filter(Boolean).join(" ");
  return (
    <div className={classes} {...rest}>
      {(title || extra) && (
        <div className="panel-head card-head">
          {title && <div className="panel-title card-title">{title}</div>}
          {extra}
        </div>
      )}
      <div className="panel-body card-body" style={styles?.body}>
        {children}
      </div>
    </div>
  );
}

export function SearchField({
  value,
  onChange,
  placeholder,
  size = "middle",
  autoFocus,
  maxLength,
  label,
}: {
  value: string;
  onChange: (value: string) => void;
  placeholder: string;
  size?: "middle" | "large";
  autoFocus?: boolean;
  maxLength?: number;
  /** The accessible name, when it is not the placeholder. */
  label?: string;
}) {
  const t = useT();
  return (
    <label className={`search-field search-field-${size}`}>
      <SearchIcon size={size === "large" ? 17 : 15} className="search-field-icon" />
      <input
        type="search"
        value={value}
        placeholder={placeholder}
        aria-label={label ?? placeholder}
        autoFocus={autoFocus}
        maxLength={maxLength}
        onChange={(event) => onChange(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === "Escape" && value) {
            event.stopPropagation();
            onChange("");
          }
        }}
      />
      {value && (
        <button
          type="button"
          className="search-field-clear"
          aria-label={t("ui.searchField.clear", "Clear search")}
          onClick={() => onChange("")}
        >
          ×
        </button>
      )}
    </label>
  );
}

/** A labelled native select: the filters of list screens (antd's Select and its popup engine stay in editors). */
export function SelectField<V extends string>({
  label,
  value,
  onChange,
  options,
  className,
}: {
  label: string;
  value: V;
  onChange: (value: V) => void;
  options: readonly { value: V; label: string }[];
  className?: string;
}) {
  return (
    <select
      className={className ? `select-field ${className}` : "select-field"}
      aria-label={label}
      value={value}
      onChange={(event) => onChange(event.target.value as V)}
    >
      {options.map((o) => (
        <option key={o.value} value={o.value}>
          {o.label}
        </option>
      ))}
    </select>
  );
}

/**
 * A name shown beside an icon-only control (the collapsed sidebar). Positioned with `fixed` so the sidebar's
 * overflow does not clip it; appears after the spec's 700 ms tooltip delay, at once on keyboard focus.
 */
export function SideTip({ title, children }: { title: string; children: ReactElement<HTMLAttributes<HTMLElement>> }) {
  const [position, setPosition] = useState<{ top: number; left: number } | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const show = (target: HTMLElement, delay: number) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      const rect = target.getBoundingClientRect();
      setPosition({ top: rect.top + rect.height / 2, left: rect.right + 8 });
    }, delay);
  };
  const hide = () => {
    clearTimeout(timer.current);
    setPosition(null);
  };
  const child = cloneElement(children, {
    onMouseEnter: (event: MouseEvent<HTMLElement>) => show(event.currentTarget, 700),
    onMouseLeave: hide,
    onFocus: (event: FocusEvent<HTMLElement>) => show(event.currentTarget, 0),
    onBlur: hide,
    onClick: (event: MouseEvent<HTMLElement>) => {
      hide();
      children.props.onClick?.(event);
    },
  });
  return (
    <>
      {child}
      {position &&
        createPortal(
          <span role="tooltip" className="side-tip" style={{ top: position.top, left: position.left }}>
            {title}
          </span>,
          document.body,
        )}
    </>
  );
}

/** A small menu opened from a trigger: closes on Escape, on a click outside and after choosing an item. */
export function PopupMenu({
  trigger,
  children,
  placement = "top",
}: {
  trigger: (props: { open: boolean; toggle: () => void }) => ReactNode;
  children: (close: () => void) => ReactNode;
  placement?: "top" | "right" | "below";
}) {
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") setOpen(false);
    };
    document.addEventListener("pointerdown", onPointer);
    document.addEventListener("keydown", onKey);
    root.current?.querySelector<HTMLElement>("[role=menuitem]")?.focus();
    return () => {
      document.removeEventListener("pointerdown", onPointer);
      document.removeEventListener("keydown", onKey);
    };
  }, [open]);
  return (
    <div className="popup-menu-root" ref={root}>
      {trigger({ open, toggle: () => setOpen((o) => !o) })}
      {open && (
        <div className={`popup-menu popup-menu-${placement}`} role="menu">
          {children(() => setOpen(false))}
        </div>
      )}
    </div>
  );
}
