import type { Dictionary } from "../../core";

// Spanish: the bot's permissions (names as Discord's Spanish client shows them, and why each is needed: the docs and
// the Bot setup card read them; spec.botPermission.*) and the Bot setup card on Server info (serverInfo.botSetup.*).
const dictionary: Dictionary = {
  // src/schemas/bot-permissions.ts, one name and one reason per permission
  "spec.botPermission.viewChannel.name": "Ver canales",
  "spec.botPermission.viewChannel.why": "Ver los canales de los paneles, las categorías de tickets y los tickets que abre.",
  "spec.botPermission.manageChannels.name": "Gestionar canales",
  "spec.botPermission.manageChannels.why": "Crear un canal para cada ticket, renombrarlo y borrarlo cuando el ticket se cierra.",
  "spec.botPermission.manageRoles.name": "Gestionar roles",
  "spec.botPermission.manageRoles.why":
    "Decidir quién ve un canal de ticket: quien lo abrió, los miembros añadidos y el equipo de soporte del panel (reclamar el ticket lo cambia).",
  "spec.botPermission.sendMessages.name": "Enviar mensajes",
  "spec.botPermission.sendMessages.why":
    "Publicar paneles, mensajes de bienvenida, etiquetas y avisos, y dejar escribir a los miembros del ticket.",
  "spec.botPermission.embedLinks.name": "Insertar enlaces",
  "spec.botPermission.embedLinks.why":
    "Los paneles, los mensajes de bienvenida, las etiquetas y las publicaciones del archivo son mensajes incrustados.",
  "spec.botPermission.attachFiles.name": "Adjuntar archivos",
  "spec.botPermission.attachFiles.why":
    "Dejar adjuntar archivos a los miembros del ticket (un bot solo puede conceder en un canal lo que él mismo tiene).",
  "spec.botPermission.readMessageHistory.name": "Leer el historial de mensajes",
  "spec.botPermission.readMessageHistory.why": "Leer los mensajes de un ticket para su transcripción y su tiempo de primera respuesta.",
  // Thread mode's permissions.
  "spec.botPermission.createPrivateThreads.name": "Crear hilos privados",
  "spec.botPermission.createPrivateThreads.why": "Abrir un ticket como hilo privado del canal del panel (modo hilo).",
  "spec.botPermission.sendMessagesInThreads.name": "Enviar mensajes en hilos",
  "spec.botPermission.sendMessagesInThreads.why": "Publicar el mensaje de bienvenida y los avisos en los hilos de tickets.",
  "spec.botPermission.manageThreads.name": "Gestionar hilos",
  "spec.botPermission.manageThreads.why":
    "Añadir y quitar miembros de los hilos de tickets, renombrarlos y archivarlos, bloquearlos o borrarlos cuando el ticket se cierra.",
  // The Bot setup card (src/resources/server-info/BotSetupCard.tsx, bot-setup-texts.ts)
  "serverInfo.botSetup.title": "Configuración del bot",
  "serverInfo.botSetup.checkAgain": "Comprobar de nuevo",
  "serverInfo.botSetup.checking": "Comprobando…",
  "serverInfo.botSetup.loading": "Comprobando lo que necesita el bot…",
  "serverInfo.botSetup.ok": "El bot tiene todo lo que necesita.",
  "serverInfo.botSetup.error": "No se pudo comprobar la configuración del bot: {message}",
  "serverInfo.botSetup.unreadable": "no se pudo leer la respuesta.",
  "serverInfo.botSetup.recheckFailed": "La nueva comprobación falló: {message}",
  "serverInfo.botSetup.checked": "Comprobado {when}.",
  "serverInfo.botSetup.demo": "En la plataforma de demostración el bot está configurado como piden las guías.",
  "serverInfo.botSetup.summary.one": "1 cosa por arreglar",
  "serverInfo.botSetup.summary.many": "{count} cosas por arreglar",
  "serverInfo.botSetup.tone.error": "Hay que arreglarlo:",
  "serverInfo.botSetup.tone.warning": "Aviso:",
  "serverInfo.botSetup.invite": "Invita de nuevo a Ticketeer con los permisos que necesita",
  "serverInfo.botSetup.invite.hint": "(abre Discord; el rol del bot recibe lo que le falta)",
  "serverInfo.botSetup.why": "Para qué: {why}",
  "serverInfo.botSetup.permission.server": "A Ticketeer le falta {permission} en este servidor.",
  "serverInfo.botSetup.permission.server.past": "A Ticketeer le faltaba {permission} en este servidor.",
  "serverInfo.botSetup.permission.server.action":
    "Da {permission} a su rol en Ajustes del servidor → Roles, o invítalo de nuevo con el enlace de abajo.",
  "serverInfo.botSetup.permission.place": "A Ticketeer le falta {permission} en {channel} ({where}).",
  "serverInfo.botSetup.permission.place.past": "A Ticketeer le faltaba {permission} en {channel} ({where}).",
  "serverInfo.botSetup.permission.channel": "A Ticketeer le falta {permission} en {channel}.",
  "serverInfo.botSetup.permission.channel.past": "A Ticketeer le faltaba {permission} en {channel}.",
  "serverInfo.botSetup.permission.place.action": "Da {permission} a su rol ahí, o quita el permiso específico que se lo quita.",
  "serverInfo.botSetup.place.archive": "el canal de archivo",
  "serverInfo.botSetup.place.panel": "canal del panel {panels}",
  "serverInfo.botSetup.place.panels": "canal de los paneles {panels}",
  "serverInfo.botSetup.place.categoryOfPanel": "categoría del panel {panels}",
  "serverInfo.botSetup.place.categoryOfPanels": "categoría de los paneles {panels}",
  "serverInfo.botSetup.place.ticketCategory": "una categoría de tickets",
  "serverInfo.botSetup.intent": "El intent Message Content está desactivado: las transcripciones saldrán vacías.",
  "serverInfo.botSetup.intent.action":
    "Actívalo en el portal para desarrolladores de Discord → tu aplicación → Bot → Privileged Gateway Intents.",
  "serverInfo.botSetup.gateway.one":
    "Discord rechazó la conexión al gateway: el intent privilegiado {intents} está desactivado. Mientras tanto, el bot consulta Discord periódicamente.",
  "serverInfo.botSetup.gateway.many":
    "Discord rechazó la conexión al gateway: los intents privilegiados {intents} están desactivados. Mientras tanto, el bot consulta Discord periódicamente.",
  "serverInfo.botSetup.gateway.action":
    "Actívalo en el portal para desarrolladores de Discord → tu aplicación → Bot → Privileged Gateway Intents: el bot se conecta de nuevo en unos minutos.",
  "serverInfo.botSetup.gateway.guildMembers": "Server Members",
  "serverInfo.botSetup.gateway.messageContent": "Message Content",
  "serverInfo.botSetup.category.full":
    "La categoría {category} tiene {channels} canales, el límite de Discord: los tickets nuevos de {panels} no pueden abrirse.",
  "serverInfo.botSetup.category.full.overflow":
    "La categoría {category} tiene {channels} canales, el límite de Discord: mientras tanto, los tickets nuevos de {panels} se abren en {overflow}.",
  "serverInfo.botSetup.category.full.past":
    "La categoría {category} tenía {limit} canales, el límite de Discord: los tickets nuevos de {panels} no pudieron abrirse.",
  "serverInfo.botSetup.category.nearlyFull":
    "La categoría {category} tiene {channels} de {limit} canales: cuando se llene, los tickets nuevos de {panels} no podrán abrirse.",
  "serverInfo.botSetup.category.nearlyFull.overflow":
    "La categoría {category} tiene {channels} de {limit} canales: cuando se llene, los tickets nuevos de {panels} se abrirán en {overflow}.",
  "serverInfo.botSetup.category.action": "Cierra tickets antiguos, o pon una categoría de desbordamiento en el panel.",
  "serverInfo.botSetup.category.action.panels": "Cierra tickets antiguos, o pon una categoría de desbordamiento en los paneles.",
  "serverInfo.botSetup.category.action.overflow": "Cierra tickets antiguos para hacer sitio.",
  "serverInfo.botSetup.server.full": "El servidor tiene {channels} canales, el límite de Discord: los tickets nuevos no pueden abrirse.",
  "serverInfo.botSetup.server.full.past":
    "El servidor tenía {limit} canales, el límite de Discord: los tickets nuevos no pudieron abrirse.",
  "serverInfo.botSetup.server.full.action": "Borra los canales que ya no uses, o cierra tickets antiguos.",
  "serverInfo.botSetup.commands": "Discord no conoce estos comandos de Ticketeer: {commands}.",
  "serverInfo.botSetup.commands.action": "Se registran cuando el bot arranca: reinícialo y, si siguen faltando, mira su registro.",
  "serverInfo.botSetup.quota": "El almacenamiento de transcripciones está al {percent} % ({used} de {quota}).",
  "serverInfo.botSetup.quota.full":
    "El almacenamiento de transcripciones está lleno ({used} de {quota}): las transcripciones nuevas no se guardan.",
  "serverInfo.botSetup.quota.action": "Borra transcripciones antiguas, o pide a quien gestiona el bot que amplíe la cuota.",
  "serverInfo.botSetup.seen.refused.once": "Discord lo rechazó {when}.",
  "serverInfo.botSetup.seen.refused.many": "Discord lo rechazó {times} veces, la última {when}.",
  "serverInfo.botSetup.seen.ticket.once": "Un ticket no pudo abrirse {when}.",
  "serverInfo.botSetup.seen.ticket.many": "Los tickets no pudieron abrirse {times} veces, la última {when}.",
  "serverInfo.botSetup.seen.transcripts.once": "Una transcripción no se guardó {when}.",
  "serverInfo.botSetup.seen.transcripts.many": "Las transcripciones no se guardaron {times} veces, la última {when}.",
  "serverInfo.botSetup.seen.transcript.once": "La transcripción del ticket {ticket} no se guardó {when}.",
  "serverInfo.botSetup.seen.transcript.many": "Las transcripciones no se guardaron {times} veces, la última {when} (ticket {ticket}).",
  "serverInfo.botSetup.past":
    "La comprobación de hoy no lo encuentra: si ya se arregló, esto desaparece una semana después del último rechazo.",
};

export default dictionary;
