import { useT } from "../../i18n/react";
import { productName } from "../../schemas/messages";
import { siteConfig } from "../config";
import { legalFigures } from "./figures";
import { useLocalized } from "../lib/localized";
import { LegalDocument, type LegalContent, type LegalSection } from "./LegalDocument";

export const userGuidelines = [
  "Do not use the bot or the dashboard to harass, threaten or impersonate anyone.",
  "Do not send spam, scams, malware or unsolicited advertising through tickets, panels or tags.",
  "Do not post illegal content or content that breaks Discord's Terms of Service and Community Guidelines.",
  "Do not try to gain access to servers, tickets or transcripts you are not authorised to see.",
  "Do not abuse, overload, reverse engineer or probe the service or its API for vulnerabilities.",
  "Do not resell or redistribute the service, or present it as your own, without our written permission.",
];

export const termsSections: LegalSection[] = [
  {
    id: "terms",
    title: "Terms",
    body: (
      <p>
        By inviting {productName} to a server, using its commands or signing in to the dashboard you agree to these Terms of Service and to
        our <a href="/legal/privacy">Privacy Policy</a>. If you do not agree, do not use the service. You are responsible for making sure
        that your use complies with the laws that apply to you and with Discord's own terms.
      </p>
    ),
  },
  {
    id: "cookies",
    title: "Cookies",
    body: (
      <p>
        The dashboard uses a small number of cookies and browser storage entries that are needed for it to work: a session cookie that keeps
        you signed in, a cookie remembering whether the sidebar is expanded, and your light or dark theme preference. We do not use
        advertising or third-party tracking cookies.
      </p>
    ),
  },
  {
    id: "license",
    title: "License",
    body: (
      <p>
        We grant you a personal, revocable, non-exclusive and non-transferable license to use {productName} for managing support in the
        servers you administer. The software, the website and their content remain ours or our licensors'. Source code we publish under an
        open-source license is governed by that license.
      </p>
    ),
  },
  {
    id: "user-guidelines",
    title: "User Guidelines",
    body: (
      <>
        <p>When using {productName} you agree to follow these rules:</p>
        <ol className="rules">
          {userGuidelines.map((rule) => (
            <li key={rule}>{rule}</li>
          ))}
        </ol>
      </>
    ),
  },
  {
    id: "removal-of-links",
    title: "Removal of links",
    body: (
      <p>
        If you find a link on our website or in a panel message created with our service that is offensive or unlawful, contact us at{" "}
        <a href={`mailto:${siteConfig.contactEmail}`}>{siteConfig.contactEmail}</a>. We consider every request but are not obliged to remove
        links or to answer you directly. Server administrators are responsible for the content of their own panels.
      </p>
    ),
  },
  {
    id: "transcripts",
    title: "Transcripts",
    body: (
      <p>
        A transcript is a copy of a closed ticket, sent to the ticket creator when the ticket closes. Transcripts are stored on a private
        content network and can be viewed by their transcript id; share that id only with people who should read the conversation. Server
        administrators can disable the storage of closed tickets in the dashboard settings.
      </p>
    ),
  },
  {
    id: "purchases",
    title: "Purchases",
    body: (
      <>
        <p>
          Paid plans unlock premium features for a server. A lifetime subscription means a fixed period of {legalFigures.lifetimeYears}{" "}
          years from the date of purchase, not the lifetime of the service or of the purchaser.
        </p>
        <p>
          Refunds are handled case by case; write to us with your order details. A chargeback ends all services at once for the account and
          the servers it paid for.
        </p>
      </>
    ),
  },
  {
    id: "termination",
    title: "Termination",
    body: (
      <p>
        We may suspend or end your access to {productName}, with or without notice, if you break these terms or put other users or the
        service at risk. You may stop using the service at any time by removing the bot from your server and signing out of the dashboard.
      </p>
    ),
  },
  {
    id: "limited-liability",
    title: "Limited Liability",
    body: (
      <p>
        {productName} is provided "as is" and "as available", without warranties of any kind. To the fullest extent permitted by law we are
        not liable for any indirect, incidental or consequential damages, lost data or lost profits arising from your use of the service,
        including downtime of Discord or of our infrastructure.
      </p>
    ),
  },
];

export const termsContent: LegalContent = {
  intro: <p>These terms govern your use of the {productName} bot, its dashboard and this website. Please read them carefully.</p>,
  sections: termsSections,
};

/** The Spanish terms (same section ids): their own chunk, loaded only when Spanish is chosen. */
export const loadSpanishTerms = (): Promise<LegalContent> => import("./terms.es").then((m) => m.termsContentEs);

export default function TermsPage() {
  const t = useT();
  const { intro, sections } = useLocalized(termsContent, loadSpanishTerms);
  return <LegalDocument title={t("site.legal.terms.title", "Terms of Service")} intro={intro} sections={sections} />;
}
