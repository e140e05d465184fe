import type { Dictionary } from "../../core";

// Spanish: the bot's permissions (names as Discord's Spanish client shows them, and why each is needed: the docs and
// the Bot setup card read them) and the Bot setup card on Server info (botSetup.*).
const dictionary: Dictionary = {
  // src/schemas/bot-permissions.ts, one name and one reason per permission
  "botPermission.ViewChannel.name": "Ver canales",
  "botPermission.ViewChannel.why": "Ver los canales de los paneles, las categorías de tickets y los tickets que abre.",
  "botPermission.ManageChannels.name": "Gestionar canales",
  "botPermission.ManageChannels.why": "Crear un canal para cada ticket, renombrarlo y borrarlo cuando el ticket se cierra.",
  "botPermission.ManageRoles.name": "Gestionar roles",
  "botPermission.ManageRoles.why":
    "Decidir quién ve un canal de ticket: quien lo abrió, los miembros añadidos y el equipo de soporte del panel (reclamar el ticket lo cambia).",
  "botPermission.SendMessages.name": "Enviar mensajes",
  "botPermission.SendMessages.why": "Publicar paneles, mensajes de bienvenida, etiquetas y avisos, y dejar escribir a los miembros del ticket.",
  "botPermission.EmbedLinks.name": "Insertar enlaces",
  "botPermission.EmbedLinks.why": "Los paneles, los mensajes de bienvenida, las etiquetas y las publicaciones del archivo son mensajes incrustados.",
  "botPermission.AttachFiles.name": "Adjuntar archivos",
  "botPermission.AttachFiles.why":
    "Dejar adjuntar archivos a los miembros del ticket (un bot solo puede conceder en un canal lo que él mismo tiene).",
  "botPermission.ReadMessageHistory.name": "Leer el historial de mensajes",
  "botPermission.ReadMessageHistory.why": "Leer los mensajes de un ticket para su transcripción y su tiempo de primera respuesta.",
};

export default dictionary;
