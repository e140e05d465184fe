import { closeReasonMax, composeCloseReason } from "../../../src/schemas/ticket";
import { mayClose, requestClose } from "../../tickets/close";
import { say } from "../answers";
import { defineCommand } from "../command";
import { str } from "../options";
import { botTexts } from "../texts";

export default defineCommand({
  key: "close",
  order: 30,
  name: "close",
  description: "Close this ticket; its transcript is saved.",
  details:
    "Close the current ticket, with a reason (a preset or your own) and details added after it. A transcript is saved and sent to the member who opened it.",
  options: [
    {
      name: "reason",
      description: "Why the ticket is closed (pick a preset or type your own)",
      type: "string",
      autocomplete: true,
      maxLength: 1024,
      es: { name: "motivo", description: "Por qué se cierra el ticket (elige uno predefinido o escribe el tuyo)" },
    },
    {
      name: "details",
      description: "Text added after the reason, e.g. what the member confirmed",
      type: "string",
      maxLength: 1024,
      es: { name: "detalles", description: "Texto que se añade tras el motivo, p. ej. lo que confirmó el miembro" },
    },
  ],
  access: "ticket",
  category: "Tickets",
  where: "ticket",
  es: { name: "cerrar", description: "Cierra este ticket; se guarda su transcripción." },
  run: async ({ deps, guildId, member, options, ticket, known }) => {
    // A preset (or the member's own reason) and the details added after it: one reason, within its limit.
    const reason = composeCloseReason(str(options.reason, closeReasonMax + 1), str(options.details, closeReasonMax + 1));
    if (reason.length > closeReasonMax) return say(botTexts.closeReasonTooLong(closeReasonMax));
    return requestClose(deps, guildId, ticket.number, member, reason || null, false, known);
  },
  // The server's close reasons, for staff of the ticket (or its opener when members may close their own).
  autocomplete: async ({ deps, guildId, member, ticket, known }, focused, typed) => {
    if (focused !== "reason" || !(await mayClose(deps, ticket, member, known))) return [];
    const needle = typed.toLowerCase();
    const rows = await deps.db
      .selectFrom("close_reasons")
      .select("label")
      .where("guild_id", "=", guildId)
      .orderBy("position")
      .limit(100)
      .execute();
    return rows
      .filter((r) => r.label.toLowerCase().includes(needle))
      .slice(0, 25)
      .map((r) => ({ name: r.label.slice(0, 100), value: r.label.slice(0, 100) }));
  },
});
