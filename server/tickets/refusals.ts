import type { BotPermissionKey } from "../../src/schemas/bot-permissions";
import type { BotProblem } from "../../src/schemas/bot-setup";
import { recordBotProblem } from "../bot-setup/problems";
import type { Db } from "../db/schema";
import { PlatformRefusedError } from "../errors";
import type { BotAction, Refusal } from "./outcomes";

// When Discord says no to an action of the bot: the refusal the member is told of (in place of "something went
// wrong") and what the owner sees on Bot setup. Discord's 50013 does not say which permission was missing, so the
// engine asks the platform which of the permissions the action needs the bot lacks where it acted (`diagnose`), and
// records each.

/** The permissions each action needs where it acts (Discord's docs for each route). */
export const actionNeeds: Record<BotAction, BotPermissionKey[]> = {
  // Creating a channel needs Manage Channels, and every permission its overwrites allow or deny.
  open: ["ViewChannel", "ManageChannels", "SendMessages", "EmbedLinks", "AttachFiles", "ReadMessageHistory"],
  rename: ["ViewChannel", "ManageChannels"],
  overwrites: ["ViewChannel", "ManageRoles", "SendMessages", "EmbedLinks", "AttachFiles", "ReadMessageHistory"],
  // Moving a channel into another category needs Manage Channels there, with what its new overwrites grant.
  move: ["ViewChannel", "ManageChannels", "ManageRoles", "SendMessages", "EmbedLinks", "AttachFiles", "ReadMessageHistory"],
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
export type DiagnoseMissing = (
  guildId: string,
  channelId: string | null,
  needed: BotPermissionKey[],
) => Promise<{ server: BotPermissionKey[]; here: BotPermissionKey[] }>;

/** The refusal of Discord the member is told of; records what the owner should see. Null: not a refusal we explain. */
export async function explainRefusal(
  deps: { db: Db; diagnose?: DiagnoseMissing },
  guildId: string,
  action: BotAction,
  error: unknown,
  place: RefusalPlace,
): Promise<Refusal | null> {
  if (!(error instanceof PlatformRefusedError)) return null;
  switch (error.reason) {
    case "rateLimited":
      return { refusal: "rateLimited", action, retryAfterMs: error.retryAfterMs ?? 60_000 };
    case "backingOff":
      return { refusal: "backingOff", retryAfterMs: error.retryAfterMs ?? 60_000 };
    case "categoryFull":
    case "serverFull":
      // The opening step handles these itself (overflow category, then the member is told).
      return { refusal: error.reason };
    case "missingPermission": {
      const found = (await deps.diagnose?.(guildId, place.channelId, actionNeeds[action]).catch(() => undefined)) ?? {
        server: [],
        here: [],
      };
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
      return { refusal: "missingPermission", action, permissions: [...found.server, ...found.here] };
    }
  }
}
