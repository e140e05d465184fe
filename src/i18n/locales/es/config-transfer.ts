import type { Dictionary } from "../../core";

// Spanish: config-transfer (the Import / Export screen).
const dictionary: Dictionary = {
  "configTransfer.pageName": "Importar / Exportar",
  "configTransfer.levelOnly":
    "Solo el propietario del servidor, los administradores y los miembros con el permiso Gestionar servidor pueden exportar o importar la configuración.",

  // Export
  "configTransfer.exportTitle": "Exportar configuración",
  "configTransfer.exportDescription":
    "Descarga en un único archivo JSON la configuración, las etiquetas, los formularios, los equipos de staff, los paneles, los multipaneles y la lista negra de este servidor. Las transcripciones, la actividad y las claves del bot nunca se incluyen.",
  // The owner's rights over the server's data
  "configTransfer.serverData.title": "Datos del servidor",
  "configTransfer.serverData.description":
    "Todo lo que este producto guarda sobre el servidor: ajustes, paneles, tickets, transcripciones, notas y el registro de actividad.",
  "configTransfer.serverData.exportButton": "Exportar todos los datos",
  "configTransfer.serverData.exported": "Datos del servidor exportados",
  "configTransfer.serverData.eraseTitle": "Borrar todos los datos",
  "configTransfer.serverData.eraseDescription":
    "Borra para siempre todo lo de este servidor. El bot se queda; no se puede deshacer. Escribe el id del servidor para confirmar:",
  "configTransfer.serverData.eraseButton": "Borrar todos los datos",
  "configTransfer.serverData.erased": "Se borró todo lo de este servidor",
  "configTransfer.serverData.ownerOnly": "Solo el propietario del servidor puede exportar o borrar sus datos.",
  "configTransfer.exportButton": "Exportar configuración",
  "configTransfer.exporting": "Exportando...",
  "configTransfer.exported": "Configuración exportada",

  // Import
  "configTransfer.importTitle": "Importar configuración",
  "configTransfer.importDescription":
    "Importa un archivo exportado desde otro servidor. Cada sección del archivo sustituye a esa misma sección aquí; los roles, canales y categorías se emparejan por nombre.",
  "configTransfer.dropzone": "Haz clic o arrastra aquí un archivo de configuración",
  "configTransfer.dropzoneHint":
    "Un archivo .json exportado desde Ticketeer (hasta 5 MB). Se lee en tu navegador y se comprueba antes de cambiar nada.",
  "configTransfer.chooseAnother": "Elegir otro archivo",
  "configTransfer.from": "De {source} (exportado el {date}) a {target}",
  "configTransfer.previewTitle": "Qué va a cambiar",
  "configTransfer.mappingTitle": "Roles, canales y categorías",
  "configTransfer.warningsTitle": "Advertencias",
  "configTransfer.problemsTitle": "El archivo no se puede importar",
  "configTransfer.importButton": "Importar configuración",
  "configTransfer.importing": "Importando...",
  "configTransfer.confirmTitle": "¿Sustituir la configuración de este servidor?",
  "configTransfer.confirmDescription":
    "Las secciones {sections} de este servidor se sustituirán por las del archivo. No se puede deshacer (exporta antes este servidor para guardar una copia).",
  "configTransfer.confirmOk": "Importar",
  "configTransfer.cancel": "Cancelar",
  "configTransfer.imported": "Configuración importada",
  "configTransfer.importFailed": "Error al importar",
  "configTransfer.previewFailed": "No se pudo comprobar el archivo",
  "configTransfer.notJson": "El archivo no es un JSON válido",
  "configTransfer.tooLarge": "El archivo ocupa más de 5 MB",
  "configTransfer.notAnExport": "El archivo no es una exportación de configuración de Ticketeer",
  "configTransfer.sectionsTogether": "panels y multi_panels tienen que importarse juntos",
  "configTransfer.unmapped": "Sin asignar",
  "configTransfer.required": "obligatorio",
  "configTransfer.importedPanels": "Paneles importados",
  "configTransfer.notPosted": "Los paneles importados aún no están publicados: abre un panel y usa Reenviar para publicar su mensaje.",
  "configTransfer.untitled": "Sin título",
  "configTransfer.multiPanel": "Multipanel",
  "configTransfer.targetLabel": "{kind} en {server} para {source}",

  // Tables
  "configTransfer.column.section": "Sección",
  "configTransfer.column.change": "Cambio",
  "configTransfer.column.type": "Tipo",
  "configTransfer.column.in": "En {server}",
  "configTransfer.column.usedBy": "Usado por",
  "configTransfer.section.settings": "Configuración",
  "configTransfer.section.tags": "Etiquetas",
  "configTransfer.section.forms": "Formularios",
  "configTransfer.section.teams": "Equipos de staff",
  "configTransfer.section.panels": "Paneles",
  "configTransfer.section.multiPanels": "Multipaneles",
  "configTransfer.section.blacklist": "Lista negra",
  "configTransfer.summary.absent": "No está en el archivo: se queda como está",
  "configTransfer.summary.noValueChanges": "Ningún valor cambia",
  "configTransfer.summary.oneValueChanges": "Cambia 1 valor",
  "configTransfer.summary.valuesChange": "Cambian {count} valores",
  "configTransfer.summary.replaced": "{deletes} eliminados, {creates} creados",

  // Mapping kinds and the target select's placeholder
  "configTransfer.kind.role": "Rol",
  "configTransfer.kind.channel": "Canal",
  "configTransfer.kind.category": "Categoría",
  "configTransfer.kind.emoji": "Emoji",
  "configTransfer.choose.role": "Elige un rol",
  "configTransfer.choose.channel": "Elige un canal",
  "configTransfer.choose.category": "Elige una categoría",
  "configTransfer.choose.emoji": "Elige un emoji",
};

export default dictionary;
