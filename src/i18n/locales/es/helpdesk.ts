import type { Dictionary } from "../../core";

// Spanish of the help desk (issue 23): ticket labels (a declared resource), the ticket page, priorities, the activity
// log's new actions.
const helpdesk: Dictionary = {
  // Labels (src/schemas/label.ts)
  "labels.label": "Etiquetas de tickets",
  "labels.title": "Etiquetas de tickets",
  "labels.pageName": "Etiquetas de tickets",
  "labels.list.title": "Etiquetas de tickets",
  "labels.list.search": "Buscar etiquetas",
  "labels.list.empty": "Aún no hay etiquetas. Añade las etiquetas con las que tu equipo ordena los tickets.",
  "labels.columns.name": "Nombre",
  "labels.columns.colour": "Color",
  "labels.create.title": "Añadir etiqueta",
  "labels.create.submit": "Añadir",
  "labels.create.pending": "Añadiendo...",
  "labels.edit.title": "Editar etiqueta",
  "labels.edit.submit": "Guardar",
  "labels.edit.pending": "Guardando...",
  "labels.remove.label": "Eliminar",
  "labels.remove.pending": "Eliminando...",
  "labels.remove.confirm.title": "¿Eliminar esta etiqueta?",
  "labels.remove.confirm.description": "Los tickets pierden esta etiqueta.",
  "labels.remove.confirm.ok": "Eliminar",
  "labels.remove.confirm.cancel": "Cancelar",
  "labels.messages.created": "Etiqueta creada",
  "labels.messages.updated": "Etiqueta actualizada",
  "labels.messages.deleted": "Etiqueta eliminada",
  "labels.messages.notFound": "No se encontró la etiqueta",
  "labels.messages.stale": "Otra persona cambió esta etiqueta. Recarga para ver la última versión.",
  "labels.messages.nameRequired": "El nombre es obligatorio",
  "labels.messages.nameTooLong": "El nombre debe tener como máximo 50 caracteres",
  "labels.messages.invalidColour": "El color debe ser un color hexadecimal como #5865F2",
  "labels.fields.name.title": "Nombre",
  "labels.fields.name.placeholder": "Informe de error",
  "labels.fields.name.description": "Lo que elige el equipo en un ticket",
  "labels.fields.colour.title": "Color",

  // The activity log's actions
  "activity.action.ticketPrioritySet": "Prioridad del ticket cambiada",
  "activity.action.ticketLabelsSet": "Etiquetas del ticket cambiadas",
  "activity.action.ticketNoteAdded": "Nota añadida al ticket",
  "activity.action.ticketReplySent": "Respuesta enviada desde el panel",
  "activity.action.ticketWaitingAlert": "Aviso de ticket en espera",
  "activity.action.labelCreated": "Etiqueta creada",
  "activity.action.labelUpdated": "Etiqueta actualizada",
  "activity.action.labelDeleted": "Etiqueta eliminada",
};

export default helpdesk;
