import { z } from "zod";
import { botPermissionKeys, type BotPermissionKey } from "./bot-permissions";
import { snowflake } from "./common";

// Bot setup (GET /{guildId}/bot-setup, the card on Server info): what keeps the bot from working on this server,
// each problem as data — the dashboard says it in the owner's language with what to do. Two sources: the check
// (the bot's permissions, the application's Message Content intent, category fill, registered commands, read from
// the platform when asked) and refusals the bot met while working (Discord answered "Missing Permissions", a
// category was full, a transcript did not fit the quota), recorded as they happen (`seenAt`).

/** Discord's limits the check measures against. */
export const channelLimits = { perCategory: 50, perServer: 500, nearlyFullAt: 45 } as const;

const permissionKey = z.enum(botPermissionKeys as [BotPermissionKey, ...BotPermissionKey[]]);
/** When a refusal was last met (epoch ms), or null for what the check found now. */
const seenAt = z.number().int().nullable();
// Added for the card (optional, so the engine records refusals as before): how often a refusal was met, and whether
// the check finds the problem now too — a refusal met earlier of what the check sees fixed is still shown, in the
// past tense, because the check cannot see everything Discord refuses.
/** How many times the refusal was met (recorded refusals only). */
const times = z.number().int().positive().optional();
/** The check finds it now (a refusal met earlier that the check does not see now: false or absent). */
const foundNow = z.boolean().optional();

export const botProblemSchema = z.discriminatedUnion("kind", [
  z.object({
    kind: z.literal("missingPermission"),
    permission: permissionKey,
    /** server: the bot's roles lack it; channel/category: an overwrite there takes it away. */
    scope: z.enum(["server", "channel", "category"]),
    channelId: snowflake.nullable(),
    channelName: z.string().nullable(),
    /** What the channel is for the bot. */
    purpose: z.enum(["panel", "tickets", "archive"]).nullable(),
    panelName: z.string().nullable(),
    /** Every panel using the place, when more than the one of panelName (the check fills it). */
    panelNames: z.array(z.string()).optional(),
    seenAt,
    times,
    foundNow,
  }),
  z.object({ kind: z.literal("messageContentIntent") }),
  /** DISCORD_GATEWAY=1: Discord closed the gateway with 4014 — a privileged intent the application has not enabled. */
  z.object({ kind: z.literal("gatewayIntentsDisallowed"), intents: z.array(z.enum(["guildMembers", "messageContent"])) }),
  z.object({
    kind: z.enum(["categoryFull", "categoryNearlyFull"]),
    categoryId: snowflake,
    categoryName: z.string(),
    channels: z.number().int(),
    limit: z.number().int(),
    panelNames: z.array(z.string()),
    /** The overflow category tickets go to meanwhile, or null (the member is refused). */
    overflowCategoryName: z.string().nullable(),
    seenAt,
    times,
    foundNow,
  }),
  z.object({ kind: z.literal("serverChannelsFull"), channels: z.number().int(), limit: z.number().int(), seenAt, times, foundNow }),
  z.object({ kind: z.literal("commandsNotRegistered"), missing: z.array(z.string()) }),
  z.object({
    kind: z.literal("transcriptQuota"),
    usedBytes: z.number().int(),
    quotaBytes: z.number().int(),
    /** The ticket whose transcript was not kept (null when none was refused yet). */
    ticketNumber: z.number().int().nullable(),
    seenAt,
    times,
    foundNow,
  }),
]);
export type BotProblem = z.infer<typeof botProblemSchema>;
export type BotProblemKind = BotProblem["kind"];

export const botSetupResponseSchema = z.object({
  /** "demo": the demo platform (no Discord application to check). */
  platform: z.enum(["demo", "discord"]),
  checkedAt: z.number().int(),
  /** The bot's invite link for this server, with exactly the permissions it uses. */
  inviteUrl: z.string(),
  problems: z.array(botProblemSchema),
});
export type BotSetupResponse = z.infer<typeof botSetupResponseSchema>;

/** GET /{guildId}/bot-setup?fresh=true: the owner's "Check again" (facts at most a few seconds old, not the ~30 s cache). */
export const botSetupQuerySchema = z.object({
  fresh: z
    .enum(["true", "false", "1", "0"])
    .transform((v) => v === "true" || v === "1")
    .optional(),
});
