import { type TicketSettingKey, type TicketSettings, ticketSettingsShape } from "../../src/schemas/settings";
import { fromDbJson } from "../db/dialect";
import type { Db } from "../db/schema";

// A guild's ticket settings: one JSON row over the defaults, with a revision every save moves. Everything that acts
// on the settings — the Settings screen, the ticket engine, the scheduler, Bot setup, the configuration transfer —
// reads them here.

export const settingKeys = Object.keys(ticketSettingsShape) as TicketSettingKey[];

/** What a guild that never saved its settings gets. */
export const defaultSettings = (): TicketSettings => ({
  UserTicketLimit: 1,
  AllowUserTicketClose: true,
  EnableUserFeedback: true,
  TicketCloseConfirmation: true,
  TranscriptsPanelPermission: false,
  SupportRepsViewTickets: true,
  SupportRepsTypeInTickets: true,
  AutoCloseEnabled: false,
  CloseOnUserLeave: false,
  ArchiveChannelId: null,
  CloseOnUserLeaveHours: 1,
  CloseOnUserLeaveMinutes: 0,
  SinceLastMessageDays: 3,
  SinceLastMessageHours: 0,
  SinceLastMessageMinutes: 0,
  StoreTranscripts: true,
  // The ticket workflow: the bot's language, time zone, inactivity warning and close request.
  BotLanguage: "auto",
  TimeZone: "UTC",
  InactivityWarningHours: 0,
  CloseRequestHours: 24,
  ReopenWithinDays: 7,
  MessageTicketOpener: "author",
  TicketThreads: false,
  ClosedThreads: "archive",
  // "Waiting too long" alerts, off until a server sets them
  WaitingAlertMinutes: 0,
  WaitingAlertChannelId: null,
  // Waiting on the member: no ping, auto-close counts every silence (as before) until a server says otherwise.
  PingOpenerOnStaffReply: false,
  AutoCloseMemberSilenceOnly: false,
  // DM tickets, off until a server turns them on; no panels listed: every panel.
  DmTickets: false,
  DmTicketPanels: [],
  // Data retention: everything kept until the owner says otherwise.
  RetentionTicketsDays: 0,
  RetentionActivityDays: 0,
  // My tickets: on. A member sees only what they already saw in their ticket's channel, and its transcript.
  MemberTickets: true,
});

/** The stored settings over the defaults (a key stored later, e.g. StoreTranscripts, falls back to its default). */
export function settingsFromJson(json: string | undefined): TicketSettings {
  const stored = fromDbJson<Record<string, unknown>>(json, {});
  const out = defaultSettings() as Record<string, unknown>;
  for (const key of settingKeys) if (key in stored && stored[key] !== undefined) out[key] = stored[key];
  return out as TicketSettings;
}

/** The guild's settings and revision (0 when never saved). */
export async function readGuildSettings(db: Db, guildId: string): Promise<{ settings: TicketSettings; revision: number }> {
  const row = await db.selectFrom("guild_settings").select(["data_json", "revision"]).where("guild_id", "=", guildId).executeTakeFirst();
  return { settings: settingsFromJson(row?.data_json), revision: row?.revision ?? 0 };
}

/** The values a save sends (SPEC §4: a null is never sent, so it changes nothing). */
export function sentValues(values: Partial<Record<TicketSettingKey, unknown>>): Partial<TicketSettings> {
  const changes: Partial<TicketSettings> = {};
  for (const key of settingKeys) {
    const value = values[key];
    if (value !== null && value !== undefined) (changes as Record<string, unknown>)[key] = value;
  }
  return changes;
}
