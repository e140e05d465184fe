import { z } from "zod";

// The dashboard and the public site are separate bundles. The dashboard sends a user home with a notice by
// writing this object into the history entry of "/" and loading it (see src/providers/go-home.ts); the
// landing page reads it, shows the toast of the specification (§2) and clears it from the entry.
export const navigationStateSchema = z.object({
  sessionExpired: z.boolean().optional(),
  accessDenied: z.boolean().optional(),
});
export type NavigationState = z.infer<typeof navigationStateSchema>;

/** Reads the notice from a history state value, tolerating anything else found there. */
export function readNavigationState(state: unknown): NavigationState {
  const parsed = navigationStateSchema.safeParse(state);
  return parsed.success ? parsed.data : {};
}
