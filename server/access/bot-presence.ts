import type { FastifyInstance } from "fastify";
import { PlatformNotFoundError } from "../errors";

// Discord mode: a guild route answers only for guilds the bot is in. The bot's guild list is cached by the
// adapter; a guild missing from it is looked up once, and a failed look-up is remembered for a minute, so one
// owner reloading a page for a guild without the bot cannot spend the bot's rate limit.

const NEGATIVE_TTL_MS = 60_000;
const MAX_REMEMBERED = 5000;
const absent = new Map<string, number>();

export async function botIsIn(app: FastifyInstance, guildId: string, now = Date.now()): Promise<boolean> {
  if (app.platform.kind !== "discord") return true;
  if ((await app.platform.listBotGuilds()).some((g) => g.id === guildId)) return true;
  const until = absent.get(guildId);
  if (until !== undefined && until > now) return false;
  try {
    await app.platform.getGuild(guildId);
    absent.delete(guildId);
    return true;
  } catch (error) {
    if (!(error instanceof PlatformNotFoundError)) throw error;
    if (absent.size >= MAX_REMEMBERED) absent.delete(absent.keys().next().value!);
    absent.set(guildId, now + NEGATIVE_TTL_MS);
    return false;
  }
}
