import { interpolate, type Params } from "../../i18n/core";
import { limits } from "../../schemas/limits";
import { settingsMessages } from "../../schemas/messages";
import {
  diffSettings,
  nonNullSettings,
  type SettingsResponse,
  settingsUpdateSchema,
  type TicketSettingKey,
  type TicketSettings,
  ticketSettingsShape,
} from "../../schemas/settings";

// The Settings screen's logic (SPEC §2, §3, §4, §5), kept pure: the fields in plain words and their cards, the
// local copy of the loaded values, what a save sends, and the old → new lines of the success toast.

export const settingKeys = Object.keys(ticketSettingsShape) as TicketSettingKey[];

export type FieldKind = "switch" | "number" | "channel" | "choice" | "text" | "panels";

export interface SettingField {
  key: TicketSettingKey;
  label: string;
  help?: string;
  kind: FieldKind;
  /** Numbers: the upper bound of §5 (minimum is always 0). */
  max?: number;
  /** Numbers: the unit shown after the input. */
  unit?: string;
  /** Shown only while this switch is on. */
  dependsOn?: TicketSettingKey;
  /** Choices: the values and their labels. */
  choices?: { value: string; label: string }[];
  /** Text: a placeholder. */
  placeholder?: string;
}

export interface SettingCard {
  /** The English title (stable: tests and keys go by it). */
  id: "General" | "Claiming" | "Auto Close";
  /** The title in the current language. */
  title: string;
  description: string;
  fields: SettingField[];
}

/** A translate function: `tr(key, englishFallback, params?)` (the dashboard's useTr, or English as it is). */
export type Tr = (key: string, fallback: string, params?: Params) => string;

/** English, word for word: the fallback with its placeholders filled. */
export const english: Tr = (_key, fallback, params) => interpolate(fallback, params);

/** The three cards, their fields and texts, in the language of `tr`. */
export function makeSettingCards(tr: Tr = english): SettingCard[] {
  const days = tr("settings.unit.days", "days");
  const hours = tr("settings.unit.hours", "hours");
  const minutes = tr("settings.unit.minutes", "minutes");
  return [
    {
      id: "General",
      title: tr("settings.general.title", "General"),
      description: tr("settings.general.description", "How tickets open and close, and what happens to them afterwards."),
      fields: [
        {
          key: "UserTicketLimit",
          label: tr("settings.field.userTicketLimit", "Open tickets per user"),
          help: tr("settings.field.userTicketLimit.help", "How many tickets one user may have open at the same time."),
          kind: "number",
        },
        {
          key: "AllowUserTicketClose",
          label: tr("settings.field.allowUserTicketClose", "Users can close their own tickets"),
          kind: "switch",
        },
        {
          key: "TicketCloseConfirmation",
          label: tr("settings.field.ticketCloseConfirmation", "Ask for confirmation before closing a ticket"),
          kind: "switch",
        },
        {
          key: "EnableUserFeedback",
          label: tr("settings.field.enableUserFeedback", "Ask users for feedback after a ticket closes"),
          kind: "switch",
        },
        {
          key: "ArchiveChannelId",
          label: tr("settings.field.archiveChannelId", "Archive channel"),
          help: tr("settings.field.archiveChannelId.help", "Closed tickets are logged in this channel."),
          kind: "channel",
        },
        {
          key: "StoreTranscripts",
          label: tr("settings.field.storeTranscripts", "Store transcripts of closed tickets"),
          help: tr("settings.field.storeTranscripts.help", "When off, closed tickets are not kept."),
          kind: "switch",
        },
        // How long closed tickets and the activity log are kept (0: forever).
        {
          key: "RetentionTicketsDays",
          label: tr("settings.field.retentionTicketsDays", "Keep closed tickets and transcripts"),
          help: tr(
            "settings.field.retentionTicketsDays.help",
            "Days after their close before closed tickets and their transcripts are deleted for good. 0: kept forever.",
          ),
          kind: "number",
          max: limits.retentionDaysMax,
          unit: days,
        },
        {
          key: "RetentionActivityDays",
          label: tr("settings.field.retentionActivityDays", "Keep the activity log"),
          help: tr("settings.field.retentionActivityDays.help", "Days before an activity log entry is deleted for good. 0: kept forever."),
          kind: "number",
          max: limits.retentionDaysMax,
          unit: days,
        },
        {
          key: "TranscriptsPanelPermission",
          label: tr("settings.field.transcriptsPanelPermission", "Only a panel's support team can read its transcripts"),
          kind: "switch",
        },
        // The bot's language and the server's time zone (support hours).
        {
          key: "BotLanguage",
          label: tr("settings.field.botLanguage", "Bot language"),
          help: tr(
            "settings.field.botLanguage.help",
            "The language of every message the bot sends. Automatic follows the server's community language.",
          ),
          kind: "choice",
          choices: [
            { value: "auto", label: tr("settings.value.languageAuto", "Automatic") },
            { value: "en", label: "English" },
            { value: "es", label: "Español" },
          ],
        },
        {
          key: "ReopenWithinDays",
          label: tr("settings.field.reopenWithinDays", "Reopen within"),
          help: tr(
            "settings.field.reopenWithinDays.help",
            "Days after its close during which staff (from the transcript) or the member (from the closing message) can reopen a ticket. 0: never.",
          ),
          kind: "number",
          max: limits.daysMax,
          unit: days,
        },
        {
          key: "MessageTicketOpener",
          label: tr("settings.field.messageTicketOpener", '"Open ticket about this message" opens it for'),
          help: tr(
            "settings.field.messageTicketOpener.help",
            "The message's author (only staff may then use it), or the member who uses it.",
          ),
          kind: "choice",
          choices: [
            { value: "author", label: tr("settings.value.messageAuthor", "The message's author") },
            { value: "member", label: tr("settings.value.messageMember", "The member who uses it") },
          ],
        },
        {
          key: "TicketThreads",
          label: tr("settings.field.ticketThreads", "Open tickets as private threads"),
          help: tr(
            "settings.field.ticketThreads.help",
            "Panels that follow the server open each ticket as a private thread of their channel instead of a channel.",
          ),
          kind: "switch",
        },
        {
          key: "ClosedThreads",
          label: tr("settings.field.closedThreads", "A closed ticket's thread is"),
          kind: "choice",
          choices: [
            { value: "archive", label: tr("settings.value.threadArchive", "Archived and locked") },
            { value: "delete", label: tr("settings.value.threadDelete", "Deleted") },
          ],
        },
        {
          key: "TimeZone",
          label: tr("settings.field.timeZone", "Time zone"),
          help: tr("settings.field.timeZone.help", "Panels' support hours are read in this time zone, e.g. Europe/Madrid."),
          kind: "text",
          placeholder: "UTC",
        },
        // "Waiting too long" alerts
        {
          key: "WaitingAlertMinutes",
          label: tr("settings.field.waitingAlertMinutes", "Alert when a ticket waits (minutes)"),
          help: tr(
            "settings.field.waitingAlertMinutes.help",
            "No response from staff after this many minutes: one alert in the alert channel, mentioning the panel's team. 0 turns it off; a panel may set its own.",
          ),
          kind: "number",
          max: 10080,
        },
        {
          key: "WaitingAlertChannelId",
          label: tr("settings.field.waitingAlertChannelId", "Alert channel"),
          help: tr("settings.field.waitingAlertChannelId.help", "Where alerts about waiting tickets go."),
          kind: "channel",
        },
        // DM tickets (ModMail)
        {
          key: "DmTickets",
          label: tr("settings.field.dmTickets", "Open tickets by direct message"),
          help: tr(
            "settings.field.dmTickets.help",
            "Members can open a ticket by writing to the bot, and talk with staff from their direct messages.",
          ),
          kind: "switch",
        },
        {
          key: "DmTicketPanels",
          label: tr("settings.field.dmTicketPanels", "Panels a direct message can open"),
          help: tr("settings.field.dmTicketPanels.help", "None ticked: every panel."),
          kind: "panels",
          dependsOn: "DmTickets",
        },
        // Waiting on the member: a ping after staff answer
        {
          key: "PingOpenerOnStaffReply",
          label: tr("settings.field.pingOpenerOnStaffReply", "Ping the member when staff answer"),
          help: tr(
            "settings.field.pingOpenerOnStaffReply.help",
            "After a staff reply the bot mentions the member who opened the ticket, once: not again until the member has written.",
          ),
          kind: "switch",
        },
        // My tickets
        {
          key: "MemberTickets",
          label: tr("settings.field.memberTickets", "Members see their tickets on My tickets"),
          help: tr(
            "settings.field.memberTickets.help",
            "Members can read and write into their open tickets of this server from the dashboard, and download their closed tickets' transcripts. Only their own.",
          ),
          kind: "switch",
        },
      ],
    },
    {
      id: "Claiming",
      title: tr("settings.claiming.title", "Claiming"),
      description: tr("settings.claiming.description", "What the rest of the support staff may do in a ticket someone has claimed."),
      fields: [
        {
          key: "SupportRepsViewTickets",
          label: tr("settings.field.supportRepsViewTickets", "Other support staff can see claimed tickets"),
          kind: "switch",
        },
        {
          key: "SupportRepsTypeInTickets",
          label: tr("settings.field.supportRepsTypeInTickets", "Other support staff can type in claimed tickets"),
          kind: "switch",
        },
      ],
    },
    {
      id: "Auto Close",
      title: tr("settings.autoClose.title", "Auto Close"),
      description: tr("settings.autoClose.description", "Close tickets nobody needs any more."),
      fields: [
        { key: "AutoCloseEnabled", label: tr("settings.field.autoCloseEnabled", "Close tickets with no new messages"), kind: "switch" },
        {
          key: "SinceLastMessageDays",
          label: tr("settings.field.sinceLastMessageDays", "Days since the last message"),
          kind: "number",
          max: limits.daysMax,
          unit: days,
          dependsOn: "AutoCloseEnabled",
        },
        {
          key: "SinceLastMessageHours",
          label: tr("settings.field.sinceLastMessageHours", "Hours since the last message"),
          kind: "number",
          max: limits.hoursMax,
          unit: hours,
          dependsOn: "AutoCloseEnabled",
        },
        {
          key: "SinceLastMessageMinutes",
          label: tr("settings.field.sinceLastMessageMinutes", "Minutes since the last message"),
          kind: "number",
          max: limits.minutesMax,
          unit: minutes,
          dependsOn: "AutoCloseEnabled",
        },
        {
          key: "AutoCloseMemberSilenceOnly",
          label: tr("settings.field.autoCloseMemberSilenceOnly", "Count only the member's silence"),
          help: tr(
            "settings.field.autoCloseMemberSilenceOnly.help",
            "Only a ticket waiting on its member (staff answered last) closes for inactivity; one waiting on staff never does.",
          ),
          kind: "switch",
          dependsOn: "AutoCloseEnabled",
        },
        {
          key: "CloseOnUserLeave",
          label: tr("settings.field.closeOnUserLeave", "Close a ticket when its creator leaves the server"),
          kind: "switch",
        },
        {
          key: "CloseOnUserLeaveHours",
          label: tr("settings.field.closeOnUserLeaveHours", "Hours after they leave"),
          kind: "number",
          max: limits.hoursMax,
          unit: hours,
          dependsOn: "CloseOnUserLeave",
        },
        {
          key: "CloseOnUserLeaveMinutes",
          label: tr("settings.field.closeOnUserLeaveMinutes", "Minutes after they leave"),
          kind: "number",
          max: limits.minutesMax,
          unit: minutes,
          dependsOn: "CloseOnUserLeave",
        },
        // The warning before an auto-close, and the close request's default delay.
        {
          key: "InactivityWarningHours",
          label: tr("settings.field.inactivityWarningHours", "Warn before closing"),
          help: tr(
            "settings.field.inactivityWarningHours.help",
            "Hours before an automatic close at which the bot warns in the ticket, with a button that keeps it open. 0: no warning.",
          ),
          kind: "number",
          max: 72,
          unit: hours,
          dependsOn: "AutoCloseEnabled",
        },
        {
          key: "CloseRequestHours",
          label: tr("settings.field.closeRequestHours", "Close request waits"),
          help: tr(
            "settings.field.closeRequestHours.help",
            "How long /closerequest waits for the member's answer before the ticket closes.",
          ),
          kind: "number",
          max: 72,
          unit: hours,
        },
      ],
    },
  ];
}

/** The cards in English. */
export const settingCards: SettingCard[] = makeSettingCards();

export const fieldOf = (key: TicketSettingKey, cards: SettingCard[] = settingCards): SettingField =>
  cards.flatMap((c) => c.fields).find((f) => f.key === key) ?? { key, label: key, kind: "switch" };

/**
 * The archive dropdown's 'None' is kept as "" locally: a null would not be sent (§4: only non-null values are
 * sent), so choosing None after a channel could never be saved. The API reads "" as "no archive channel".
 */
export const NO_CHANNEL = "";

/** The loaded settings as the screen's local copy (§4). */
export function toLocalSettings(loaded: SettingsResponse): TicketSettings {
  const out = {} as Record<TicketSettingKey, unknown>;
  for (const key of settingKeys) out[key] = loaded[key] ?? null;
  out.ArchiveChannelId = loaded.ArchiveChannelId ?? NO_CHANNEL;
  out.WaitingAlertChannelId = loaded.WaitingAlertChannelId ?? NO_CHANNEL;
  return out as TicketSettings;
}

/** What Save sends: the non-null values (§4) and the revision they were made on. */
export function savePayload(local: TicketSettings, revision: number) {
  return { ...nonNullSettings(local), Revision: revision };
}

/** The subjects of the shared schema's number messages ('Hours must be at least 0'), in the language of `tr`. */
function subjectText(tr: Tr, what: string): string {
  switch (what) {
    case "User ticket limit":
      return tr("settings.subject.userTicketLimit", what);
    case "Hours":
      return tr("settings.subject.hours", what);
    case "Minutes":
      return tr("settings.subject.minutes", what);
    case "Days":
      return tr("settings.subject.days", what);
    case "Value":
      return tr("settings.subject.value", what);
    case "Waiting alert minutes":
      return tr("settings.subject.waitingAlertMinutes", what);
    default:
      return what;
  }
}

/** A message of the shared settings schema (src/schemas/settings.ts) in the language of `tr`; others unchanged. */
export function validationText(message: string, tr: Tr = english): string {
  let m = /^(.+) must be a number$/.exec(message);
  if (m) return tr("settings.error.number", "{what} must be a number", { what: subjectText(tr, m[1]) });
  m = /^(.+) must be a whole number$/.exec(message);
  if (m) return tr("settings.error.wholeNumber", "{what} must be a whole number", { what: subjectText(tr, m[1]) });
  m = /^(.+) must be at least (\d+)$/.exec(message);
  if (m) return tr("settings.error.atLeast", "{what} must be at least {min}", { what: subjectText(tr, m[1]), min: m[2] });
  m = /^(.+) must be at most (\d+)$/.exec(message);
  if (m) return tr("settings.error.atMost", "{what} must be at most {max}", { what: subjectText(tr, m[1]), max: m[2] });
  if (message === "Archive channel must be a channel id") return tr("settings.error.archiveChannelId", message);
  if (message === "Time zone must be an IANA time zone such as Europe/Madrid") return tr("settings.error.timeZone", message);
  return message;
}

/** The local values checked with the shared schema: the first message per field (in the language of `tr`). */
export function validateSettings(local: TicketSettings, tr: Tr = english): Partial<Record<TicketSettingKey, string>> {
  const parsed = settingsUpdateSchema.safeParse({ ...nonNullSettings(local), ArchiveChannelId: local.ArchiveChannelId || undefined });
  if (parsed.success) return {};
  const errors: Partial<Record<TicketSettingKey, string>> = {};
  for (const issue of parsed.error.issues) {
    const key = issue.path[0] as TicketSettingKey;
    if (key && !errors[key]) errors[key] = validationText(issue.message, tr);
  }
  return errors;
}

/** A value as the toast shows it: On/Off, the channel's name, None, or the number. */
export function formatSettingValue(key: TicketSettingKey, value: unknown, channels: Record<string, string>, tr: Tr = english): string {
  if (key === "ArchiveChannelId" || key === "WaitingAlertChannelId") {
    if (value === null || value === undefined || value === NO_CHANNEL) return tr("spec.settings.none", settingsMessages.none);
    const name = Object.entries(channels).find(([, id]) => id === value)?.[0];
    return name ? `#${name}` : String(value);
  }
  if (key === "DmTicketPanels" && Array.isArray(value)) {
    return value.length === 0
      ? tr("settings.value.everyPanel", "Every panel")
      : tr("settings.value.panels", "{count} panels", { count: value.length });
  }
  if (value === null || value === undefined) return tr("settings.value.empty", "empty");
  if (typeof value === "boolean") return value ? tr("settings.value.on", "On") : tr("settings.value.off", "Off");
  return String(value);
}

/** §4: the changed fields as 'Label: old → new' lines; none when nothing changed. */
export function changeLines(before: TicketSettings, after: TicketSettings, channels: Record<string, string>, tr: Tr = english): string[] {
  const cards = tr === english ? settingCards : makeSettingCards(tr);
  return diffSettings(before, after).map(
    ({ key, from, to }) =>
      `${fieldOf(key, cards).label}: ${formatSettingValue(key, from, channels, tr)} → ${formatSettingValue(key, to, channels, tr)}`,
  );
}

/** The archive dropdown: 'None', then the text channels by name. */
export function channelOptions(channels: Record<string, string>, tr: Tr = english) {
  return [
    { value: NO_CHANNEL, label: tr("spec.settings.none", settingsMessages.none) },
    ...Object.entries(channels).map(([name, id]) => ({ value: id, label: `#${name}` })),
  ];
}
