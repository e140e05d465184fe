import { z } from "zod";

/**
 * Blacklist (beyond the spec): users or roles barred from opening tickets. Declared once here; the dashboard
 * screens are generated from it by the resource engine.
 */
export const blacklistKinds = ["User", "Role"] as const;

export const blacklistInputSchema = z.object({
  Kind: z.enum(blacklistKinds).meta({ title: "Kind", description: "Bar a single user or everyone with a role" }),
  TargetId: z
    .string({ error: "Target id is required" })
    .trim()
    .regex(/^\d{16,21}$/, "Target id must be a user or role id (16 to 21 digits)")
    .meta({ title: "User or role id" }),
  Reason: z.string().trim().max(200, "Reason must be at most 200 characters").default("").meta({ title: "Reason" }),
});
export type BlacklistInput = z.infer<typeof blacklistInputSchema>;

export const blacklistEntrySchema = blacklistInputSchema.extend({
  EntryId: z.number(),
  CreatedAt: z.number(),
});
export type BlacklistEntry = z.infer<typeof blacklistEntrySchema>;
export const blacklistResponseSchema = z.object({ blacklist: z.array(blacklistEntrySchema) });
