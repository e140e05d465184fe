import { z } from "zod";
import { messageResponseSchema } from "../common";
import { panelMessages } from "../messages";
import { answeredMultiPanelSchema, multiPanelBodySchema, multiPanelCreateSchema, multiPanelSchema } from "../multi-panel";
import { singlePanelBodySchema, singlePanelRecordSchema, singlePanelSchema } from "../panel";
import { panelListSchema, panelPropertiesSchema } from "../panel-properties";
import { resourcePermissions } from "../access";
import { declareResource } from "../resource-kinds";

// Ticket panels and multi-panels (SPEC §2, §3, §5, §7): two variants of the `panels` table behind their envelopes
// ({SinglePanel}, {MultiPanel}; {Panel} also updates a single panel), one collection whose door lets in either's
// permission; each is then guarded by its own permissions — which the body (a create) or the stored panel
// (everything else) tells. The list groups them (panels.SinglePanels / MultiPanels, each only when the caller may view
// it). Hooks (server/panels/hooks.ts): references checked against the server, the message posted and resent.

export const panelNotFoundText = "Panel not found";

/** A stored single panel / multi-panel as the API answers it (the record: no send rules, see ../send-limits.ts). */
export const storedSinglePanelSchema = singlePanelRecordSchema.extend({
  PanelId: z.number(),
  MessageId: z.string().nullable(),
  Revision: z.number(),
});
export const storedMultiPanelSchema = answeredMultiPanelSchema.extend({
  PanelId: z.number(),
  MessageId: z.string().nullable(),
  Revision: z.number(),
});

export const panelOneSchema = z.object({ panel: z.union([storedSinglePanelSchema, storedMultiPanelSchema]) });
export const panelCreateSchema = z.union([singlePanelBodySchema, multiPanelBodySchema]);
export const panelUpdateSchema = z.union([
  singlePanelBodySchema,
  z.object({ Panel: singlePanelSchema }),
  z.object({ MultiPanel: multiPanelSchema }),
]);
/** Each variant: its body's envelope key (`aliases`: others an update also accepts), its permissions, its bodies. */
export const panelVariants = {
  single: {
    envelope: "SinglePanel",
    aliases: ["Panel"],
    permissions: resourcePermissions.panels,
    create: singlePanelSchema,
    update: singlePanelSchema,
  },
  multi: {
    envelope: "MultiPanel",
    aliases: [],
    permissions: resourcePermissions["multi-panels"],
    create: multiPanelCreateSchema,
    update: multiPanelSchema,
  },
} as const;

export const panelCreatedSchema = messageResponseSchema.extend({
  PanelId: z.number().int(),
  warning: z.string().optional().describe("Set when the panel was stored but its message could not be posted"),
});

export const panelsSpec = declareResource({
  kind: "collection",
  name: "panels",
  permissions: ["panels", "multi-panels"],
  doc: { tag: "Panels", summary: "ticket panels and multi-panels" },
  id: "panelId",
  ids: { panelId: panelNotFoundText },
  list: { summary: "List panels and multi-panels", description: "Each kind only when the caller may view it.", answer: panelListSchema },
  show: { summary: "One panel or multi-panel", answer: panelOneSchema },
  // The body's kind decides the permission and the schema: the hook validates it (messages of that kind).
  create: {
    summary: "Create a panel ({SinglePanel}) or multi-panel ({MultiPanel}) and post its message",
    body: panelCreateSchema,
    bodyInHook: true,
    answer: panelCreatedSchema,
    status: 201,
    errors: [400, 409],
    message: panelMessages.created,
  },
  replace: {
    summary: "Update a panel or multi-panel",
    description: "A Revision other than the stored one is refused (409).",
    body: panelUpdateSchema,
    bodyInHook: true,
    answer: messageResponseSchema,
    errors: [409],
    message: panelMessages.updated,
  },
  remove: {
    summary: "Delete a panel or multi-panel",
    description: "A panel shown by a multi-panel is refused (409).",
    answer: messageResponseSchema,
    errors: [409],
    message: "Panel deleted successfully.",
  },
  actions: {
    resend: {
      method: "POST",
      path: "/{panelId}/resend",
      access: "edit",
      summary: "Post the panel's message again",
      description: "A multi-panel none of whose panels is left is not posted (409).",
      answer: messageResponseSchema,
      errors: [409],
      message: panelMessages.resent,
    },
    properties: {
      method: "GET",
      root: true,
      path: "/panel-properties",
      access: "list",
      summary: "Channels, categories, emojis, roles, teams and forms for the panel editor",
      answer: panelPropertiesSchema,
    },
  },
  transfer: { section: "panels" },
});
