import type { ReactNode } from "react";
import { useT } from "../../i18n/react";
import { keySegment } from "../../i18n/keys";

// Cell renderers for declarations' list columns. Declarations are imported with the first screen (the sidebar
// is built from them), so renderers live here without any UI library: plain elements styled by the shell.

export type BadgeColor = "blue" | "purple" | "green" | "red" | "orange" | "gray";

function BadgeText({ text, keyPrefix }: { text: string; keyPrefix: string }) {
  const t = useT();
  // The key is built from the value: tests/unit/i18n/engine-records.test.tsx checks the declared ones.
  return <>{t(`${keyPrefix}.${keySegment(text)}`, text)}</>;
}

/**
 * A small coloured label per value: `render: badgeCell({ Role: "purple", User: "blue" })`. With `keyPrefix`,
 * the value is shown in the current language under `<keyPrefix>.<value in lower camel>` (the stored value is
 * unchanged).
 */
export const badgeCell =
  (colors: Record<string, BadgeColor> = {}, fallback: BadgeColor = "gray", keyPrefix?: string) =>
  (value: unknown): ReactNode => {
    const text = value === null || value === undefined ? "" : String(value);
    return (
      <span className={`cell-badge cell-badge-${colors[text] ?? fallback}`}>
        {keyPrefix && text ? <BadgeText text={text} keyPrefix={keyPrefix} /> : text}
      </span>
    );
  };
