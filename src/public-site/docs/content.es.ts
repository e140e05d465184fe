import botSetupEs from "../../i18n/locales/es/bot-setup";
import { botPermissionTextKey } from "../../i18n/keys";
import { botPermissionKeys } from "../../schemas/bot-permissions";
import { limits } from "../../schemas/limits";
import { formMessages } from "../../schemas/messages";
import type { DocSection } from "./schema";

// The documentation of Ticketeer in Spanish: the same section tree as ./content.ts (same ids, so the URLs stay
// the same), loaded with import() only when Spanish is on screen (see useDocSections in ./DocsPage.tsx).
// Validated by docSectionsSchema in tests/unit/i18n/site-pages.test.tsx.

// The bot's permissions from their declaration, in the Spanish of the Bot setup card (src/i18n/locales/es/bot-setup.ts).
const permissionName = (key: string) => botSetupEs[botPermissionTextKey(key, "name")];
const permissionNames = new Intl.ListFormat("es", { type: "conjunction" }).format(botPermissionKeys.map(permissionName));
const permissionList = botPermissionKeys.map((key) => `**${permissionName(key)}**: ${botSetupEs[botPermissionTextKey(key, "why")]}`);

export const docSectionsEs: DocSection[] = [
  {
    id: "quick-setup",
    title: "Configuración rápida",
    description: "De cero a tu primer ticket en tres pasos.",
    blocks: [
      {
        type: "paragraph",
        text: "Ticketeer da a tus miembros un canal privado con tu staff siempre que necesiten ayuda. Configurarlo lleva tres pasos y unos cinco minutos.",
      },
      {
        type: "list",
        ordered: true,
        items: [
          "Invita al bot a tu servidor con el botón **Invitar** de la [página de inicio](/).",
          "Ve al [panel de control](/dashboard), elige tu servidor, ajusta la configuración y crea un panel de soporte.",
          "Empieza a recibir tickets: los miembros pulsan un botón del panel y se abre un canal de ticket para ellos y tu staff.",
        ],
      },
      {
        type: "note",
        variant: "warning",
        title: "El bot necesita estos permisos; déjalos marcados",
        text: `La invitación pide ${permissionNames}, y nunca Administrador. El bot crea un canal privado para cada ticket y decide quién puede verlo; sin estos permisos esos pasos fallan. [Invitar al bot](/docs/inviting-the-bot) explica para qué sirve cada uno.`,
      },
      {
        type: "note",
        variant: "danger",
        title: "Se necesita el permiso Gestionar servidor",
        text: "Necesitas el permiso Gestionar servidor en un servidor para invitar al bot a él. Los servidores en los que no lo tienes no aparecen en el diálogo de invitación ni en el panel de control.",
      },
      {
        type: "image",
        src: "/docs/dashboard-settings.webp",
        alt: "La página de Configuración del panel de control de Ticketeer con las tarjetas General, Reclamación y Cierre automático",
        width: 960,
        height: 540,
        caption: "La página de Configuración del panel de control, donde empieza cada servidor.",
      },
      { type: "divider" },
      {
        type: "paragraph",
        text: "Las dos secciones siguientes explican cada paso en detalle. Si prefieres explorar por tu cuenta, la [referencia de comandos](/commands) recoge todos los comandos de barra que entiende el bot.",
      },
    ],
    children: [
      {
        id: "inviting-the-bot",
        title: "Invitar al bot",
        description: "Añade Ticketeer a tu servidor.",
        blocks: [
          { type: "header", text: "Antes de empezar" },
          {
            type: "paragraph",
            text: "Inicia sesión en Discord en tu navegador con la cuenta que es propietaria del servidor o lo administra. Solo tienes que invitar al bot una vez por servidor.",
          },
          {
            type: "note",
            variant: "danger",
            title: "Se necesita el permiso Gestionar servidor",
            text: "Solo los miembros con el permiso Gestionar servidor pueden añadir un bot a un servidor. Pide ayuda a un propietario o administrador si tu servidor no aparece en la lista.",
          },
          { type: "header", text: "Pasos" },
          {
            type: "list",
            ordered: true,
            items: [
              "Pulsa **Invitar** en la [página de inicio](/). La página de autorización de Discord se abre en una pestaña nueva.",
              "Elige tu servidor en la lista *Añadir a servidor*.",
              "Deja marcados todos los permisos que pide la invitación y pulsa *Autorizar*.",
              "Completa el captcha si Discord te muestra uno. El bot se une a tu servidor y aparece en la lista de miembros.",
            ],
          },
          {
            type: "note",
            variant: "warning",
            title: "El bot necesita estos permisos; déjalos marcados",
            text: "Desmarcar alguno de ellos es la causa más habitual de tickets que nunca se abren. Si ya invitaste al bot sin alguno, da ese permiso a su rol en Ajustes del servidor → Roles, o invítalo de nuevo. En el panel de control, *Configuración del bot* en la página de tu servidor dice qué falta y dónde.",
          },
          { type: "header", text: "Los permisos que pide el bot" },
          { type: "list", ordered: false, items: permissionList },
          {
            type: "paragraph",
            text: "El bot nunca pide Administrador: solo tiene lo que usa. Un canal o una categoría cuyos permisos específicos le quitan uno de estos al rol del bot rompen los paneles y los tickets de ahí, así que deja al rol del bot sus permisos en tus categorías de tickets, en los canales de tus paneles y en el canal de archivo.",
          },
          {
            type: "dropdown",
            title: "El bot se unió pero no responde",
            blocks: [
              {
                type: "list",
                ordered: false,
                items: [
                  "Abre tu servidor en el [panel de control](/dashboard): *Configuración del bot* recoge cada permiso que le falta al bot y dónde.",
                  "Comprueba en Ajustes del servidor → Roles que el rol del bot no esté por debajo de los roles que debe gestionar.",
                  "Comprueba que el canal de tu panel permita al bot leer y enviar mensajes.",
                  "Ejecuta `/help` en cualquier canal: si no pasa nada, el bot está desconectado; consulta la [página de estado](/status).",
                ],
              },
            ],
          },
          { type: "link", href: "/docs/bot-configuration", text: "Siguiente: configura el bot en el panel de control" },
        ],
      },
      {
        id: "bot-configuration",
        title: "Configuración del bot",
        description: "La configuración y tu primer panel de soporte.",
        blocks: [
          {
            type: "paragraph",
            text: "Abre el [panel de control](/dashboard) e inicia sesión con Discord. Tus servidores aparecen en *Tus servidores*; elige aquel al que invitaste al bot.",
          },
          { type: "header", text: "1. Revisa la configuración" },
          {
            type: "paragraph",
            text: "La página de Configuración tiene tres tarjetas. Los valores predeterminados sirven para la mayoría de las comunidades; cambia lo que necesites y pulsa **Guardar cambios**. Solo se envían los campos que has cambiado.",
          },
          {
            type: "list",
            ordered: false,
            items: [
              "**General**: cuántos tickets puede tener abiertos a la vez un miembro, si los miembros pueden cerrar sus propios tickets, una confirmación antes de cerrar, la valoración después de cerrar y el canal de archivo que recibe las transcripciones.",
              "**Reclamación**: si el staff de soporte puede ver y escribir en tickets que no ha reclamado.",
              "**Cierre automático**: cierra los tickets automáticamente tras un periodo de inactividad o cuando el miembro se va. Consulta [Automatización](/docs/automation).",
            ],
          },
          { type: "header", text: "2. Crea un panel de soporte" },
          {
            type: "paragraph",
            text: "Un panel es el mensaje con un botón que los miembros pulsan para abrir un ticket. Ve a **Paneles**, pulsa *Crear* junto a Paneles y rellena las tres secciones:",
          },
          {
            type: "list",
            ordered: false,
            items: [
              "**Propiedades del panel**: un nombre, el esquema de nombres de los canales, un rol al que mencionar, el equipo de soporte, la categoría en la que se crean los tickets y un formulario opcional.",
              "**Mensaje del panel**: el canal en el que se publica el panel, su título, descripción y color, y el texto, el emoji y el color del botón.",
              "**Mensaje de bienvenida**: lo primero que escribe el bot en cada ticket nuevo.",
            ],
          },
          {
            type: "video",
            src: "/docs/create-panel.webm",
            poster: "/docs/create-panel-poster.webp",
            width: 960,
            height: 540,
            mimeType: "video/webm",
            caption: "Crear un panel: propiedades, mensaje del panel, mensaje de bienvenida, guardar.",
          },
          {
            type: "paragraph",
            text: "El esquema de nombres decide el nombre de cada canal de ticket. `%id%` se sustituye por el número del ticket:",
          },
          {
            type: "code",
            language: "text",
            code: `${limits.defaultNamingScheme}        →  ticket-42\nsupport-%id%       →  support-42\nbilling-%id%       →  billing-42`,
          },
          {
            type: "note",
            variant: "tip",
            text: `Vincula un formulario a un panel para hacer preguntas antes de que se abra el ticket. Un formulario tiene hasta ${limits.formFieldsMax} campos; los miembros también pueden abrirlo con \`${formMessages.command("{formId}")}\`.`,
          },
          { type: "header", text: "3. Recibe tickets" },
          {
            type: "paragraph",
            text: "Pulsa *Guardar cambios*: el panel se publica en su canal. Cuando un miembro pulsa su botón, se abre un canal de ticket, se envía el mensaje de bienvenida y se menciona al equipo de soporte del panel. El staff reclama el ticket con `/claim` y lo cierra con `/close` cuando el problema está resuelto.",
          },
        ],
      },
    ],
  },
  {
    id: "advanced-usage",
    title: "Uso avanzado",
    description: "Equipos, etiquetas, multipaneles y formularios.",
    blocks: [
      {
        type: "paragraph",
        text: "Cuando tu primer panel funcione, estas funciones ayudan a que un equipo de soporte en crecimiento siga organizado.",
      },
      { type: "header", text: "Equipos de staff" },
      {
        type: "paragraph",
        text: "Un equipo de staff es un conjunto de roles de Discord con permisos en el panel de control. Crea uno en **Equipos de staff**, arrastra roles de *Roles disponibles* a *Roles del equipo* y abre el diálogo de permisos para elegir qué puede hacer el equipo: ver la configuración, editar paneles, leer transcripciones, etc. Asigna un equipo a un panel para que se mencione a sus miembros en los tickets de ese panel.",
      },
      { type: "header", text: "Etiquetas" },
      {
        type: "paragraph",
        text: `Las etiquetas son respuestas predefinidas para las preguntas que tu staff responde a diario. Una etiqueta tiene un nombre de hasta ${limits.tagNameMax} caracteres y un contenido de hasta ${limits.tagContentMax}. Envía una en un ticket con:`,
      },
      { type: "code", language: "text", code: "/tag name:refund-policy" },
      { type: "header", text: "Multipaneles" },
      {
        type: "paragraph",
        text: `Un multipanel reúne ${limits.multiPanelMinPanels} o más paneles en un solo mensaje, como una fila de botones o como un desplegable de selección con un texto de ejemplo como "Elige un tema". Cada opción sigue abriendo un ticket con su propio equipo, categoría y formulario.`,
      },
      {
        type: "dropdown",
        title: "¿Botones o desplegable?",
        blocks: [
          {
            type: "paragraph",
            text: "Los botones son más rápidos cuando tienes de dos a cuatro temas. A partir de cinco temas, un desplegable mantiene el mensaje compacto y legible en el móvil.",
          },
        ],
      },
      { type: "divider" },
      { type: "link", href: "/commands", text: "Ver todos los comandos de barra" },
    ],
    children: [
      {
        id: "configuration",
        title: "Configuración",
        description: "Cada opción, explicada.",
        blocks: [
          {
            type: "paragraph",
            text: "La configuración se guarda por servidor. El panel de control la copia en la página al cargarla; no se guarda nada hasta que pulsas **Guardar cambios**, y entonces una notificación muestra cada valor cambiado como antiguo → nuevo.",
          },
          { type: "header", text: "General" },
          {
            type: "list",
            ordered: false,
            items: [
              "**Límite de tickets por usuario**: cuántos tickets abiertos puede tener un miembro. `0` significa sin límite.",
              "**Permitir que el usuario cierre el ticket**: los miembros pueden cerrar sus propios tickets.",
              '**Confirmación de cierre del ticket**: pregunta "¿Seguro?" antes de cerrar.',
              "**Activar valoraciones de usuarios**: pide una valoración con estrellas al cerrar un ticket; las valoraciones aparecen en la lista de transcripciones.",
              "**Canal de archivo**: dónde se publican las transcripciones al cerrar los tickets, o *Ninguno*.",
              "**Permiso de transcripciones por panel**: solo el staff del panel del ticket puede leer su transcripción.",
            ],
          },
          { type: "header", text: "Reclamación" },
          {
            type: "list",
            ordered: false,
            items: [
              "**El staff de soporte ve los tickets**: el staff puede ver tickets que ha reclamado otro miembro del staff.",
              "**El staff de soporte escribe en los tickets**: el staff puede escribir en tickets que no ha reclamado.",
            ],
          },
          {
            type: "note",
            variant: "info",
            text: "Deja vacío un campo numérico para conservar su valor actual: los campos vacíos no se envían.",
          },
          {
            type: "dropdown",
            title: "¿Quién puede cambiar la configuración?",
            blocks: [
              {
                type: "paragraph",
                text: "El propietario del servidor, los miembros con Administrador o Gestionar servidor, y los equipos de staff con el permiso *Editar configuración*. Cada cambio queda registrado en el registro de **Actividad** del servidor.",
              },
            ],
          },
        ],
        children: [
          {
            id: "custom-themes",
            title: "Temas personalizados",
            description: "Los colores del panel de control y de tus paneles.",
            blocks: [
              { type: "header", text: "Panel de control claro y oscuro" },
              {
                type: "paragraph",
                text: "El sitio web y el panel de control siguen la preferencia de modo claro u oscuro de tu sistema. Usa el botón de sol/luna de la barra de navegación superior para elegir uno tú mismo; la elección se recuerda en este navegador.",
              },
              { type: "header", text: "Colores del panel y de la bienvenida" },
              {
                type: "paragraph",
                text: `Cada mensaje de panel y mensaje de bienvenida tiene un color de acento, escrito como \`#\` seguido de seis dígitos hexadecimales. Los paneles nuevos empiezan con \`${limits.defaultPanelColor}\` y los mensajes de bienvenida con \`${limits.defaultWelcomeColor}\`.`,
              },
              {
                type: "code",
                language: "text",
                code: `Color del panel        ${limits.defaultPanelColor}   (verde)\nColor de bienvenida    ${limits.defaultWelcomeColor}   (blurple)\nTu marca               #F47B67`,
              },
              {
                type: "paragraph",
                text: `Los botones usan uno de los estilos de Discord: ${limits.buttonColors.join(", ")}. Un emoji puede ser un carácter unicode o el id de un emoji personalizado de tu servidor.`,
              },
              {
                type: "list",
                ordered: false,
                items: [
                  "**Imagen** y **Miniatura**: un banner bajo la descripción y una imagen pequeña en la esquina.",
                  "**Autor** y **Pie**: una línea de texto con un icono opcional encima y debajo del mensaje.",
                  "**Campos**: pares de nombre y valor, en línea o apilados.",
                ],
              },
              {
                type: "note",
                variant: "tip",
                text: "Las imágenes deben ser enlaces públicos `https://`. Súbelas a un canal de tu propio servidor y usa *Copiar enlace* para obtener uno.",
              },
            ],
          },
          {
            id: "automation",
            title: "Automatización",
            description: "Cierra automáticamente los tickets olvidados.",
            blocks: [
              {
                type: "paragraph",
                text: "La tarjeta **Cierre automático** de la página de Configuración cierra los tickets que ya nadie necesita, para que tu categoría de tickets siga ordenada.",
              },
              {
                type: "list",
                ordered: false,
                items: [
                  `**Desde el último mensaje**: cierra un ticket cuando lleva en silencio los días (0–${limits.daysMax}), horas (0–${limits.hoursMax}) y minutos (0–${limits.minutesMax}) indicados.`,
                  `**Cerrar cuando el usuario se va**: cierra un ticket cuando su miembro sale del servidor, tras un periodo de gracia en horas (0–${limits.hoursMax}) y minutos (0–${limits.minutesMax}).`,
                ],
              },
              { type: "paragraph", text: "Por ejemplo, para cerrar los tickets tras dos días y medio de silencio:" },
              {
                type: "code",
                language: "text",
                code: "Cierre automático activado   sí\nDesde el último mensaje      2 días  12 horas  0 minutos",
              },
              {
                type: "note",
                variant: "warning",
                text: "Los tickets cerrados automáticamente siguen el mismo camino que los cierres manuales: se guarda una transcripción, se publica en el canal de archivo y se pide una valoración al miembro si está activado.",
              },
              {
                type: "dropdown",
                title: "¿Cómo se cuenta el tiempo?",
                blocks: [
                  {
                    type: "paragraph",
                    text: "El temporizador se reinicia con cada mensaje del ticket, del miembro o del staff. Los mensajes de bots no cuentan, así que un recordatorio publicado por otro bot no mantiene un ticket abierto.",
                  },
                ],
              },
            ],
          },
        ],
      },
    ],
  },
];
