import { z } from "zod";

/** GET /stats (§3): numbers, 0 when missing. */
export const statsSchema = z.object({
  total_member_count: z.number().catch(0).default(0),
  total_guilds: z.number().catch(0).default(0),
  /** Beyond §3: tickets the bot has opened, and whether this server runs the demo platform (no Discord). */
  total_tickets: z.number().optional().catch(undefined),
  demo: z.boolean().optional().catch(undefined),
});
export type Stats = z.infer<typeof statsSchema>;

/** GET /api/health: liveness of the API and its database, for the status page. */
export const healthSchema = z.object({
  status: z.enum(["ok", "degraded"]),
  database: z.enum(["ok", "unavailable"]),
  uptime_s: z.number(),
  time: z.string(),
  version: z.string(),
});
export type Health = z.infer<typeof healthSchema>;
