import type { Dictionary } from "../../core";

// Spanish: settings (the Settings screen) and the server info page (serverInfo.*).
const dictionary: Dictionary = {
  // Cards
  "settings.general.title": "General",
  "settings.general.description": "Cómo se abren y se cierran los tickets, y qué pasa con ellos después.",
  "settings.claiming.title": "Reclamar tickets",
  "settings.claiming.description": "Qué puede hacer el resto del staff de soporte en un ticket que alguien ha reclamado.",
  "settings.autoClose.title": "Cierre automático",
  "settings.autoClose.description": "Cierra los tickets que ya nadie necesita.",

  // Fields
  "settings.field.userTicketLimit": "Tickets abiertos por usuario",
  "settings.field.userTicketLimit.help": "Cuántos tickets puede tener abiertos a la vez un mismo usuario.",
  "settings.field.allowUserTicketClose": "Los usuarios pueden cerrar sus propios tickets",
  "settings.field.ticketCloseConfirmation": "Pedir confirmación antes de cerrar un ticket",
  "settings.field.enableUserFeedback": "Pedir a los usuarios su valoración cuando se cierra un ticket",
  "settings.field.archiveChannelId": "Canal de archivo",
  "settings.field.archiveChannelId.help": "Los tickets cerrados se registran en este canal.",
  "settings.field.storeTranscripts": "Guardar las transcripciones de los tickets cerrados",
  "settings.field.storeTranscripts.help": "Si está desactivado, los tickets cerrados no se conservan.",
  "settings.field.transcriptsPanelPermission": "Solo el equipo de soporte de un panel puede leer sus transcripciones",
  "settings.field.supportRepsViewTickets": "El resto del staff de soporte puede ver los tickets reclamados",
  "settings.field.supportRepsTypeInTickets": "El resto del staff de soporte puede escribir en los tickets reclamados",
  "settings.field.autoCloseEnabled": "Cerrar los tickets sin mensajes nuevos",
  "settings.field.sinceLastMessageDays": "Días desde el último mensaje",
  "settings.field.sinceLastMessageHours": "Horas desde el último mensaje",
  "settings.field.sinceLastMessageMinutes": "Minutos desde el último mensaje",
  "settings.field.closeOnUserLeave": "Cerrar un ticket cuando su creador sale del servidor",
  "settings.field.closeOnUserLeaveHours": "Horas después de que salga",
  "settings.field.closeOnUserLeaveMinutes": "Minutos después de que salga",
  "settings.unit.days": "días",
  "settings.unit.hours": "horas",
  "settings.unit.minutes": "minutos",

  // Values in the 'Settings updated successfully' toast
  "settings.value.on": "Activado",
  "settings.value.off": "Desactivado",
  "settings.value.empty": "vacío",

  // Validation messages of the settings schema
  "settings.subject.userTicketLimit": "Límite de tickets por usuario",
  "settings.subject.hours": "Horas",
  "settings.subject.minutes": "Minutos",
  "settings.subject.days": "Días",
  "settings.subject.value": "Valor",
  "settings.error.number": "{what}: tiene que ser un número",
  "settings.error.wholeNumber": "{what}: tiene que ser un número entero",
  "settings.error.atLeast": "{what}: tiene que ser como mínimo {min}",
  "settings.error.atMost": "{what}: tiene que ser como máximo {max}",
  "settings.error.archiveChannelId": "El canal de archivo tiene que ser un ID de canal",

  // Server info
  "serverInfo.members": "Miembros",
  "serverInfo.roles": "Roles",
  "serverInfo.channels": "Canales",
  "serverInfo.boosts": "Mejoras",
  "serverInfo.guildOwner": "Propietario del servidor",
};

export default dictionary;
