import type { Dictionary } from "../../core";

// Spanish of the answers before a ticket opens: the panel's option and what Statistics counts of it.
const suggestions: Dictionary = {
  "panels.fields.suggestAnswers.title": "Sugerir respuestas antes de abrir",
  "panels.fields.suggestAnswers.help":
    "Antes de abrir un ticket, muestra hasta tres etiquetas que coincidan con lo que escribe el miembro (las respuestas del formulario, o una pregunta que escribe); el ticket solo se abre si dice que ninguna le ayudó.",
};

export default suggestions;
