import "./styles/site.css";
import { StrictMode, startTransition } from "react";
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
  // Hydrating in a transition lets React yield to the browser every few milliseconds instead of holding the main
  // thread for the whole page (one long task on a phone: the landing page's total blocking time). The prerendered
  // HTML is already on screen, so nothing waits for it; a click before hydration is replayed by React.
  if (root.hasChildNodes()) startTransition(() => void hydrateRoot(root, app));
  else createRoot(root).render(app);
  // The prerendered HTML is English: a chosen language's dictionary loads now and the page re-renders.
  void initI18n();
}

void start();
