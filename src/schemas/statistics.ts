import { z } from "zod";

// Ticket statistics of a guild over a date range (GET /{guildId}/statistics, the Statistics screen and the /stats
// command). Days are calendar days in the requested time zone; `from` and `to` are both included. Durations are
// milliseconds; a median or percentile of no tickets is null.

/** A real calendar date, YYYY-MM-DD, of the years 1970–9999 (no 30 February, no month 13, no year 0). */
export function isCalendarDate(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const [y, m, d] = text.split("-").map(Number);
  if (y < 1970 || m < 1 || m > 12 || d < 1) return false;
  const daysInMonth = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return d <= daysInMonth;
}

const isoDate = z.string().refine(isCalendarDate, "Dates are real calendar dates, YYYY-MM-DD, from 1970 to 9999");

/** An IANA time zone name the runtime knows (Europe/Madrid, UTC). */
export const timeZoneSchema = z
  .string()
  .max(64)
  .refine((tz) => {
    try {
      new Intl.DateTimeFormat("en-US", { timeZone: tz });
      return true;
    } catch {
      return false;
    }
  }, "Unknown time zone");

/** The longest range one request may ask for. */
export const statisticsMaxDays = 366;

export const statisticsQuerySchema = z.object({
  from: isoDate,
  to: isoDate,
  tz: timeZoneSchema.default("UTC"),
});
export type StatisticsQuery = z.infer<typeof statisticsQuerySchema>;

/** Median and 90th percentile (nearest rank: the smallest value with at least that share of values at or below it). */
export const durationStatsSchema = z.object({
  count: z.number().int(),
  median_ms: z.number().nullable(),
  p90_ms: z.number().nullable(),
});
export type DurationStats = z.infer<typeof durationStatsSchema>;

export const statisticsResponseSchema = z.object({
  from: z.string(),
  to: z.string(),
  tz: z.string(),
  /** Every day of the range, in order, with the tickets opened and closed that day. */
  days: z.array(z.object({ date: z.string(), opened: z.number().int(), closed: z.number().int() })),
  totals: z.object({ opened: z.number().int(), closed: z.number().int() }),
  /** Open right now (not limited to the range). */
  open_now: z.number().int(),
  /** Opening to the first message of a staff member, for tickets closed in the range. */
  first_response: durationStatsSchema,
  /** Opening to closing, for tickets closed in the range. */
  resolution: durationStatsSchema,
  ratings: z.object({
    count: z.number().int(),
    average: z.number().nullable(),
    /** Index 0 holds the 1-star count, index 4 the 5-star count. */
    distribution: z.array(z.number().int()).length(5),
  }),
  /** Per panel, most tickets first: opened in the range, and the median first response of those closed in it. */
  panels: z.array(
    z.object({
      PanelId: z.number().int().nullable(),
      PanelName: z.string(),
      opened: z.number().int(),
      median_response_ms: z.number().nullable(),
    }),
  ),
  /** Per staff member who claimed or closed a ticket in the range. */
  staff: z.array(
    z.object({
      UserId: z.string(),
      Username: z.string(),
      claimed: z.number().int(),
      closed: z.number().int(),
      median_response_ms: z.number().nullable(),
      average_rating: z.number().nullable(),
    }),
  ),
  /**
   * Tickets that never opened because a panel's suggestions answered the member ("Yes, thanks") in the range: in all,
   * per panel and per tag shown (a "Yes" counts for each tag it was shown with), most first.
   */
  suggestions: z.object({
    answered: z.number().int(),
    panels: z.array(z.object({ PanelId: z.number().int().nullable(), PanelName: z.string(), answered: z.number().int() })),
    tags: z.array(z.object({ TagId: z.string(), TagName: z.string(), answered: z.number().int() })),
  }),
});
export type StatisticsResponse = z.infer<typeof statisticsResponseSchema>;
