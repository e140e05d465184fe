import { openForm } from "../../tickets/open";
import { defineCommand } from "../command";
import { int } from "../options";

export default defineCommand({
  key: "form",
  order: 130,
  name: "form",
  description: "Fill in a form of this server.",
  details:
    "Open a form for the member: its answers are collected before the ticket opens. Copy the command with the form's id from the Forms page.",
  options: [
    {
      name: "form_id",
      description: "The form's id (Forms page → Copy command)",
      type: "integer",
      required: true,
      minValue: 1,
      es: { name: "id_formulario", description: "El id del formulario (página Formularios → Copiar comando)" },
    },
  ],
  access: "everyone",
  category: "Forms & tags",
  where: "guild",
  es: { name: "formulario", description: "Rellena un formulario de este servidor." },
  run: async ({ deps, guildId, member, options, known }) => {
    const formId = int(options.form_id);
    return formId === null ? { refusal: "formGone" } : openForm(deps, guildId, member, formId, known);
  },
});
