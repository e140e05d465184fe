import type { z } from "zod";
import type { transcriptMessageSchema } from "../../src/schemas/transcript";

// What is sealed in transcripts.body_enc: the ticket's messages as a bot sent them (a versioned JSON document).
// Version 1 grows only by optional fields (each embed whole, attachments' sizes and types, stickers, the message
// replied to, the names mentions had when captured): a document stored before reads as before, and an instance still
// running the previous code reads a newer one, leaving out what it does not know.

export type TranscriptMessage = z.output<typeof transcriptMessageSchema>;
export type TranscriptEmbed = TranscriptMessage["embeds"][number];

export interface TranscriptDocument {
  v: 1;
  messages: TranscriptMessage[];
}

export const serialiseDocument = (messages: TranscriptMessage[]) => JSON.stringify({ v: 1, messages } satisfies TranscriptDocument);

export function parseDocument(text: string): TranscriptDocument {
  const doc = JSON.parse(text) as Partial<TranscriptDocument>;
  if (doc?.v !== 1 || !Array.isArray(doc.messages)) throw new Error("unknown transcript document version");
  return doc as TranscriptDocument;
}

/** Additional authenticated data: a sealed body only opens in the row (guild, ticket) it was written for. */
export const transcriptAad = (guildId: string, ticketId: number) => `transcript:${guildId}:${ticketId}`;
