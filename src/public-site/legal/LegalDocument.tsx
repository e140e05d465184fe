import type { ReactNode } from "react";
import { useT } from "../../i18n/react";
import { SiteLayout } from "../components/SiteLayout";
import { PageHeader } from "../components/SitePage";
import { pageTitle, useDocumentTitle } from "../lib/page-title";

export interface LegalSection {
  id: string;
  title: string;
  body: ReactNode;
}

/** A legal document's text in one language: its introduction and its numbered sections. */
export interface LegalContent {
  intro: ReactNode;
  sections: LegalSection[];
}

export const legalLastUpdated = "1 June 2025";

/** A legal page: title, table of contents and numbered sections. */
export function LegalDocument({ title, intro, sections }: { title: string; intro: ReactNode; sections: LegalSection[] }) {
  const t = useT();
  useDocumentTitle(pageTitle(title));
  return (
    <SiteLayout>
      <div className="container legal-layout">
        <PageHeader
          eyebrow={t("site.legal.eyebrow", "Legal")}
          title={title}
          lead={t("site.legal.lastUpdated", "Last updated: {date}", { date: t("site.legal.lastUpdatedDate", legalLastUpdated) })}
          leadClassName="muted"
        />
        <div className="legal-grid">
          <nav className="legal-toc" aria-label={t("site.legal.onThisPage", "On this page")}>
            <p className="legal-toc-title">{t("site.legal.onThisPage", "On this page")}</p>
            <ol>
              {sections.map((section) => (
                <li key={section.id}>
                  <a href={`#${section.id}`}>{section.title}</a>
                </li>
              ))}
            </ol>
          </nav>
          <div className="legal-body prose">
            <div className="legal-intro">{intro}</div>
            {sections.map((section, index) => (
              <section key={section.id} id={section.id} aria-labelledby={`${section.id}-title`}>
                <h2 id={`${section.id}-title`}>
                  {index + 1}. {section.title}
                </h2>
                {section.body}
              </section>
            ))}
          </div>
        </div>
      </div>
    </SiteLayout>
  );
}
