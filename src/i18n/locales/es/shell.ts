import type { Dictionary } from "../../core";

// Spanish: the dashboard shell (shell.*), the resources' sidebar labels (<resource>.label), the public frame and the
// landing page (site.*).
// A key missing here shows the English text. tests/unit/i18n checks that the covered screens have every key.
const shell: Dictionary = {
  // Language picker
  "ui.languageSelect.label": "Idioma",

  // Dashboard resources (sidebar entries, breadcrumbs)
  "settings.label": "Configuración",
  "teams.label": "Equipos de staff",
  "tags.label": "Etiquetas",
  "closeReasons.label": "Motivos de cierre",
  "panels.label": "Paneles",
  "forms.label": "Formularios",
  "transcripts.label": "Transcripciones",
  "activity.label": "Actividad",
  "blacklist.label": "Lista negra",
  "configTransfer.label": "Importar / Exportar",
  "tickets.label": "Tickets",
  "statistics.label": "Estadísticas",
  "tryIt.label": "Pruébalo",

  // Dashboard shell
  "shell.reauthenticate.title": "Vuelve a iniciar sesión",
  "shell.reauthenticate.description": "Por tu seguridad, vuelve a iniciar sesión para hacer esto.",
  "shell.reauthenticate.action": "Iniciar sesión de nuevo",
  "shell.sidebar": "Barra lateral",
  "shell.toggleSidebar": "Mostrar u ocultar la barra lateral",
  "shell.toggleSidebarHint": "Mostrar u ocultar la barra lateral (Ctrl+B)",
  "shell.breadcrumb": "Ruta de navegación",
  "shell.switchToDark": "Cambiar al tema oscuro",
  "shell.switchToLight": "Cambiar al tema claro",
  "shell.userMenu": "Menú de la cuenta",
  "shell.picker.description": "Elige el servidor cuyos tickets, paneles y equipo quieres gestionar.",
  "shell.picker.removed.title": "Servidores que quitaron a Ticketeer",
  "shell.picker.removed.row":
    "Lo quitaron el {removed}. Sus tickets, transcripciones y ajustes se borran el {purge} salvo que se vuelva a invitar a Ticketeer.",
  "shell.picker.removed.invite": "Invitar de nuevo a Ticketeer",
  "shell.login.text": "Inicia sesión para gestionar tus servidores: tickets, paneles, equipos y etiquetas.",
  "shell.error.failedToFetchPage": "No se pudo cargar la página {page}",

  // HTTP status texts of failures ('No se pudo cargar la transcripción: No encontrado')
  "shell.http.networkError": "Error de red",
  "shell.http.badRequest": "Solicitud incorrecta",
  "shell.http.unauthorized": "No autorizado",
  "shell.http.forbidden": "Prohibido",
  "shell.http.notFound": "No encontrado",
  "shell.http.requestTimeout": "Tiempo de espera agotado",
  "shell.http.conflict": "Conflicto",
  "shell.http.payloadTooLarge": "Contenido demasiado grande",
  "shell.http.tooManyRequests": "Demasiadas solicitudes",
  "shell.http.internalServerError": "Error interno del servidor",
  "shell.http.badGateway": "Puerta de enlace incorrecta",
  "shell.http.serviceUnavailable": "Servicio no disponible",
  "shell.http.gatewayTimeout": "Tiempo de espera de la puerta de enlace agotado",

  // Public site frame
  "site.skipToContent": "Saltar al contenido",
  "site.nav.main": "Principal",
  "site.nav.mobile": "Menú móvil",
  "site.nav.commands": "Comandos",
  "site.nav.status": "Estado",
  "site.nav.docs": "Documentación",
  "site.nav.faq": "Preguntas frecuentes",
  "site.nav.dashboard": "Panel",
  "site.openMenu": "Abrir menú",
  "site.closeMenu": "Cerrar menú",
  "site.home": "Inicio de {product}",
  "site.footer.tagline": "Soporte por tickets para comunidades que cuidan a sus miembros.",
  "site.footer.rights": "Todos los derechos reservados.",
  "site.footer.contact": "Contacto",
  "site.footer.communityChat": "Chat de la comunidad",
  "site.footer.sourceCode": "Código fuente",
  "site.footer.legal": "Legal",
  "site.footer.terms": "Términos del servicio",
  "site.footer.privacy": "Política de privacidad",
  "site.footer.resources": "Recursos",
  "site.footer.documentation": "Documentación",
  "site.auth.loading": "Cargando la cuenta",
  "site.auth.menuFor": "Menú de la cuenta de {username}",
  "site.auth.account": "Cuenta",
  "site.theme.switchToDark": "Cambiar al tema oscuro",
  "site.theme.switchToLight": "Cambiar al tema claro",
  "site.theme.switch": "Cambiar el tema de color",
  "site.toasts": "Notificaciones",
  "site.toasts.dismiss": "Cerrar notificación",
  // Landing page
  "site.landing.hero.eyebrow": "El bot de tickets para comunidades de Discord",
  "site.landing.hero.headline": "Atiende a tu comunidad en piloto automático",
  "site.landing.hero.tagline":
    "Ticketeer automatiza el soporte, sigue cada incidencia y ayuda a tu staff a dar un gran servicio a tu comunidad, todo desde un solo panel.",
  "site.landing.hero.note": "Gratis para empezar · Listo en menos de cinco minutos",
  "site.landing.hero.imageAlt":
    "Un panel de soporte en un canal de Discord con botones para abrir un ticket, junto a un ticket abierto reclamado por el staff",
  "site.landing.loginWithDiscord": "Iniciar sesión con Discord",
  "site.landing.stats": "Dando servicio a {users} usuarios en {communities} comunidades",
  "site.landing.usage": "Uso",
  "site.landing.features.eyebrow": "Funciones",
  "site.landing.features.title": "Todo lo que necesita tu equipo de soporte",
  "site.landing.features.lead":
    "Desde el primer clic en un panel hasta la transcripción en tu archivo, cada paso de un ticket está cubierto.",
  "site.landing.feature.panels.title": "Paneles",
  "site.landing.feature.panels.description":
    "Los miembros abren un ticket con un clic. Da a cada tema su propio botón o agrupa varios paneles en un único menú desplegable.",
  "site.landing.feature.panels.alt": "Un mensaje de panel de tickets con botones para Facturación, Informe de error y Soporte general",
  "site.landing.feature.transcripts.title": "Transcripciones",
  "site.landing.feature.transcripts.description":
    "Guarda una transcripción en cualquier momento de una conversación. Las transcripciones se cifran y se guardan en la nube, listas cuando las necesites.",
  "site.landing.feature.transcripts.alt": "Un documento de transcripción cifrado con un candado, subiéndose a la nube",
  "site.landing.feature.forms.title": "Formularios",
  "site.landing.feature.forms.description":
    "Reúne la información que necesita tu staff antes de que se abra el ticket: números de pedido, nombres de usuario, pasos para reproducir.",
  "site.landing.feature.forms.alt": "Un formulario con los campos Nombre de usuario, Número de pedido y Describe tu problema",
  "site.landing.feature.feedback.title": "Valoraciones",
  "site.landing.feature.feedback.description":
    "Pide a los miembros que valoren el servicio cuando se cierre su ticket y ofrece a tu servidor estadísticas sobre cómo va el soporte.",
  "site.landing.feature.feedback.alt": "Una valoración de cinco estrellas junto a un gráfico de barras de valoraciones por semana",
  "site.landing.feature.claiming.title": "Reclamar tickets",
  "site.landing.feature.claiming.description":
    "El staff reclama los tickets para que todos sepan quién se ocupa. Se acabaron los dos moderadores respondiendo a la misma pregunta.",
  "site.landing.feature.claiming.alt": "Un ticket con una insignia Reclamado por Mia y un botón Reclamar",
  "site.landing.feature.teams.title": "Equipos de soporte",
  "site.landing.feature.teams.description":
    "Equipos separados para cada tipo de ticket, cada uno asignado a sus propios paneles, con permisos que se ajustan a lo que hacen.",
  "site.landing.feature.teams.alt":
    "Tres equipos de staff, Facturación, Moderación y Desarrolladores, cada uno vinculado a su propio panel",
  "site.landing.steps.eyebrow": "Primeros pasos",
  "site.landing.steps.title": "En marcha en tres pasos",
  "site.landing.step.1.title": "Invita al bot",
  "site.landing.step.1.text":
    "Añade Ticketeer a tu servidor con un clic. Solo pide los permisos que necesita para gestionar los canales de tickets.",
  "site.landing.step.2.title": "Configúralo",
  "site.landing.step.2.text": "Abre el panel, elige tu servidor, ajusta la configuración y crea tu primer panel de soporte.",
  "site.landing.step.3.title": "Recibe tickets",
  "site.landing.step.3.text": "Los miembros pulsan el panel, se abre un canal privado y tu staff se encarga del resto.",
  "site.landing.steps.guide": "Lee la guía de configuración rápida",
  "site.landing.cta.title": "Dale a tu comunidad el soporte que merece",
  "site.landing.cta.text": "Invita a Ticketeer, crea un panel y responde hoy a tu primer ticket.",
  "site.landing.cta.docs": "Lee la documentación",
  // My tickets: a member's own tickets across servers
  "shell.myTickets.link": "Mis tickets",
  "shell.myTickets.linkHelp": "los tickets que abriste, en todos los servidores",
  "shell.myTickets.heading": "Mis tickets",
  "shell.myTickets.description":
    "Tus propios tickets en los servidores que permiten verlos a sus miembros: escribe en los abiertos, descarga las transcripciones de los cerrados.",
  "shell.myTickets.loading": "Cargando tus tickets…",
  "shell.myTickets.loadFailed": "No se pudieron cargar tus tickets.",
  "shell.myTickets.open": "Tickets abiertos",
  "shell.myTickets.noneOpen": "No tienes tickets abiertos.",
  "shell.myTickets.closed": "Tickets cerrados",
  "shell.myTickets.noneClosed": "No tienes tickets cerrados.",
  "shell.myTickets.ticket": "{server} · Ticket n.º {number}",
  "shell.myTickets.opened": "Abierto el {date}",
  "shell.myTickets.closedAt": "Cerrado el {date}",
  "shell.myTickets.download": "Descargar transcripción",
  "shell.myTickets.conversation": "Conversación",
  "shell.myTickets.message": "Tu mensaje",
  "shell.myTickets.send": "Enviar",
  "shell.myTickets.sent": "Mensaje enviado.",
};

export default shell;
