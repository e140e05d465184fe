import { z } from "zod";

// Tickets opened by the bot (the ticket engine, docs/ticket-engine.md): the open queue of the Tickets screen, the
// actions staff take on it, and the live events that keep the screen current. A ticket is named by its number
// within the guild (`TicketId`), the same number its transcript carries once it is closed.

export const ticketStatuses = ["opening", "open", "closing", "closed"] as const;
export type TicketStatus = (typeof ticketStatuses)[number];

/** One answer of the form a panel asked before the ticket opened. */
export const formAnswerSchema = z.object({ Label: z.string(), Value: z.string() });
export type FormAnswer = z.infer<typeof formAnswerSchema>;

/** Who a ticket waits on. */
export const ticketWaitingSides = ["staff", "member"] as const;
export type TicketWaitingSide = (typeof ticketWaitingSides)[number];

/**
 * The queue's waiting filter: "attention" — waiting on staff and not snoozed (what needs staff now); "staff" and
 * "member" — who it waits on, snoozed or not; "snoozed" — snoozed tickets.
 */
export const ticketWaitingFilters = ["attention", "staff", "member", "snoozed"] as const;
export type TicketWaitingFilter = (typeof ticketWaitingFilters)[number];

/** A snooze lasts at most 30 days. */
export const snoozeMaxMinutes = 30 * 24 * 60;

/** A ticket as the dashboard lists it. Times are epoch milliseconds. */
export const ticketSummarySchema = z.object({
  TicketId: z.number().int(),
  Status: z.enum(ticketStatuses),
  PanelId: z.number().int().nullable(),
  /** The panel's current name; 'Unknown' once the panel was deleted or when the ticket came from /new. */
  PanelName: z.string(),
  OpenerId: z.string(),
  OpenerName: z.string(),
  Subject: z.string().nullable(),
  ClaimedById: z.string().nullable(),
  ClaimedByName: z.string().nullable(),
  ChannelId: z.string().nullable(),
  /** Where the channel opens: a Discord link, or the Try-it view on the demo platform. */
  ChannelUrl: z.string().nullable(),
  OpenedAt: z.number(),
  LastActivityAt: z.number(),
  ClosedAt: z.number().nullable(),
  CloseReason: z.string().nullable(),
  FormAnswers: z.array(formAnswerSchema),
  // ---- The help desk: priority, labels, the "waiting too long" mark ----
  /** low | normal | high | urgent (src/schemas/helpdesk.ts). */
  Priority: z.enum(["low", "normal", "high", "urgent"]).default("normal"),
  /** The ids of its labels (the `labels` resource). */
  LabelIds: z.array(z.number().int()).default([]),
  /** When the "waiting too long" alert went out (no first staff response in time), or null. */
  WaitingSince: z.number().nullable().default(null),
  // ---- Waiting on the member, snooze ----
  /** Who the ticket waits on: its staff (the member wrote last, or it just opened) or its member (staff answered). */
  WaitingOn: z.enum(ticketWaitingSides).nullable().default(null),
  /** Since when it waits on them (the server's clock). */
  WaitingOnSince: z.number().nullable().default(null),
  /** Snoozed by staff until then (the server's clock): out of "Needs attention" until then or until the member writes. */
  SnoozedUntil: z.number().nullable().default(null),
  SnoozedBy: z.string().nullable().default(null),
});
export type TicketSummary = z.infer<typeof ticketSummarySchema>;

export const ticketPageSizes = [25, 50, 100] as const;

/** GET /{guildId}/tickets: open tickets by default, newest first, filtered by panel, claim and "mine". */
export const ticketListQuerySchema = z.object({
  status: z.enum(["open", "closed", "all"]).default("open"),
  panel: z.coerce.number().int().min(0).max(2_147_483_647).optional(),
  claimed: z.enum(["claimed", "unclaimed"]).optional(),
  // ---- Filter by priority and label, sort by priority ----
  priority: z.enum(["low", "normal", "high", "urgent"]).optional(),
  label: z.coerce.number().int().min(1).max(2_147_483_647).optional(),
  sort: z.enum(["number", "priority"]).optional(),
  /** Waiting on staff (not snoozed: "attention"), on the member, snoozed. */
  waiting: z.enum(ticketWaitingFilters).optional(),
  /** Tickets the caller claimed (staff) or opened. */
  mine: z
    .enum(["true", "false", "1", "0"])
    .transform((v) => v === "true" || v === "1")
    .optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  per_page: z.coerce
    .number()
    .int()
    .refine((n) => (ticketPageSizes as readonly number[]).includes(n), "Per page must be 25, 50 or 100")
    .default(25),
});
export type TicketListQuery = z.infer<typeof ticketListQuerySchema>;

export const ticketListResponseSchema = z.object({
  tickets: z.array(ticketSummarySchema),
  total: z.number().int(),
  page: z.number().int(),
  per_page: z.number().int(),
});
export type TicketListResponse = z.infer<typeof ticketListResponseSchema>;

export const closeReasonMax = 1024;
export const closeReasonTooLong = `Close reason must be at most ${closeReasonMax} characters`;

/** Between a preset close reason and the text added to it: "Resolved — customer confirmed". */
export const closeReasonJoiner = " — ";

/**
 * One close reason from a preset and the text added to it, on every door (the close dialog, /close's reason and
 * details): the preset first, so it still reads (and counts) as that preset. Either part may be empty; a text that
 * already starts with the preset is not given it twice. Its length is checked against closeReasonMax by the caller.
 */
export function composeCloseReason(preset: string | null | undefined, text: string | null | undefined): string {
  const p = preset?.trim() ?? "";
  const t = text?.trim() ?? "";
  if (!p || !t) return p || t;
  if (t.toLowerCase().startsWith(p.toLowerCase())) return t;
  return `${p}${closeReasonJoiner}${t}`;
}

/** POST /{guildId}/tickets/{ticketId}/close (and the close dialog): the reason is optional. */
export const ticketCloseSchema = z.object({
  reason: z.string().trim().max(closeReasonMax, closeReasonTooLong).optional(),
});
export type TicketClose = z.infer<typeof ticketCloseSchema>;

/**
 * POST /{guildId}/tickets/{ticketId}/snooze: for `Minutes` from now, or until `Until` (epoch ms on the server's clock);
 * at most snoozeMaxMinutes ahead. Exactly one of the two.
 */
export const ticketSnoozeInputSchema = z
  .object({
    Minutes: z.number().int("Minutes must be a whole number").min(1, "Snooze for at least a minute").max(snoozeMaxMinutes).optional(),
    Until: z.number().int().min(0).optional(),
  })
  .refine((b) => (b.Minutes === undefined) !== (b.Until === undefined), "Give either Minutes or Until");
export type TicketSnoozeInput = z.infer<typeof ticketSnoozeInputSchema>;

/** The answer of claim, unclaim and close: what happened, and the ticket as it is now. */
export const ticketActionResponseSchema = z.object({ message: z.string(), ticket: ticketSummarySchema });
export type TicketActionResponse = z.infer<typeof ticketActionResponseSchema>;

/**
 * GET /{guildId}/tickets/events (server-sent events): `event: ticket` with this data whenever a ticket of the
 * guild opens, changes (claim, unclaim, transfer, rename, a message) or closes.
 */
export const ticketEventSchema = z.object({
  type: z.enum(["opened", "updated", "closed"]),
  guildId: z.string(),
  ticket: ticketSummarySchema,
});
export type TicketEvent = z.infer<typeof ticketEventSchema>;
