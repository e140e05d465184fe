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

export type FieldKind = "switch" | "number" | "channel";

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
}

export interface SettingCard {
  title: "General" | "Claiming" | "Auto Close";
  description: string;
  fields: SettingField[];
}

export const settingCards: SettingCard[] = [
  {
    title: "General",
    description: "How tickets open and close, and what happens to them afterwards.",
    fields: [
      { key: "UserTicketLimit", label: "Open tickets per user", help: "How many tickets one user may have open at the same time.", kind: "number" },
      { key: "AllowUserTicketClose", label: "Users can close their own tickets", kind: "switch" },
      { key: "TicketCloseConfirmation", label: "Ask for confirmation before closing a ticket", kind: "switch" },
      { key: "EnableUserFeedback", label: "Ask users for feedback after a ticket closes", kind: "switch" },
      { key: "ArchiveChannelId", label: "Archive channel", help: "Closed tickets are logged in this channel.", kind: "channel" },
      { key: "StoreTranscripts", label: "Store transcripts of closed tickets", help: "When off, closed tickets are not kept.", kind: "switch" },
      { key: "TranscriptsPanelPermission", label: "Only a panel's support team can read its transcripts", kind: "switch" },
    ],
  },
  {
    title: "Claiming",
    description: "What the rest of the support staff may do in a ticket someone has claimed.",
    fields: [
      { key: "SupportRepsViewTickets", label: "Other support staff can see claimed tickets", kind: "switch" },
      { key: "SupportRepsTypeInTickets", label: "Other support staff can type in claimed tickets", kind: "switch" },
    ],
  },
  {
    title: "Auto Close",
    description: "Close tickets nobody needs any more.",
    fields: [
      { key: "AutoCloseEnabled", label: "Close tickets with no new messages", kind: "switch" },
      { key: "SinceLastMessageDays", label: "Days since the last message", kind: "number", max: limits.daysMax, unit: "days", dependsOn: "AutoCloseEnabled" },
      { key: "SinceLastMessageHours", label: "Hours since the last message", kind: "number", max: limits.hoursMax, unit: "hours", dependsOn: "AutoCloseEnabled" },
      { key: "SinceLastMessageMinutes", label: "Minutes since the last message", kind: "number", max: limits.minutesMax, unit: "minutes", dependsOn: "AutoCloseEnabled" },
      { key: "CloseOnUserLeave", label: "Close a ticket when its creator leaves the server", kind: "switch" },
      { key: "CloseOnUserLeaveHours", label: "Hours after they leave", kind: "number", max: limits.hoursMax, unit: "hours", dependsOn: "CloseOnUserLeave" },
      { key: "CloseOnUserLeaveMinutes", label: "Minutes after they leave", kind: "number", max: limits.minutesMax, unit: "minutes", dependsOn: "CloseOnUserLeave" },
    ],
  },
];

export const fieldOf = (key: TicketSettingKey): SettingField =>
  settingCards.flatMap((c) => c.fields).find((f) => f.key === key) ?? { key, label: key, kind: "switch" };

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
  return out as TicketSettings;
}

/** What Save sends: the non-null values (§4) and the revision they were made on. */
export function savePayload(local: TicketSettings, revision: number) {
  return { ...nonNullSettings(local), Revision: revision };
}

/** The local values checked with the shared schema: the first message per field. */
export function validateSettings(local: TicketSettings): Partial<Record<TicketSettingKey, string>> {
  const parsed = settingsUpdateSchema.safeParse({ ...nonNullSettings(local), ArchiveChannelId: local.ArchiveChannelId || undefined });
  if (parsed.success) return {};
  const errors: Partial<Record<TicketSettingKey, string>> = {};
  for (const issue of parsed.error.issues) {
    const key = issue.path[0] as TicketSettingKey;
    if (key && !errors[key]) errors[key] = issue.message;
  }
  return errors;
}

/** A value as the toast shows it: On/Off, the channel's name, None, or the number. */
export function formatSettingValue(key: TicketSettingKey, value: unknown, channels: Record<string, string>): string {
  if (key === "ArchiveChannelId") {
    if (value === null || value === undefined || value === NO_CHANNEL) return settingsMessages.none;
    const name = Object.entries(channels).find(([, id]) => id === value)?.[0];
    return name ? `#${name}` : String(value);
  }
  if (value === null || value === undefined) return "empty";
  if (typeof value === "boolean") return value ? "On" : "Off";
  return String(value);
}

/** §4: the changed fields as 'Label: old → new' lines; none when nothing changed. */
export function changeLines(before: TicketSettings, after: TicketSettings, channels: Record<string, string>): string[] {
  return diffSettings(before, after).map(
    ({ key, from, to }) => `${fieldOf(key).label}: ${formatSettingValue(key, from, channels)} → ${formatSettingValue(key, to, channels)}`,
  );
}

/** The archive dropdown: 'None', then the text channels by name. */
export function channelOptions(channels: Record<string, string>) {
  return [
    { value: NO_CHANNEL, label: settingsMessages.none },
    ...Object.entries(channels).map(([name, id]) => ({ value: id, label: `#${name}` })),
  ];
}
