import type { Dictionary } from "../../core";

// Spanish: the public site's pages other than the landing page and the frame (those are in ./shell.ts):
// documentation chrome, FAQ, command reference, legal pages and status page. The long-form texts (the
// documentation sections, the legal documents and the FAQ entries) are not keys: they are Spanish modules of the
// same typed data next to the English ones (docs/content.es.ts, legal/*.es.tsx, faq/data.es.ts).
const dictionary: Dictionary = {
  // Documentation
  "site.docs.navigation": "Documentación",
  "site.docs.sectionNumber": "Sección {number}",
  "site.docs.pager": "Secciones anterior y siguiente",
  "site.docs.previous": "Anterior",
  "site.docs.next": "Siguiente",
  "site.docs.notFound.text": "La página que buscas no existe. Empieza por {link} o elige una sección de la lista.",
  "site.docs.note.info": "Nota",
  "site.docs.note.tip": "Consejo",
  "site.docs.note.warning": "Advertencia",
  "site.docs.note.danger": "Peligro",
  "site.docs.code.copy": "Copiar código",
  "site.docs.code.copied": "Copiado",
  "site.docs.downloadVideo": "Descargar el vídeo",

  // FAQ
  "site.faq.eyebrow": "Ayuda",
  "site.faq.title": "Preguntas frecuentes",
  "site.faq.lead": "Respuestas rápidas sobre cómo configurar y usar Ticketeer. ¿Sigues atascado? Lee la {docs}.",
  "site.faq.lead.docs": "documentación",
  "site.faq.topics": "Temas",

  // Command reference
  "site.commands.eyebrow": "Referencia",
  "site.commands.title": "Comandos",
  "site.commands.lead":
    "Todos los comandos del bot, qué hacen y quién puede usarlos: los comandos de barra, que se escriben tras /, y los comandos de mensaje, en el menú Aplicaciones de un mensaje. Los argumentos entre llaves son obligatorios; entre corchetes, opcionales.",
  "site.commands.search": "Buscar comandos",
  "site.commands.searchPlaceholder": "Buscar comandos...",
  "site.commands.count": "{count} comandos",
  "site.commands.countFiltered": "{count} de {total} comandos",
  "site.commands.noMatch": "Ningún comando coincide con “{query}”.",
  "site.commands.usage": "Uso",
  "site.commands.slashTitle": "Comandos de barra",
  "site.commands.slashHelp": "Escribe / en el cuadro de mensaje y elige el comando.",
  "site.commands.messageTitle": "Comandos de mensaje",
  "site.commands.messageHelp": "Haz clic derecho en un mensaje (en el móvil, mantenlo pulsado) y elige Aplicaciones.",
  "site.commands.messageUsage": "Aplicaciones → {name}",
  "site.commands.accessTitle": "Quién puede usar qué",
  "site.commands.access.everyone": "Todos",
  "site.commands.access.ticket": "Creador del ticket y staff",
  "site.commands.access.staff": "Staff de soporte",
  "site.commands.access.admin": "Gestores del servidor",
  "site.commands.accessHelp.everyone": "Cualquier miembro del servidor.",
  "site.commands.accessHelp.ticket": "El miembro que abrió el ticket y los equipos de staff de su panel.",
  "site.commands.accessHelp.staff": "Los miembros de un equipo de staff asignado al panel del ticket.",
  "site.commands.accessHelp.admin": "El propietario del servidor y los miembros con Administrador o Gestionar servidor.",
  "site.commands.description.mydata":
    'Exporta (un archivo JSON que solo ves tú) o borra tus datos en todos los servidores: tus mensajes en las transcripciones pasan a ser de "deleted user", se quitan los comentarios de tus valoraciones y los datos de tus tickets, y se cierran tus tickets abiertos.',
  "site.commands.description.help": "Muestra lo que puede hacer el bot y enlaces a la documentación.",
  "site.commands.description.new": "Abre un ticket sin pasar por un panel, con un asunto opcional.",
  "site.commands.description.ticket": "En tus mensajes directos con el bot: elige un servidor y un tema, y habla con su staff aquí mismo.",
  "site.commands.description.close":
    "Cierra el ticket actual, con un motivo (predefinido o el tuyo) y detalles añadidos tras él. Se guarda una transcripción y se envía al miembro que lo abrió.",
  "site.commands.description.add": "Da acceso al ticket actual a otro miembro.",
  "site.commands.description.remove": "Quita a un miembro el acceso al ticket actual.",
  "site.commands.description.note":
    "Añade una nota privada al ticket: el equipo la lee en la página del ticket en el panel; el miembro nunca la ve y no está en la transcripción.",
  "site.commands.description.priority":
    "Fija la prioridad del ticket (low, normal, high o urgent); la cola del panel la ordena y filtra por ella.",
  "site.commands.description.snooze":
    "Pospón el ticket: sale de la vista «Necesita atención» del panel hasta que llegue la hora o el miembro escriba, y vuelve con una nota. `off` termina la espera.",
  "site.commands.description.rename": "Cambia el nombre del canal del ticket, por ejemplo para reflejar el tema.",
  "site.commands.description.claim": "Reclama el ticket para que el equipo sepa que te encargas tú.",
  "site.commands.description.unclaim": "Libera un ticket que reclamaste para que otra persona pueda encargarse.",
  "site.commands.description.transfer": "Pasa un ticket reclamado a otro miembro del staff.",
  "site.commands.description.move":
    "Mueve el ticket actual a otro panel: toma su categoría, su equipo de soporte, el nombre del canal y el aviso de espera, y conserva su número, la conversación, las categorías y los miembros. Se mantiene reclamado si quien lo reclamó está en el equipo del nuevo panel.",
  "site.commands.description.tag": "Envía una respuesta predefinida (etiqueta) al canal actual.",
  "site.commands.description.form":
    "Abre un formulario para el miembro: sus respuestas se recogen antes de que se abra el ticket. Copia el comando con el id del formulario desde la página Formularios.",
  "site.commands.description.transcript": "Obtén el enlace a la transcripción de un ticket cerrado a partir de su número.",
  "site.commands.description.panelResend": "Vuelve a publicar un panel, por ejemplo después de que se borrara su mensaje.",
  "site.commands.description.settings":
    "Muestra la configuración de tickets de este servidor y un enlace para cambiarla en el panel de control.",
  "site.commands.description.stats":
    "Muestra las estadísticas de tickets del servidor: tickets abiertos, tiempos de respuesta y valoración media.",

  // Legal pages
  "site.legal.eyebrow": "Legal",
  "site.legal.lastUpdated": "Última actualización: {date}",
  "site.legal.lastUpdatedDate": "1 de junio de 2025",
  "site.legal.onThisPage": "En esta página",
  "site.legal.terms.title": "Términos del servicio",
  "site.legal.privacy.title": "Política de privacidad",

  // Status page
  "site.status.eyebrow": "En directo",
  "site.status.title": "Estado del sistema",
  "site.status.lead": "Estado en directo de la API de Ticketeer y de su base de datos, comprobado desde tu navegador cada 30 segundos.",
  "site.status.ok": "Todos los sistemas funcionan",
  "site.status.degraded": "Rendimiento degradado",
  "site.status.unreachable": "No se puede acceder a la API",
  "site.status.checking": "Comprobando…",
  "site.status.checkingNow": "Comprobando ahora…",
  "site.status.refreshes": "Se actualiza automáticamente cada 30 segundos.",
  "site.status.api": "API",
  "site.status.api.online": "En línea",
  "site.status.api.unreachable": "Inaccesible",
  "site.status.database": "Base de datos",
  "site.status.database.operational": "Operativa",
  "site.status.database.unavailable": "No disponible",
  "site.status.latency": "Latencia",
  "site.status.latency.value": "{ms} ms",
  "site.status.lastCheck": "Última comprobación",
  "site.status.uptime": "Tiempo activo",
  "site.status.version": "Versión",
  "site.status.lastError": "Último error: {error}",
};

export default dictionary;
