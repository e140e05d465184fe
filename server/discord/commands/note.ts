import { addNote } from "../../helpdesk/notes";
import { defineCommand } from "../command";
import { str } from "../options";

export default defineCommand({
  key: "note",
  order: 170,
  name: "note",
  description: "Add a private staff note to this ticket (the member never sees it).",
  details:
    "Add a private note to the ticket: staff read it on the ticket's page in the dashboard; the member never sees it and it is not in the transcript.",
  options: [
    {
      name: "text",
      description: "The note",
      type: "string",
      required: true,
      minLength: 1,
      maxLength: 2000,
      es: { name: "texto", description: "La nota" },
    },
  ],
  access: "staff",
  category: "Staff",
  where: "ticket",
  es: { name: "nota", description: "Añade una nota privada del staff a este ticket (el miembro nunca la ve)." },
  // The answer is ephemeral, like every answer: the note stays among staff.
  run: ({ deps, guildId, member, options, ticket, known }) => addNote(deps, guildId, ticket.number, member, str(options.text, 2000), known),
});
