import { z } from "zod";
import { limits } from "./limits";
import { panelMessages } from "./messages";
import { optionalUrl, snowflake } from "./common";

// Length bounds follow the chat platform's embed limits (§5: "not shown" on screen).
const text = (max: number) => z.string().max(max, `Must be at most ${max} characters`).optional().default("");

export const colorSchema = z.string().regex(/^#[0-9a-fA-F]{6}$/, panelMessages.invalidColor);
export const buttonColorSchema = z.enum(limits.buttonColors);

/** §9: a unicode emoji is one character (one grapheme); a custom emoji is its numeric id. */
export const graphemeCount = (value: string) => [...new Intl.Segmenter().segment(value)].length;
export const buttonEmojiSchema = z
  .string()
  .max(32)
  .refine((v) => v === "" || /^\d{1,21}$/.test(v) || (graphemeCount(v) === 1 && /\p{Extended_Pictographic}|\p{Emoji_Presentation}/u.test(v)), "Emoji must be a single emoji or a custom emoji id")
  .optional()
  .default("");

export const panelFieldSchema = z.object({
  FieldName: z.string().trim().min(1).max(256),
  Inline: z.boolean().default(false),
  FieldValue: z.string().trim().min(1).max(1024),
});
export type PanelField = z.infer<typeof panelFieldSchema>;
/** §5: empty, or each field with a name and a value. */
export const panelFieldsSchema = z
  .array(z.unknown())
  .max(25)
  .default([])
  .transform((v, ctx) => {
    const parsed = z.array(panelFieldSchema).safeParse(v);
    if (!parsed.success) {
      ctx.addIssue({ code: "custom", message: panelMessages.panelFieldsInvalid });
      return z.NEVER;
    }
    return parsed.data;
  });

const hasAny = (...values: (string | undefined)[]) => values.some((v) => (v ?? "").trim() !== "");

export const panelMessageShape = {
  PanelChannel: z.string({ error: panelMessages.channelRequired }).trim().min(1, panelMessages.channelRequired).regex(/^\d+$/, panelMessages.channelRequired),
  PanelTitle: text(256),
  PanelTitleURL: optionalUrl,
  PanelDescription: text(4096),
  PanelContent: text(2000),
  PanelFooter: text(2048),
  PanelFooterIconURL: optionalUrl,
  PanelAuthor: text(256),
  PanelAuthorIconURL: optionalUrl,
  PanelAuthorURL: optionalUrl,
  PanelImageURL: optionalUrl,
  PanelThumbnailURL: optionalUrl,
  PanelColor: colorSchema.default(limits.defaultPanelColor),
  PanelFields: panelFieldsSchema,
  ButtonText: text(80),
  ButtonEmoji: buttonEmojiSchema,
  ButtonColor: buttonColorSchema.default("Primary"),
  DisablePanel: z.boolean().default(false),
};
export const panelMessageSchema = z
  .object(panelMessageShape)
  .refine((m) => hasAny(m.PanelTitle, m.PanelDescription, m.PanelContent), {
    message: panelMessages.panelMessageRequired,
  });
export type PanelMessage = z.infer<typeof panelMessageSchema>;

export const welcomeMessageShape = {
  WelcomeTitle: text(256),
  WelcomeTitleURL: optionalUrl,
  WelcomeDescription: text(4096),
  WelcomeContent: text(2000),
  WelcomeFooter: text(2048),
  WelcomeFooterIconURL: optionalUrl,
  WelcomeAuthor: text(256),
  WelcomeAuthorIconURL: optionalUrl,
  WelcomeAuthorURL: optionalUrl,
  WelcomeImageURL: optionalUrl,
  WelcomeThumbnailURL: optionalUrl,
  WelcomeColor: colorSchema.default(limits.defaultWelcomeColor),
};
export const welcomeMessageSchema = z
  .object(welcomeMessageShape)
  .refine((m) => hasAny(m.WelcomeTitle, m.WelcomeDescription, m.WelcomeContent), {
    message: panelMessages.welcomeMessageRequired,
  });
export type WelcomeMessage = z.infer<typeof welcomeMessageSchema>;

/** A single panel (§3, §5). */
export const singlePanelSchema = z.object({
  PanelId: z.number().int().optional(),
  PanelName: z.string({ error: panelMessages.nameRequired }).trim().min(1, panelMessages.nameRequired).max(100),
  NamingScheme: z
    .string({ error: panelMessages.namingSchemeRequired })
    .trim()
    .min(1, panelMessages.namingSchemeRequired)
    .max(100)
    .default(limits.defaultNamingScheme),
  MentionRoleId: z.string().regex(/^\d+$/, panelMessages.mentionRoleNumeric).nullable().default(null),
  SupportTeams: z.array(z.string().regex(/^\d+$/)).max(1).default([]),
  TicketCategory: snowflake.nullable().default(null),
  FormId: z.number().int().nullable().default(null),
  PanelMessage: panelMessageSchema,
  WelcomeMessage: welcomeMessageSchema,
  MessageId: z.string().nullable().optional(),
});
export type SinglePanel = z.infer<typeof singlePanelSchema>;
export type SinglePanelInput = z.input<typeof singlePanelSchema>;

/** POST /{guildId}/panels bodies: {SinglePanel} or {MultiPanel}; PUT also accepts {Panel}. */
export const singlePanelBodySchema = z.object({ SinglePanel: singlePanelSchema });
