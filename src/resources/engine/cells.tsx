import type { ReactNode } from "react";
import { useT } from "../../i18n/react";
import { keySegment } from "../../i18n/keys";
import type { BadgeColor, CellSpec } from "../../schemas/resource-spec";
import { relativeTimeCell } from "./RelativeTime";

// Cell renderers for declarations' list columns. Declarations are imported with the first screen (the sidebar
// is built from them), so renderers live here without any UI library: plain elements styled by the shell.

export type { BadgeColor };

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

/** `@name · id`, monospaced: a platform id with the name the record carries beside it (a role's, a user's). */
export const mentionCell =
  (nameField: string) =>
  (value: unknown, record: Record<string, unknown>): ReactNode => (
    <span className="cell-mono">
      {record[nameField] ? `@${String(record[nameField])} · ` : ""}
      {String(value ?? "")}
    </span>
  );

const emojiCell = (value: unknown): ReactNode => <span className="cell-emoji">{String(value ?? "")}</span>;

/**
 * The named cells a spec's list columns may ask for (src/schemas/resource-spec.ts, CellSpec), so a spec stays plain
 * data. `resource` and `field` name the translation keys of a translated badge.
 */
export function cellOf(
  cell: CellSpec,
  resource: string,
  field: string,
): ((value: unknown, record: Record<string, unknown>) => ReactNode) | undefined {
  if (cell === "mono") return undefined; // the column's own `mono`
  if (cell === "relativeTime") return relativeTimeCell();
  if (cell === "emoji") return emojiCell;
  if (cell.name === "badge")
    return badgeCell(cell.colors, cell.fallback, cell.translated ? `${keySegment(resource)}.fields.${keySegment(field)}.enum` : undefined);
  return mentionCell(cell.nameField);
}
