import type { Db } from "../../db/schema";
import { readGuildSettings } from "../../settings/store";
import { chooseLanguage, speaking } from "../../tickets/language";

/**
 * Runs a dashboard step with the bot speaking the server's language (Settings → Bot language), as Discord's
 * interactions do: what the step makes the bot say — a notice in the channel, the closing DM, the step's answer —
 * and the refusals it compares are in one language. A dashboard request carries no Discord locale, so "automatic"
 * speaks English.
 */
export async function inBotLanguage<T>(db: Db, guildId: string, work: () => Promise<T>): Promise<T> {
  const setting = (await readGuildSettings(db, guildId).catch(() => null))?.settings.BotLanguage;
  return speaking(chooseLanguage(setting, null), work);
}
