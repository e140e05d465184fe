import { ApplicationFlags } from "discord-api-types/v10";
import { type BotPermissionKey, missingPermissions, type PermissionPlace, permissionsFor } from "../../src/schemas/bot-permissions";
import { type BotProblem, channelLimits } from "../../src/schemas/bot-setup";
import type { BotChannelFacts, BotSetupFacts } from "../platform/adapter";
import { missingIntents } from "./gateway";
import { type RecordedBotProblem, subjectOf } from "./problems";

// Bot setup's rules: the platform's facts, the guild's panels and settings, its transcript storage and the refusals
// the bot recorded, turned into the problems the card shows. Pure: everything it needs is handed in.

/** Where a panel sends the bot (single panels name categories; multi-panels only a channel). */
export interface PanelPlaces {
  name: string;
  channelId: string | null;
  ticketCategoryId: string | null;
  overflowCategoryId: string | null;
}

export interface BotSetupInputs {
  facts: BotSetupFacts;
  panels: PanelPlaces[];
  archiveChannelId: string | null;
  transcripts: { usedBytes: number; quotaBytes: number };
  /** Refusals met while working, newest first (recordedBotProblems). */
  recorded: BotProblem[];
  /** The commands the bot registers, as Discord lists them ("/close", "/panel resend"). */
  commandLabels: readonly string[];
  /** The gateway's standing refusal for disallowed intents: the intents it asked for (./gateway.ts). */
  gatewayRefusal?: { intents: number } | null;
}

/** Stored transcripts from this share of the quota on are worth telling the owner about. */
export const QUOTA_WARNING_SHARE = 0.9;

/** Problems in the order the owner should fix them: server-wide first, then places, limits, commands, storage. */
export function findBotProblems(inputs: BotSetupInputs): BotProblem[] {
  const { facts } = inputs;
  const serverMissing = missingPermissions(facts.serverPermissions, permissionsFor("server"));
  const found: BotProblem[] = [
    ...serverMissing.map((permission) => missingPermission(permission, "server", null, null, [])),
    ...messageContentProblems(facts),
    ...gatewayProblems(inputs),
    ...placePermissionProblems(inputs, new Set(serverMissing)),
    ...categoryProblems(inputs),
    ...(facts.channelCount >= channelLimits.perServer
      ? [
          {
            kind: "serverChannelsFull" as const,
            channels: facts.channelCount,
            limit: channelLimits.perServer,
            seenAt: null,
            foundNow: true,
          },
        ]
      : []),
    ...commandProblems(facts, inputs.commandLabels),
    ...quotaProblems(inputs),
  ];
  return withRecorded(found, inputs);
}

function missingPermission(
  permission: BotPermissionKey,
  scope: "server" | "channel" | "category",
  channel: BotChannelFacts | null,
  purpose: "panel" | "tickets" | "archive" | null,
  panelNames: string[],
): BotProblem {
  return {
    kind: "missingPermission",
    permission,
    scope,
    channelId: channel?.id ?? null,
    channelName: channel?.name ?? null,
    purpose,
    panelName: panelNames[0] ?? null,
    ...(panelNames.length > 1 ? { panelNames } : {}),
    seenAt: null,
    foundNow: true,
  };
}

/** Discord blanks message content for a bot without the privileged intent (either flag means it is on). */
function messageContentProblems(facts: BotSetupFacts): BotProblem[] {
  const intent = ApplicationFlags.GatewayMessageContent | ApplicationFlags.GatewayMessageContentLimited;
  return (facts.applicationFlags & intent) === 0 ? [{ kind: "messageContentIntent" }] : [];
}

/** Discord refused the gateway a privileged intent (4014): which ones the application's flags lack. */
function gatewayProblems({ gatewayRefusal, facts }: BotSetupInputs): BotProblem[] {
  if (!gatewayRefusal) return [];
  const intents = missingIntents(gatewayRefusal.intents, facts.applicationFlags);
  return intents.length ? [{ kind: "gatewayIntentsDisallowed", intents }] : [];
}

/**
 * Permissions an overwrite takes away where the bot works: each panel's channel, each ticket and overflow category,
 * the archive channel — each needing what the declaration says for that place. One missing server-wide is reported
 * once, at server scope. A channel that no longer exists is left out (the panel editor reports it).
 */
function placePermissionProblems(inputs: BotSetupInputs, missingServerWide: Set<BotPermissionKey>): BotProblem[] {
  type Place = { channelId: string; place: PermissionPlace; purpose: "panel" | "tickets" | "archive"; panelNames: string[] };
  const places = new Map<string, Place>();
  const add = (channelId: string | null, place: PermissionPlace, purpose: Place["purpose"], panelName: string | null) => {
    if (!channelId) return;
    const key = `${place}:${channelId}`;
    const entry = places.get(key) ?? { channelId, place, purpose, panelNames: [] };
    if (panelName !== null && !entry.panelNames.includes(panelName)) entry.panelNames.push(panelName);
    places.set(key, entry);
  };
  for (const panel of inputs.panels) {
    add(panel.channelId, "panelChannel", "panel", panel.name);
    add(panel.ticketCategoryId, "ticketCategory", "tickets", panel.name);
    add(panel.overflowCategoryId, "ticketCategory", "tickets", panel.name);
  }
  add(inputs.archiveChannelId, "archiveChannel", "archive", null);

  const out: BotProblem[] = [];
  const reported = new Set<string>();
  for (const place of places.values()) {
    const channel = inputs.facts.channels.find((c) => c.id === place.channelId);
    if (!channel) continue;
    for (const permission of missingPermissions(channel.permissions, permissionsFor(place.place))) {
      // A channel that is both a panel's and the archive is told once per permission.
      if (missingServerWide.has(permission) || reported.has(`${permission}:${channel.id}`)) continue;
      reported.add(`${permission}:${channel.id}`);
      out.push(
        missingPermission(permission, channel.kind === "category" ? "category" : "channel", channel, place.purpose, place.panelNames),
      );
    }
  }
  return out;
}

/**
 * Ticket categories at or near Discord's 50 channels, per group of panels sharing a category and an overflow
 * category: the overflow takes over while it has room. When the overflow is what tickets use now (the category is
 * full), its own fill is told too.
 */
function categoryProblems({ facts, panels }: BotSetupInputs): BotProblem[] {
  const { perCategory, nearlyFullAt } = channelLimits;
  const category = (id: string | null) => (id ? facts.channels.find((c) => c.id === id && c.kind === "category") : undefined);
  const count = (id: string) => facts.channelsPerCategory[id] ?? 0;
  const groups = new Map<string, { categoryId: string; overflowId: string | null; panelNames: string[] }>();
  for (const panel of panels) {
    if (!panel.ticketCategoryId) continue;
    const key = `${panel.ticketCategoryId}:${panel.overflowCategoryId ?? ""}`;
    const group = groups.get(key) ?? { categoryId: panel.ticketCategoryId, overflowId: panel.overflowCategoryId, panelNames: [] };
    if (!group.panelNames.includes(panel.name)) group.panelNames.push(panel.name);
    groups.set(key, group);
  }
  const out: BotProblem[] = [];
  const fill = (c: BotChannelFacts, panelNames: string[], overflowCategoryName: string | null): BotProblem => ({
    kind: count(c.id) >= perCategory ? "categoryFull" : "categoryNearlyFull",
    categoryId: c.id,
    categoryName: c.name,
    channels: count(c.id),
    limit: perCategory,
    panelNames,
    overflowCategoryName,
    seenAt: null,
    foundNow: true,
  });
  for (const group of groups.values()) {
    const main = category(group.categoryId);
    if (!main || count(main.id) < nearlyFullAt) continue;
    const overflow = category(group.overflowId);
    const overflowHasRoom = overflow !== undefined && overflow.id !== main.id && count(overflow.id) < perCategory;
    out.push(fill(main, group.panelNames, overflowHasRoom ? overflow.name : null));
    if (overflow && overflow.id !== main.id && count(main.id) >= perCategory && count(overflow.id) >= nearlyFullAt) {
      out.push(fill(overflow, group.panelNames, null));
    }
  }
  return out;
}

/** Commands of the bot Discord does not have (the bot registers them at start; a failed start leaves them out). */
function commandProblems(facts: BotSetupFacts, labels: readonly string[]): BotProblem[] {
  const registered = new Set(facts.commandNames);
  const missing = [...new Set(labels)].filter((label) => !registered.has(label));
  return missing.length > 0 ? [{ kind: "commandsNotRegistered", missing }] : [];
}

function quotaProblems({ transcripts }: BotSetupInputs): BotProblem[] {
  if (transcripts.usedBytes < transcripts.quotaBytes * QUOTA_WARNING_SHARE) return [];
  return [
    {
      kind: "transcriptQuota",
      usedBytes: transcripts.usedBytes,
      quotaBytes: transcripts.quotaBytes,
      ticketNumber: null,
      seenAt: null,
      foundNow: true,
    },
  ];
}

const isRecordable = (p: BotProblem): p is RecordedBotProblem =>
  p.kind !== "messageContentIntent" && p.kind !== "commandsNotRegistered" && p.kind !== "gatewayIntentsDisallowed";
/** Full and nearly full of one category are the same subject: the category's fill. */
const matchKey = (p: RecordedBotProblem) => `${p.kind === "categoryNearlyFull" ? "categoryFull" : p.kind}:${subjectOf(p)}`;

/**
 * The recorded refusals joined to the findings: a refusal of what the check finds now gives that finding its when
 * and how often; the others follow, newest first, still shown (the check cannot see everything Discord refuses).
 * A quota refusal always carries today's storage figures.
 */
function withRecorded(found: BotProblem[], { recorded, transcripts }: BotSetupInputs): BotProblem[] {
  const byKey = new Map<string, RecordedBotProblem>();
  for (const p of found) if (isRecordable(p) && !byKey.has(matchKey(p))) byKey.set(matchKey(p), p);
  const out = [...found];
  for (const refusal of recorded) {
    if (!isRecordable(refusal)) continue;
    const match = byKey.get(matchKey(refusal));
    if (match?.seenAt === null) {
      const merged = { ...match, seenAt: refusal.seenAt, times: refusal.times } as RecordedBotProblem;
      if (merged.kind === "transcriptQuota" && refusal.kind === "transcriptQuota") merged.ticketNumber = refusal.ticketNumber;
      out[out.indexOf(match)] = merged;
      byKey.set(matchKey(refusal), merged);
      continue;
    }
    if (match) continue; // an older refusal of the same subject (a row per subject makes this rare)
    const shown: RecordedBotProblem =
      refusal.kind === "transcriptQuota" ? { ...refusal, usedBytes: transcripts.usedBytes, quotaBytes: transcripts.quotaBytes } : refusal;
    out.push({ ...shown, foundNow: false });
    byKey.set(matchKey(refusal), shown);
  }
  return out;
}
