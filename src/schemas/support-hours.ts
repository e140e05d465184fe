import type { SupportHours } from "./panel";

// A panel's support hours in words, for its posted message (server/panels/message.ts) and the editor's preview
// (src/resources/panels/preview): "Monday–Friday, 09:00–17:00 (Europe/Madrid)". One function for both, in the bot's
// two languages; runs of consecutive days are joined with a dash.

export type HoursLanguage = "en" | "es";

const dayNames: Record<HoursLanguage, readonly string[]> = {
  en: ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"],
  es: ["domingo", "lunes", "martes", "miércoles", "jueves", "viernes", "sábado"],
};

/** The field's name on the panel's message. */
export const supportHoursTitle: Record<HoursLanguage, string> = { en: "Support hours", es: "Horario de soporte" };

/** The days as runs, Monday first (a week read as people read it): [1,2,3,4,5] → "Monday–Friday". */
function daysInWords(days: readonly number[], language: HoursLanguage): string {
  const week = [1, 2, 3, 4, 5, 6, 0].filter((d) => days.includes(d));
  const runs: number[][] = [];
  for (const day of week) {
    const run = runs.at(-1);
    const position = (d: number) => (d + 6) % 7;
    if (run && position(day) === position(run.at(-1)!) + 1) run.push(day);
    else runs.push([day]);
  }
  const names = dayNames[language];
  return runs.map((run) => (run.length > 2 ? `${names[run[0]]}–${names[run.at(-1)!]}` : run.map((d) => names[d]).join(", "))).join(", ");
}

/** "Monday–Friday, 09:00–17:00 (UTC)"; "" when the panel keeps no hours. */
export function supportHoursSummary(hours: SupportHours | undefined, timeZone: string, language: HoursLanguage = "en"): string {
  if (!hours?.Enabled || hours.Days.length === 0) return "";
  return `${daysInWords(hours.Days, language)}, ${hours.Start}–${hours.End} (${timeZone})`;
}
