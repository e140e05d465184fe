import { useSyncExternalStore } from "react";
import { changeLocale, getLocale, t, subscribe, type Locale } from "./core";

const serverLocale = (): Locale => "en";

/** The language on screen; re-renders when it changes. Prerendered HTML and hydration are English. */
export function useLocale(): Locale {
  return useSyncExternalStore(subscribe, getLocale, serverLocale);
}

/** `t` that re-renders its component when the language changes (for code outside Refine: the public site). */
export function useT(): typeof t {
  useLocale();
  return t;
}

export { changeLocale };
