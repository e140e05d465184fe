import type { FastifyInstance, FastifyRequest } from "fastify";
import type { TicketSettings } from "../../../src/schemas/settings";
import { guildIdOf } from "../../access/guard";
import { chooseLanguage, speaking } from "../../discord/language";
import { readGuildSettings } from "../../settings/store";

const requestSettings = new WeakMap<FastifyRequest, Promise<TicketSettings>>();

/**
 * The server's settings for one dashboard request, read once whoever asks: the bot's language, the panels the caller
 * may see (TranscriptsPanelPermission) and the step the route runs.
 */
export function settingsOfRequest(app: FastifyInstance, request: FastifyRequest): Promise<TicketSettings> {
  let settings = requestSettings.get(request);
  if (!settings) {
    settings = readGuildSettings(app.db, guildIdOf(request)).then((read) => read.settings);
    requestSettings.set(request, settings);
  }
  return settings;
}

/**
 * Runs a dashboard step with the bot speaking the server's language (Settings → Bot language), as Discord's
 * interactions do: what the step makes the bot say — a notice in the channel, the closing DM — and the step's answer
 * to the dashboard are in one language. A dashboard request carries no Discord locale, so "automatic" speaks English.
 * The settings go on to the step, which reads them no more.
 */
export async function inBotLanguage<T>(
  app: FastifyInstance,
  request: FastifyRequest,
  work: (settings: TicketSettings) => Promise<T>,
): Promise<T> {
  const settings = await settingsOfRequest(app, request);
  return speaking(chooseLanguage(settings.BotLanguage, null), () => work(settings));
}
