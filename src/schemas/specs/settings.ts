import { z } from "zod";
import { messageResponseSchema } from "../common";
import { settingsMessages } from "../messages";
import { declareResource } from "../resource-kinds";
import { settingsResponseSchema, settingsUpdateSchema } from "../settings";

// Ticket settings (SPEC §2, §3, §4, §7): one record per server, answered over its defaults with the server's text
// channels by name (Channels) and the revision; a save sends only non-null values and names the revision it was made
// on. Hooks: server/settings/hooks.ts (the archive channel must be the server's; the Channels map).

export const settingsSavedSchema = messageResponseSchema.extend({ Revision: z.number().int() });

export const settingsSpec = declareResource({
  kind: "record",
  name: "settings",
  permissions: ["settings"],
  doc: { tag: "Settings", summary: "ticket settings" },
  ids: {},
  read: { summary: "Ticket settings", answer: settingsResponseSchema, cache: true },
  save: {
    summary: "Save ticket settings",
    description: "Only non-null values are sent; a Revision other than the stored one is refused (409).",
    // The archive dropdown's 'None' arrives as "": the hook reads it before the shared schema does.
    body: settingsUpdateSchema,
    bodyInHook: true,
    answer: settingsSavedSchema,
    errors: [400, 409],
    message: settingsMessages.updatedByServer,
  },
  transfer: { section: "settings" },
});
