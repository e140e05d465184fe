import type { Config } from "../config";
import type { SessionCache } from "../auth/session-cache";
import { storeUserTokens } from "../auth/sessions";
import type { Db } from "../db/schema";
import type { SecretBox } from "../transcripts/crypto";
import type { PlatformAdapter } from "./adapter";
import { DemoPlatform } from "./demo";
import { DiscordPlatform } from "./discord";

/** The adapter of the configuration: Discord when its three credentials are set, the demo platform otherwise. */
export function createPlatform(config: Config, db: Db, secrets: SecretBox, sessionCache: SessionCache): PlatformAdapter {
  if (!config.discord) return new DemoPlatform(db);
  return new DiscordPlatform({
    apiBase: config.discordApiBase,
    clientId: config.discord.clientId,
    clientSecret: config.discord.clientSecret,
    botToken: config.discord.botToken,
    restProxy: config.discordRestProxy ?? undefined,
    invalidRequestLimit: config.discordInvalidRequestLimit,
    onTokens: (userId, tokens) => storeUserTokens(db, secrets, sessionCache, userId, tokens),
  });
}
