import { move, moveTargets } from "../../tickets/move";
import { say } from "../answers";
import { defineCommand } from "../command";
import { int, snowflake, str } from "../options";
import { botTexts } from "../texts";

export default defineCommand({
  key: "move",
  order: 115,
  name: "move",
  description: "Move this ticket to another panel: its category, team and naming.",
  details:
    "Move the current ticket to another panel: it takes that panel's category, support team, channel name and waiting alert, and keeps its number, conversation, labels and members. The claim stays when the claimer is on the new panel's team.",
  options: [
    {
      name: "panel",
      description: "The panel the ticket moves to",
      type: "string",
      required: true,
      autocomplete: true,
      maxLength: 100,
      es: { name: "panel", description: "El panel al que se mueve el ticket" },
    },
  ],
  access: "staff",
  category: "Staff",
  where: "ticket",
  es: { name: "mover", description: "Mueve este ticket a otro panel: su categoría, equipo y nombre." },
  run: async ({ deps, guildId, member, options, ticket, known }) => {
    // A choice offered is the panel's id; a name typed by hand is looked up among the server's panels.
    const typed = str(options.panel, 100).trim();
    const id = snowflake(typed) === null ? null : int(typed);
    const panelId =
      id ??
      (
        await deps.db
          .selectFrom("panels")
          .select("id")
          .where("guild_id", "=", guildId)
          .where("kind", "=", "single")
          .where("name", "=", typed)
          .executeTakeFirst()
      )?.id;
    if (panelId === undefined) return say(botTexts.movePanelUnknown(typed));
    return move(deps, guildId, ticket.number, member, panelId, known);
  },
  // The panels the caller may move this ticket to: none for a member who may not move it.
  autocomplete: async ({ deps, member, ticket }, focused, typed) => {
    if (focused !== "panel") return [];
    const needle = typed.toLowerCase();
    return (await moveTargets(deps, ticket, member))
      .filter((p) => p.PanelName.toLowerCase().includes(needle))
      .slice(0, 25)
      .map((p) => ({ name: p.PanelName.slice(0, 100), value: String(p.PanelId) }));
  },
});
