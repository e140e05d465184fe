import { z } from "zod";
import { singlePanelRecordSchema } from "./panel";
import { answeredMultiPanelSchema } from "./multi-panel";

/** GET /{guildId}/panel-properties (§3). */
export const panelPropertiesSchema = z.object({
  channels: z.object({
    text: z.record(z.string(), z.string()),
    categories: z.record(z.string(), z.string()),
  }),
  emojis: z.array(z.object({ id: z.string(), name: z.string(), url: z.string() })),
  roles: z.array(z.object({ RoleId: z.string(), RoleName: z.string() })),
  support_teams: z.array(z.object({ TeamId: z.string(), TeamName: z.string() })),
  forms: z.array(z.object({ FormId: z.number(), FormName: z.string() })),
});
export type PanelProperties = z.infer<typeof panelPropertiesSchema>;

/** GET /{guildId}/panels (§3): the stored records (a panel saved before a send rule existed still lists). */
export const panelListSchema = z.object({
  panels: z.object({
    SinglePanels: z.array(singlePanelRecordSchema.extend({ PanelId: z.number() })),
    MultiPanels: z.array(answeredMultiPanelSchema.extend({ PanelId: z.number() })),
  }),
});
export type PanelList = z.infer<typeof panelListSchema>;
