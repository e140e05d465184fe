import { StrictMode } from "react";
import { renderToString } from "react-dom/server";
import { docSections } from "./docs/content";
import { docSectionsSchema } from "./docs/schema";
import { pageLoaders, pageModules } from "./pages";
import type { PrerenderRoute } from "./routes";

// The prerender entry: built by Vite in SSR mode and driven by scripts/prerender.ts.
export { prerenderRoutes } from "./routes";
export { pageModules };

/** Fails the build when the documentation content does not match its schema. */
export function validateContent() {
  docSectionsSchema.parse(docSections);
}

/** The HTML of a page's root element for a route. */
export async function renderRoute(route: PrerenderRoute): Promise<string> {
  if (route.page === "docs-redirect") {
    const target = route.redirectTo ?? "/";
    return renderToString(
      <main className="redirect-notice">
        <p>
          Redirecting to <a href={target}>the documentation</a>…
        </p>
      </main>,
    );
  }
  const { default: Page } = await pageLoaders[route.page]();
  return renderToString(
    <StrictMode>
      <Page path={route.path} />
    </StrictMode>,
  );
}
