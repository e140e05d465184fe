import { z } from "zod";

/**
 * Blacklist (beyond the spec): users or roles barred from opening tickets. Declared once here; the dashboard
 * screens are generated from it by the resource engine.
 */
export const blacklistKinds = ["User", "Role"] as const;

export const blacklistInputSchema = z.object({
  Kind: z
    .enum(blacklistKinds, { error: "Kind must be User or Role" })
    .meta({ title: "Kind", description: "Bar a single user or everyone with a role", placeholder: "User or Role" }),
  TargetId: z
    .string({ error: "Target id is required" })
    .trim()
    .regex(/^\d{16,21}$/, "Target id must be a user or role id (16 to 21 digits)")
    .meta({ title: "User or role id", placeholder: "e.g. 812345678901234604" }),
  Reason: z
    .string()
    .trim()
    .max(200, "Reason must be at most 200 characters")
    .default("")
    .meta({ title: "Reason", widget: "textarea", rows: 3, placeholder: "Why they may not open tickets (optional)" }),
});
export type BlacklistInput = z.infer<typeof blacklistInputSchema>;

export const blacklistEntrySchema = blacklistInputSchema.extend({
  EntryId: z.number(),
  /** The role's name for a Role entry when the platform knows it; null otherwise. */
  TargetName: z.string().nullable().optional(),
  /** Epoch milliseconds. */
  CreatedAt: z.number(),
});
export type BlacklistEntry = z.infer<typeof blacklistEntrySchema>;
export const blacklistResponseSchema = z.object({ blacklist: z.array(blacklistEntrySchema) });
