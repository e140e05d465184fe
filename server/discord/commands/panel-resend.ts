import { MultiPanelEmptyError, postPanel } from "../../panels/send";
import { toMultiPanel, toSinglePanel } from "../../panels/store";
import { can, memberAccess } from "../../tickets/members";
import { say } from "../answers";
import { defineCommand } from "../command";
import { int } from "../options";
import { botTexts } from "../texts";

export default defineCommand({
  key: "panelResend",
  order: 150,
  name: "panel",
  subcommand: "resend",
  description: "Post a panel again.",
  details: "Post a panel again, for example after its message was deleted.",
  options: [
    {
      name: "panel_id",
      description: "The panel's id (#id on the Panels page)",
      type: "integer",
      required: true,
      minValue: 1,
      es: { name: "id_panel", description: "El id del panel (#id en la página Paneles)" },
    },
  ],
  access: "admin",
  category: "Setup",
  where: "guild",
  es: { name: "reenviar", description: "Vuelve a publicar un panel." },
  // The panel's message posted again, by a member who may edit that kind of panel.
  run: async ({ deps, guildId, member, options }) => {
    const panelId = int(options.panel_id);
    if (panelId === null) return { refusal: "panelGone" };
    const row = await deps.db.selectFrom("panels").selectAll().where("guild_id", "=", guildId).where("id", "=", panelId).executeTakeFirst();
    if (!row) return { refusal: "panelGone" };
    if (!can(await memberAccess(deps.db, guildId, member), row.kind === "multi" ? "EditMultiPanel" : "EditSinglePanel"))
      return { refusal: "noPermission" };
    const name = row.kind === "multi" ? toMultiPanel(row, []).PanelTitle : toSinglePanel(row).PanelName;
    try {
      await postPanel(deps.db, deps.platform, guildId, row);
      return say(botTexts.panelResent(name), true);
    } catch (error) {
      return say(error instanceof MultiPanelEmptyError ? botTexts.multiPanelEmpty : botTexts.panelResendFailed);
    }
  },
});
