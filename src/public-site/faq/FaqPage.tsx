import { useT } from "../../i18n/react";
import { ChevronDownIcon } from "../components/icons";
import { SitePage } from "../components/SitePage";
import { renderInline } from "../docs/inline";
import { fillNodes, useLocalized } from "../lib/localized";
import { faqGroups, type FaqGroup } from "./data";

/** The Spanish FAQ (same group ids): its own chunk, loaded only when Spanish is chosen. */
export const loadSpanishFaq = (): Promise<FaqGroup[]> => import("./data.es").then((m) => m.faqGroupsEs);

export default function FaqPage() {
  const t = useT();
  const groups = useLocalized(faqGroups, loadSpanishFaq);
  return (
    <SitePage
      current="faq"
      documentTitle={t("site.nav.faq", "FAQ")}
      eyebrow={t("site.faq.eyebrow", "Help")}
      title={t("site.faq.title", "Frequently asked questions")}
      lead={fillNodes(t("site.faq.lead", "Quick answers about setting up and running Ticketeer. Still stuck? Read the {docs}."), {
        docs: <a href="/docs">{t("site.faq.lead.docs", "documentation")}</a>,
      })}
    >
      <nav className="chip-row" aria-label={t("site.faq.topics", "Topics")}>
        {groups.map((group) => (
          <a key={group.id} className="chip" href={`#${group.id}`}>
            {group.title}
          </a>
        ))}
      </nav>
      {groups.map((group) => (
        <section key={group.id} id={group.id} className="faq-group" aria-labelledby={`${group.id}-title`}>
          <h2 id={`${group.id}-title`}>{group.title}</h2>
          {group.entries.map((entry) => (
            <details key={entry.question} className="faq-item">
              <summary>
                <span>{entry.question}</span>
                <ChevronDownIcon className="chevron" size={18} />
              </summary>
              <p>{renderInline(entry.answer)}</p>
            </details>
          ))}
        </section>
      ))}
    </SitePage>
  );
}
