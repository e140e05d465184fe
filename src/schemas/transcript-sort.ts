/**
 * The transcript list's sortable columns (by their list column keys). Apart from ./transcript.ts so that the
 * transcripts' declaration, loaded with every screen, does not bring the transcript schemas (zod) with it.
 */
export const transcriptSortFields = ["rating"] as const;
