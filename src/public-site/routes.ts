import { docsMessages, productName } from "../schemas/messages";
import { docsTitle, landingTitle, pageTitle as title } from "./lib/page-title";
import { docSections } from "./docs/content";
import { firstSectionId, flattenSections, sectionHref } from "./docs/tree";
import { hero } from "./pages/landing-content";

import type { PageId } from "./page-ids";

export interface PrerenderRoute {
  /** The path the page is rendered for. */
  path: string;
  /** Where the HTML goes, relative to dist/. */
  file: string;
  page: PageId;
  title: string;
  description: string;
  /** Pages without client JavaScript (the /docs redirect). */
  static?: boolean;
  /** The /docs redirect's target. */
  redirectTo?: string;
}

/** Served by the server for any /docs/{sectionId} without a file of its own. */
export const sectionNotFoundPath = "/docs/__section-not-found";

export function prerenderRoutes(): PrerenderRoute[] {
  const first = firstSectionId(docSections);
  // With no sections at all, /docs shows 'No documentation sections found!' instead of redirecting.
  const docsIndex: PrerenderRoute = first
    ? {
        path: "/docs",
        file: "docs/index.html",
        page: "docs-redirect",
        title: title("Docs"),
        description: `${productName} documentation.`,
        static: true,
        redirectTo: sectionHref(first),
      }
    : { path: "/docs", file: "docs/index.html", page: "docs", title: title("Docs"), description: `${productName} documentation.` };
  const docs = flattenSections(docSections).map(({ section, number }): PrerenderRoute => ({
    path: sectionHref(section.id),
    file: `docs/${section.id}/index.html`,
    page: "docs",
    title: docsTitle(`${number} ${section.title}`, "Docs"),
    description: section.description ?? `${section.title} — ${productName} documentation.`,
  }));
  return [
    { path: "/", file: "index.html", page: "landing", title: landingTitle(hero.headline), description: hero.tagline },
    docsIndex,
    ...docs,
    {
      path: sectionNotFoundPath,
      file: "docs/__section-not-found/index.html",
      page: "docs",
      title: docsTitle(docsMessages.sectionNotFound, "Docs"),
      description: `${productName} documentation.`,
    },
    {
      path: "/legal/tos",
      file: "legal/tos/index.html",
      page: "tos",
      title: title("Terms of Service"),
      description: `The terms of service of ${productName}.`,
    },
    {
      path: "/legal/privacy",
      file: "legal/privacy/index.html",
      page: "privacy",
      title: title("Privacy Policy"),
      description: `How ${productName} handles your data.`,
    },
    {
      path: "/commands",
      file: "commands/index.html",
      page: "commands",
      title: title("Commands"),
      description: `Every slash command of the ${productName} bot.`,
    },
    {
      path: "/status",
      file: "status/index.html",
      page: "status",
      title: title("Status"),
      description: `Live status of the ${productName} API.`,
    },
    {
      path: "/faq",
      file: "faq/index.html",
      page: "faq",
      title: title("FAQ"),
      description: `Frequently asked questions about ${productName}.`,
    },
  ];
}
