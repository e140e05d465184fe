import { z } from "zod";
import { ticketMessagesQuerySchema, ticketMessagesResponseSchema, ticketReplyInputSchema } from "./helpdesk";

// "My tickets": a signed-in member's own tickets across the servers that let members see them (the MemberTickets
// setting), outside any one server's dashboard. Only the opener's tickets, never staff fields such as notes,
// priority or labels.

/** A ticket as its opener sees it. Times are epoch milliseconds. */
export const myTicketSchema = z.object({
  GuildId: z.string(),
  GuildName: z.string(),
  TicketId: z.number().int(),
  Status: z.enum(["open", "closing", "closed"]),
  PanelName: z.string(),
  Subject: z.string().nullable(),
  OpenedAt: z.number(),
  ClosedAt: z.number().nullable(),
  CloseReason: z.string().nullable(),
  /** Closed tickets: whether the server kept its transcript (the HTML download). */
  HasTranscript: z.boolean(),
});
export type MyTicket = z.infer<typeof myTicketSchema>;

/** GET /my-tickets: open tickets first (newest first), then closed ones (newest first, at most 100). */
export const myTicketsResponseSchema = z.object({
  open: z.array(myTicketSchema),
  closed: z.array(myTicketSchema),
});
export type MyTicketsResponse = z.infer<typeof myTicketsResponseSchema>;

export const myTicketParamsSchema = z.object({
  guildId: z.string().regex(/^\d{16,21}$/),
  ticketId: z.coerce.number().int().min(0).max(2_147_483_647),
});

/** GET /my-tickets/{guildId}/{ticketId}/messages: the conversation read live, as on the staff's ticket page. */
export const myTicketMessagesQuerySchema = ticketMessagesQuerySchema;
export const myTicketMessagesResponseSchema = ticketMessagesResponseSchema;

/** POST /my-tickets/{guildId}/{ticketId}/messages: the member writes into their open ticket (same limits as a staff reply). */
export const myTicketMessageInputSchema = ticketReplyInputSchema;
export const myTicketMessageResponseSchema = z.object({ message: z.string() });

/** The answers' words, shown by the page. */
export const myTicketsMessages = {
  sent: "Message sent.",
  notFound: "Ticket not found",
  closed: "This ticket is closed: it cannot be written into.",
  notSent: "The message could not be delivered to the ticket.",
} as const;
