// Translations without a framework: English is the fallback text at each call site (so every spec text stays
// word for word in the code), other languages are dictionaries keyed by stable keys, loaded only when chosen.
// Shared by the dashboard (through Refine's i18nProvider, see ./refine.ts) and the public site (./react.ts).

export type Dictionary = Readonly<Record<string, string>>;
export type Params = Readonly<Record<string, string | number>>;

/** The languages offered by the pickers, each named in its own language. */
export const languages = [
  { code: "en", label: "English" },
  { code: "es", label: "Español" },
] as const;
export type Locale = (typeof languages)[number]["code"];
export const defaultLocale: Locale = "en";
export const localeStorageKey = "lang";

/** Dictionaries other than English, each its own chunk: import() only when the language is chosen. */
const loaders: Record<Exclude<Locale, "en">, () => Promise<{ default: Dictionary }>> = {
  es: () => import("./locales/es"),
};

export const isLocale = (value: unknown): value is Locale => languages.some((l) => l.code === value);

/** Replaces `{name}` with params.name; unknown placeholders are left as they are. */
export function interpolate(text: string, params?: Params): string {
  if (!params) return text;
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}

let locale: Locale = defaultLocale;
let dictionary: Dictionary = {};
const listeners = new Set<() => void>();

/**
 * The text for `key` in the current language; the English `fallback` when the language is English or the key
 * has no translation. `{name}` placeholders are filled from params in both.
 */
export function t(key: string, fallback: string, params?: Params): string {
  return interpolate(dictionary[key] ?? fallback, params);
}

/** The language whose dictionary is loaded (the one on screen). */
export const getLocale = (): Locale => locale;

export function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The language the visitor chose before, else the browser's when it is Spanish, else English. */
export function preferredLocale(): Locale {
  try {
    const stored = localStorage.getItem(localeStorageKey);
    if (isLocale(stored)) return stored;
  } catch {
    // storage blocked: fall through
  }
  const nav = typeof navigator !== "undefined" ? navigator.language : "";
  return nav?.toLowerCase().startsWith("es") ? "es" : defaultLocale;
}

let pending: Promise<void> | null = null;

/** Loads the language's dictionary, switches to it, remembers it and sets `<html lang>`. */
export async function changeLocale(next: string, options: { persist?: boolean } = {}): Promise<void> {
  const target: Locale = isLocale(next) ? next : defaultLocale;
  const load = async () => {
    const dict = target === "en" ? {} : (await loaders[target]()).default;
    locale = target;
    dictionary = dict;
    if (options.persist !== false) {
      try {
        localStorage.setItem(localeStorageKey, target);
      } catch {
        // not remembered; still switched
      }
    }
    if (typeof document !== "undefined") document.documentElement.lang = target;
    listeners.forEach((listener) => listener());
  };
  pending = (pending ?? Promise.resolve()).then(load, load);
  return pending;
}

/** At start-up: switch to the preferred language when it is not English (without re-saving the choice). */
export function initI18n(): Promise<void> {
  const preferred = preferredLocale();
  if (preferred === locale) {
    if (typeof document !== "undefined") document.documentElement.lang = locale;
    return Promise.resolve();
  }
  return changeLocale(preferred, { persist: false });
}
