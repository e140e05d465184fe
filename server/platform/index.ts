import type { Config } from "../config";
import type { Db } from "../db/schema";
import type { PlatformAdapter } from "./adapter";
import { DemoPlatform } from "./demo";
import { DiscordPlatform } from "./discord";

/** The adapter of the configuration: Discord when its three credentials are set, the demo platform otherwise. */
export function createPlatform(config: Config, db: Db): PlatformAdapter {
  if (!config.discord) return new DemoPlatform(db);
  return new DiscordPlatform({
    apiBase: config.discordApiBase,
    clientId: config.discord.clientId,
    clientSecret: config.discord.clientSecret,
    botToken: config.discord.botToken,
    onTokens: async (userId, tokens) => {
      await db
        .updateTable("users")
        .set({
          access_token: tokens.accessToken,
          refresh_token: tokens.refreshToken,
          token_expires_at: tokens.expiresAt,
          updated_at: Date.now(),
        })
        .where("id", "=", userId)
        .execute();
    },
  });
}
