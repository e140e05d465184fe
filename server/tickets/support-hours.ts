import type { SupportHours } from "../../src/schemas/panel";
import type { NextOpening } from "./outcomes";

// A panel's support hours: days and "HH:MM" hours in the server's time zone (Settings → TimeZone).
// Outside them a panel either still opens the ticket and says when staff will answer, or refuses with that message.
// Time zones are the runtime's (Intl); the next opening is found on the wall clock and then placed on the timeline,
// corrected once for a daylight-saving change in between.

const DAY_MS = 86_400_000;
const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/** The wall clock of an instant in a time zone: weekday (0 Sunday) and minutes since midnight. */
export function wallClock(at: number, timeZone: string): { day: number; minutes: number } {
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone,
    weekday: "short",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  }).formatToParts(at);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? "0";
  const day = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"].indexOf(get("weekday"));
  return { day, minutes: Number(get("hour")) * 60 + Number(get("minute")) };
}

export interface HoursState {
  open: boolean;
  /** The next opening (epoch ms) when closed; its weekday and whether it is today in the server's time zone. */
  next: { at: number; day: number; today: boolean } | null;
}

/** Whether support is open at `now`, and when it opens next. Hours switched off: always open. */
export function supportHoursAt(hours: SupportHours | undefined, timeZone: string, now: number): HoursState {
  if (!hours?.Enabled || hours.Days.length === 0) return { open: true, next: null };
  const start = minutesOf(hours.Start);
  const end = minutesOf(hours.End);
  const clock = wallClock(now, timeZone);
  if (hours.Days.includes(clock.day) && clock.minutes >= start && clock.minutes < end) return { open: true, next: null };
  for (let k = 0; k <= 7; k++) {
    const day = (clock.day + k) % 7;
    if (!hours.Days.includes(day)) continue;
    const deltaMinutes = k * 1440 + start - clock.minutes;
    if (deltaMinutes <= 0) continue;
    let at = now + deltaMinutes * 60_000;
    // A daylight-saving change in between moves the wall clock: correct by what the wall clock then reads.
    const then = wallClock(at, timeZone);
    const drift = ((then.day - day + 7) % 7) * 1440 + then.minutes - start;
    if (drift !== 0 && Math.abs(drift) < 1440) at -= drift * 60_000;
    return { open: false, next: { at: at - (at % 60_000), day, today: k === 0 } };
  }
  return { open: false, next: null };
}

/** When support opens next ("on Monday at 09:00 (Europe/Madrid)" once a door words it), or null. */
export function nextOpening(hours: SupportHours, timeZone: string, state: HoursState): NextOpening | null {
  return state.next ? { day: state.next.day, time: hours.Start, zone: timeZone, today: state.next.today } : null;
}

/** The time zone to read support hours in: the server's setting when the runtime knows it, else UTC. */
export function zoneOf(setting: string | null | undefined): string {
  if (!setting) return "UTC";
  try {
    new Intl.DateTimeFormat("en", { timeZone: setting });
    return setting;
  } catch {
    return "UTC";
  }
}

export { DAY_MS };
