import { z } from "zod";
import { limits } from "./limits";
import { panelMessages } from "./messages";
import { optionalUrl } from "./common";
import { colorSchema, panelFieldsSchema } from "./panel";
import { discordLimits as discord } from "./discord-limits";
import { checkMultiPanelSend, sendLimitMessages, whenObject } from "./send-limits";

const text = (max: number) => z.string().max(max, `Must be at most ${max} characters`).optional().default("");

/** A multi-panel (§3, §5). */
// UI hints of the generated editor in .meta() (last in each chain); see panel.ts.
const propertiesSection = "Panel Properties";
const messageSection = "Panel Message";

export const multiPanelShape = {
  PanelId: z.number().int().optional().meta({ widget: "hidden" }),
  PanelChannelId: z
    .string({ error: panelMessages.multiChannelRequired })
    .trim()
    .min(1, panelMessages.multiChannelRequired)
    .regex(/^\d+$/, panelMessages.multiChannelRequired)
    .meta({ title: "Panel Channel", widget: "textChannel", section: propertiesSection, order: 1 }),
  Panels: z
    // "01" and "1" name the same panel: ids are compared (and stored) in their plain form.
    .array(
      z
        .string()
        .regex(/^\d{1,15}$/, "Panel ids are numbers")
        .transform((id) => String(Number(id))),
    )
    .min(limits.multiPanelMinPanels, panelMessages.multiTwoPanels)
    // A dropdown holds at most 25 options (and 25 buttons fill the message's 5 rows).
    .max(discord.selectOptions, sendLimitMessages.multiPanelTooMany)
    .refine((ids) => new Set(ids).size === ids.length, "A panel can be listed only once")
    .meta({
      title: "Panels",
      widget: "panelSelect",
      section: propertiesSection,
      order: 2,
      help: "One button or dropdown option per panel, in this order.",
    }),
  DropdownMenu: z
    .boolean()
    .default(false)
    .meta({ title: panelMessages.useDropdownMenu, widget: "switch", section: propertiesSection, order: 3, span: 12 }),
  DropdownMenuPlaceholder: text(discord.selectPlaceholder).meta({
    title: "Dropdown Placeholder",
    section: propertiesSection,
    order: 4,
    span: 12,
    visibleWhen: "DropdownMenu",
    placeholder: "Select a topic",
  }),
  PanelTitle: text(discord.embedTitle).meta({
    title: "Title",
    section: messageSection,
    order: 11,
    span: 12,
    highlightEmpty: true,
    placeholder: "Help Center",
  }),
  PanelTitleURL: optionalUrl.meta({ title: "Title URL", section: messageSection, order: 12, span: 12, placeholder: "https://" }),
  PanelDescription: text(discord.embedDescription).meta({
    title: "Description",
    widget: "textarea",
    rows: 4,
    section: messageSection,
    order: 13,
    highlightEmpty: true,
    help: "Supports **bold**, *italic*, `code` and [links](https://example.com).",
  }),
  PanelContent: text(discord.content).meta({
    title: "Content",
    widget: "textarea",
    rows: 2,
    section: messageSection,
    order: 14,
    highlightEmpty: true,
    help: "Plain message text shown above the embed.",
  }),
  PanelAuthor: text(discord.embedAuthor).meta({ title: "Author", section: messageSection, order: 15, span: 8 }),
  PanelAuthorIconURL: optionalUrl.meta({ title: "Author Icon URL", section: messageSection, order: 16, span: 8, placeholder: "https://" }),
  PanelAuthorURL: optionalUrl.meta({ title: "Author URL", section: messageSection, order: 17, span: 8, placeholder: "https://" }),
  PanelImageURL: optionalUrl.meta({ title: "Image URL", section: messageSection, order: 19, span: 12, placeholder: "https://" }),
  PanelThumbnailURL: optionalUrl.meta({ title: "Thumbnail URL", section: messageSection, order: 20, span: 12, placeholder: "https://" }),
  PanelFooter: text(discord.embedFooter).meta({ title: "Footer", section: messageSection, order: 21, span: 12 }),
  PanelFooterIconURL: optionalUrl.meta({ title: "Footer Icon URL", section: messageSection, order: 22, span: 12, placeholder: "https://" }),
  PanelColor: colorSchema
    .default(limits.defaultPanelColor)
    .meta({ title: "Embed Colour", widget: "color", section: messageSection, order: 10, span: 12 }),
  PanelFields: panelFieldsSchema.meta({ title: "Embed Fields", widget: "embedFields", section: messageSection, order: 18 }),
  MessageId: z.string().nullable().optional().meta({ widget: "hidden" }),
  /** Optimistic concurrency: the revision the editor loaded; a stale one is refused (409). */
  Revision: z.number().int().positive().optional().meta({ widget: "hidden" }),
};
/** A multi-panel as it is stored and answered. */
export const multiPanelRecordSchema = z.object(multiPanelShape);
/**
 * A multi-panel as the API answers it: the record with its panels as they are now, which may be fewer than 2 (a
 * record from before a rule, an import, panels removed under it): it still lists, to be fixed or deleted.
 */
export const answeredMultiPanelSchema = multiPanelRecordSchema.extend({ Panels: z.array(z.string()) });
/** A multi-panel as the editor and the routes take it: the record plus what Discord accepts at send (send-limits.ts). */
export const multiPanelSchema = multiPanelRecordSchema.superRefine(checkMultiPanelSend, whenObject);
export type MultiPanel = z.infer<typeof multiPanelSchema>;

/** §5: on create, at least one of title, description or content must be non-empty. */
const messageTexts = ["PanelTitle", "PanelDescription", "PanelContent"] as const;
export const multiPanelCreateSchema = multiPanelSchema.refine((p) => messageTexts.some((k) => (p[k] ?? "").trim() !== ""), {
  message: panelMessages.multiMessageRequired,
  // Reported together with the other problems, so the editor shows them all at once.
  when: (payload) => {
    const v = payload.value as Record<string, unknown> | null;
    return !!v && typeof v === "object" && messageTexts.every((k) => v[k] === undefined || typeof v[k] === "string");
  },
});
export const multiPanelBodySchema = z.object({ MultiPanel: multiPanelCreateSchema });
