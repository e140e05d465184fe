import { z } from "zod";
import { bulkIdsMax, bulkMessages } from "./bulk";
import { ticketAssignInputSchema, ticketPrioritySchema, ticketTriageInputSchema } from "./helpdesk";
import { ticketCloseSchema } from "./ticket";

// The bulk actions of the tickets queue and of the transcripts list (src/schemas/bulk.ts says how bulk actions work);
// apart from the generated lists' schemas, so those lists do not load the tickets' schemas.

/** Ticket numbers for a bulk step (the queue's selection). */
const ticketIds = z.array(z.number().int().min(0).max(2_147_483_647)).min(1).max(bulkIdsMax, bulkMessages.tooMany);

/** Body of `POST /{guildId}/tickets/bulk`: the same steps as one ticket's buttons, on each ticket in turn. */
export const ticketBulkSchema = z.discriminatedUnion("action", [
  z.object({ action: z.literal("close"), ids: ticketIds, ...ticketCloseSchema.shape }).strict(),
  z.object({ action: z.literal("assign"), ids: ticketIds, ...ticketAssignInputSchema.shape }).strict(),
  z.object({ action: z.literal("priority"), ids: ticketIds, Priority: ticketPrioritySchema }).strict(),
  z.object({ action: z.literal("labels"), ids: ticketIds, LabelIds: ticketTriageInputSchema.shape.LabelIds.unwrap() }).strict(),
]);
export type TicketBulk = z.infer<typeof ticketBulkSchema>;
export const ticketBulkActions = ["close", "assign", "priority", "labels"] as const;

/** One ticket's outcome in a bulk step: done or refused by the step (with its words). */
export const ticketBulkResponseSchema = z.object({
  message: z.string(),
  results: z.array(z.object({ TicketId: z.number().int(), ok: z.boolean(), message: z.string() })),
});
export type TicketBulkResponse = z.infer<typeof ticketBulkResponseSchema>;

/** Body of `POST /{guildId}/transcripts/bulk`: delete the transcripts (managers; final), or download them as one file. */
export const transcriptBulkSchema = z.discriminatedUnion("action", [
  z.object({ action: z.literal("delete"), ids: ticketIds }).strict(),
  z.object({ action: z.literal("download"), ids: ticketIds, theme: z.enum(["light", "dark"]).optional() }).strict(),
]);
export type TranscriptBulk = z.infer<typeof transcriptBulkSchema>;

/** The answer: how many; a download's one HTML document holding each transcript in its own sandboxed frame. */
export const transcriptBulkResponseSchema = z.object({
  message: z.string(),
  count: z.number().int(),
  transcripts_html: z.string().optional(),
});
export type TranscriptBulkResponse = z.infer<typeof transcriptBulkResponseSchema>;
