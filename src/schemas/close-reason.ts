import { z } from "zod";
import { guildLimits } from "./limits";
import { defineResourceSpec, resourceActivity, resourceApi, resourceDialogs } from "./resource-spec";

// Close reasons: preset reasons a server offers when a ticket is closed (the /close command's choices, the close
// dialog's select). Declared once here — schema, UI hints, permissions, activity names and the dashboard's screens —
// and added to the shared registry (src/schemas/resources.ts); nothing else.

/** The schema's validation messages (shown translated by the dashboard). */
const closeReasonMessages = {
  labelRequired: "Label is required",
  labelTooLong: "Label must be at most 100 characters",
  textTooLong: "Text must be at most 1000 characters",
  positionNumber: "Position must be a number",
  positionWhole: "Position must be a whole number",
  positionMin: "Position must be at least 0",
  positionMax: "Position must be at most 1000",
} as const;

export const closeReasonInputSchema = z.object({
  Label: z
    .string({ error: closeReasonMessages.labelRequired })
    .trim()
    .min(1, closeReasonMessages.labelRequired)
    .max(100, closeReasonMessages.labelTooLong)
    .meta({ title: "Label", placeholder: "Resolved", description: "What staff pick, and what the transcript records" }),
  Text: z.string().trim().max(1000, closeReasonMessages.textTooLong).default("").meta({
    title: "Text",
    widget: "textarea",
    rows: 3,
    placeholder: "The issue was solved. Thanks for reaching out!",
    description: "Optional: a longer explanation sent with the close",
  }),
  Position: z
    .number({ error: closeReasonMessages.positionNumber })
    .int(closeReasonMessages.positionWhole)
    .min(0, closeReasonMessages.positionMin)
    .max(1000, closeReasonMessages.positionMax)
    .default(0)
    .meta({ title: "Position", widget: "updown", description: "Lower numbers come first" }),
});

export const closeReasonSchema = closeReasonInputSchema.extend({ ReasonId: z.number().int() });
export type CloseReason = z.infer<typeof closeReasonSchema> & { Revision?: number };

export const closeReasonsSpec = defineResourceSpec({
  name: "close-reasons",
  table: "close_reasons",
  key: { field: "ReasonId", kind: "serial" },
  input: closeReasonInputSchema,
  record: closeReasonSchema,
  unique: [{ fields: ["Label"], message: (input) => `A close reason labelled "${input.Label}" already exists` }],
  // Anyone with access to the server may read them (staff close tickets); changing them is a settings matter.
  permissions: { create: "EditSettings", edit: "EditSettings", delete: "EditSettings" },
  activity: resourceActivity("close reason"),
  bulk: ["delete"],
  limit: { max: guildLimits.closeReasons, things: "close reasons" },
  order: [{ field: "Position", direction: "asc" }],
  api: resourceApi("close_reasons", "close_reason", "close reason"),
  exposeRevision: true,
  doc: { tag: "Tickets", summary: "close reasons (presets offered when a ticket is closed)" },
  ui: {
    label: "Close Reasons",
    title: "Close Reasons",
    list: {
      title: "Preset close reasons",
      columns: [
        { key: "Position", title: "#", width: 70 },
        { key: "Label", title: "Label", truncate: true, width: 220, inlineEdit: true },
        { key: "Text", title: "Text", truncate: true, hideOnMobile: true, inlineEdit: true },
      ],
      search: { placeholder: "Search close reasons", fields: ["Label", "Text"] },
      emptyText: "No close reasons yet. Add the reasons your staff pick most when closing a ticket.",
    },
    ...resourceDialogs("close reason", "Tickets closed with it keep their reason."),
    messages: closeReasonMessages,
  },
});
