import type { Config } from "../config";
import { sealedTokenColumns } from "../auth/sessions";
import type { Db } from "../db/schema";
import type { SecretBox } from "../transcripts/crypto";
import type { PlatformAdapter } from "./adapter";
import { DemoPlatform } from "./demo";
import { DiscordPlatform } from "./discord";

/** The adapter of the configuration: Discord when its three credentials are set, the demo platform otherwise. */
export function createPlatform(config: Config, db: Db, secrets: SecretBox): PlatformAdapter {
  if (!config.discord) return new DemoPlatform(db);
  return new DiscordPlatform({
    apiBase: config.discordApiBase,
    clientId: config.discord.clientId,
    clientSecret: config.discord.clientSecret,
    botToken: config.discord.botToken,
    onTokens: async (userId, tokens) => {
      await db
        .updateTable("users")
        .set({ ...sealedTokenColumns(secrets, userId, tokens), updated_at: Date.now() })
        .where("id", "=", userId)
        .execute();
    },
  });
}
