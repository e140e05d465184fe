import { useParams } from "react-router";
import { formatDateTime } from "../../i18n/format";
import { useLocale } from "../../i18n/react";
import { useGuildNow } from "./guild-clock";

// A generic list cell: a past or future moment as relative text ("3 days ago"), the full local date-time in the
// element's title and in the <time> element. Declarations use it in a column's `render`. Declarations are loaded
// with the first screen (the sidebar needs them), so this file imports no UI library. "Now" is the server's clock
// (./guild-clock.ts: the demo's clock per server, after Try-it's "Skip ahead"; else the browser's).

const units: [Intl.RelativeTimeFormatUnit, number][] = [
  ["year", 365 * 24 * 3600_000],
  ["month", 30 * 24 * 3600_000],
  ["week", 7 * 24 * 3600_000],
  ["day", 24 * 3600_000],
  ["hour", 3600_000],
  ["minute", 60_000],
  ["second", 1000],
];

/** "5 minutes ago", "in 2 days", "now" (numeric=auto; English unless another locale is given: "hace 5 minutos"). */
export function formatRelativeTime(ms: number, now = Date.now(), locale = "en"): string {
  const diff = ms - now;
  const format = new Intl.RelativeTimeFormat(locale, { numeric: "auto" });
  for (const [unit, size] of units) {
    if (Math.abs(diff) >= size || unit === "second") {
      const value = Math.round(diff / size);
      return unit === "second" && Math.abs(value) < 10 ? format.format(0, "second") : format.format(value, unit);
    }
  }
  return format.format(0, "second");
}

/** Epoch milliseconds (or seconds, when `unit` says so) as a relative time cell. */
export function RelativeTime({ value, unit = "ms" }: { value: unknown; unit?: "ms" | "s" }) {
  const locale = useLocale();
  const now = useGuildNow(useParams().guildId);
  const n = typeof value === "number" ? value : Number(value);
  if (!Number.isFinite(n) || n <= 0) return null;
  const ms = unit === "s" ? n * 1000 : n;
  const date = new Date(ms);
  return (
    <time dateTime={date.toISOString()} title={formatDateTime(date, locale)}>
      {formatRelativeTime(ms, now, locale)}
    </time>
  );
}

/** A moment (epoch milliseconds or a Date) as a <time> element, written in the language on screen. */
export function DateTime({
  value,
  options,
  className,
}: {
  value: number | Date;
  options?: Intl.DateTimeFormatOptions;
  className?: string;
}) {
  const locale = useLocale();
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return null;
  return (
    <time className={className} dateTime={date.toISOString()}>
      {formatDateTime(date, locale, options)}
    </time>
  );
}

/** Column render for a relative-time cell: `render: relativeTimeCell()`. */
export const relativeTimeCell =
  (unit: "ms" | "s" = "ms") =>
  (value: unknown) => <RelativeTime value={value} unit={unit} />;
