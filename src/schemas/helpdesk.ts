import { z } from "zod";
import { mentionNamesSchema } from "./message-parts";
import { ticketSummarySchema } from "./ticket";

// The help desk: a ticket's page in the dashboard — its conversation as the chat platform shows it, read
// live; replies as the staff member; private staff notes; priority and labels; assigning; the facts and the activity
// of one ticket. Times are epoch milliseconds.

export const ticketPriorities = ["low", "normal", "high", "urgent"] as const;
export type TicketPriority = (typeof ticketPriorities)[number];
export const ticketPrioritySchema = z.enum(ticketPriorities);

/** One embed of a message: every part Discord gives (the page shows images only from hosts its content policy allows). */
export const ticketMessageEmbedSchema = z.object({
  Author: z.string().optional(),
  AuthorIconUrl: z.string().optional(),
  AuthorUrl: z.string().optional(),
  Title: z.string().optional(),
  Url: z.string().optional(),
  Description: z.string().optional(),
  /** "#rrggbb". */
  Color: z.string().optional(),
  Fields: z.array(z.object({ Name: z.string(), Value: z.string(), Inline: z.boolean() })).optional(),
  Footer: z.string().optional(),
  FooterIconUrl: z.string().optional(),
  ImageUrl: z.string().optional(),
  ThumbnailUrl: z.string().optional(),
  /** The embed's own time (epoch ms). */
  Timestamp: z.number().optional(),
});

export type TicketMessageEmbed = z.infer<typeof ticketMessageEmbedSchema>;

/** A message of a ticket's channel. */
export const ticketMessageSchema = z.object({
  MessageId: z.string(),
  AuthorId: z.string(),
  AuthorName: z.string(),
  /** An avatar URL (absolute, or a local path on the demo platform), or null. */
  AuthorAvatar: z.string().nullable(),
  Bot: z.boolean(),
  Content: z.string(),
  Embeds: z.array(ticketMessageEmbedSchema),
  /** Attachments as links. */
  Attachments: z.array(z.object({ Name: z.string(), Url: z.string(), Size: z.number().optional(), ContentType: z.string().optional() })),
  /** Sticker names. */
  Stickers: z.array(z.string()).optional(),
  /** The message this one replies to: its id, and its author and the start of its text when known. */
  Reply: z.object({ MessageId: z.string(), AuthorName: z.string().optional(), Snippet: z.string().optional() }).optional(),
  /** The names its mentions had when the bot read it (a later rename does not change them). */
  Mentions: mentionNamesSchema.optional(),
  Timestamp: z.number(),
  /** With the gateway: when its author edited it, when it was deleted in Discord, and its earlier versions (the audit trail). */
  EditedAt: z.number().optional(),
  DeletedAt: z.number().optional(),
  History: z.array(z.object({ Content: z.string(), At: z.number(), Kind: z.enum(["edit", "delete"]) })).optional(),
});
export type TicketMessage = z.infer<typeof ticketMessageSchema>;

export { mentionNamesSchema, type MentionNames } from "./message-parts";

/** GET /{guildId}/tickets/{ticketId}/messages?after=: the messages after `after` (all the newest 100 without it), oldest first. */
export const ticketMessagesQuerySchema = z.object({
  after: z
    .string()
    .regex(/^\d{1,20}$/)
    .optional(),
});
export const ticketMessagesResponseSchema = z.object({
  messages: z.array(ticketMessageSchema),
  /** The newest message the server knows of: the next poll's `after`. */
  last_message_id: z.string().nullable(),
  /** When the channel was last read from the platform (the live read's freshness). */
  read_at: z.number(),
  users: z.record(z.string(), z.string()),
});
export type TicketMessagesResponse = z.infer<typeof ticketMessagesResponseSchema>;

/** A private staff note: never shown to the member, never in the member-facing transcript. */
export const ticketNoteSchema = z.object({
  NoteId: z.number().int(),
  AuthorId: z.string(),
  AuthorName: z.string(),
  AuthorAvatar: z.string().nullable(),
  Body: z.string(),
  CreatedAt: z.number(),
});
export type TicketNote = z.infer<typeof ticketNoteSchema>;

export const noteMax = 2000;
export const ticketNoteInputSchema = z.object({
  body: z
    .string({ error: "Note is required" })
    .trim()
    .min(1, "Note is required")
    .max(noteMax, `Note must be at most ${noteMax} characters`),
});

export const replyMax = 4000;
/** POST /{guildId}/tickets/{ticketId}/reply: what the staff member writes (sent as the bot, under their name). */
export const ticketReplyInputSchema = z.object({
  content: z
    .string({ error: "Reply is required" })
    .trim()
    .min(1, "Reply is required")
    .max(replyMax, `Reply must be at most ${replyMax} characters`),
});

/** PUT /{guildId}/tickets/{ticketId}/triage: priority and labels (either or both). */
export const ticketTriageInputSchema = z.object({
  Priority: ticketPrioritySchema.optional(),
  LabelIds: z.array(z.number().int().min(1).max(2_147_483_647)).max(10, "A ticket holds at most 10 labels").optional(),
});

/** POST …/assign, …/members, …/rename */
export const ticketAssignInputSchema = z.object({ userId: z.string().regex(/^\d{15,21}$/, "Pick a member") });
export const ticketMemberInputSchema = z.object({ userId: z.string().regex(/^\d{15,21}$/, "Pick a member"), add: z.boolean() });
export const ticketRenameInputSchema = z.object({
  name: z.string().trim().min(1, "Name is required").max(100, "Name must be at most 100 characters"),
});

/** An activity entry about the ticket, as its page lists it. */
export const ticketActivityItemSchema = z.object({
  Action: z.string(),
  Username: z.string(),
  Timestamp: z.number(),
});

/** A staff member one may assign the ticket to. */
export const ticketStaffSchema = z.object({ UserId: z.string(), Username: z.string() });

/** A panel a ticket may move to. */
export const ticketMoveTargetSchema = z.object({ PanelId: z.number().int(), PanelName: z.string() });
/** POST /{guildId}/tickets/{ticketId}/move: the panel the ticket moves to. */
export const ticketMoveInputSchema = z.object({
  panelId: z.number({ error: "Pick a panel" }).int("Pick a panel").min(1, "Pick a panel").max(2_147_483_647, "Pick a panel"),
});

/** GET /{guildId}/tickets/{ticketId}: the ticket's facts and what the caller may do on its page. */
export const ticketDetailSchema = z.object({
  ticket: ticketSummarySchema,
  FirstResponseAt: z.number().nullable(),
  AddedMembers: z.array(ticketStaffSchema),
  activity: z.array(ticketActivityItemSchema),
  notes: z.array(ticketNoteSchema),
  names: mentionNamesSchema,
  /** Staff of the ticket one may assign it to. */
  staff: z.array(ticketStaffSchema),
  /** The panels the caller may move the ticket to (none when they may not move it). */
  moveTargets: z.array(ticketMoveTargetSchema),
  may: z.object({ reply: z.boolean(), note: z.boolean(), act: z.boolean() }),
});
export type TicketDetail = z.infer<typeof ticketDetailSchema>;

export const ticketNoteResponseSchema = z.object({ message: z.string(), note: ticketNoteSchema });
export const ticketReplyResponseSchema = z.object({ message: z.string(), message_id: z.string() });

/** GET /{guildId}/statistics/priorities?from&to (UTC days): open tickets per priority now, and the median first response of those closed in the range. */
export const priorityStatisticsQuerySchema = z.object({
  from: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "from must be a date (YYYY-MM-DD)"),
  to: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "to must be a date (YYYY-MM-DD)"),
});
export const priorityStatisticsSchema = z.object({
  priorities: z.array(
    z.object({ Priority: ticketPrioritySchema, Open: z.number().int(), Closed: z.number().int(), MedianResponseMs: z.number().nullable() }),
  ),
});
export type PriorityStatistics = z.infer<typeof priorityStatisticsSchema>;

/** Time a side waited, over the tickets closed in a range: the total and the median per ticket (nearest rank). */
const waitedSchema = z.object({ TotalMs: z.number(), MedianMs: z.number().nullable() });

/**
 * GET /{guildId}/statistics/waiting?from&to (UTC days): time waiting on staff and on members of the tickets closed in
 * the range (those tracked: `Tickets`), and the open tickets waiting on each side now ("Needs attention": on staff, not
 * snoozed) and snoozed.
 */
export const waitingStatisticsSchema = z.object({
  Tickets: z.number().int(),
  Staff: waitedSchema,
  Member: waitedSchema,
  OpenOnStaff: z.number().int(),
  OpenOnMember: z.number().int(),
  Snoozed: z.number().int(),
});
export type WaitingStatistics = z.infer<typeof waitingStatisticsSchema>;
