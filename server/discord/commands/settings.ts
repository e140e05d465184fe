import { can, memberAccess } from "../../tickets/members";
import { settingsOf } from "../../tickets/step";
import { say } from "../answers";
import { defineCommand } from "../command";
import { botTexts } from "../texts";

const onOff = (v: boolean | null | undefined) => (v === false ? "off" : "on");

export default defineCommand({
  key: "settings",
  order: 160,
  name: "settings",
  description: "Show this server's ticket settings.",
  details: "Show this server's ticket settings and a link to change them in the dashboard.",
  options: [],
  access: "admin",
  category: "Setup",
  where: "guild",
  es: { name: "ajustes", description: "Muestra la configuración de tickets de este servidor." },
  run: async ({ deps, guildId, member, known }) => {
    if (!can(await memberAccess(deps.db, guildId, member), "ViewSettings")) return { refusal: "noPermission" };
    const settings = await settingsOf(deps, guildId, known);
    const lines = [
      `User ticket limit: ${settings.UserTicketLimit}`,
      `Users can close their own tickets: ${onOff(settings.AllowUserTicketClose)}`,
      `Ask for confirmation on close: ${onOff(settings.TicketCloseConfirmation)}`,
      `Feedback: ${onOff(settings.EnableUserFeedback)}`,
      `Store transcripts: ${onOff(settings.StoreTranscripts)}`,
      `Auto-close: ${onOff(settings.AutoCloseEnabled ?? false)}`,
      botTexts.settingsLink(`${deps.publicUrl}/${guildId}/settings`),
    ];
    return say(lines.join("\n"), true);
  },
});
