import type { Dictionary } from "../../core";

// Spanish: the dashboard shell, the public frame and the landing page.
// A key missing here shows the English text. tests/unit/i18n checks that the covered screens have every key.
const shell: Dictionary = {
  // Language picker
  "language.label": "Idioma",

  // Dashboard resources (sidebar entries, breadcrumbs)
  "resources.settings": "Configuración",
  "resources.teams": "Equipos de staff",
  "resources.tags": "Etiquetas",
  "resources.panels": "Paneles",
  "resources.forms": "Formularios",
  "resources.transcripts": "Transcripciones",
  "resources.activity": "Actividad",
  "resources.blacklist": "Lista negra",
  "resources.config-transfer": "Importar / Exportar",

  // Dashboard shell
  "shell.dashboard": "Panel",
  "shell.home": "Inicio",
  "shell.servers": "Servidores",
  "shell.navigation": "Navegación",
  "shell.searchServers": "Buscar servidores...",
  "shell.serversLoadFailed": "No se pudieron cargar los servidores. Inténtalo de nuevo más tarde.",
  "shell.signOut": "Cerrar sesión",
  "shell.signIn": "Iniciar sesión",
  "shell.sidebar": "Barra lateral",
  "shell.toggleSidebar": "Mostrar u ocultar la barra lateral",
  "shell.toggleSidebarHint": "Mostrar u ocultar la barra lateral (Ctrl+B)",
  "shell.breadcrumb": "Ruta de navegación",
  "shell.switchToDark": "Cambiar al tema oscuro",
  "shell.switchToLight": "Cambiar al tema claro",
  "shell.userMenu": "Menú de la cuenta",
  "picker.heading": "Tus servidores",
  "picker.description": "Elige el servidor cuyos tickets, paneles y equipo quieres gestionar.",
  "picker.cardTitle": "Selecciona un servidor",
  "login.text": "Inicia sesión para gestionar tus servidores: tickets, paneles, equipos y etiquetas.",
  "error.heading": "Se produjo un error",
  "error.fallback": "Algo salió mal.",
  "error.goBackHome": "Volver al inicio",
  "error.notFound": "NO ENCONTRADO",
  "error.loadingPage": "Error al cargar la página",
  "error.failedToFetchPage": "No se pudo cargar la página {page}",

  // Public site frame
  "site.skipToContent": "Saltar al contenido",
  "site.nav.main": "Principal",
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
  "site.auth.signIn": "Iniciar sesión",
  "site.auth.dashboard": "Panel",
  "site.auth.signOut": "Cerrar sesión",
  "site.auth.menuFor": "Menú de la cuenta de {username}",
  "site.auth.account": "Cuenta",
  "site.theme.switchToDark": "Cambiar al tema oscuro",
  "site.theme.switchToLight": "Cambiar al tema claro",
  "site.theme.switch": "Cambiar el tema de color",
  "site.toasts": "Notificaciones",
  "site.toasts.dismiss": "Cerrar notificación",
  // Landing page
  "landing.hero.eyebrow": "El bot de tickets para comunidades de Discord",
  "landing.hero.headline": "Atiende a tu comunidad en piloto automático",
  "landing.hero.tagline":
    "Ticketeer automatiza el soporte, sigue cada incidencia y ayuda a tu staff a dar un gran servicio a tu comunidad, todo desde un solo panel.",
  "landing.hero.note": "Gratis para empezar · Listo en menos de cinco minutos",
  "landing.hero.imageAlt":
    "Un panel de soporte en un canal de Discord con botones para abrir un ticket, junto a un ticket abierto reclamado por el staff",
  "landing.invite": "Invitar",
  "landing.loginWithDiscord": "Iniciar sesión con Discord",
  "landing.stats": "Dando servicio a {users} usuarios en {communities} comunidades",
  "landing.usage": "Uso",
  "landing.features.eyebrow": "Funciones",
  "landing.features.title": "Todo lo que necesita tu equipo de soporte",
  "landing.features.lead":
    "Desde el primer clic en un panel hasta la transcripción en tu archivo, cada paso de un ticket está cubierto.",
  "landing.feature.panels.title": "Paneles",
  "landing.feature.panels.description":
    "Los miembros abren un ticket con un clic. Da a cada tema su propio botón o agrupa varios paneles en un único menú desplegable.",
  "landing.feature.panels.alt": "Un mensaje de panel de tickets con botones para Facturación, Informe de error y Soporte general",
  "landing.feature.transcripts.title": "Transcripciones",
  "landing.feature.transcripts.description":
    "Guarda una transcripción en cualquier momento de una conversación. Las transcripciones se cifran y se guardan en la nube, listas cuando las necesites.",
  "landing.feature.transcripts.alt": "Un documento de transcripción cifrado con un candado, subiéndose a la nube",
  "landing.feature.forms.title": "Formularios",
  "landing.feature.forms.description":
    "Reúne la información que necesita tu staff antes de que se abra el ticket: números de pedido, nombres de usuario, pasos para reproducir.",
  "landing.feature.forms.alt": "Un formulario con los campos Nombre de usuario, Número de pedido y Describe tu problema",
  "landing.feature.feedback.title": "Valoraciones",
  "landing.feature.feedback.description":
    "Pide a los miembros que valoren el servicio cuando se cierre su ticket y ofrece a tu servidor estadísticas sobre cómo va el soporte.",
  "landing.feature.feedback.alt": "Una valoración de cinco estrellas junto a un gráfico de barras de valoraciones por semana",
  "landing.feature.claiming.title": "Reclamar tickets",
  "landing.feature.claiming.description":
    "El staff reclama los tickets para que todos sepan quién se ocupa. Se acabaron los dos moderadores respondiendo a la misma pregunta.",
  "landing.feature.claiming.alt": "Un ticket con una insignia Reclamado por Mia y un botón Reclamar",
  "landing.feature.teams.title": "Equipos de soporte",
  "landing.feature.teams.description":
    "Equipos separados para cada tipo de ticket, cada uno asignado a sus propios paneles, con permisos que se ajustan a lo que hacen.",
  "landing.feature.teams.alt": "Tres equipos de staff, Facturación, Moderación y Desarrolladores, cada uno vinculado a su propio panel",
  "landing.steps.eyebrow": "Primeros pasos",
  "landing.steps.title": "En marcha en tres pasos",
  "landing.step.1.title": "Invita al bot",
  "landing.step.1.text":
    "Añade Ticketeer a tu servidor con un clic. Necesita permisos de Administrador para gestionar los canales de tickets.",
  "landing.step.2.title": "Configúralo",
  "landing.step.2.text": "Abre el panel, elige tu servidor, ajusta la configuración y crea tu primer panel de soporte.",
  "landing.step.3.title": "Recibe tickets",
  "landing.step.3.text": "Los miembros pulsan el panel, se abre un canal privado y tu staff se encarga del resto.",
  "landing.steps.guide": "Lee la guía de configuración rápida",
  "landing.cta.title": "Dale a tu comunidad el soporte que merece",
  "landing.cta.text": "Invita a Ticketeer, crea un panel y responde hoy a tu primer ticket.",
  "landing.cta.docs": "Lee la documentación",
};

export default shell;
