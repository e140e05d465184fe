import { describe, expect, it } from "vitest";
import {
  changeLines,
  channelOptions,
  fieldOf,
  formatSettingValue,
  NO_CHANNEL,
  savePayload,
  settingCards,
  settingKeys,
  toLocalSettings,
  validateSettings,
} from "../../../src/resources/settings/settings-form";
import { limits } from "../../../src/schemas/limits";
import type { SettingsResponse } from "../../../src/schemas/settings";

const channels = { general: "812345678901234713", support: "812345678901234714" };
const loaded: SettingsResponse = {
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
  Channels: channels,
  Revision: 4,
};

describe("settings form (SPEC §3, §4, §5)", () => {
  it("shows every setting of §3 exactly once, in the cards General, Claiming and Auto Close", () => {
    expect(settingCards.map((c) => c.title)).toEqual(["General", "Claiming", "Auto Close"]);
    expect(settingCards.flatMap((c) => c.fields.map((f) => f.key)).sort()).toEqual([...settingKeys].sort());
    expect(fieldOf("StoreTranscripts").label).toBe("Store transcripts of closed tickets");
    expect(settingCards.find((c) => c.title === "General")!.fields.map((f) => f.key)).toContain("StoreTranscripts");
  });

  it("bounds the time inputs as §5 says", () => {
    expect(fieldOf("CloseOnUserLeaveHours").max).toBe(limits.hoursMax);
    expect(fieldOf("CloseOnUserLeaveMinutes").max).toBe(limits.minutesMax);
    expect(fieldOf("SinceLastMessageDays").max).toBe(limits.daysMax);
    expect(fieldOf("SinceLastMessageHours").max).toBe(23);
    expect(fieldOf("SinceLastMessageMinutes").max).toBe(59);
  });

  it("copies the loaded values without Channels and Revision; no archive channel is 'None'", () => {
    const local = toLocalSettings(loaded);
    expect(local).not.toHaveProperty("Channels");
    expect(local).not.toHaveProperty("Revision");
    expect(local.ArchiveChannelId).toBe(NO_CHANNEL);
    expect(channelOptions(channels)).toEqual([
      { value: NO_CHANNEL, label: "None" },
      { value: channels.general, label: "#general" },
      { value: channels.support, label: "#support" },
    ]);
  });

  it("sends only non-null values, with the revision they were made on", () => {
    const local = { ...toLocalSettings(loaded), UserTicketLimit: null, SinceLastMessageDays: 5 };
    const payload = savePayload(local, loaded.Revision);
    expect(payload).not.toHaveProperty("UserTicketLimit");
    expect(payload).toMatchObject({ SinceLastMessageDays: 5, Revision: 4, ArchiveChannelId: NO_CHANNEL });
    expect(Object.values(payload)).not.toContain(null);
  });

  it("lists each changed field as old → new in plain words; nothing changed lists nothing", () => {
    const before = toLocalSettings(loaded);
    expect(changeLines(before, { ...before }, channels)).toEqual([]);
    const after = { ...before, UserTicketLimit: 3, AutoCloseEnabled: true, ArchiveChannelId: channels.support };
    expect(changeLines(before, after, channels)).toEqual([
      "Open tickets per user: 1 → 3",
      "Close tickets with no new messages: Off → On",
      "Archive channel: None → #support",
    ]);
    // An emptied number is null: not sent, so not a change either.
    expect(changeLines(before, { ...before, SinceLastMessageDays: null }, channels)).toEqual([]);
    expect(changeLines({ ...before, ArchiveChannelId: channels.support }, before, channels)).toEqual(["Archive channel: #support → None"]);
  });

  it("formats values for the toast", () => {
    expect(formatSettingValue("ArchiveChannelId", "999", channels)).toBe("999");
    expect(formatSettingValue("ArchiveChannelId", null, channels)).toBe("None");
    expect(formatSettingValue("StoreTranscripts", false, channels)).toBe("Off");
    expect(formatSettingValue("SinceLastMessageDays", 0, channels)).toBe("0");
  });

  it("validates with the shared schema before sending", () => {
    const local = toLocalSettings(loaded);
    expect(validateSettings(local)).toEqual({});
    expect(validateSettings({ ...local, CloseOnUserLeaveHours: 24, SinceLastMessageMinutes: 60, UserTicketLimit: -1 })).toEqual({
      CloseOnUserLeaveHours: "Hours must be at most 23",
      SinceLastMessageMinutes: "Minutes must be at most 59",
      UserTicketLimit: "User ticket limit must be at least 0",
    });
  });
});
