import { AsyncLocalStorage } from "node:async_hooks";
import type { BotLanguage } from "../../src/schemas/settings";

// The language the bot speaks while it handles one interaction or one server's scheduled work: the
// server's BotLanguage setting, else the interaction's guild_locale (Discord's "community locale"), else English.
// Held for the duration of the step in an AsyncLocalStorage, so every text of the catalogue (./texts.ts) — read
// deep in any step, after any await — comes out in that language without each step passing it along.

export type SpokenLanguage = "en" | "es";

const current = new AsyncLocalStorage<SpokenLanguage>();

/** The language of the step running now (English outside any). */
export const currentLanguage = (): SpokenLanguage => current.getStore() ?? "en";

/** Runs `work` with the bot speaking `language`. */
export const speaking = <T>(language: SpokenLanguage, work: () => T): T => current.run(language, work);

/** A Discord locale ("es-ES", "es-419", "en-US") as a language the catalogue has. */
export const languageOfLocale = (locale: unknown): SpokenLanguage =>
  typeof locale === "string" && locale.toLowerCase().startsWith("es") ? "es" : "en";

/** The server's choice (Settings → Bot language), or the locale Discord sent when the server left it on automatic. */
export const chooseLanguage = (setting: BotLanguage | null | undefined, guildLocale: unknown): SpokenLanguage =>
  setting === "en" || setting === "es" ? setting : languageOfLocale(guildLocale);
