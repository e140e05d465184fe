import { z } from "zod";
import { discordLimits } from "./discord-limits";
import { limits } from "./limits";
import { capturedMentionsSchema } from "./message-parts";
import { transcriptMessages } from "./messages";
import { transcriptSortFields } from "./transcript-sort";

/** A transcript in the list (§3). */
export const transcriptSummarySchema = z.object({
  TicketId: z.number(),
  AuthorId: z.string(),
  AuthorUsername: z.string(),
  CloseReason: z.string().nullable(),
  PanelId: z.number().nullable(),
  PanelName: z.string(),
  Rating: z.number().nullable(),
  ClosedAt: z.number().optional(),
  /** The opener's comment after the stars. */
  RatingComment: z.string().nullable().optional(),
});
export type TranscriptSummary = z.infer<typeof transcriptSummarySchema>;

export const transcriptListResponseSchema = z.object({
  transcripts: z.array(transcriptSummarySchema),
  total: z.number(),
  page: z.number(),
  per_page: z.number(),
});
export type TranscriptListResponse = z.infer<typeof transcriptListResponseSchema>;

export { transcriptSortFields };

/** Query of GET /{guildId}/transcripts: filters of §2 (Ticket ID min 0), words inside (q), server-side pages. */
export const transcriptQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  per_page: z.coerce
    .number()
    .int()
    .refine((n) => (limits.transcriptPageSizes as readonly number[]).includes(n), "Per page must be 25, 50, 75 or 100")
    .default(limits.transcriptDefaultPageSize),
  ticket_id: z.coerce.number().int().min(0).optional(),
  username: z.string().max(100).optional(),
  panel: z.string().max(100).optional(),
  q: z.string().max(200).optional(),
  /** Keyset pages: the transcripts below this ticket number (the next page), or above it (the previous one). */
  before: z.coerce.number().int().min(0).max(2_147_483_647).optional(),
  after: z.coerce.number().int().min(0).max(2_147_483_647).optional(),
  /** By rating (unrated last, then the newest first) instead of by ticket number (newest first, the default). */
  sort: z.enum(transcriptSortFields).optional(),
  order: z.enum(["asc", "desc"]).optional(),
});
export type TranscriptQuery = z.infer<typeof transcriptQuerySchema>;

export const transcriptDetailSchema = z.object({ transcript_html: z.string() });

/**
 * The latest time a transcript may carry: the last millisecond of the year 9999 (epoch seconds are read as such below
 * 1e11). Beyond 8.64e15 a time is no date at all, and the transcript could not be shown.
 */
export const transcriptMaxTime = 253_402_300_799_999;
const transcriptTime = z.number().int().min(0).max(transcriptMaxTime, "Times are epoch seconds or milliseconds up to the year 9999");

/** A link of an embed (its title's, its author's, an icon, an image) as given: the transcript shows only http(s) ones. */
const embedUrl = z.string().max(2048);

/** One embed of a message, every part Discord gives, within Discord's limits (src/schemas/discord-limits.ts). */
export const transcriptEmbedSchema = z.object({
  title: z.string().max(discordLimits.embedTitle).optional(),
  description: z.string().max(discordLimits.embedDescription).optional(),
  url: embedUrl.optional(),
  /** "#rrggbb". */
  color: z.string().max(32).optional(),
  /** The embed's own time (epoch seconds or milliseconds). */
  timestamp: transcriptTime.optional(),
  author: z.object({ name: z.string().max(discordLimits.embedAuthor), url: embedUrl.optional(), icon_url: embedUrl.optional() }).optional(),
  fields: z
    .array(
      z.object({
        name: z.string().max(discordLimits.embedFieldName),
        value: z.string().max(discordLimits.embedFieldValue),
        inline: z.boolean().optional(),
      }),
    )
    .max(discordLimits.embedFields)
    .optional(),
  footer: z.object({ text: z.string().max(discordLimits.embedFooter), icon_url: embedUrl.optional() }).optional(),
  image: z.object({ url: embedUrl }).optional(),
  thumbnail: z.object({ url: embedUrl }).optional(),
});

/** A message a reply answers: its id, and its author and the start of its text when known. */
export const transcriptReplySchema = z.object({
  message_id: z.string().regex(/^\d{1,20}$/),
  author: z.string().max(100).optional(),
  content: z.string().max(200).optional(),
});

/**
 * One message of a ticket, as a bot sends it to the ingest endpoint and as a transcript keeps it: its text, every
 * embed, attachments, stickers, the message it replies to, and the names its mentions had when it was captured.
 * Everything after `attachments` came later and is optional, so older bodies and stored documents stay valid.
 */
/** An earlier version of a message and what replaced it (an edit, or its deletion): the audit trail the gateway keeps. */
export const transcriptVersionSchema = z.object({ content: z.string().max(4000), at: transcriptTime, kind: z.enum(["edit", "delete"]) });

export const transcriptMessageSchema = z.object({
  author: z.string().min(1).max(100),
  author_id: z.string().regex(/^\d+$/).optional(),
  content: z.string().max(4000).default(""),
  timestamp: transcriptTime,
  embeds: z.array(transcriptEmbedSchema).max(discordLimits.embeds).default([]),
  attachments: z
    .array(
      z.object({
        name: z.string().max(1024),
        url: z.string().url().max(2048),
        size: z.number().int().min(0).optional(),
        content_type: z.string().max(255).optional(),
      }),
    )
    .max(10)
    .default([]),
  stickers: z
    .array(z.object({ name: z.string().max(100) }))
    .max(3)
    .optional(),
  reply: transcriptReplySchema.optional(),
  mentions: capturedMentionsSchema.optional(),
  /** When its author last edited it, and when it was deleted in Discord (the transcript keeps it, marked). */
  edited_at: transcriptTime.optional(),
  deleted_at: transcriptTime.optional(),
  /** Its earlier versions, oldest first (at most 10). */
  history: z.array(transcriptVersionSchema).max(10).optional(),
});

/** POST /{guildId}/transcripts (bot-facing ingest, authenticated with the guild's bot API key). */
export const transcriptIngestSchema = z.object({
  TicketId: z.number().int().min(0),
  AuthorId: z.string().regex(/^\d+$/),
  AuthorUsername: z.string().min(1).max(100),
  CloseReason: z.string().max(1024).nullable().default(null),
  PanelId: z.number().int().nullable().default(null),
  Rating: z.number().int().min(1).max(5).nullable().default(null),
  ClosedAt: transcriptTime,
  messages: z.array(transcriptMessageSchema).min(1).max(5000),
});
export type TranscriptIngest = z.infer<typeof transcriptIngestSchema>;

/** §2: the panel column shows 'Deleted panel' when the name is Unknown; close reason defaults. */
export const panelLabel = (name: string) => (name === "Unknown" ? transcriptMessages.deletedPanel : name);
export const closeReasonLabel = (reason: string | null) => (reason && reason.trim() ? reason : transcriptMessages.noReason);
export const ratingLabel = (rating: number | null) => (rating === null ? transcriptMessages.notApplicable : `${rating} ★`);

/** §5: the typed page number is clamped between 1 and the last page. */
export const clampPage = (page: number, total: number, perPage: number) => {
  const last = Math.max(1, Math.ceil(total / perPage));
  return Math.min(last, Math.max(1, Number.isFinite(page) ? Math.trunc(page) : 1));
};
