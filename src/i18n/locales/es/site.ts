import type { Dictionary } from "../../core";

// Spanish: the public site's pages other than the landing page and the frame (those are in ./shell.ts):
// documentation chrome, FAQ, command reference, legal pages and status page. The long-form texts (the
// documentation sections, the legal documents and the FAQ entries) are not keys: they are Spanish modules of the
// same typed data next to the English ones (docs/content.es.ts, legal/*.es.tsx, faq/data.es.ts).
const dictionary: Dictionary = {
  // Documentation
  "docs.navigation": "Documentación",
  "docs.sectionNumber": "Sección {number}",
  "docs.pager": "Secciones anterior y siguiente",
  "docs.previous": "Anterior",
  "docs.next": "Siguiente",
  "docs.notFound.text": "La página que buscas no existe. Empieza por {link} o elige una sección de la lista.",
  "docs.note.info": "Nota",
  "docs.note.tip": "Consejo",
  "docs.note.warning": "Advertencia",
  "docs.note.danger": "Peligro",
  "docs.code.copy": "Copiar código",
  "docs.code.copied": "Copiado",
  "docs.downloadVideo": "Descargar el vídeo",

  // FAQ
  "faq.eyebrow": "Ayuda",
  "faq.title": "Preguntas frecuentes",
  "faq.lead": "Respuestas rápidas sobre cómo configurar y usar Ticketeer. ¿Sigues atascado? Lee la {docs}.",
  "faq.lead.docs": "documentación",
  "faq.topics": "Temas",

  // Command reference
  "commands.eyebrow": "Referencia",
  "commands.title": "Comandos",
  "commands.lead":
    "Todos los comandos de barra del bot, qué hacen y quién puede usarlos. Los argumentos entre llaves son obligatorios; entre corchetes, opcionales.",
  "commands.search": "Buscar comandos",
  "commands.searchPlaceholder": "Buscar comandos...",
  "commands.count": "{count} comandos",
  "commands.countFiltered": "{count} de {total} comandos",
  "commands.noMatch": "Ningún comando coincide con “{query}”.",
  "commands.usage": "Uso",
  "commands.accessTitle": "Quién puede usar qué",
  "commands.access.everyone": "Todos",
  "commands.access.ticket": "Creador del ticket y staff",
  "commands.access.staff": "Staff de soporte",
  "commands.access.admin": "Gestores del servidor",
  "commands.accessHelp.everyone": "Cualquier miembro del servidor.",
  "commands.accessHelp.ticket": "El miembro que abrió el ticket y los equipos de staff de su panel.",
  "commands.accessHelp.staff": "Los miembros de un equipo de staff asignado al panel del ticket.",
  "commands.accessHelp.admin": "El propietario del servidor y los miembros con Administrador o Gestionar servidor.",
  "commands.description.help": "Muestra lo que puede hacer el bot y enlaces a la documentación.",
  "commands.description.new": "Abre un ticket sin pasar por un panel, con un asunto opcional.",
  "commands.description.close": "Cierra el ticket actual. Se guarda una transcripción y se envía al miembro que lo abrió.",
  "commands.description.add": "Da acceso al ticket actual a otro miembro.",
  "commands.description.remove": "Quita a un miembro el acceso al ticket actual.",
  "commands.description.rename": "Cambia el nombre del canal del ticket, por ejemplo para reflejar el tema.",
  "commands.description.claim": "Reclama el ticket para que el equipo sepa que te encargas tú.",
  "commands.description.unclaim": "Libera un ticket que reclamaste para que otra persona pueda encargarse.",
  "commands.description.transfer": "Pasa un ticket reclamado a otro miembro del staff.",
  "commands.description.tag": "Envía una respuesta predefinida (etiqueta) al canal actual.",
  "commands.description.form":
    "Abre un formulario para el miembro: sus respuestas se recogen antes de que se abra el ticket. Copia el comando con el id del formulario desde la página Formularios.",
  "commands.description.transcript": "Obtén el enlace a la transcripción de un ticket cerrado a partir de su número.",
  "commands.description.panelResend": "Vuelve a publicar un panel, por ejemplo después de que se borrara su mensaje.",
  "commands.description.settings": "Muestra la configuración de tickets de este servidor y un enlace para cambiarla en el panel de control.",
  "commands.description.stats":
    "Muestra las estadísticas de tickets del servidor: tickets abiertos, tiempos de respuesta y valoración media.",

  // Legal pages
  "legal.eyebrow": "Legal",
  "legal.lastUpdated": "Última actualización: {date}",
  "legal.lastUpdatedDate": "1 de junio de 2025",
  "legal.onThisPage": "En esta página",
  "legal.terms.title": "Términos del servicio",
  "legal.privacy.title": "Política de privacidad",

  // Status page
  "status.eyebrow": "En directo",
  "status.title": "Estado del sistema",
  "status.lead": "Estado en directo de la API de Ticketeer y de su base de datos, comprobado desde tu navegador cada 30 segundos.",
  "status.ok": "Todos los sistemas funcionan",
  "status.degraded": "Rendimiento degradado",
  "status.unreachable": "No se puede acceder a la API",
  "status.checking": "Comprobando…",
  "status.checkingNow": "Comprobando ahora…",
  "status.refreshes": "Se actualiza automáticamente cada 30 segundos.",
  "status.api": "API",
  "status.api.online": "En línea",
  "status.api.unreachable": "Inaccesible",
  "status.database": "Base de datos",
  "status.database.operational": "Operativa",
  "status.database.unavailable": "No disponible",
  "status.latency": "Latencia",
  "status.latency.value": "{ms} ms",
  "status.lastCheck": "Última comprobación",
  "status.uptime": "Tiempo activo",
  "status.version": "Versión",
  "status.lastError": "Último error: {error}",
};

export default dictionary;
