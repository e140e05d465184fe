import { botPermissions, type BotPermissionKey } from "../../src/schemas/bot-permissions";
import type { BotProblem } from "../../src/schemas/bot-setup";
import { recordBotProblem } from "../bot-setup/problems";
import type { Db } from "../db/schema";
import { PlatformRefusedError } from "../errors";
import { botTexts } from "./texts";

// When Discord says no to an action of the bot: what the member reads (in place of "something went wrong") and what
// the owner sees on Bot setup. Discord's 50013 does not say which permission was missing, so the engine asks the
// platform which of the permissions the action needs the bot lacks where it acted (`diagnose`), and records each.

/** What the bot was doing when Discord refused. */
export type BotAction = "open" | "rename" | "overwrites" | "send" | "read" | "delete";

/** The permissions each action needs where it acts (Discord's docs for each route). */
export const actionNeeds: Record<BotAction, BotPermissionKey[]> = {
  // Creating a channel needs Manage Channels, and every permission its overwrites allow or deny.
  open: ["ViewChannel", "ManageChannels", "SendMessages", "EmbedLinks", "AttachFiles", "ReadMessageHistory"],
  rename: ["ViewChannel", "ManageChannels"],
  overwrites: ["ViewChannel", "ManageRoles", "SendMessages", "EmbedLinks", "AttachFiles", "ReadMessageHistory"],
  send: ["ViewChannel", "SendMessages", "EmbedLinks"],
  read: ["ViewChannel", "ReadMessageHistory"],
  delete: ["ViewChannel", "ManageChannels"],
};

/** Where the action happened, for the owner. */
export interface RefusalPlace {
  channelId: string | null;
  channelName: string | null;
  /** The channel is a category (a ticket category) rather than a channel. */
  isCategory: boolean;
  purpose: "panel" | "tickets" | "archive" | null;
  panelName: string | null;
}

/** Which of `needed` the bot lacks server-wide, and which only where it acted (channelId; null: server-wide). */
export type DiagnoseMissing = (guildId: string, channelId: string | null, needed: BotPermissionKey[]) => Promise<{ server: BotPermissionKey[]; here: BotPermissionKey[] }>;

/** "about 9 minutes", "about 40 seconds", "about 3 hours" (in the bot's language). */
export function waitText(ms: number): string {
  const seconds = Math.max(1, Math.ceil(ms / 1000));
  if (seconds < 90) return botTexts.aboutSeconds(seconds);
  const minutes = Math.round(seconds / 60);
  if (minutes < 120) return botTexts.aboutMinutes(minutes);
  return botTexts.aboutHours(Math.round(minutes / 60));
}

/** The member's answer to a refusal of Discord; records what the owner should see. Null: not a refusal we explain. */
export async function explainRefusal(
  deps: { db: Db; diagnose?: DiagnoseMissing },
  guildId: string,
  action: BotAction,
  error: unknown,
  place: RefusalPlace,
): Promise<string | null> {
  if (!(error instanceof PlatformRefusedError)) return null;
  switch (error.reason) {
    case "rateLimited":
    case "backingOff": {
      const wait = waitText(error.retryAfterMs ?? 60_000);
      if (error.reason === "backingOff") return botTexts.backingOff(wait);
      return action === "rename" ? botTexts.renameRateLimited(wait) : botTexts.rateLimited(wait);
    }
    case "categoryFull":
    case "serverFull":
      // The opening step handles these itself (overflow category, then the member is told).
      return error.reason === "categoryFull" ? botTexts.categoryFull : botTexts.serverFull;
    case "missingPermission": {
      const found = (await deps.diagnose?.(guildId, place.channelId, actionNeeds[action]).catch(() => undefined)) ?? { server: [], here: [] };
      const record = (permission: BotPermissionKey, serverWide: boolean) => {
        const problem: BotProblem = {
          kind: "missingPermission",
          permission,
          scope: serverWide || place.channelId === null ? "server" : place.isCategory ? "category" : "channel",
          channelId: serverWide ? null : place.channelId,
          channelName: serverWide ? null : place.channelName,
          purpose: serverWide ? null : place.purpose,
          panelName: place.panelName,
          seenAt: null,
        };
        return recordBotProblem(deps.db, guildId, problem).catch(() => undefined);
      };
      for (const permission of found.server) await record(permission, true);
      for (const permission of found.here) await record(permission, false);
      return botTexts.missingPermission(action, [...found.server, ...found.here].map((key) => botPermissions[key].discordName));
    }
  }
}
