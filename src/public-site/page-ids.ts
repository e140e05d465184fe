/** The pages of the public site; each prerendered file names its page in <div id="root" data-page>. */
export type PageId = "landing" | "docs" | "docs-redirect" | "tos" | "privacy" | "commands" | "status" | "faq";

export const pageIds: PageId[] = ["landing", "docs", "docs-redirect", "tos", "privacy", "commands", "status", "faq"];

export const isPageId = (value: unknown): value is PageId => typeof value === "string" && (pageIds as string[]).includes(value);

/** The page of a path, for the dev server (prerendered files say it in data-page). */
export function pageForPath(pathname: string): PageId {
  const path = pathname.replace(/\/index\.html$/, "").replace(/(.)\/$/, "$1");
  if (path === "/" || path === "" || path === "/site.html") return "landing";
  if (path === "/docs") return "docs-redirect";
  if (path.startsWith("/docs/")) return "docs";
  if (path === "/legal/tos") return "tos";
  if (path === "/legal/privacy") return "privacy";
  if (path === "/commands") return "commands";
  if (path === "/status") return "status";
  if (path === "/faq") return "faq";
  return "landing";
}
