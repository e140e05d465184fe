import { type BotPermissionKey, missingPermissions } from "../../src/schemas/bot-permissions";
import type { PlatformAdapter } from "../platform/adapter";

// Discord's 50013 "Missing Permissions" does not say which permission: compare what the refused action needs with
// what the bot holds (Bot setup's facts, read fresh) — server-wide first, then in the channel or category it acted in.

export interface MissingHere {
  /** Missing from the bot's roles: the fix is server-wide. */
  server: BotPermissionKey[];
  /** Held server-wide but taken away where it acted (an overwrite of the channel or its category). */
  here: BotPermissionKey[];
}

export async function diagnoseMissing(
  platform: PlatformAdapter,
  guildId: string,
  channelId: string | null,
  needed: BotPermissionKey[],
): Promise<MissingHere> {
  // Read after the refusal: refusals met at once share one read.
  const facts = await platform.botSetupFacts(guildId, { readAfter: Date.now() });
  const server = missingPermissions(facts.serverPermissions, needed);
  const channel = channelId === null ? undefined : facts.channels.find((c) => c.id === channelId);
  const here = channel ? missingPermissions(channel.permissions, needed).filter((key) => !server.includes(key)) : [];
  return { server, here };
}
