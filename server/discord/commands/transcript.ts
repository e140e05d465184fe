import { can, memberAccess } from "../../tickets/members";
import { say } from "../answers";
import { defineCommand } from "../command";
import { int } from "../options";
import { botTexts } from "../texts";

export default defineCommand({
  key: "transcript",
  order: 140,
  name: "transcript",
  description: "Get the link to a closed ticket's transcript.",
  details: "Get the link to the transcript of a closed ticket by its number.",
  options: [
    {
      name: "ticket_id",
      description: "The ticket's number",
      type: "integer",
      required: true,
      minValue: 0,
      es: { name: "id_ticket", description: "El número del ticket" },
    },
  ],
  access: "staff",
  category: "Staff",
  where: "guild",
  es: { name: "transcripcion", description: "Obtén el enlace a la transcripción de un ticket cerrado." },
  run: async ({ deps, guildId, member, options }) => {
    if (!can(await memberAccess(deps.db, guildId, member), "ViewTranscripts")) return { refusal: "noPermission" };
    const number = int(options.ticket_id);
    if (number === null) return say(botTexts.transcriptMissing(0));
    const exists = await deps.db
      .selectFrom("transcripts")
      .select("id")
      .where("guild_id", "=", guildId)
      .where("ticket_id", "=", number)
      .executeTakeFirst();
    return exists
      ? say(botTexts.transcriptLink(number, `${deps.publicUrl}/${guildId}/transcripts/${number}`), true)
      : say(botTexts.transcriptMissing(number));
  },
});
