import { readFileSync } from "node:fs";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { changeLocale, getLocale, initI18n, interpolate, localeStorageKey, preferredLocale, subscribe, t } from "../../../src/i18n/core";
import { createI18nProvider } from "../../../src/i18n/refine";
import es from "../../../src/i18n/locales/es";
import { frameMessages } from "../../../src/schemas/messages";

const setNavigatorLanguage = (value: string) => Object.defineProperty(navigator, "language", { value, configurable: true });

beforeEach(() => localStorage.clear());
afterEach(async () => {
  await changeLocale("en");
  localStorage.clear();
  setNavigatorLanguage("en-US");
});

describe("t", () => {
  it("is the English fallback, word for word, while English is on", () => {
    expect(getLocale()).toBe("en");
    expect(t("spec.frame.servers", frameMessages.servers)).toBe("Servers");
    expect(t("spec.frame.navigation", frameMessages.navigation)).toBe("Navigation");
  });

  it("fills {placeholders} in English and in the translation", async () => {
    expect(t("shell.error.failedToFetchPage", "Failed to fetch {page} page", { page: "Tags" })).toBe("Failed to fetch Tags page");
    await changeLocale("es");
    expect(t("shell.error.failedToFetchPage", "Failed to fetch {page} page", { page: "Tags" })).toBe("No se pudo cargar la página Tags");
    expect(interpolate("{a} and {b}", { a: 1 })).toBe("1 and {b}");
  });

  it("falls back to English for a key the dictionary lacks", async () => {
    await changeLocale("es");
    expect(t("no.such.key", "Plain English")).toBe("Plain English");
    expect(t("spec.frame.servers", frameMessages.servers)).toBe("Servidores");
  });
});

describe("changeLocale", () => {
  it("persists the choice, sets <html lang> and notifies subscribers", async () => {
    let calls = 0;
    const off = subscribe(() => calls++);
    await changeLocale("es");
    expect(localStorage.getItem(localeStorageKey)).toBe("es");
    expect(document.documentElement.lang).toBe("es");
    expect(getLocale()).toBe("es");
    await changeLocale("en");
    expect(localStorage.getItem(localeStorageKey)).toBe("en");
    expect(document.documentElement.lang).toBe("en");
    expect(calls).toBe(2);
    off();
  });

  it("treats an unknown language as English", async () => {
    await changeLocale("xx");
    expect(getLocale()).toBe("en");
  });

  it("loads the Spanish dictionary lazily: nothing imports it statically", () => {
    for (const file of ["src/i18n/core.ts", "src/i18n/react.ts", "src/i18n/refine.ts", "src/i18n/LanguageSelect.tsx"]) {
      const source = readFileSync(file, "utf8");
      expect(source).not.toMatch(/^import[^;]*locales\//m);
    }
    expect(readFileSync("src/i18n/core.ts", "utf8")).toContain('import("./locales/es")');
  });
});

describe("preferred language", () => {
  it("is the stored one, else Spanish for a Spanish browser, else English", () => {
    setNavigatorLanguage("es-MX");
    expect(preferredLocale()).toBe("es");
    setNavigatorLanguage("de-DE");
    expect(preferredLocale()).toBe("en");
    localStorage.setItem(localeStorageKey, "es");
    expect(preferredLocale()).toBe("es");
  });

  it("initI18n switches to it without saving it as a choice", async () => {
    setNavigatorLanguage("es-ES");
    await initI18n();
    expect(getLocale()).toBe("es");
    expect(document.documentElement.lang).toBe("es");
    expect(localStorage.getItem(localeStorageKey)).toBeNull();
  });
});

describe("Refine's i18nProvider", () => {
  it("translates with refine's two signatures and switches through changeLocale", async () => {
    const provider = createI18nProvider("en");
    expect(provider.translate("buttons.save", undefined, "Save")).toBe("Save");
    expect(provider.translate("buttons.save", "Save")).toBe("Save");
    expect(provider.translate("shell.error.failedToFetchPage", { page: "Tags" }, "Failed to fetch {page} page")).toBe(
      "Failed to fetch Tags page",
    );
    await provider.changeLocale("es");
    expect(provider.getLocale()).toBe("es");
    expect(provider.translate("spec.auth.signOut", {}, "Sign Out")).toBe("Cerrar sesión");
    expect(es["spec.auth.signOut"]).toBe("Cerrar sesión");
  });
});
