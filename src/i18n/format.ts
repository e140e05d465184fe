import type { Locale } from "./core";

// Dates, times, day names and numbers in the language on screen — never another language the browser is set to, so a
// Spanish page reads 26/11/2026 even in an English browser. Every screen formats through these.

const tags: Record<Locale, string> = { en: "en-US", es: "es-ES" };

/**
 * The BCP 47 tag the language formats with: the browser's own when it is a variant of that language (en-GB keeps
 * its day-first dates, es-MX its own), else the language's default (en-US, es-ES).
 */
export function localeTag(locale: Locale): string {
  const browser = typeof navigator !== "undefined" ? navigator.language : "";
  if (browser && browser.toLowerCase().split("-")[0] === locale) return browser;
  return tags[locale] ?? tags.en;
}

type When = Date | number;
const toDate = (value: When) => (value instanceof Date ? value : new Date(value));

// A formatter per language and options, made once: `toLocaleString(locale, …)` builds a new one on every call, which
// costs milliseconds each on a phone (a table of dates, a counter's frames).
const formatters = new Map<string, Intl.DateTimeFormat | Intl.NumberFormat>();
function formatter<F extends Intl.DateTimeFormat | Intl.NumberFormat>(
  kind: string,
  tag: string,
  options: object | undefined,
  make: () => F,
): F {
  const key = `${kind}|${tag}|${JSON.stringify(options ?? {})}`;
  let made = formatters.get(key) as F | undefined;
  if (!made) formatters.set(key, (made = make()));
  return made;
}
const dateFormat = (tag: string, options: Intl.DateTimeFormatOptions) =>
  formatter("date", tag, options, () => new Intl.DateTimeFormat(tag, options));

/** A date and time (epoch milliseconds or a Date); numeric date and time with seconds unless `options` say otherwise. */
export const formatDateTime = (
  value: When,
  locale: Locale,
  options: Intl.DateTimeFormatOptions = {
    year: "numeric",
    month: "numeric",
    day: "numeric",
    hour: "numeric",
    minute: "numeric",
    second: "numeric",
  },
): string => dateFormat(localeTag(locale), options).format(toDate(value));

/** A time of day (epoch milliseconds or a Date). */
export const formatTime = (
  value: When,
  locale: Locale,
  options: Intl.DateTimeFormatOptions = { hour: "2-digit", minute: "2-digit" },
): string => dateFormat(localeTag(locale), options).format(toDate(value));

/**
 * A calendar day written YYYY-MM-DD (the statistics' days), read as that day wherever the reader is (no time zone
 * shift); the text as it came when it is not such a day.
 */
export function formatDay(day: string, locale: Locale, options: Intl.DateTimeFormatOptions = { dateStyle: "medium" }): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return day;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return dateFormat(localeTag(locale), { ...options, timeZone: "UTC" }).format(date);
}

/** Day numbers as stored (0 Sunday … 6 Saturday), in the order a week is shown: Monday first. */
export const weekdaysMondayFirst = [1, 2, 3, 4, 5, 6, 0] as const;

/** A day of the week by its number (0 Sunday … 6 Saturday), capitalised: "Monday", "Lunes". */
export function weekdayName(day: number, locale: Locale, width: "long" | "short" = "long"): string {
  // 2023-01-01 was a Sunday.
  const name = dateFormat(localeTag(locale), { weekday: width, timeZone: "UTC" }).format(new Date(Date.UTC(2023, 0, 1 + day)));
  return name.charAt(0).toLocaleUpperCase(localeTag(locale)) + name.slice(1);
}

/** A number with the language's grouping (1,284 / 1284 or 1.284). */
export const formatNumber = (value: number, locale: Locale, options?: Intl.NumberFormatOptions): string => {
  const tag = localeTag(locale);
  return formatter("number", tag, options, () => new Intl.NumberFormat(tag, options)).format(value);
};
