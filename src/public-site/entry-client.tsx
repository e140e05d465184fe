import "./styles/site.css";
import { StrictMode } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { isPageId, pageForPath } from "./page-ids";
import { pageLoaders } from "./pages";
import { initI18n } from "../i18n/core";

// Every public page is prerendered (scripts/prerender.ts) into <div id="root" data-page="…">; this entry
// loads that page's chunk and hydrates it. Under `vite dev` the root is empty and the page is rendered.
async function start() {
  const root = document.getElementById("root");
  if (!root) return;
  const page = isPageId(root.dataset.page) ? root.dataset.page : pageForPath(location.pathname);
  if (page === "docs-redirect") {
    const [{ docSections }, { sectionHref }] = await Promise.all([import("./docs/content"), import("./docs/tree")]);
    if (docSections[0]) location.replace(sectionHref(docSections[0].id));
    return;
  }
  const { default: Page } = await pageLoaders[page]();
  const app = (
    <StrictMode>
      <Page path={location.pathname} />
    </StrictMode>
  );
  if (root.hasChildNodes()) hydrateRoot(root, app);
  else createRoot(root).render(app);
  // The prerendered HTML is English: a chosen language's dictionary loads now and the page re-renders.
  void initI18n();
}

void start();
