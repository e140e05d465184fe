import type { Dictionary } from "../../core";

// Spanish: ticket panels and multi-panels (list, editors, live preview). The spec's fixed texts (panelMessages)
// are in ./spec.ts; the editors' field titles and sections (panels.fields.*, panels.sections.*, built by the form
// engine from src/schemas) are in ./engine.ts.
const dictionary: Dictionary = {
  // List
  "panels.list.panelCount": "{count} paneles",
  "panels.list.dropdown": "menú desplegable",
  "panels.list.buttons": "botones",
  "panels.list.untitled": "Sin título",
  "panels.list.resend": "Reenviar",
  "panels.list.edit": "Editar",
  "panels.list.create": "Crear",
  "panels.list.createPanel": "Crear panel",
  "panels.list.createMultiPanel": "Crear multipanel",
  "panels.list.cancel": "Cancelar",

  // Editors
  "panels.editor.createPanel": "Crear panel",
  "panels.editor.editPanel": "Editar panel",
  "panels.editor.clear": "Vaciar",

  // Live preview
  "panels.preview.title": "Vista previa",
  "panels.preview.panelMessage": "Mensaje del panel",
  "panels.preview.welcomeMessage": "Mensaje de bienvenida",
  "panels.preview.supportHours": "Horario de soporte",
  "panels.preview.serverTimeZone": "la zona horaria del servidor",
  "panels.preview.makeSelection": "Haz una selección",
  "panels.preview.imageUnavailable": "Imagen no disponible",
};

export default dictionary;
