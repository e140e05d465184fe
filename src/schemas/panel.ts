import { z } from "zod";
import { limits } from "./limits";
import { panelMessages } from "./messages";
import { optionalUrl, snowflake } from "./common";
import { discordLimits as discord } from "./discord-limits";
import { checkSinglePanelSend, whenObject } from "./send-limits";

// Length bounds follow the chat platform's embed limits (§5: "not shown" on screen); rules over several fields
// (an embed's total, the button's label, text beside mentions) are in send-limits.ts.
const text = (max: number) => z.string().max(max, `Must be at most ${max} characters`).optional().default("");

export const colorSchema = z.string().regex(/^#[0-9a-fA-F]{6}$/, panelMessages.invalidColor);
export const buttonColorSchema = z.enum(limits.buttonColors);

/** §9: a unicode emoji is one character (one grapheme); a custom emoji is its numeric id. */
export const graphemeCount = (value: string) => [...new Intl.Segmenter().segment(value)].length;
export const buttonEmojiSchema = z
  .string()
  .max(32)
  // Length first: segmenting a huge string costs memory quadratic in its length (a 100k string exhausts the heap).
  .refine(
    (v) =>
      v === "" ||
      /^\d{1,21}$/.test(v) ||
      (v.length <= 32 && graphemeCount(v) === 1 && /\p{Extended_Pictographic}|\p{Emoji_Presentation}/u.test(v)),
    "Emoji must be a single emoji or a custom emoji id",
  )
  .optional()
  .default("");

export const panelFieldSchema = z.object({
  FieldName: z.string().trim().min(1).max(discord.embedFieldName),
  Inline: z.boolean().default(false),
  FieldValue: z.string().trim().min(1).max(discord.embedFieldValue),
});
export type PanelField = z.infer<typeof panelFieldSchema>;
/** §5: empty, or each field with a name and a value. */
export const panelFieldsSchema = z
  .array(z.unknown())
  .max(discord.embedFields)
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
/** Runs a message's "at least one of" rule even when other fields of it are invalid, so the editor shows every problem at once. */
const textsAreStrings =
  (...keys: string[]) =>
  (payload: { value: unknown }) => {
    const v = payload.value as Record<string, unknown> | null;
    return !!v && typeof v === "object" && keys.every((k) => v[k] === undefined || typeof v[k] === "string");
  };

// UI hints for the generated editor live here, in .meta() (always the last call of a chain): title, section,
// order, span (of 24 columns), widget (src/resources/engine/widgets), help, placeholder, rows, highlightEmpty
// (highlighted with the section's message when the section's "at least one of" rule fails).
const panelSection = "Panel Properties";

export const panelMessageShape = {
  PanelChannel: z
    .string({ error: panelMessages.channelRequired })
    .trim()
    .min(1, panelMessages.channelRequired)
    .regex(/^\d+$/, panelMessages.channelRequired)
    .meta({ title: "Panel Channel", widget: "textChannel", order: 1, span: 12 }),
  PanelTitle: text(discord.embedTitle).meta({ title: "Title", order: 3, span: 12, highlightEmpty: true, placeholder: "Need help?" }),
  PanelTitleURL: optionalUrl.meta({ title: "Title URL", order: 4, span: 12, placeholder: "https://" }),
  PanelDescription: text(discord.embedDescription).meta({
    title: "Description",
    widget: "textarea",
    rows: 4,
    order: 5,
    highlightEmpty: true,
    help: "Supports **bold**, *italic*, `code` and [links](https://example.com).",
  }),
  PanelContent: text(discord.content).meta({
    title: "Content",
    widget: "textarea",
    rows: 2,
    order: 6,
    highlightEmpty: true,
    help: "Plain message text shown above the embed.",
  }),
  PanelFooter: text(discord.embedFooter).meta({ title: "Footer", order: 13, span: 12 }),
  PanelFooterIconURL: optionalUrl.meta({ title: "Footer Icon URL", order: 14, span: 12, placeholder: "https://" }),
  PanelAuthor: text(discord.embedAuthor).meta({ title: "Author", order: 7, span: 8 }),
  PanelAuthorIconURL: optionalUrl.meta({ title: "Author Icon URL", order: 8, span: 8, placeholder: "https://" }),
  PanelAuthorURL: optionalUrl.meta({ title: "Author URL", order: 9, span: 8, placeholder: "https://" }),
  PanelImageURL: optionalUrl.meta({ title: "Image URL", order: 11, span: 12, placeholder: "https://" }),
  PanelThumbnailURL: optionalUrl.meta({ title: "Thumbnail URL", order: 12, span: 12, placeholder: "https://" }),
  PanelColor: colorSchema.default(limits.defaultPanelColor).meta({ title: "Embed Colour", widget: "color", order: 2, span: 12 }),
  PanelFields: panelFieldsSchema.meta({ title: "Embed Fields", widget: "embedFields", order: 10 }),
  ButtonText: text(discord.buttonLabel).meta({ title: "Button Text", order: 15, span: 12, placeholder: "Open a ticket" }),
  ButtonEmoji: buttonEmojiSchema.meta({ title: "Button Emoji", widget: "emoji", order: 16, span: 12 }),
  ButtonColor: buttonColorSchema
    .default("Primary")
    .meta({ title: "Button Colour", widget: "buttonColor", order: 17, span: 12, highlightEmpty: true }),
  DisablePanel: z
    .boolean()
    .default(false)
    .meta({ title: "Disable Panel", widget: "switch", order: 18, span: 12, help: "The button shows but cannot be clicked." }),
};
export const panelMessageSchema = z
  .object(panelMessageShape)
  .refine((m) => hasAny(m.PanelTitle, m.PanelDescription, m.PanelContent), {
    message: panelMessages.panelMessageRequired,
    when: textsAreStrings("PanelTitle", "PanelDescription", "PanelContent"),
  })
  .meta({ title: "Panel Message", section: "Panel Message" });
export type PanelMessage = z.infer<typeof panelMessageSchema>;

export const welcomeMessageShape = {
  WelcomeTitle: text(discord.embedTitle).meta({
    title: "Title",
    order: 2,
    span: 12,
    highlightEmpty: true,
    placeholder: "Thanks for reaching out!",
  }),
  WelcomeTitleURL: optionalUrl.meta({ title: "Title URL", order: 3, span: 12, placeholder: "https://" }),
  WelcomeDescription: text(discord.embedDescription).meta({
    title: "Description",
    widget: "textarea",
    rows: 4,
    order: 4,
    highlightEmpty: true,
  }),
  WelcomeContent: text(discord.content).meta({
    title: "Content",
    widget: "textarea",
    rows: 2,
    order: 5,
    highlightEmpty: true,
    help: "Plain message text shown above the embed.",
  }),
  WelcomeFooter: text(discord.embedFooter).meta({ title: "Footer", order: 11, span: 12 }),
  WelcomeFooterIconURL: optionalUrl.meta({ title: "Footer Icon URL", order: 12, span: 12, placeholder: "https://" }),
  WelcomeAuthor: text(discord.embedAuthor).meta({ title: "Author", order: 6, span: 8 }),
  WelcomeAuthorIconURL: optionalUrl.meta({ title: "Author Icon URL", order: 7, span: 8, placeholder: "https://" }),
  WelcomeAuthorURL: optionalUrl.meta({ title: "Author URL", order: 8, span: 8, placeholder: "https://" }),
  WelcomeImageURL: optionalUrl.meta({ title: "Image URL", order: 9, span: 12, placeholder: "https://" }),
  WelcomeThumbnailURL: optionalUrl.meta({ title: "Thumbnail URL", order: 10, span: 12, placeholder: "https://" }),
  WelcomeColor: colorSchema.default(limits.defaultWelcomeColor).meta({ title: "Embed Colour", widget: "color", order: 1, span: 12 }),
};
export const welcomeMessageSchema = z
  .object(welcomeMessageShape)
  .refine((m) => hasAny(m.WelcomeTitle, m.WelcomeDescription, m.WelcomeContent), {
    message: panelMessages.welcomeMessageRequired,
    when: textsAreStrings("WelcomeTitle", "WelcomeDescription", "WelcomeContent"),
  })
  .meta({ title: "Welcome Message", section: "Welcome Message" });
export type WelcomeMessage = z.infer<typeof welcomeMessageSchema>;

// ---- Per-panel rules and support hours.
const rulesSection = "Panel Rules";
/** "HH:MM", 00:00–23:59 (24:00 allowed as an end: until midnight). */
const clockTime = z.string().regex(/^(([01]\d|2[0-3]):[0-5]\d|24:00)$/, "Times are HH:MM, from 00:00 to 24:00");
export const supportHoursSchema = z
  .object({
    Enabled: z
      .boolean()
      .default(false)
      .meta({ title: "Support hours", widget: "switch", span: 24, help: "Days and hours in the server's time zone (Settings)." }),
    /** 0 Sunday … 6 Saturday; the editor shows the days by name (the `weekdays` widget). */
    Days: z.array(z.number().int().min(0).max(6)).max(7).default([1, 2, 3, 4, 5]).meta({ title: "Days", widget: "weekdays", span: 24 }),
    Start: clockTime.default("09:00").meta({ title: "Opens at", span: 8, placeholder: "09:00" }),
    End: clockTime.default("17:00").meta({ title: "Closes at", span: 8, placeholder: "17:00" }),
    OutsideHours: z
      .enum(["open", "refuse"])
      .default("open")
      .meta({
        title: "Outside support hours",
        span: 8,
        help: "Open the ticket and say when staff answer, or refuse it.",
        enumNames: { open: "Open the ticket", refuse: "Refuse the ticket" },
      }),
  })
  .refine((h) => !h.Enabled || h.Days.length > 0, { message: "Choose at least one day of support hours", path: ["Days"] })
  .refine((h) => !h.Enabled || h.Start < h.End, { message: "Support hours must close after they open", path: ["End"] })
  .meta({ title: "Support Hours", section: rulesSection });
export type SupportHours = z.infer<typeof supportHoursSchema>;

export const panelRulesShape = {
  ThreadMode: z
    .enum(["server", "thread", "channel"])
    .default("server")
    .meta({
      title: "Tickets open as",
      section: rulesSection,
      span: 12,
      help: "A private thread of the panel's channel, a channel, or as the server's settings say.",
      enumNames: { server: "As the server's settings say", thread: "A private thread", channel: "A channel" },
    }),
  PanelTicketLimit: z.number().int().min(0).max(100).default(0).meta({
    title: "Open tickets per member (this panel)",
    widget: "updown",
    section: rulesSection,
    span: 12,
    help: "0: only the server-wide limit applies.",
  }),
  CooldownMinutes: z.number().int().min(0).max(10_080).default(0).meta({
    title: "Cooldown after closing (minutes)",
    widget: "updown",
    section: rulesSection,
    span: 12,
    help: "How long a member waits after a ticket of this panel closed.",
  }),
  RequiredRoles: z
    .array(z.string().regex(/^\d{1,21}$/))
    .max(25)
    .default([])
    .meta({
      title: "Required roles",
      widget: "roles",
      section: rulesSection,
      span: 12,
      help: "Only members with one of these roles may use the panel.",
    }),
  ExcludedRoles: z
    .array(z.string().regex(/^\d{1,21}$/))
    .max(25)
    .default([])
    .meta({
      title: "Excluded roles",
      widget: "roles",
      section: rulesSection,
      span: 12,
      help: "Members with one of these roles may not use the panel.",
    }),
  SupportHours: supportHoursSchema.optional(),
};

/** A single panel (§3, §5) as it is stored and answered: its fields and their own rules. */
export const singlePanelRecordSchema = z.object({
  PanelId: z.number().int().optional().meta({ widget: "hidden" }),
  PanelName: z
    .string({ error: panelMessages.nameRequired })
    .trim()
    .min(1, panelMessages.nameRequired)
    .max(100)
    .meta({ title: "Panel Name", section: panelSection, span: 12, placeholder: "General Support" }),
  NamingScheme: z
    .string({ error: panelMessages.namingSchemeRequired })
    .trim()
    .min(1, panelMessages.namingSchemeRequired)
    .max(100)
    .default(limits.defaultNamingScheme)
    .meta({ title: "Naming Scheme", section: panelSection, span: 12, help: "Ticket channel name; %id% becomes the ticket number." }),
  MentionRoleId: z
    .string()
    .regex(/^\d+$/, panelMessages.mentionRoleNumeric)
    .nullable()
    .default(null)
    .meta({ title: "Mention Role", widget: "role", section: panelSection, span: 12, help: "Mentioned when a ticket opens." }),
  SupportTeams: z
    .array(z.string().regex(/^\d+$/))
    .max(1)
    .default([])
    .meta({ title: "Support Team", widget: "supportTeam", section: panelSection, span: 12 }),
  TicketCategory: snowflake
    .nullable()
    .default(null)
    .meta({ title: "Ticket Category", widget: "category", section: panelSection, span: 12 }),
  /** Discord holds 50 channels in a category: when the ticket category is full, tickets open here instead. */
  OverflowCategory: snowflake.nullable().default(null).meta({
    title: "Overflow Category",
    widget: "category",
    section: panelSection,
    span: 12,
    help: "Used when the ticket category is full (Discord allows 50 channels in a category).",
  }),
  FormId: z
    .number()
    .int()
    .nullable()
    .default(null)
    .meta({ title: "Form", widget: "form", section: panelSection, span: 12, help: "Asked before the ticket opens." }),
  // ---- The help desk: this panel's "waiting too long" alert (here, not at the end: the editor draws
  // the fields of a section in the object's order, so it stays in the Panel Properties card) ----
  WaitingAlertMinutes: z.number().int().min(0).max(10080).nullable().default(null).meta({
    title: "Waiting Alert (minutes)",
    widget: "updown",
    section: panelSection,
    span: 12,
    help: "Alert staff when a ticket waits this long for a first response; empty: the server's setting, 0: never.",
  }),
  // Answers before opening (server/tickets/suggestions.ts): the member's words against the server's tags first.
  SuggestAnswers: z.boolean().default(false).meta({
    title: "Suggest answers before opening",
    widget: "switch",
    section: panelSection,
    span: 12,
    help: "Before a ticket opens, show up to three tags that match the member's words (the form's answers, else a question they type); the ticket opens only if they say none helped.",
  }),
  PanelMessage: panelMessageSchema,
  WelcomeMessage: welcomeMessageSchema,
  MessageId: z.string().nullable().optional().meta({ widget: "hidden" }),
  /** Optimistic concurrency: the revision the editor loaded; a stale one is refused (409). */
  Revision: z.number().int().positive().optional().meta({ widget: "hidden" }),
  // ---- The ticket workflow: who may use the panel, how often, and when. One block; a panel saved before
  // it has none of these fields, and the engine reads each missing one as "no rule" (server/tickets/panel-rules.ts).
  ...panelRulesShape,
});
/**
 * A single panel as the editor and the routes take it: the record plus what Discord accepts when the bot sends its
 * messages. Answers are read with the record schema, so a panel saved before a rule existed still loads to be fixed.
 */
export const singlePanelSchema = singlePanelRecordSchema.superRefine(checkSinglePanelSend, whenObject);
export type SinglePanel = z.infer<typeof singlePanelSchema>;
export type SinglePanelInput = z.input<typeof singlePanelSchema>;

/** POST /{guildId}/panels bodies: {SinglePanel} or {MultiPanel}; PUT also accepts {Panel}. */
export const singlePanelBodySchema = z.object({ SinglePanel: singlePanelSchema });
