import type { englishTexts } from "./texts";

// The bot's catalogue in Spanish (./texts.ts holds the English and how a language is chosen). Typed by the English:
// a text missing here, or taking other parameters, fails the build.

type Catalogue = {
  [K in keyof typeof englishTexts]: (typeof englishTexts)[K] extends (...args: infer A) => string ? (...args: A) => string : string;
};

const s = (n: number) => (n === 1 ? "" : "s");

/** A snooze's length: "2 días 4 horas", "30 minutos". */
function spanEs(minutes: number): string {
  const d = Math.floor(minutes / 1440);
  const h = Math.floor((minutes % 1440) / 60);
  const m = minutes % 60;
  const parts = [d ? `${d} día${s(d)}` : "", h ? `${h} hora${s(h)}` : "", m ? `${m} minuto${s(m)}` : ""].filter(Boolean);
  return parts.join(" ") || "0 minutos";
}

export const spanishTexts: Catalogue = {
  invalidButton: "Este botón ya no es válido.",
  notInServer: "Usa este comando en un servidor.",
  notATicket: "Este no es un canal de ticket.",
  ticketGone: "Este ticket ya está cerrado.",
  panelGone: "Este panel ya no existe. Pide al staff que lo vuelva a publicar.",
  panelDisabled: "Este panel está desactivado.",
  blacklisted: "Estás en la lista negra de este servidor y no puedes abrir tickets.",
  limitReached: (limit) =>
    `Ya tienes ${limit} ticket${s(limit)} abierto${s(limit)}, el máximo que permite este servidor. Cierra uno antes de abrir otro.`,
  opened: (channelId) => `Tu ticket está abierto: <#${channelId}>`,
  openFailed: "No se pudo crear el canal del ticket. Inténtalo de nuevo más tarde.",
  formGone: "Este formulario ya no existe.",
  formRequired: (label) => `"${label}" es obligatorio.`,
  formLength: (label, min, max) => `"${label}" debe tener entre ${min} y ${max} caracteres.`,
  noPermission: "No tienes permiso para hacer eso.",
  staffOnly: "Solo el equipo de soporte de este ticket puede hacer eso.",
  claimed: (userId) => `Ticket reclamado por <@${userId}>.`,
  claimedReply: "Has reclamado este ticket.",
  alreadyClaimed: (name) => `Este ticket ya lo ha reclamado ${name}.`,
  notClaimed: "Este ticket no está reclamado.",
  unclaimed: (userId) => `<@${userId}> ha liberado este ticket.`,
  unclaimedReply: "Has liberado este ticket.",
  onlyClaimer: "Solo quien reclamó este ticket (o quien administra el servidor) puede liberarlo o pasarlo a otra persona.",
  transferred: (from, to) => `Ticket pasado de <@${from}> a <@${to}>.`,
  transferredReply: (name) => `El ticket ahora es de ${name}.`,
  transferTargetNotStaff: "Ese miembro no está en el equipo de soporte de este ticket.",
  // ---- asignar un ticket sin reclamar (no es un traspaso); un motivo de cierre que une el predefinido y el texto añadido
  assigned: (to) => `Ticket asignado a <@${to}>.`,
  closeReasonTooLong: (max) => `El motivo de cierre, con el predefinido y el texto añadido, debe tener como máximo ${max} caracteres.`,
  memberAdded: (userId) => `<@${userId}> se ha añadido al ticket.`,
  memberAddedReply: "Miembro añadido.",
  memberRemoved: (userId) => `<@${userId}> se ha quitado del ticket.`,
  memberRemovedReply: "Miembro quitado.",
  tooManyMembers: "Este ticket ya tiene tantos miembros como Discord permite en un canal.",
  cannotRemoveOpener: "No se puede quitar al miembro que abrió el ticket.",
  memberNotFound: "Ese miembro no está en este servidor.",
  renamed: (name) => `Canal renombrado a ${name}.`,
  renameInvalid: "El nombre del canal necesita al menos una letra o un dígito.",
  cannotCloseOwn: "En este servidor solo el staff puede cerrar tickets.",
  confirmClose: "¿Seguro que quieres cerrar este ticket?",
  confirmCloseButton: "Cerrar ticket",
  closing: "Cerrando el ticket…",
  closed: (number) => `Ticket #${number} cerrado.`,
  closedWithoutTranscript: (number, quotaMb) =>
    `Ticket #${number} cerrado. No se guardó su transcripción: el almacenamiento de transcripciones de este servidor está lleno (${quotaMb} MB). Pide a quien es dueño del servidor que borre transcripciones antiguas o amplíe la cuota.`,
  closeFailed: "No se pudo borrar el canal del ticket. Inténtalo de nuevo más tarde.",
  closeBusy: "Este ticket ya se está cerrando.",
  autoCloseReason: "Cerrado automáticamente tras un tiempo sin mensajes",
  userLeftReason: "Cerrado automáticamente: el miembro que lo abrió salió del servidor",
  deletedInDiscordReason: "Cerrado automáticamente: su canal se eliminó en Discord",
  openerErasedReason: "Cerrado automáticamente: el miembro que lo abrió borró sus datos",
  afterSkipAhead: (reason, name) => `${reason} (después de que ${name} adelantara el reloj de demostración)`,
  closeButton: "Cerrar",
  claimButton: "Reclamar",
  welcomeFallback: "¡Gracias por escribirnos! El equipo de soporte te atenderá en breve.",
  ratingPrompt: (guildName, number) => `¿Qué tal lo hicimos? Valora tu ticket #${number} en ${guildName}.`,
  ratingThanks: (rating) => `Gracias por tu opinión: ${"★".repeat(rating)}${"☆".repeat(5 - rating)}`,
  ratingAlready: "Ya valoraste este ticket.",
  archived: (number, opener) => `Se cerró el ticket #${number} de ${opener}.`,
  tagNotFound: (name) => `No hay ninguna etiqueta llamada "${name}".`,
  tagSent: "Etiqueta enviada.",
  tagCannotSend: "No puedes enviar mensajes en este canal, así que el bot no publicará aquí una etiqueta por ti.",
  transcriptLink: (number, url) => `Transcripción del ticket #${number}: ${url}`,
  transcriptMissing: (number) => `No hay ninguna transcripción guardada del ticket #${number}.`,
  panelResent: (name) => `Panel "${name}" publicado de nuevo.`,
  panelResendFailed: "No se pudo publicar el panel. Comprueba que su canal sigue existiendo.",
  multiPanelEmpty: "Este multipanel no tiene paneles que mostrar. Elige sus paneles en el panel de control y vuelve a publicarlo.",
  settingsLink: (url) => `Cámbiala en el panel de control: ${url}`,
  help: (docsUrl) =>
    `Abre un ticket con el botón de un panel o con /new. En un ticket: /close, /add, /remove; staff: /claim, /unclaim, /transfer, /move, /rename, /tag, /closerequest. Todo lo demás está en la documentación: ${docsUrl}`,
  categoryFull:
    "La categoría de tickets de este panel está llena (Discord permite 50 canales por categoría), así que tu ticket no se pudo abrir. El staff del servidor lo ve en el panel de control; inténtalo de nuevo más tarde.",
  serverFull:
    "Este servidor ha llegado al límite de Discord de 500 canales, así que tu ticket no se pudo abrir. El staff del servidor lo ve en el panel de control; inténtalo de nuevo más tarde.",
  missingPermission: (action, permissions) =>
    `A Ticketeer le falta ${permissions.length ? `el permiso ${permissions.join(", ")}` : "un permiso"} aquí, así que no pudo ${
      {
        open: "abrir tu ticket",
        rename: "renombrar este canal",
        overwrites: "cambiar quién ve este ticket",
        move: "mover el canal de este ticket",
        send: "enviar ese mensaje",
        read: "leer los mensajes de este ticket",
        delete: "borrar este canal",
      }[action]
    }. El staff del servidor ve qué corregir en el panel de control, en Información del servidor → Configuración del bot.`,
  renameRateLimited: (wait) => `Discord permite renombrar un canal dos veces cada diez minutos: inténtalo de nuevo en ${wait}.`,
  rateLimited: (wait) => `Discord está limitando la frecuencia con la que el bot puede hacer eso: inténtalo de nuevo en ${wait}.`,
  backingOff: (wait) => `El bot ha pausado sus peticiones a Discord tras demasiados rechazos: inténtalo de nuevo en ${wait}.`,
  unknownCommand: "Este comando no se conoce.",
  somethingWrong: "Algo salió mal. Inténtalo de nuevo.",
  dmChooseServer: "¿Para qué servidor es tu ticket?",
  dmChooseServerPlaceholder: "Elige un servidor",
  dmChoosePanel: (server) => `¿De qué trata tu ticket en ${server}?`,
  dmChoosePanelPlaceholder: "Elige un tema",
  dmNoServers:
    "Ninguno de los servidores que compartes con este bot acepta tickets por mensaje directo. Abre uno desde un panel del servidor.",
  dmNoPanels: "Este servidor no tiene ningún panel que se pueda abrir por mensaje directo.",
  dmNotMember: "No eres miembro de ese servidor.",
  dmOnly: "Usa este comando en un mensaje directo con el bot.",
  dmOpened: (number, server) =>
    `Tu ticket #${number} en ${server} está abierto. Escribe aquí: tus mensajes llegan al staff y sus respuestas vuelven aquí.`,
  tooSlow: "Eso tardó demasiado. Inténtalo de nuevo.",
  alreadyHandled: "Esto ya se atendió.",
  slowDown: (seconds) => `Vas demasiado rápido. Inténtalo de nuevo en ${seconds} segundo${s(seconds)}.`,
  serverBusy: (seconds) =>
    `Este servidor está enviando al bot más peticiones de las que puede atender ahora. Inténtalo de nuevo en ${seconds} segundo${s(seconds)}.`,
  subjectField: "Asunto",
  answersTitle: "Respuestas",
  archivePanel: "Panel",
  archiveClosedBy: "Cerrado por",
  archiveReason: "Motivo",
  archiveNoReason: "Sin motivo indicado",
  archiveTranscript: "Transcripción",
  aboutSeconds: (n) => `unos ${n} segundo${s(n)}`,
  aboutMinutes: (n) => `unos ${n} minuto${s(n)}`,
  aboutHours: (n) => `unas ${n} hora${s(n)}`,
  nextOpening: (day, time, zone, today) =>
    `${today ? "hoy" : `el ${["domingo", "lunes", "martes", "miércoles", "jueves", "viernes", "sábado"][day]}`} a las ${time} (${zone})`,
  requiredRole: (roles) => `Este panel es solo para miembros con ${roles}.`,
  excludedRole: (roles) => `Los miembros con ${roles} no pueden abrir tickets con este panel.`,
  panelLimitReached: (limit, panel) =>
    `Ya tienes ${limit} ticket${s(limit)} abierto${s(limit)} de "${panel}", el máximo que permite este panel. Cierra uno antes de abrir otro.`,
  cooldown: (wait) => `Cerraste hace poco un ticket de este panel. Podrás abrir otro dentro de ${wait}.`,
  outsideHoursRefused: (next) => `El soporte está cerrado ahora mismo. Vuelve a abrir ${next}; abre tu ticket entonces.`,
  outsideHoursNotice: (next) => `El soporte está cerrado ahora mismo: el staff responderá cuando vuelva a abrir, ${next}.`,
  supportHoursLine: (hours) => `Horario de soporte: ${hours}`,
  inactivityWarning: (hours) =>
    `Este ticket se cierra en ${hours} hora${s(hours)} si nadie responde. Pulsa "Mantener abierto" o escribe un mensaje para que siga abierto.`,
  keepOpenButton: "Mantener abierto",
  keptOpen: "El ticket sigue abierto.",
  keptOpenNotice: (userId) => `<@${userId}> ha mantenido abierto este ticket.`,
  closeRequest: (openerId, staffId, hours, reason) =>
    `<@${openerId}>, <@${staffId}> pide cerrar este ticket${reason ? `: ${reason}` : "."} Confírmalo o mantenlo abierto. Si no hay respuesta, se cierra en ${hours} hora${s(hours)}.`,
  closeRequestSent: "Solicitud de cierre enviada al miembro.",
  closeRequestConfirm: "Cerrar",
  closeRequestDeny: "Mantener abierto",
  closeRequestDenied: (userId) => `<@${userId}> quiere mantener abierto este ticket.`,
  closeRequestOnlyOpener: "Solo el miembro que abrió este ticket puede responder a esta solicitud.",
  closeRequestGone: "Esta solicitud de cierre ya no está abierta.",
  closeRequestReason: "El miembro confirmó la solicitud de cierre",
  closeRequestTimeoutReason: "Cerrado tras una solicitud de cierre sin respuesta",
  reopenButton: "Reabrir",
  reopened: (channelId) => `El ticket vuelve a estar abierto: <#${channelId}>`,
  reopenedNotice: (userId, number, link) =>
    `<@${userId}> ha reabierto el ticket #${number}.${link ? ` Su transcripción hasta ahora: ${link}` : ""}`,
  reopenOff: "En este servidor no se pueden reabrir tickets.",
  reopenTooLate: (days) => `Este ticket se cerró hace más de ${days} día${s(days)} y ya no se puede reabrir. Abre uno nuevo.`,
  reopenNotClosed: "Este ticket no está cerrado.",
  reopenNotMember: "Ya no eres miembro de este servidor, así que este ticket no se puede reabrir.",
  openerNotMember: "Quien abrió este ticket ya no está en este servidor, así que no se puede reabrir.",
  openerBlacklisted: "Quien abrió este ticket está en la lista negra de este servidor, así que no se puede reabrir.",
  openerAtLimit: (limit) =>
    `Quien abrió este ticket ya tiene ${limit} ticket${s(limit)} abierto${s(limit)}, el máximo que permite este servidor, así que no se puede reabrir.`,
  openerAtPanelLimit: (limit, panel) =>
    `Quien abrió este ticket ya tiene ${limit} ticket${s(limit)} abierto${s(limit)} de "${panel}", el máximo que permite este panel, así que no se puede reabrir.`,
  reopenUnclaimed: (userId) => `<@${userId}> ya no está en el equipo de soporte de este ticket, así que el ticket queda sin reclamar.`,
  openerLeft: "Ya no eres miembro de este servidor, así que tu ticket no se ha abierto.",
  closedDm: (guildName, number) => `Tu ticket #${number} en ${guildName} se ha cerrado.`,
  messageTicketSubject: (author) => `Sobre un mensaje de ${author}`,
  messageQuote: (authorId, quoted, link) => `Abierto sobre este mensaje de <@${authorId}> (${link}):\n${quoted}`,
  messageTicketStaffOnly:
    "Solo el staff puede abrir un ticket para otro miembro. Pide al servidor que deje a los miembros abrir tickets sobre mensajes para sí mismos.",
  messageTicketBot: "No se pueden abrir tickets para un bot.",
  ratingCommentButton: "Añadir un comentario",
  ratingCommentTitle: "Tu opinión",
  ratingCommentLabel: "¿Algo que quieras decir al staff?",
  ratingCommentThanks: "Gracias, tu comentario se ha guardado.",
  ratingCommentFirst: "Valora primero el ticket y luego añade un comentario.",
  ratingCommentAlready: "Ya dejaste un comentario en este ticket.",
  // ---- el servicio de ayuda
  noteAdded: "Nota añadida. Solo la ve el staff.",
  noteEmpty: "Escribe la nota después del comando.",
  replySent: "Respuesta enviada.",
  prioritySet: (priority) => `Prioridad cambiada a ${priority}.`,
  labelsSet: "Categorías guardadas.",
  labelUnknown: "Esa categoría ya no existe.",
  priorityUnknown: "La prioridad es baja, normal, alta o urgente.",
  waitingAlert: (number, minutes, url) =>
    `El ticket #${number} lleva ${minutes} minuto${s(minutes)} esperando una respuesta del staff: ${url}`,
  // ---- respuestas antes de abrir un ticket
  questionTitle: "Tu pregunta",
  questionLabel: "¿Cuál es tu pregunta?",
  questionPlaceholder: "Descríbela en una o dos frases",
  suggestionsAsk: "¿Alguna de estas respuestas resuelve tu pregunta?",
  suggestionsYes: "Sí, gracias",
  suggestionsNo: "No, abrir un ticket",
  suggestionsAnswered: "¡Nos alegra haber ayudado! No se ha abierto ningún ticket.",
  moved: (from, to) => `Ticket movido de ${from} a ${to}.`,
  movedNotice: (userId, from, to) => `<@${userId}> movió este ticket de ${from} a ${to}.`,
  moveUnclaimed: (name, panel) => `${name} no está en el equipo de soporte de ${panel}, así que el ticket queda sin reclamar.`,
  moveUnclaimedNotice: (userId) => `<@${userId}> no está en el equipo de soporte de este panel, así que el ticket queda sin reclamar.`,
  moveRenameLater: (name, wait) =>
    `Discord permite renombrar un canal dos veces cada diez minutos, así que el canal se renombrará a ${name} en ${wait}.`,
  moveSamePanel: (panel) => `Este ticket ya está en ${panel}.`,
  moveTargetGone: "Ese panel ya no existe. Elige otro.",
  moveTargetDisabled: (panel) => `${panel} está desactivado, así que no se le pueden mover tickets.`,
  moveNoAccess: (panel) => `Solo el equipo de soporte de ${panel} puede moverle tickets.`,
  moveCategoryFull: (panel) =>
    `La categoría de tickets de ${panel} está llena (Discord permite 50 canales por categoría), así que el ticket se queda donde está. El staff del servidor lo ve en el panel de control.`,
  moveThread: "Este ticket es un hilo privado del canal de su panel, y Discord no puede mover un hilo a otro canal.",
  moveFailed: "No se pudo mover el canal del ticket, así que el ticket se queda donde está. Inténtalo de nuevo más tarde.",
  movePanelUnknown: (typed) => `No hay ningún panel llamado "${typed}". Elige uno de los paneles que se ofrecen.`,
  openerPing: (openerId) => `<@${openerId}> el staff ha respondido en tu ticket.`,
  snoozed: (minutes) => `Ticket pospuesto ${spanEs(minutes)}. Vuelve a la cola entonces, o cuando el miembro escriba.`,
  unsnoozed: "Se acabó la espera: el ticket vuelve a la cola.",
  snoozeRange: "Pospón al menos un minuto y como mucho 30 días (por ejemplo 30m, 4h, 2d o 1w).",
  notSnoozed: "Este ticket no está pospuesto.",
  snoozeEnded: "Se acabó la espera: este ticket vuelve a la cola del staff.",
  snoozeEndedByMember: "El miembro ha escrito: este ticket vuelve a la cola del staff.",
  myDataUnknown: "Elige export o erase.",
  myDataFile: (tickets, transcripts) =>
    `Tus datos: ${tickets} ticket${s(tickets)} y ${transcripts} transcripci${transcripts === 1 ? "ón" : "ones"} con tus mensajes, en el archivo JSON adjunto. Solo tú ves este mensaje.`,
  myDataTooLarge: (mb, url) =>
    `Tus datos superan los ${mb} MB que Discord permite adjuntar a un bot. Inicia sesión en el panel para descargarlos en JSON: ${url}`,
  myDataEraseAsk:
    'Esto borra tus datos en todos los servidores: tus mensajes en las transcripciones pasan a ser de "deleted user", se quitan los comentarios de tus valoraciones y los datos de tus tickets, y se cierran tus tickets abiertos. No se puede deshacer.',
  myDataEraseButton: "Borrar mis datos",
  myDataErased: (transcripts, tickets, open) =>
    `Hecho: ${transcripts} transcripci${transcripts === 1 ? "ón" : "ones"} y ${tickets} ticket${s(tickets)} borrados.${open > 0 ? ` ${open} ticket${s(open)} abierto${s(open)} no se ha${open === 1 ? "" : "n"} podido cerrar ahora: vuelve a borrar cuando se cierre${open === 1 ? "" : "n"}.` : ""}`,
};
