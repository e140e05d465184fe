import type { Dictionary } from "../../core";

// The ticket workflow: the settings of the bot's language, time zone, inactivity warning and close
// request; the panel editor's rules and support hours; the roles picker; the new activity actions and command.
const workflow: Dictionary = {
  // Data retention
  "settings.field.retentionTicketsDays": "Conservar tickets cerrados y transcripciones",
  "settings.field.retentionTicketsDays.help":
    "Días tras el cierre antes de borrar para siempre los tickets cerrados y sus transcripciones. 0: se conservan siempre.",
  "settings.field.retentionActivityDays": "Conservar el registro de actividad",
  "settings.field.retentionActivityDays.help":
    "Días antes de borrar para siempre una entrada del registro de actividad. 0: se conserva siempre.",
  // DM tickets (ModMail)
  "settings.field.dmTickets": "Abrir tickets por mensaje directo",
  "settings.field.dmTickets.help":
    "Los miembros pueden abrir un ticket escribiendo al bot y hablar con el staff desde sus mensajes directos.",
  "settings.field.dmTicketPanels": "Paneles que puede abrir un mensaje directo",
  "settings.field.dmTicketPanels.help": "Ninguno marcado: todos los paneles.",
  "settings.field.memberTickets": "Los miembros ven sus tickets en Mis tickets",
  "settings.field.memberTickets.help":
    "Los miembros pueden leer y escribir en sus tickets abiertos de este servidor desde el panel, y descargar las transcripciones de sus tickets cerrados. Solo los suyos.",
  "settings.value.everyPanel": "Todos los paneles",
  "settings.value.panels": "{count} paneles",
  "settings.field.botLanguage": "Idioma del bot",
  "settings.field.botLanguage.help":
    "El idioma de todos los mensajes que envía el bot. Automático sigue el idioma de la comunidad del servidor.",
  "settings.value.languageAuto": "Automático",
  "settings.field.reopenWithinDays": "Reabrir durante",
  "settings.field.reopenWithinDays.help":
    "Días después del cierre en los que el staff (desde la transcripción) o el miembro (desde el mensaje de cierre) pueden reabrir un ticket. 0: nunca.",
  "settings.field.messageTicketOpener": '"Abrir ticket sobre este mensaje" lo abre para',
  "settings.field.messageTicketOpener.help": "El autor del mensaje (entonces solo el staff puede usarlo) o el miembro que lo usa.",
  "settings.value.messageAuthor": "El autor del mensaje",
  "settings.value.messageMember": "El miembro que lo usa",
  "tryIt.apps": "Aplicaciones",
  "tryIt.attachmentSize": "{kb} KB",
  "tryIt.thread": "(hilo)",
  "tryIt.skipAhead": "Adelantar el reloj",
  "tryIt.skipAheadHours": "Adelantar {hours} horas",
  "tryIt.hoursShort": "{hours} h",
  "tryIt.app.messageTicket": "Abrir ticket sobre este mensaje",
  "site.commands.description.messageTicket":
    "Clic derecho en un mensaje → Aplicaciones → Abrir ticket sobre este mensaje: se abre un ticket para el autor del mensaje (o para ti, según elija el servidor), citándolo y enlazándolo.",
  "settings.field.ticketThreads": "Abrir los tickets como hilos privados",
  "settings.field.ticketThreads.help":
    "Los paneles que siguen al servidor abren cada ticket como un hilo privado de su canal en lugar de un canal.",
  "settings.field.closedThreads": "El hilo de un ticket cerrado se",
  "settings.value.threadArchive": "Archiva y bloquea",
  "settings.value.threadDelete": "Borra",
  "settings.field.timeZone": "Zona horaria",
  "settings.field.timeZone.help": "El horario de soporte de los paneles se lee en esta zona horaria, p. ej. Europe/Madrid.",
  "settings.field.inactivityWarningHours": "Avisar antes de cerrar",
  "settings.field.inactivityWarningHours.help":
    "Horas antes de un cierre automático en las que el bot avisa en el ticket, con un botón que lo mantiene abierto. 0: sin aviso.",
  "settings.field.closeRequestHours": "Espera de la solicitud de cierre",
  "settings.field.closeRequestHours.help": "Cuánto espera /closerequest la respuesta del miembro antes de cerrar el ticket.",
  "settings.error.timeZone": "La zona horaria debe ser una zona IANA como Europe/Madrid",
  "ui.rolesWidget.select": "Selecciona roles",
  "panels.sections.panelRules": "Reglas del panel",
  "panels.fields.threadMode.title": "Los tickets se abren como",
  "panels.fields.threadMode.help": "Un hilo privado del canal del panel, un canal, o lo que diga la configuración del servidor.",
  "panels.fields.threadMode.enum.server": "Según el servidor",
  "panels.fields.threadMode.enum.thread": "Un hilo privado",
  "panels.fields.threadMode.enum.channel": "Un canal",
  "panels.fields.panelTicketLimit.title": "Tickets abiertos por miembro (este panel)",
  "panels.fields.panelTicketLimit.help": "0: solo se aplica el límite de todo el servidor.",
  "panels.fields.cooldownMinutes.title": "Espera tras cerrar (minutos)",
  "panels.fields.cooldownMinutes.help": "Cuánto espera un miembro después de que se cerrara un ticket de este panel.",
  "panels.fields.requiredRoles.title": "Roles necesarios",
  "panels.fields.requiredRoles.help": "Solo los miembros con alguno de estos roles pueden usar el panel.",
  "panels.fields.excludedRoles.title": "Roles excluidos",
  "panels.fields.excludedRoles.help": "Los miembros con alguno de estos roles no pueden usar el panel.",
  "panels.fields.supportHours.title": "Horario de soporte",
  "panels.fields.supportHours.enabled.title": "Horario de soporte",
  "panels.fields.supportHours.enabled.help": "Días y horas en la zona horaria del servidor (Configuración).",
  "panels.fields.supportHours.days.title": "Días",
  "panels.fields.supportHours.start.title": "Abre a las",
  "panels.fields.supportHours.start.placeholder": "09:00",
  "panels.fields.supportHours.end.title": "Cierra a las",
  "panels.fields.supportHours.end.placeholder": "17:00",
  "panels.fields.supportHours.outsideHours.title": "Fuera del horario de soporte",
  "panels.fields.supportHours.outsideHours.help": "Abrir el ticket y decir cuándo responde el staff, o rechazarlo.",
  "panels.fields.supportHours.outsideHours.enum.open": "Abrir el ticket",
  "panels.fields.supportHours.outsideHours.enum.refuse": "Rechazar el ticket",
  "activity.action.ticketCloseRequested": "Cierre de ticket solicitado",
  "activity.action.ticketCloseRequestDeclined": "Solicitud de cierre rechazada",
  "activity.action.ticketKeptOpen": "Ticket mantenido abierto",
  "activity.action.ticketRatingComment": "Comentario de valoración",
  "activity.action.ticketReopened": "Ticket reabierto",
  "site.commands.description.closeRequest":
    "Pide al miembro que abrió el ticket que confirme que se puede cerrar, con un motivo y una espera opcionales; si no responde, se cierra al acabar la espera.",
};

export default workflow;
