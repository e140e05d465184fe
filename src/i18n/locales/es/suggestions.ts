import type { Dictionary } from "../../core";

// Spanish of the answers before a ticket opens: the panel's option and what Statistics counts of it.
const suggestions: Dictionary = {
  "panels.fields.suggestAnswers.title": "Sugerir respuestas antes de abrir",
  "panels.fields.suggestAnswers.help":
    "Antes de abrir un ticket, muestra hasta tres etiquetas que coincidan con lo que escribe el miembro (las respuestas del formulario, o una pregunta que escribe); el ticket solo se abre si dice que ninguna le ayudó.",
  "statistics.suggestions.title": "Respondidos antes de abrir",
  "statistics.suggestions.total": "Tickets respondidos por sugerencias: {n}",
  "statistics.suggestions.none": "Ninguna pregunta respondida por sugerencias en este periodo.",
  "statistics.suggestions.answeredColumn": "Respondidos",
  "statistics.suggestions.perPanel": "Respondidos por panel",
  "statistics.suggestions.perTag": "Respondidos por etiqueta",
  "statistics.suggestions.tag": "Etiqueta",
};

export default suggestions;
