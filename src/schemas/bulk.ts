import { z } from "zod";

// The grid's bulk actions (docs/architecture.md, "The grid"): one request per action, `POST /{guildId}/<resource>/bulk`
// with `{action, ids}` — the selected rows — or `{action, allMatching: <the list's filters>}` for every record the list's filter
// matches. The server checks every row (the guild, the caller's permission, the panel for tickets) and refuses the
// whole request when one row is refused: nothing changes. A delete that can be undone answers an undo token; the
// `restore` action with that token puts the rows back exactly (same ids, fields, order) for a short while.

/** At most this many rows in one bulk request (ids named, or every record matching). */
export const bulkIdsMax = 100;
/** How long the dashboard offers Undo after a delete (the toast's seconds). */
export const bulkUndoSeconds = 10;
/** How long the server keeps a deleted selection for its Undo (a slow network's answer still finds it). */
export const bulkUndoKeepMs = 60_000;

export const bulkMessages = {
  tooMany: `Select at most ${bulkIdsMax} rows at once`,
  undoExpired: "It is too late to undo this: the deleted rows are gone",
} as const;

/** A record's id as a list names it: a uuid or a positive integer. */
const bulkId = z.union([z.string().min(1).max(64), z.number().int().min(1).max(2_147_483_647)]);
/** The list's equality filters (`?<field>=<value>` of its route), for "every record matching". */
const bulkFilter = z.record(z.string().max(64), z.union([z.string().max(2000), z.number(), z.boolean()]));

/** Which rows: the ids named (`ids`), or every record matching the list's filter (`allMatching`, at most bulkIdsMax). */
const bulkTarget = {
  ids: z.array(bulkId).min(1).max(bulkIdsMax, bulkMessages.tooMany).optional(),
  allMatching: bulkFilter.optional(),
};
const oneTarget = (body: { ids?: unknown; allMatching?: unknown }) => (body.ids === undefined) !== (body.allMatching === undefined);
const oneTargetMessage = { message: "Name the rows: ids, or allMatching" };
export type BulkTarget = { ids?: (string | number)[]; allMatching?: Record<string, string | number | boolean> };

/** The bulk actions a resource may declare. */
export const resourceBulkActions = ["delete"] as const;
export type ResourceBulkAction = (typeof resourceBulkActions)[number];

/** Body of `POST /{guildId}/<resource>/bulk` of a generated resource: delete the rows, or restore a deleted selection. */
export const resourceBulkSchema = z.discriminatedUnion("action", [
  z
    .object({ action: z.literal("delete"), ...bulkTarget })
    .strict()
    .refine(oneTarget, oneTargetMessage),
  z.object({ action: z.literal("restore"), token: z.string().min(20).max(100) }).strict(),
]);
export type ResourceBulk = z.infer<typeof resourceBulkSchema>;

/** The answer of a bulk delete or restore: how many rows, and (a delete) the token its Undo sends back. */
export const resourceBulkResponseSchema = z.object({
  message: z.string(),
  count: z.number().int(),
  ids: z.array(bulkId),
  undoToken: z
    .string()
    .optional()
    .describe(`A delete: send {action: "restore", token} within ${bulkUndoKeepMs / 1000} s to undo it`),
});
export type ResourceBulkResponse = z.infer<typeof resourceBulkResponseSchema>;
