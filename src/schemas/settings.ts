import { z } from "zod";
import { limits } from "./limits";

const count = (max?: number, what = "Value") => {
  let s = z
    .number({ error: `${what} must be a number` })
    .int(`${what} must be a whole number`)
    .min(0, `${what} must be at least 0`);
  if (max !== undefined) s = s.max(max, `${what} must be at most ${max}`);
  return s.nullable();
};

/** The bot's languages (the dashboard's two); "auto": the server's community locale. */
export const botLanguages = ["auto", "en", "es"] as const;
export type BotLanguage = (typeof botLanguages)[number];

/** An IANA time zone name the runtime knows. */
export function isTimeZone(value: string): boolean {
  if (!/^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+){0,2}$/.test(value)) return false;
  try {
    new Intl.DateTimeFormat("en", { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/** The ticket settings of §3, with the rules of §5: numbers minimum 0, hours ≤ 23, minutes ≤ 59, days ≤ 23. */
export const ticketSettingsShape = {
  UserTicketLimit: count(undefined, "User ticket limit"),
  AllowUserTicketClose: z.boolean().nullable(),
  EnableUserFeedback: z.boolean().nullable(),
  TicketCloseConfirmation: z.boolean().nullable(),
  TranscriptsPanelPermission: z.boolean().nullable(),
  SupportRepsViewTickets: z.boolean().nullable(),
  SupportRepsTypeInTickets: z.boolean().nullable(),
  AutoCloseEnabled: z.boolean().nullable(),
  CloseOnUserLeave: z.boolean().nullable(),
  ArchiveChannelId: z.string().regex(/^\d+$/, "Archive channel must be a channel id").nullable().optional(),
  CloseOnUserLeaveHours: count(limits.hoursMax, "Hours"),
  CloseOnUserLeaveMinutes: count(limits.minutesMax, "Minutes"),
  SinceLastMessageDays: count(limits.daysMax, "Days"),
  SinceLastMessageHours: count(limits.hoursMax, "Hours"),
  SinceLastMessageMinutes: count(limits.minutesMax, "Minutes"),
  /** Beyond §3: the legal pages promise a guild can stop storing closed tickets. */
  StoreTranscripts: z.boolean().nullable(),
  // ---- The ticket workflow: the bot's language, the server's time zone, the inactivity warning, the
  // close request's default delay. One block; defaults in server/settings/store.ts.
  /** The language of every text the bot sends: "auto" follows the server's community locale (guild_locale). */
  BotLanguage: z.enum(botLanguages, { error: "Bot language must be auto, en or es" }).nullable().optional(),
  /** The IANA time zone support hours are read in ("Europe/Madrid"). */
  TimeZone: z.string().max(64).refine(isTimeZone, "Time zone must be an IANA time zone such as Europe/Madrid").nullable().optional(),
  /** Hours before an auto-close at which the bot warns in the ticket (0: no warning). */
  InactivityWarningHours: count(72, "Hours").optional(),
  /** The delay of /closerequest when staff give none, in hours. */
  CloseRequestHours: count(72, "Hours").optional(),
  /** A ticket closed at most this many days ago can be reopened (0: never). */
  ReopenWithinDays: count(limits.daysMax, "Days").optional(),
  /** Whom "Open ticket about this message" opens the ticket for: the message's author (staff only), or the member using it. */
  MessageTicketOpener: z.enum(["author", "member"], { error: "Message tickets open for the author or the member" }).nullable().optional(),
  /** Thread mode by default: a panel that follows the server opens tickets as private threads of its channel. */
  TicketThreads: z.boolean().nullable().optional(),
  /** A closed ticket's thread is archived and locked, or deleted. */
  ClosedThreads: z.enum(["archive", "delete"], { error: "Closed threads are archived or deleted" }).nullable().optional(),
  // ---- The help desk: "waiting too long" alerts ----
  /** Minutes a ticket may wait for a first staff response before one alert goes out (0: off; a panel may say its own). */
  WaitingAlertMinutes: count(10080, "Waiting alert minutes").optional(),
  /** Where the alert goes (a text channel); it mentions the ticket's panel's support roles. */
  /** "" (or null): none. */
  WaitingAlertChannelId: z.string().regex(/^\d*$/, "Alert channel must be a channel id").nullable().optional(),
  // ---- Waiting on the member
  /** After a staff reply the bot mentions the opener once (again only after the member has written). */
  PingOpenerOnStaffReply: z.boolean().nullable().optional(),
  /** Auto-close counts only the member's silence: a ticket waiting on staff is never closed for inactivity. */
  AutoCloseMemberSilenceOnly: z.boolean().nullable().optional(),
  // ---- DM tickets (ModMail): a member opens a ticket by writing to the bot, and the ticket is relayed to their DM.
  /** Members may open tickets of this server from their direct messages with the bot. */
  DmTickets: z.boolean().nullable().optional(),
  /** The panels a DM may open (their ids); none listed: every panel of the server. At most 25 (one Discord select). */
  DmTicketPanels: z
    .array(z.number({ error: "Panels must be panel ids" }).int("Panels must be panel ids").min(1, "Panels must be panel ids"))
    .max(25, "At most 25 panels can be opened by DM")
    .nullable()
    .optional(),
  // ---- Data retention (0: kept forever, the default): applied by the scheduler's sweep (server/retention/sweep.ts).
  /** Transcripts and closed tickets closed more than this many days ago are deleted. */
  RetentionTicketsDays: count(limits.retentionDaysMax, "Days").optional(),
  /** Activity log entries older than this many days are deleted. */
  RetentionActivityDays: count(limits.retentionDaysMax, "Days").optional(),
  // ---- My tickets: a member's own tickets in the dashboard, outside the server's dashboard.
  /** Members see their own tickets of this server on "My tickets" (read, write into open ones, transcripts). */
  MemberTickets: z.boolean().nullable().optional(),
};

export const ticketSettingsSchema = z.object(ticketSettingsShape);
export type TicketSettings = z.infer<typeof ticketSettingsSchema>;
export type TicketSettingKey = keyof TicketSettings;

/** GET /{guildId}/settings: the settings, the Channels map (name → id) and the revision for conflict checks. */
export const settingsResponseSchema = ticketSettingsSchema.extend({
  Channels: z.record(z.string(), z.string()),
  Revision: z.number().int(),
});
export type SettingsResponse = z.infer<typeof settingsResponseSchema>;

/** PUT /{guildId}/settings: only non-null values are sent (§4); Revision, when given, must match. */
export const settingsUpdateSchema = ticketSettingsSchema.partial().extend({
  Revision: z.number().int().min(0).optional(),
});
export type SettingsUpdate = z.infer<typeof settingsUpdateSchema>;

/** §4: saving sends only non-null values. */
export function nonNullSettings(values: Partial<TicketSettings>): Partial<TicketSettings> {
  return Object.fromEntries(Object.entries(values).filter(([, v]) => v !== null && v !== undefined)) as Partial<TicketSettings>;
}

/** §4: the changed fields as old → new, for the success toast. */
export function diffSettings(before: Partial<TicketSettings>, after: Partial<TicketSettings>) {
  const changes: { key: TicketSettingKey; from: unknown; to: unknown }[] = [];
  for (const key of Object.keys(ticketSettingsShape) as TicketSettingKey[]) {
    if (after[key] === undefined || after[key] === null) continue;
    // A list (the DM ticket panels) changed when its values did.
    const same = Array.isArray(after[key]) ? JSON.stringify(before[key] ?? []) === JSON.stringify(after[key]) : before[key] === after[key];
    if (!same) changes.push({ key, from: before[key] ?? null, to: after[key] });
  }
  return changes;
}

/** §5: an empty input means null; non-numeric input is null too. */
export const parseNumberInput = (raw: string): number | null => {
  if (raw.trim() === "") return null;
  const n = Number(raw);
  return Number.isFinite(n) ? n : null;
};
