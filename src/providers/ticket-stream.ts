import { createParser } from "eventsource-parser";
import type { z } from "zod";
import { ticketEventSchema, type TicketEvent } from "../schemas/ticket";

// The reading half of the live provider (src/providers/live-provider.ts), loaded with the first stream.

/**
 * Feeds a stream's text to the parser and calls back with each valid `event: ticket` (the dashboard's TicketEvent, or
 * what `schema` reads: the Try-it member's); resolves when the stream ends.
 */
export async function readTicketEvents<E = TicketEvent>(
  body: ReadableStream<Uint8Array>,
  onEvent: (event: E) => void,
  signal?: AbortSignal,
  schema: z.ZodType<E> = ticketEventSchema as unknown as z.ZodType<E>,
): Promise<void> {
  const parser = createParser({
    onEvent(message) {
      if (message.event !== "ticket") return;
      try {
        const parsed = schema.safeParse(JSON.parse(message.data));
        if (parsed.success) onEvent(parsed.data);
      } catch {
        // A malformed event is skipped; the next refetch repairs the view.
      }
    },
  });
  const reader = body.getReader();
  const decoder = new TextDecoder();
  try {
    while (!signal?.aborted) {
      const { value, done } = await reader.read();
      if (done) break;
      parser.feed(decoder.decode(value, { stream: true }));
    }
  } finally {
    reader.releaseLock();
  }
}
