import { productName } from "../../schemas/messages";
import { siteConfig } from "../config";
import { legalFigures } from "./figures";
import type { LegalContent, LegalSection } from "./LegalDocument";

// The Terms of Service in Spanish: the same sections as ./TermsPage.tsx (same ids, so #anchors stay the same),
// loaded with import() only when Spanish is on screen.

export const userGuidelinesEs = [
  "No uses el bot ni el panel de control para acosar, amenazar o suplantar a nadie.",
  "No envíes spam, estafas, malware ni publicidad no solicitada a través de tickets, paneles o etiquetas.",
  "No publiques contenido ilegal ni contenido que incumpla las Condiciones del servicio y las Directrices de la comunidad de Discord.",
  "No intentes acceder a servidores, tickets o transcripciones que no tienes autorización para ver.",
  "No abuses del servicio ni de su API, no los sobrecargues, no les apliques ingeniería inversa ni los sondees en busca de vulnerabilidades.",
  "No revendas ni redistribuyas el servicio, ni lo presentes como propio, sin nuestro permiso por escrito.",
];

export const termsSectionsEs: LegalSection[] = [
  {
    id: "terms",
    title: "Términos",
    body: (
      <p>
        Al invitar a {productName} a un servidor, usar sus comandos o iniciar sesión en el panel de control aceptas estos Términos del
        servicio y nuestra <a href="/legal/privacy">Política de privacidad</a>. Si no estás de acuerdo, no uses el servicio. Eres
        responsable de que tu uso cumpla las leyes que te sean aplicables y las propias condiciones de Discord.
      </p>
    ),
  },
  {
    id: "cookies",
    title: "Cookies",
    body: (
      <p>
        El panel de control usa un pequeño número de cookies y entradas del almacenamiento del navegador necesarias para funcionar: una
        cookie de sesión que mantiene tu sesión iniciada, una cookie que recuerda si la barra lateral está desplegada y tu preferencia de
        tema claro u oscuro. No usamos cookies publicitarias ni de seguimiento de terceros.
      </p>
    ),
  },
  {
    id: "license",
    title: "Licencia",
    body: (
      <p>
        Te concedemos una licencia personal, revocable, no exclusiva e intransferible para usar {productName} en la gestión del soporte de
        los servidores que administras. El software, el sitio web y su contenido siguen siendo nuestros o de nuestros licenciantes. El
        código fuente que publicamos con una licencia de código abierto se rige por esa licencia.
      </p>
    ),
  },
  {
    id: "user-guidelines",
    title: "Normas de uso",
    body: (
      <>
        <p>Al usar {productName} aceptas seguir estas normas:</p>
        <ol className="rules">
          {userGuidelinesEs.map((rule) => (
            <li key={rule}>{rule}</li>
          ))}
        </ol>
      </>
    ),
  },
  {
    id: "removal-of-links",
    title: "Retirada de enlaces",
    body: (
      <p>
        Si encuentras en nuestro sitio web, o en un mensaje de panel creado con nuestro servicio, un enlace ofensivo o ilícito, escríbenos a{" "}
        <a href={`mailto:${siteConfig.contactEmail}`}>{siteConfig.contactEmail}</a>. Estudiamos cada solicitud, pero no estamos obligados a
        retirar enlaces ni a responderte directamente. Los administradores de cada servidor son responsables del contenido de sus paneles.
      </p>
    ),
  },
  {
    id: "transcripts",
    title: "Transcripciones",
    body: (
      <p>
        Una transcripción es una copia de un ticket cerrado, que se envía a quien creó el ticket cuando este se cierra. Las transcripciones
        se guardan en una red de contenidos privada y se pueden ver con su id de transcripción; comparte ese id solo con quien deba leer la
        conversación. Los administradores del servidor pueden desactivar el almacenamiento de los tickets cerrados en la configuración del
        panel de control.
      </p>
    ),
  },
  {
    id: "purchases",
    title: "Compras",
    body: (
      <>
        <p>
          Los planes de pago desbloquean funciones premium para un servidor. Una suscripción vitalicia significa un periodo fijo de{" "}
          {legalFigures.lifetimeYears} años desde la fecha de compra, no la vida del servicio ni la del comprador.
        </p>
        <p>
          Los reembolsos se estudian caso por caso; escríbenos con los datos de tu pedido. Un contracargo pone fin de inmediato a todos los
          servicios de la cuenta y de los servidores que pagó.
        </p>
      </>
    ),
  },
  {
    id: "termination",
    title: "Terminación",
    body: (
      <p>
        Podemos suspender o cancelar tu acceso a {productName}, con o sin aviso, si incumples estos términos o pones en riesgo a otros
        usuarios o al servicio. Puedes dejar de usar el servicio en cualquier momento quitando el bot de tu servidor y cerrando sesión en el
        panel de control.
      </p>
    ),
  },
  {
    id: "limited-liability",
    title: "Limitación de responsabilidad",
    body: (
      <p>
        {productName} se ofrece "tal cual" y "según disponibilidad", sin garantías de ningún tipo. En la máxima medida permitida por la ley,
        no somos responsables de daños indirectos, incidentales o consecuentes, pérdida de datos ni lucro cesante derivados de tu uso del
        servicio, incluidas las caídas de Discord o de nuestra infraestructura.
      </p>
    ),
  },
];

export const termsContentEs: LegalContent = {
  intro: <p>Estos términos regulan tu uso del bot {productName}, de su panel de control y de este sitio web. Léelos con atención.</p>,
  sections: termsSectionsEs,
};
