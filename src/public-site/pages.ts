import type { ComponentType } from "react";
import type { PageId } from "./page-ids";

export type PageComponent = ComponentType<{ path: string }>;
type Loader = () => Promise<{ default: PageComponent }>;

/** One chunk per page, so the landing page downloads none of the docs, legal or reference content. */
export const pageLoaders: Record<Exclude<PageId, "docs-redirect">, Loader> = {
  landing: () => import("./pages/LandingPage"),
  docs: () => import("./docs/DocsPage"),
  tos: () => import("./legal/TermsPage"),
  privacy: () => import("./legal/PrivacyPage"),
  commands: () => import("./commands/CommandsPage"),
  status: () => import("./pages/StatusPage"),
  faq: () => import("./faq/FaqPage"),
};

/** The source module of each page, as named in Vite's manifest (the prerender preloads its chunk). */
export const pageModules: Record<Exclude<PageId, "docs-redirect">, string> = {
  landing: "src/public-site/pages/LandingPage.tsx",
  docs: "src/public-site/docs/DocsPage.tsx",
  tos: "src/public-site/legal/TermsPage.tsx",
  privacy: "src/public-site/legal/PrivacyPage.tsx",
  commands: "src/public-site/commands/CommandsPage.tsx",
  status: "src/public-site/pages/StatusPage.tsx",
  faq: "src/public-site/faq/FaqPage.tsx",
};
