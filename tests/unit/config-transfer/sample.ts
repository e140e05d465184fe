import type { ConfigExportInput } from "../../../src/schemas/config-export";

/** A small but complete configuration file (version 1) of Demo Community. */
export const sampleFile = (): ConfigExportInput => ({
  format: "ticketeer.guild-config",
  version: 1,
  exported_at: "2026-11-22T10:00:00.000Z",
  source_guild: {
    id: "812345678901234567",
    name: "Demo Community",
    roles: [{ id: "812345678901234602", name: "Moderator" }],
    channels: [{ id: "812345678901234714", name: "support" }],
    categories: [{ id: "812345678901234702", name: "Support" }],
    emojis: [{ id: "812345678901234801", name: "ticket" }],
  },
  settings: { UserTicketLimit: 2, AutoCloseEnabled: true, ArchiveChannelId: "812345678901234714" },
  tags: [{ TagName: "welcome", Content: "Hello!" }],
  forms: [
    {
      FormId: 7,
      FormName: "Support Request",
      Fields: [{ Label: "What happened?", Style: "Paragraph", Required: true, MinLength: 1, MaxLength: 500, Position: 0 }],
    },
  ],
  teams: [
    { TeamId: "3", TeamName: "Mods", Roles: [{ RoleId: "812345678901234602", RoleName: "Moderator" }], Permissions: { ViewTag: true } },
  ],
  panels: [
    {
      PanelId: 11,
      PanelName: "General Support",
      MentionRoleId: "812345678901234602",
      SupportTeams: ["3"],
      TicketCategory: "812345678901234702",
      FormId: 7,
      PanelMessage: { PanelChannel: "812345678901234714", PanelTitle: "Need help?", ButtonEmoji: "812345678901234801" },
      WelcomeMessage: { WelcomeTitle: "Thanks" },
    },
    {
      PanelId: 12,
      PanelName: "Billing",
      PanelMessage: { PanelChannel: "812345678901234714", PanelTitle: "Billing" },
      WelcomeMessage: { WelcomeTitle: "Hi" },
    },
  ],
  multi_panels: [{ PanelId: 13, PanelChannelId: "812345678901234714", Panels: ["11", "12"], PanelTitle: "Help Center" }],
  blacklist: [{ Kind: "Role", TargetId: "812345678901234602", Reason: "", TargetName: "Moderator" }],
});
