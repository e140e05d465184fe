import { ApplicationFlags, GatewayIntentBits } from "discord-api-types/v10";
import type { Db } from "../db/schema";

// What Bot setup says about the gateway (DISCORD_GATEWAY=1, server/gateway/): Discord closes a connection that asks
// for a privileged intent the application has not enabled in the developer portal with 4014, without saying which.
// The gateway stores the refusal with the intents it asked for (gateway_shards); Bot setup compares them with the
// application's flags to name the missing ones. Meanwhile the bot works without the gateway, polling as before.

/** The privileged intents the bot may ask for, by the name Bot setup uses for them. */
export const PRIVILEGED_INTENTS = {
  guildMembers: GatewayIntentBits.GuildMembers,
  messageContent: GatewayIntentBits.MessageContent,
} as const;
export type PrivilegedIntent = keyof typeof PRIVILEGED_INTENTS;

/** Either flag enables an intent (the second is the one of bots in under 100 servers). */
const ENABLING_FLAGS: Record<PrivilegedIntent, number> = {
  guildMembers: ApplicationFlags.GatewayGuildMembers | ApplicationFlags.GatewayGuildMembersLimited,
  messageContent: ApplicationFlags.GatewayMessageContent | ApplicationFlags.GatewayMessageContentLimited,
};

/** Discord's close code for a privileged intent the application is not allowed. */
export const DISALLOWED_INTENTS = 4014;

/** The privileged intents among `intents`, by name. */
export const privilegedIn = (intents: number): PrivilegedIntent[] =>
  (Object.keys(PRIVILEGED_INTENTS) as PrivilegedIntent[]).filter((name) => (intents & PRIVILEGED_INTENTS[name]) !== 0);

/** The privileged intents among `intents` that the application's flags do not enable. */
export const notEnabled = (intents: number, applicationFlags: number): PrivilegedIntent[] =>
  privilegedIn(intents).filter((name) => (applicationFlags & ENABLING_FLAGS[name]) === 0);

/**
 * The privileged intents of a refused identify that the application's flags do not enable; all of those asked for when
 * the flags enable them all (flags read a moment ago may predate a change in the portal).
 */
export function missingIntents(refusedIntents: number, applicationFlags: number): PrivilegedIntent[] {
  const missing = notEnabled(refusedIntents, applicationFlags);
  return missing.length > 0 ? missing : privilegedIn(refusedIntents);
}

/** The gateway's standing refusal for disallowed intents (the newest of its shards'), or null. */
export async function disallowedIntentsRefusal(db: Db): Promise<{ intents: number; at: number } | null> {
  const row = await db
    .selectFrom("gateway_shards")
    .select(["refused_intents", "refused_at"])
    .where("refused_code", "=", DISALLOWED_INTENTS)
    .orderBy("refused_at", "desc")
    .limit(1)
    .executeTakeFirst();
  return row ? { intents: Number(row.refused_intents ?? 0), at: Number(row.refused_at ?? 0) } : null;
}
