import { GatewayIntentBits } from "discord-api-types/v10";
import { PRIVILEGED_INTENTS } from "../bot-setup/gateway";
import type { Db } from "../db/schema";

// The intents the gateway identifies with: exactly what the features need, nothing more (gateway.mdx, "Gateway
// Intents"). GUILDS (channels and threads deleted, the bot added to or removed from a server), GUILD_MESSAGES and
// MESSAGE_CONTENT (a ticket's conversation as it happens; without Message Content members' words arrive blank),
// DIRECT_MESSAGES (DM tickets), and GUILD_MEMBERS — privileged, so only while some server closes tickets when their
// opener leaves. A change of what is wanted needs a new IDENTIFY (docs/decisions/011-gateway.md): adding GUILD_MEMBERS
// re-identifies the shards within a minute; dropping it waits for the next identify (a restart), so a setting turned
// off and on again does not spend identifies.

export const FEATURE_INTENTS =
  GatewayIntentBits.Guilds | GatewayIntentBits.GuildMessages | GatewayIntentBits.MessageContent | GatewayIntentBits.DirectMessages;

/** Whether some server has "close when the member leaves" on (the settings' JSON as JSON.stringify writes it). */
export async function closeOnLeaveWanted(db: Db): Promise<boolean> {
  const row = await db
    .selectFrom("guild_settings")
    .select("guild_id")
    .where("data_json", "like", '%"CloseOnUserLeave":true%')
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** The intents to identify with now. */
export async function wantedIntents(db: Db): Promise<number> {
  return FEATURE_INTENTS | ((await closeOnLeaveWanted(db)) ? GatewayIntentBits.GuildMembers : 0);
}

/** Whether a set of intents includes a privileged one (so the application's flags decide whether Discord allows it). */
export const hasPrivileged = (intents: number) => Object.values(PRIVILEGED_INTENTS).some((bit) => (intents & bit) !== 0);
