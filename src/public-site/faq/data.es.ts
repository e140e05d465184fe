import botSetupEs from "../../i18n/locales/es/bot-setup";
import { botPermissionTextKey } from "../../i18n/keys";
import { botPermissionKeys } from "../../schemas/bot-permissions";
import { limits } from "../../schemas/limits";
import { formMessages } from "../../schemas/messages";
import { legalFigures } from "../legal/figures";
import type { FaqGroup } from "./data";

// The FAQ in Spanish: the same groups as ./data.ts (same ids, so #anchors stay the same), loaded with import()
// only when Spanish is on screen.

export const faqGroupsEs: FaqGroup[] = [
  {
    id: "setup",
    title: "Configuración",
    entries: [
      {
        question: "¿Cómo añado Ticketeer a mi servidor?",
        answer:
          "Pulsa **Invitar** en la [página de inicio](/), elige tu servidor y deja marcados todos los permisos que pide la invitación. Necesitas el permiso Gestionar servidor en ese servidor. La [guía de configuración rápida](/docs/quick-setup) explica cada paso.",
      },
      {
        question: "¿Qué permisos necesita el bot?",
        answer: `${new Intl.ListFormat("es", { type: "conjunction" }).format(botPermissionKeys.map((key) => botSetupEs[botPermissionTextKey(key, "name")]))}; nunca Administrador. Cada ticket es un canal privado cuyos permisos escribe el bot para el miembro y tus equipos de staff. [Invitar al bot](/docs/inviting-the-bot) explica para qué sirve cada uno.`,
      },
      {
        question: "Mi servidor no aparece en el panel de control.",
        answer:
          "El panel de control muestra los servidores de los que eres propietario o administrador, en los que tienes Gestionar servidor o en los que perteneces a un equipo de staff. Las listas de servidores se actualizan más o menos una vez por minuto, así que un permiso nuevo puede tardar un momento en aparecer.",
      },
    ],
  },
  {
    id: "panels",
    title: "Paneles",
    entries: [
      {
        question: "¿Qué diferencia hay entre un panel y un multipanel?",
        answer: `Un panel es un mensaje con un botón que abre un tipo de ticket. Un multipanel agrupa ${limits.multiPanelMinPanels} o más paneles en un solo mensaje, como botones o como un desplegable de selección.`,
      },
      {
        question: "Alguien borró el mensaje de mi panel. ¿Tengo que volver a crearlo?",
        answer:
          "No. Abre **Paneles** en el panel de control y pulsa *Reenviar*: el bot vuelve a publicar el panel con la misma configuración.",
      },
      {
        question: "¿Puede cada panel ir a un equipo distinto?",
        answer:
          "Sí. Crea equipos de staff en **Equipos de staff** y elige uno por panel; se menciona a ese equipo en los tickets del panel y puede verlos.",
      },
    ],
  },
  {
    id: "forms",
    title: "Formularios",
    entries: [
      {
        question: "¿Qué puedo preguntar en un formulario?",
        answer: `Hasta ${limits.formFieldsMax} preguntas, cada una de respuesta corta, de párrafo o desplegable, con una etiqueta de hasta ${limits.formLabelMax} caracteres y una longitud mínima y máxima de respuesta.`,
      },
      {
        question: "¿Cómo rellenan los miembros un formulario?",
        answer: `Vincula el formulario a un panel y se abrirá cuando el miembro pulse el botón, o deja que ejecuten \`${formMessages.command("{formId}")}\`. Las respuestas se publican al principio del ticket nuevo.`,
      },
    ],
  },
  {
    id: "transcripts",
    title: "Transcripciones",
    entries: [
      {
        question: "¿Qué es una transcripción?",
        answer:
          "Una copia de un ticket cerrado. Se envía al miembro que abrió el ticket cuando se cierra, y aparece en **Transcripciones** en el panel de control.",
      },
      {
        question: "¿Quién puede leer las transcripciones?",
        answer:
          "Cualquiera que tenga el id de la transcripción puede abrirla, y tus equipos de staff con el permiso *Ver transcripciones* pueden consultarlas en el panel de control. Las transcripciones se guardan cifradas.",
      },
      {
        question: "¿Puedo desactivar las transcripciones?",
        answer:
          "Sí: el almacenamiento de los tickets cerrados se puede desactivar en la configuración del panel de control. Entonces los tickets cerrados no se conservan.",
      },
    ],
  },
  {
    id: "privacy",
    title: "Privacidad",
    entries: [
      {
        question: "¿Qué sabe Ticketeer de mí?",
        answer:
          "Tu id de Discord, tu nombre de usuario, tu avatar y la lista de tus servidores, que se usa para verificar tu propiedad o tu función en cada uno. La [Política de privacidad](/legal/privacy) tiene los detalles.",
      },
      {
        question: "¿Cómo consigo que se eliminen mis datos?",
        answer: `Envía una solicitud de eliminación por correo electrónico; se atiende en un plazo de ${legalFigures.requestDays} días. Consulta la [Política de privacidad](/legal/privacy).`,
      },
    ],
  },
  {
    id: "billing",
    title: "Facturación",
    entries: [
      {
        question: "¿Ticketeer es gratis?",
        answer:
          "Sí: los paneles, formularios, transcripciones, equipos y etiquetas son gratis. Los planes de pago añaden extras premium para un servidor.",
      },
      {
        question: "¿Qué significa una suscripción vitalicia?",
        answer: `Un periodo fijo de ${legalFigures.lifetimeYears} años desde la fecha de compra. Consulta *Compras* en los [Términos del servicio](/legal/tos#purchases).`,
      },
      {
        question: "¿Puedo conseguir un reembolso?",
        answer:
          "Los reembolsos se estudian caso por caso: escríbenos con los datos de tu pedido. Ten en cuenta que un contracargo pone fin de inmediato a todos los servicios.",
      },
    ],
  },
];
