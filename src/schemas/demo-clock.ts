import { z } from "zod";

// The demo platform's clock per server (docs/ticket-engine.md, "A clock per server"): Try-it's "Skip ahead" moves
// one server's time forward, and every time-based step of that server (auto-close and its warning, close requests,
// waiting alerts, the reopen window, cooldowns, support hours, message times, statistics' days) reads it. Discord
// servers run on the real clock and have no skip ahead.

/** The hours one skip may move the clock (the view offers 1, 12 and 24). */
export const demoSkipHours = { min: 1, max: 72 } as const;

/** GET /{guildId}/demo/clock: the server's clock as the caller sees it. */
export const demoClockSchema = z.object({
  /** How far the server's clock runs ahead of the real one (ms, never negative). */
  offsetMs: z.number().int().min(0),
  /** The server's now (epoch ms). */
  now: z.number().int(),
  /** Whether the caller may skip it ahead: the owner, Administrator or Manage Server holders. */
  canSkip: z.boolean(),
});
export type DemoClock = z.infer<typeof demoClockSchema>;

/** POST /{guildId}/demo/skip-ahead */
export const demoSkipAheadSchema = z.object({ hours: z.number().int().min(demoSkipHours.min).max(demoSkipHours.max) });

/** What one skip did, once the server's scheduled work ran at its new time; and the clock after it. */
export const demoSkippedAheadSchema = z.object({
  /** Tickets it closed: silent past the auto-close (after their warning), their opener gone, a close request unanswered. */
  closed: z.number().int().min(0),
  /** Inactivity warnings it posted. */
  warned: z.number().int().min(0),
  /** "Waiting too long" alerts it sent. */
  alerted: z.number().int().min(0),
  /** Snoozed tickets whose time came (back in "Needs attention"). */
  woken: z.number().int().min(0).default(0),
  clock: demoClockSchema,
});
export type DemoSkippedAhead = z.infer<typeof demoSkippedAheadSchema>;
