import { z } from "zod";
import { limits } from "./limits";

/** A chat-platform id (snowflake) as a string of digits. */
export const snowflake = z.string().regex(/^\d{1,21}$/, "Must be a numeric id");

/** guildId of the routes (§2, §5): 16 to 21 digits. */
export const guildIdSchema = z.string().regex(limits.guildIdPattern);
export const isGuildId = (value: string | undefined): value is string => typeof value === "string" && limits.guildIdPattern.test(value);

/** The error body every failing API call answers with. */
export const apiErrorSchema = z.object({
  error: z.string(),
  errors: z.array(z.string()).optional(),
  /** "reauthenticate": the action needs a recent sign-in (the dashboard offers to sign in again). */
  code: z.string().optional(),
});
export type ApiError = z.infer<typeof apiErrorSchema>;

/** A `{message}` answer of a successful mutation. */
export const messageResponseSchema = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof messageResponseSchema>;

/** Optional http(s) URL: empty string allowed, other schemes (javascript:, data:) refused. */
export const optionalUrl = z
  .string()
  .max(2048)
  .refine((v) => v === "" || /^https?:\/\/[^\s]+$/i.test(v), "Must be a valid URL")
  .optional()
  .default("");
