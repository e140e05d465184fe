import type { NavigationState } from "../schemas/navigation-state";

// The dashboard and the public site are separate bundles, so leaving the dashboard is a full page load.
// "Going home with a notice" writes the notice into the history entry of "/" and reloads: the landing page
// reads history.state (src/schemas/navigation-state.ts), shows its toast and clears the state.
//
// Every browser side effect of the providers goes through one `Navigation` object, so tests inject a fake
// and assert what would have happened.

export type HomeNotice = keyof NavigationState;

export interface Navigation {
  /** Full page load of "/" carrying an optional notice for the landing page. */
  goHome(notice?: HomeNotice): void;
  /** Full page load of another URL (the login URL, a public page). */
  assign(url: string): void;
  /** Changes the address bar without loading (removing ?token=, landing on the post-login path). */
  replaceUrl(url: string): void;
}

type BrowserWindow = {
  history: Pick<History, "pushState" | "replaceState" | "state">;
  location: Pick<Location, "assign" | "reload">;
};

/** The real browser's navigation (a window-like object can be passed in tests). */
export function createBrowserNavigation(win: BrowserWindow = window): Navigation {
  let leaving = false;
  return {
    goHome(notice) {
      // Several failing calls may ask at once; the first one wins, the page is unloading anyway.
      if (leaving) return;
      leaving = true;
      const state: NavigationState = notice ? { [notice]: true } : {};
      win.history.pushState(state, "", "/");
      win.location.reload();
    },
    assign(url) {
      if (leaving) return;
      leaving = true;
      win.location.assign(url);
    },
    replaceUrl(url) {
      win.history.replaceState(win.history.state, "", url);
    },
  };
}

export const browserNavigation: Navigation =
  typeof window === "undefined" ? { goHome: () => {}, assign: () => {}, replaceUrl: () => {} } : createBrowserNavigation();

/** Paths served by the public site's bundle; everything else belongs to the dashboard. */
export function isPublicPath(pathname: string): boolean {
  return pathname === "/" || /^\/(docs|legal)(\/|$)/.test(pathname) || /^\/(commands|status|faq)\/?$/.test(pathname);
}
