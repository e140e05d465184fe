import { useT } from "../../i18n/react";
import { productName } from "../../schemas/messages";
import { siteConfig } from "../config";
import { legalFigures } from "./figures";
import { useLocalized } from "../lib/localized";
import { LegalDocument, type LegalContent, type LegalSection } from "./LegalDocument";

const mail = <a href={`mailto:${siteConfig.contactEmail}`}>{siteConfig.contactEmail}</a>;

export const privacySections: LegalSection[] = [
  {
    id: "data-we-collect",
    title: "Data we collect",
    body: (
      <ul>
        <li>Your Discord user id, username and avatar when you sign in to the dashboard.</li>
        <li>The list of servers (guilds) you belong to, with your permissions in each.</li>
        <li>The configuration you save for your servers: settings, panels, forms, staff teams and tags.</li>
        <li>Ticket contents and transcripts of the servers that use the bot, and feedback ratings members give.</li>
        <li>An activity log of changes made in the dashboard, with the IP address they were made from.</li>
      </ul>
    ),
  },
  {
    id: "how-we-use-data",
    title: "How we use it",
    body: (
      <>
        <p>
          Guild lists are used to verify your ownership or status in each server, so that only the people allowed to manage a server can
          change its configuration or read its transcripts.
        </p>
        <p>We use the other data only to run the features you use. We do not sell your data or use it for advertising.</p>
      </>
    ),
  },
  {
    id: "transcripts",
    title: "Transcripts",
    body: (
      <>
        <p>A transcript is a copy of a closed ticket, sent to the ticket creator when the ticket closes.</p>
        <p>
          Transcripts are stored encrypted on a private content network and can be viewed by their transcript id. Anyone who has the id of a
          transcript can read it, so treat it like a password.
        </p>
        <p>
          Storing closed tickets can be disabled in the dashboard settings of a server. Closed tickets of that server are then not retained.
        </p>
      </>
    ),
  },
  {
    id: "deletion",
    title: "Your rights and deletion requests",
    body: (
      <p>
        You can ask for a copy of your data or for its deletion. Deletion requests go by e-mail to {mail} and are handled within{" "}
        {legalFigures.requestDays} days. Server administrators can delete their server's configuration at any time by removing the bot.
      </p>
    ),
  },
  {
    id: "children",
    title: "Children",
    body: (
      <p>
        {productName} does not knowingly collect data from children under {legalFigures.minimumAge}. If you believe a child under{" "}
        {legalFigures.minimumAge} has given us personal data, contact us at {mail} and we will delete it.
      </p>
    ),
  },
  {
    id: "payments",
    title: "Payments",
    body: (
      <>
        <p>
          Payments are processed by our payment provider; we keep only the order reference, the plan and the server it applies to. A
          lifetime subscription means a fixed {legalFigures.lifetimeYears} years from purchase.
        </p>
        <p>Refunds are decided case by case. A chargeback ends all services at once.</p>
      </>
    ),
  },
  {
    id: "cookies",
    title: "Cookies and local storage",
    body: (
      <p>
        We store a session token in a cookie to keep you signed in, and remember your sidebar and theme preferences in your browser. See the{" "}
        <a href="/legal/tos#cookies">Cookies section of our Terms</a>.
      </p>
    ),
  },
  {
    id: "contact",
    title: "Contact",
    body: <p>Questions about this policy or your data: {mail}.</p>,
  },
];

export const privacyContent: LegalContent = {
  intro: <p>This policy explains what data {productName} collects, why, and the choices you have.</p>,
  sections: privacySections,
};

/** The Spanish policy (same section ids): its own chunk, loaded only when Spanish is chosen. */
export const loadSpanishPrivacy = (): Promise<LegalContent> => import("./privacy.es").then((m) => m.privacyContentEs);

export default function PrivacyPage() {
  const t = useT();
  const { intro, sections } = useLocalized(privacyContent, loadSpanishPrivacy);
  return <LegalDocument title={t("site.legal.privacy.title", "Privacy Policy")} intro={intro} sections={sections} />;
}
