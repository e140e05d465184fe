import { useTranslate, type I18nProvider } from "@refinedev/core";
import { useMemo } from "react";
import { changeLocale, getLocale, t, type Locale, type Params } from "./core";
import { type FixedTextName, specKeyOf, specTextKeys } from "./spec-texts";

/**
 * Refine's i18nProvider over the shared `t`: `translate(key, params, englishDefault)`. A new object per language,
 * so that every `useTranslate` re-renders on a switch.
 */
export function createI18nProvider(_locale: Locale): I18nProvider {
  return {
    translate: (key: string, options?: unknown, defaultMessage?: string) => {
      // refine also calls translate(key, defaultMessage)
      if (typeof options === "string" && defaultMessage === undefined) return t(key, options);
      return t(key, defaultMessage ?? key, (options ?? undefined) as Params | undefined);
    },
    changeLocale: (locale: string) => changeLocale(locale),
    getLocale,
  };
}

/** The dashboard's translate: `tr(key, englishFallback, params?)`, through Refine's useTranslate. */
export function useTr(): (key: string, fallback: string, params?: Params) => string {
  const translate = useTranslate();
  return useMemo(() => (key: string, fallback: string, params?: Params) => translate(key, params ?? {}, fallback), [translate]);
}

/** The dashboard's translate of the contract's fixed texts by key: spec(teamMessages, "pageName") (see ./spec-texts). */
export function useSpecT(): <G extends Readonly<Record<string, unknown>>>(group: G, name: FixedTextName<G>) => string {
  const translate = useTranslate();
  return useMemo(
    () =>
      <G extends Readonly<Record<string, unknown>>>(group: G, name: FixedTextName<G>) =>
        translate(specKeyOf(group, name), {}, group[name] as string),
    [translate],
  );
}

/**
 * The dashboard's translate of a text that arrived as English (an API answer, a zod message): a spec text by its
 * words, anything else as it is — the one exception to keys (./spec-texts).
 */
export function useSpecText(): (text: string) => string {
  const translate = useTranslate();
  return useMemo(
    () => (text: string) => {
      const key = specTextKeys.get(text);
      return key ? translate(key, {}, text) : text;
    },
    [translate],
  );
}
