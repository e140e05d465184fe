import { z } from "zod";
import { defineResourceSpec, resourceActivity, resourceApi, resourceDialogs } from "./resource-spec";

// Ticket labels (the help desk): per-server labels staff put on tickets (a name and a colour), shown on the
// ticket page and the queue, and filtered by there. Declared once here and added to the two registries
// (src/resources/registry.ts, server/resources/registry.ts); a ticket's labels are rows of ticket_label_links
// (migration 024).

/** The schema's validation messages (shown translated by the dashboard). */
const labelMessages = {
  nameRequired: "Name is required",
  nameTooLong: "Name must be at most 50 characters",
  invalidColour: "Colour must be a hex colour like #5865F2",
} as const;

/** At most this many labels per server. */
export const labelLimit = 50;

export const labelInputSchema = z.object({
  Name: z
    .string({ error: labelMessages.nameRequired })
    .trim()
    .min(1, labelMessages.nameRequired)
    .max(50, labelMessages.nameTooLong)
    .meta({ title: "Name", placeholder: "Bug report", description: "What staff pick on a ticket" }),
  Colour: z
    .string()
    .regex(/^#[0-9a-fA-F]{6}$/, labelMessages.invalidColour)
    .default("#5865F2")
    .meta({ title: "Colour", widget: "color" }),
});

export const labelSchema = labelInputSchema.extend({ LabelId: z.number().int() });
export type Label = z.infer<typeof labelSchema> & { Revision?: number };

export const labelsSpec = defineResourceSpec({
  name: "labels",
  table: "ticket_labels",
  key: { field: "LabelId", kind: "serial" },
  input: labelInputSchema,
  record: labelSchema,
  unique: [{ fields: ["Name"], message: (input) => `A label named "${input.Name}" already exists` }],
  // Anyone with access to the server may read them (staff label tickets); changing the list is a settings matter.
  permissions: { create: "EditSettings", edit: "EditSettings", delete: "EditSettings" },
  activity: resourceActivity("label"),
  bulk: ["delete"],
  limit: { max: labelLimit, things: "labels" },
  order: [{ field: "Name", direction: "asc" }],
  api: resourceApi("labels", "label", "label"),
  exposeRevision: true,
  doc: { tag: "Tickets", summary: "ticket labels (a name and a colour staff put on tickets)" },
  ui: {
    label: "Labels",
    title: "Ticket Labels",
    list: {
      title: "Ticket labels",
      columns: [
        { key: "Name", title: "Name", truncate: true, width: 240, inlineEdit: true },
        { key: "Colour", title: "Colour", width: 120 },
      ],
      search: { placeholder: "Search labels", fields: ["Name"] },
      emptyText: "No labels yet. Add the labels your staff sort tickets by.",
    },
    ...resourceDialogs("label", "Tickets lose this label."),
    messages: labelMessages,
  },
});
