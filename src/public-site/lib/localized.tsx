import { Fragment, useEffect, useState, type ReactNode } from "react";
import { useLocale } from "../../i18n/react";

// Long-form content (documentation, legal documents, FAQ) has an English module that ships with its page and a
// Spanish module of the same typed data, loaded with import() only once Spanish is on screen. The prerendered
// HTML and the hydration are English (useLocale answers "en" until then), so the first client render always
// matches the HTML; the Spanish version replaces it as soon as its chunk has loaded.

type Loader<T> = () => Promise<T>;

const loaded = new Map<Loader<unknown>, unknown>();
const loading = new Map<Loader<unknown>, Promise<unknown>>();

/** Loads (once) the Spanish module of a loader; later calls share the same promise and value. */
export function loadLocalized<T>(loader: Loader<T>): Promise<T> {
  if (loaded.has(loader)) return Promise.resolve(loaded.get(loader) as T);
  let promise = loading.get(loader) as Promise<T> | undefined;
  if (!promise) {
    promise = loader().then(
      (value) => {
        loaded.set(loader, value);
        loading.delete(loader);
        return value;
      },
      (error: unknown) => {
        loading.delete(loader);
        throw error;
      },
    );
    loading.set(loader, promise);
  }
  return promise;
}

/**
 * `english` while the language is English, during prerender and hydration, and until the Spanish version has
 * loaded; the Spanish version (from `loadSpanish`, a module-level function) once the language is Spanish.
 * A failed load keeps the English content.
 */
export function useLocalized<T>(english: T, loadSpanish: Loader<T>): T {
  const locale = useLocale();
  const [, setVersion] = useState(0);
  useEffect(() => {
    if (locale !== "es" || loaded.has(loadSpanish)) return;
    let alive = true;
    loadLocalized(loadSpanish).then(
      () => alive && setVersion((v) => v + 1),
      () => undefined,
    );
    return () => {
      alive = false;
    };
  }, [locale, loadSpanish]);
  return locale === "es" && loaded.has(loadSpanish) ? (loaded.get(loadSpanish) as T) : english;
}

/**
 * A translated sentence with React nodes in it: each `{name}` of `text` is replaced by nodes[name]
 * ("Start with {link} or pick a section" + a link element).
 */
export function fillNodes(text: string, nodes: Readonly<Record<string, ReactNode>>): ReactNode[] {
  return text.split(/(\{\w+\})/).map((part, index) => {
    const name = /^\{(\w+)\}$/.exec(part)?.[1];
    return <Fragment key={index}>{name !== undefined && name in nodes ? nodes[name] : part}</Fragment>;
  });
}
