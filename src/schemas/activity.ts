import { z } from "zod";

/** One activity log entry (§3). Timestamp: epoch seconds. Before/After: what changed, when known. */
export const activityEntrySchema = z.object({
  ActivityId: z.number(),
  Action: z.string(),
  Timestamp: z.coerce.number(),
  UserId: z.coerce.string(),
  Avatar: z.string().nullable(),
  Username: z.string(),
  IpAddress: z.string(),
  Before: z.unknown().optional(),
  After: z.unknown().optional(),
  /** The list leaves out a big Before/After (they are in GET /{guildId}/activity/{ActivityId}). */
  ChangesOmitted: z.boolean().optional(),
});
export type ActivityEntry = z.infer<typeof activityEntrySchema>;

export const activityResponseSchema = z.object({
  activity: z.array(activityEntrySchema),
  total: z.number().optional(),
  page: z.number().optional(),
  per_page: z.number().optional(),
});
export type ActivityResponse = z.infer<typeof activityResponseSchema>;

/**
 * A page is bounded in rows and in bytes: at most this many entries, and an entry's Before/After only when they are
 * small (ACTIVITY_CHANGES_INLINE_MAX characters together), so a page stays under about a megabyte.
 */
export const activityPerPageMax = 100;
export const activityChangesInlineMax = 8 * 1024;

/** GET /{guildId}/activity/{activityId}: one entry with its whole Before/After. */
export const activityEntryResponseSchema = z.object({ entry: activityEntrySchema });

/** Query of GET /{guildId}/activity: server-side pages and the auditor's filters. */
export const activityQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  per_page: z.coerce.number().int().min(1).max(activityPerPageMax).default(50),
  user: z.string().max(100).optional(),
  action: z.string().max(100).optional(),
  from: z.coerce.number().int().min(0).optional(),
  to: z.coerce.number().int().min(0).optional(),
  /** Keyset pages: the entries older than this ActivityId (the next page), or newer (the previous one). */
  before: z.coerce.number().int().min(0).max(2_147_483_647).optional(),
  after: z.coerce.number().int().min(0).max(2_147_483_647).optional(),
});
export type ActivityQuery = z.infer<typeof activityQuerySchema>;
