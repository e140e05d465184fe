import { z } from "zod";
import { limits } from "./limits";
import { panelMessages } from "./messages";
import { optionalUrl } from "./common";
import { colorSchema, panelFieldsSchema } from "./panel";

const text = (max: number) => z.string().max(max, `Must be at most ${max} characters`).optional().default("");

/** A multi-panel (§3, §5). */
export const multiPanelShape = {
  PanelId: z.number().int().optional(),
  PanelChannelId: z.string({ error: panelMessages.multiChannelRequired }).trim().min(1, panelMessages.multiChannelRequired).regex(/^\d+$/, panelMessages.multiChannelRequired),
  Panels: z
    .array(z.string().regex(/^\d+$/))
    .min(limits.multiPanelMinPanels, panelMessages.multiTwoPanels)
    .max(25)
    .refine((ids) => new Set(ids).size === ids.length, "A panel can be listed only once"),
  DropdownMenu: z.boolean().default(false),
  DropdownMenuPlaceholder: text(150),
  PanelTitle: text(256),
  PanelTitleURL: optionalUrl,
  PanelDescription: text(4096),
  PanelContent: text(2000),
  PanelAuthor: text(256),
  PanelAuthorIconURL: optionalUrl,
  PanelAuthorURL: optionalUrl,
  PanelImageURL: optionalUrl,
  PanelThumbnailURL: optionalUrl,
  PanelFooter: text(2048),
  PanelFooterIconURL: optionalUrl,
  PanelColor: colorSchema.default(limits.defaultPanelColor),
  PanelFields: panelFieldsSchema,
  MessageId: z.string().nullable().optional(),
};
export const multiPanelSchema = z.object(multiPanelShape);
export type MultiPanel = z.infer<typeof multiPanelSchema>;

/** §5: on create, at least one of title, description or content must be non-empty. */
export const multiPanelCreateSchema = multiPanelSchema.refine(
  (p) => [p.PanelTitle, p.PanelDescription, p.PanelContent].some((v) => v.trim() !== ""),
  { message: panelMessages.multiMessageRequired },
);
export const multiPanelBodySchema = z.object({ MultiPanel: multiPanelCreateSchema });
