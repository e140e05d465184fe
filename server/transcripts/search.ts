import type { TranscriptMessage } from "./document";

// Words of a transcript for the search index. The index holds only keyed hashes of these words (crypto.ts
// termHash), never the words; a query is normalised the same way and every one of its words must match.

const MIN_TERM = 2;
const MAX_TERM = 64;
/** Bounds the index rows of one huge transcript; common words come first in any chat anyway. */
export const MAX_TERMS_PER_TRANSCRIPT = 20_000;
export const MAX_QUERY_TERMS = 10;

/** Lowercase, accents removed, split on anything that is not a letter or a digit; each word once. */
export function normaliseTerms(text: string): string[] {
  const folded = text
    .normalize("NFKD")
    .replace(/\p{M}+/gu, "")
    .toLowerCase();
  const out = new Set<string>();
  for (const match of folded.matchAll(/[\p{L}\p{N}]+/gu)) {
    const word = match[0];
    if (word.length >= MIN_TERM && word.length <= MAX_TERM) out.add(word);
  }
  return [...out];
}

/**
 * Every searchable word of a transcript: message text, every text of an embed (title, description, author, fields,
 * footer), attachment and sticker names, authors, and the names its mentions read as.
 */
export function transcriptTerms(messages: TranscriptMessage[]): string[] {
  const out = new Set<string>();
  const add = (text: string | undefined) => {
    if (!text) return;
    for (const term of normaliseTerms(text)) {
      if (out.size >= MAX_TERMS_PER_TRANSCRIPT) return;
      out.add(term);
    }
  };
  for (const message of messages) {
    add(message.author);
    add(message.content);
    for (const embed of message.embeds ?? []) {
      add(embed.title);
      add(embed.description);
      add(embed.author?.name);
      for (const field of embed.fields ?? []) {
        add(field.name);
        add(field.value);
      }
      add(embed.footer?.text);
    }
    for (const attachment of message.attachments ?? []) add(attachment.name);
    for (const sticker of message.stickers ?? []) add(sticker.name);
    for (const kind of [message.mentions?.users, message.mentions?.roles, message.mentions?.channels])
      for (const name of Object.values(kind ?? {})) add(name);
  }
  return [...out];
}

/** The words of a search box, at most MAX_QUERY_TERMS. */
export const queryTerms = (q: string | undefined) => (q ? normaliseTerms(q).slice(0, MAX_QUERY_TERMS) : []);
