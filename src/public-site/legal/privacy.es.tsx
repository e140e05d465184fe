import { productName } from "../../schemas/messages";
import { siteConfig } from "../config";
import { legalFigures } from "./figures";
import type { LegalContent, LegalSection } from "./LegalDocument";

// The Privacy Policy in Spanish: the same sections as ./PrivacyPage.tsx (same ids, so #anchors stay the same),
// loaded with import() only when Spanish is on screen.

const mail = <a href={`mailto:${siteConfig.contactEmail}`}>{siteConfig.contactEmail}</a>;

export const privacySectionsEs: LegalSection[] = [
  {
    id: "data-we-collect",
    title: "Datos que recogemos",
    body: (
      <ul>
        <li>Tu id de usuario de Discord, tu nombre de usuario y tu avatar cuando inicias sesión en el panel de control.</li>
        <li>La lista de servidores (guilds) a los que perteneces, con tus permisos en cada uno.</li>
        <li>La configuración que guardas para tus servidores: ajustes, paneles, formularios, equipos de staff y etiquetas.</li>
        <li>
          El contenido de los tickets y las transcripciones de los servidores que usan el bot, y las valoraciones que dan los miembros.
        </li>
        <li>Un registro de actividad de los cambios hechos en el panel de control, con la dirección IP desde la que se hicieron.</li>
      </ul>
    ),
  },
  {
    id: "how-we-use-data",
    title: "Cómo los usamos",
    body: (
      <>
        <p>
          Las listas de servidores se usan para verificar tu propiedad o tu función en cada servidor, de modo que solo las personas
          autorizadas a gestionar un servidor puedan cambiar su configuración o leer sus transcripciones.
        </p>
        <p>
          Usamos el resto de los datos solo para hacer funcionar las funciones que utilizas. No vendemos tus datos ni los usamos para
          publicidad.
        </p>
      </>
    ),
  },
  {
    id: "transcripts",
    title: "Transcripciones",
    body: (
      <>
        <p>Una transcripción es una copia de un ticket cerrado, que se envía a quien creó el ticket cuando este se cierra.</p>
        <p>
          Las transcripciones se guardan cifradas en una red de contenidos privada y se pueden ver con su id de transcripción. Cualquiera
          que tenga el id de una transcripción puede leerla, así que trátalo como una contraseña.
        </p>
        <p>
          El almacenamiento de los tickets cerrados se puede desactivar en la configuración de un servidor en el panel de control. Entonces
          los tickets cerrados de ese servidor no se conservan.
        </p>
      </>
    ),
  },
  {
    id: "deletion",
    title: "Tus derechos y las solicitudes de eliminación",
    body: (
      <p>
        Puedes pedir una copia de tus datos o su eliminación. Las solicitudes de eliminación se envían por correo electrónico a {mail} y se
        atienden en un plazo de {legalFigures.requestDays} días. Los administradores de un servidor pueden eliminar su configuración en
        cualquier momento quitando el bot.
      </p>
    ),
  },
  {
    id: "children",
    title: "Menores",
    body: (
      <p>
        {productName} no recoge a sabiendas datos de menores de {legalFigures.minimumAge} años. Si crees que un menor de{" "}
        {legalFigures.minimumAge} años nos ha dado datos personales, escríbenos a {mail} y los eliminaremos.
      </p>
    ),
  },
  {
    id: "payments",
    title: "Pagos",
    body: (
      <>
        <p>
          Los pagos los procesa nuestro proveedor de pagos; solo conservamos la referencia del pedido, el plan y el servidor al que se
          aplica. Una suscripción vitalicia significa un periodo fijo de {legalFigures.lifetimeYears} años desde la compra.
        </p>
        <p>Los reembolsos se deciden caso por caso. Un contracargo pone fin de inmediato a todos los servicios.</p>
      </>
    ),
  },
  {
    id: "cookies",
    title: "Cookies y almacenamiento local",
    body: (
      <p>
        Guardamos un token de sesión en una cookie para mantener tu sesión iniciada, y recordamos tus preferencias de barra lateral y de
        tema en tu navegador. Consulta la <a href="/legal/tos#cookies">sección de Cookies de nuestros Términos</a>.
      </p>
    ),
  },
  {
    id: "contact",
    title: "Contacto",
    body: <p>Preguntas sobre esta política o sobre tus datos: {mail}.</p>,
  },
];

export const privacyContentEs: LegalContent = {
  intro: <p>Esta política explica qué datos recoge {productName}, por qué y qué opciones tienes.</p>,
  sections: privacySectionsEs,
};
