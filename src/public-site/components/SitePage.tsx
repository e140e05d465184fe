import type { ReactNode } from "react";
import { pageTitle, useDocumentTitle } from "../lib/page-title";
import { SiteLayout, type NavKey } from "./SiteLayout";

/** The heading of a site page: a plain eyebrow, the title and a lead paragraph (a section lead unless told). */
export function PageHeader({
  eyebrow,
  title,
  lead,
  leadClassName = "section-lead",
}: {
  eyebrow: string;
  title: string;
  lead: ReactNode;
  leadClassName?: string;
}) {
  return (
    <header className="page-header">
      <p className="eyebrow eyebrow-plain">{eyebrow}</p>
      <h1>{title}</h1>
      <p className={leadClassName}>{lead}</p>
    </header>
  );
}

/**
 * A site page with the common frame: the document title, the site layout (its nav item marked current), the page
 * container (narrow unless told) with the page heading, and what follows the container (`after`).
 */
export function SitePage({
  current,
  documentTitle,
  wide = false,
  after,
  children,
  ...header
}: Parameters<typeof PageHeader>[0] & {
  current: NavKey;
  documentTitle: string;
  wide?: boolean;
  after?: ReactNode;
  children: ReactNode;
}) {
  useDocumentTitle(pageTitle(documentTitle));
  return (
    <SiteLayout current={current}>
      <div className={wide ? "container page" : "container page page-narrow"}>
        <PageHeader {...header} />
        {children}
      </div>
      {after}
    </SiteLayout>
  );
}
