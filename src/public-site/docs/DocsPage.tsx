import { useT } from "../../i18n/react";
import { specT } from "../../i18n/spec-texts";
import { docsMessages } from "../../schemas/messages";
import { ArrowLeftIcon, ArrowRightIcon } from "../components/icons";
import { SiteLayout } from "../components/SiteLayout";
import { fillNodes, useLocalized } from "../lib/localized";
import { docSections } from "./content";
import { DocBlocks } from "./DocBlocks";
import type { DocSection } from "./schema";
import { ancestorIds, findSection, flattenSections, sectionHref, sectionIdFromPath, type FlatSection } from "./tree";
import { docsTitle, pageTitle, useDocumentTitle } from "../lib/page-title";

export interface DocsViewProps {
  sectionId: string | null;
  /** The sections to show; by default the shipped documentation in the language on screen. */
  sections?: DocSection[];
}

/** The Spanish documentation: its own chunk, loaded only when Spanish is chosen. */
export const loadSpanishDocs = (): Promise<DocSection[]> => import("./content.es").then((m) => m.docSectionsEs);

/** The shipped documentation in the language on screen (English until the Spanish chunk has loaded). */
export function useDocSections(): DocSection[] {
  return useLocalized(docSections, loadSpanishDocs);
}

/** /docs/{sectionId} (SPEC §2): numbered tree, the section, Previous/Next in flattened order. */
export function DocsView({ sectionId, sections: given }: DocsViewProps) {
  const t = useT();
  const shipped = useDocSections();
  const sections = given ?? shipped;
  const page = sectionId ? findSection(sections, sectionId) : null;
  const docs = t("site.nav.docs", "Docs");
  useDocumentTitle(
    sections.length === 0
      ? pageTitle(docs)
      : page
        ? docsTitle(`${page.current.number} ${page.current.section.title}`, docs)
        : docsTitle(specT(docsMessages, "sectionNotFound"), docs),
  );
  if (sections.length === 0) {
    return (
      <div className="container docs-empty">
        <p className="empty-state">{specT(docsMessages, "noSections")}</p>
      </div>
    );
  }
  const flat = flattenSections(sections);
  const open = new Set(page ? (ancestorIds(sections, page.current.section.id) ?? []) : []);
  return (
    <div className="container docs-layout">
      <aside className="docs-sidebar">
        <nav aria-label={t("site.docs.navigation", "Documentation")}>
          <p className="docs-sidebar-title">{t("site.docs.navigation", "Documentation")}</p>
          <SectionTree sections={sections} flat={flat} currentId={page?.current.section.id ?? null} open={open} />
        </nav>
      </aside>
      <article className="docs-content">
        {page ? (
          <>
            <header className="docs-header">
              <p className="docs-number">{t("site.docs.sectionNumber", "Section {number}", { number: page.current.number })}</p>
              <h1>
                <span className="docs-heading-number">{page.current.number}</span> {page.current.section.title}
              </h1>
              {page.current.section.description && <p className="docs-description">{page.current.section.description}</p>}
            </header>
            <div className="docs-body">
              <DocBlocks blocks={page.current.section.blocks} />
            </div>
            <nav className="docs-pager" aria-label={t("site.docs.pager", "Previous and next sections")}>
              {page.previous ? <PagerLink entry={page.previous} direction="previous" /> : <span />}
              {page.next ? <PagerLink entry={page.next} direction="next" /> : <span />}
            </nav>
          </>
        ) : (
          <div className="docs-not-found">
            <h1>{specT(docsMessages, "sectionNotFound")}</h1>
            <p>
              {fillNodes(
                t(
                  "site.docs.notFound.text",
                  "The page you are looking for does not exist. Start with {link} or pick a section from the list.",
                ),
                { link: <a href={sectionHref(sections[0].id)}>{sections[0].title}</a> },
              )}
            </p>
          </div>
        )}
      </article>
    </div>
  );
}

function SectionTree({
  sections,
  flat,
  currentId,
  open,
}: {
  sections: DocSection[];
  flat: FlatSection[];
  currentId: string | null;
  open: Set<string>;
}) {
  const numberOf = (id: string) => flat.find((entry) => entry.section.id === id)?.number ?? "";
  return (
    <ol className="docs-tree">
      {sections.map((section) => (
        <li key={section.id}>
          <a
            href={sectionHref(section.id)}
            aria-current={section.id === currentId ? "page" : undefined}
            className={open.has(section.id) && section.id !== currentId ? "in-trail" : undefined}
          >
            <span className="docs-tree-number">{numberOf(section.id)}</span> <span>{section.title}</span>
          </a>
          {section.children && section.children.length > 0 && (
            <SectionTree sections={section.children} flat={flat} currentId={currentId} open={open} />
          )}
        </li>
      ))}
    </ol>
  );
}

function PagerLink({ entry, direction }: { entry: FlatSection; direction: "previous" | "next" }) {
  const t = useT();
  const label = direction === "previous" ? t("site.docs.previous", "Previous") : t("site.docs.next", "Next");
  return (
    <a className={`pager-link pager-${direction}`} href={sectionHref(entry.section.id)} rel={direction === "previous" ? "prev" : "next"}>
      <span className="pager-label">
        {direction === "previous" && <ArrowLeftIcon size={16} />}
        {label}
        {direction === "next" && <ArrowRightIcon size={16} />}
      </span>
      <span className="pager-title">
        {entry.number} {entry.section.title}
      </span>
    </a>
  );
}

/** The docs page of a path: /docs/{sectionId}, or any other path as an unknown section. */
export default function DocsPage({ path }: { path: string }) {
  return (
    <SiteLayout current="docs">
      <DocsView sectionId={sectionIdFromPath(path)} />
    </SiteLayout>
  );
}
