import { useEffect } from "react";
import { productName } from "../../schemas/messages";

// The <title> of each public page: written into the prerendered HTML (routes.ts) in English, and set again by the
// page on the client so that it follows the language on screen. Both go through these builders, so the English
// title set on hydration is the prerendered one.

export const pageTitle = (name: string) => `${name} · ${productName}`;
export const docsTitle = (name: string, docs: string) => pageTitle(`${name} · ${docs}`);
export const landingTitle = (headline: string) => `${productName} — ${headline}`;

/** Keeps document.title at `title` (client only: effects do not run while prerendering). */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    document.title = title;
  }, [title]);
}
