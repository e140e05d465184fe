import type { Locale, Params } from "../../i18n/core";
import { formatNumber } from "../../i18n/format";
import { botPermissionTextKey } from "../../i18n/keys";
import { botPermissions } from "../../schemas/bot-permissions";
import type { BotProblem } from "../../schemas/bot-setup";
import { formatRelativeTime } from "../engine/RelativeTime";

// Each Bot setup problem in the owner's words: what is wrong, what to do about it, and — for a refusal the bot met
// while working — when and how often. Every text goes through the dashboard's translate (Spanish in
// src/i18n/locales/es/bot-setup.ts).

export type Translate = (key: string, fallback: string, params?: Params) => string;

/** error: the bot cannot do part of its job now; warning: soon, or it happened earlier. */
export type ProblemTone = "error" | "warning";

export interface ProblemText {
  tone: ProblemTone;
  title: string;
  action: string;
  /** Why the bot needs the permission (missing permissions only). */
  why?: string;
  /** When Discord (or the quota) refused, and how often. */
  seen?: string;
  /** A refusal met earlier that today's check does not find. */
  past?: string;
}

interface Context {
  tr: Translate;
  locale: Locale;
  now: number;
}

const listOf = (names: readonly string[], locale: Locale) => new Intl.ListFormat(locale, { type: "conjunction" }).format(names);

export const permissionName = (tr: Translate, key: keyof typeof botPermissions) =>
  tr(botPermissionTextKey(key, "name"), botPermissions[key].discordName);

/** Stored bytes as megabytes with at most one decimal, in the language's digits ("460.8 MB", "460,8 MB"). */
export const megabytes = (bytes: number, locale: Locale) =>
  `${formatNumber(bytes / (1024 * 1024), locale, { maximumFractionDigits: 1 })} MB`;

export function describeProblem(problem: BotProblem, context: Context): ProblemText {
  const text = describeNow(problem, context);
  if (!("seenAt" in problem) || problem.seenAt === null) return text;
  const past = problem.foundNow === false;
  return {
    ...text,
    tone: past ? "warning" : text.tone,
    seen: seenText(problem, context),
    past: past
      ? context.tr(
          "serverInfo.botSetup.past",
          "Today's check does not find it: if it was fixed, this goes away a week after the last refusal.",
        )
      : undefined,
  };
}

function describeNow(problem: BotProblem, { tr, locale }: Context): ProblemText {
  const past = "foundNow" in problem && problem.foundNow === false;
  switch (problem.kind) {
    case "missingPermission": {
      const permission = permissionName(tr, problem.permission);
      const why = tr("serverInfo.botSetup.why", "Why: {why}", {
        why: tr(botPermissionTextKey(problem.permission, "why"), botPermissions[problem.permission].why),
      });
      if (problem.scope === "server" || problem.channelName === null) {
        return {
          tone: "error",
          title: past
            ? tr("serverInfo.botSetup.permission.server.past", "Ticketeer lacked {permission} on this server.", { permission })
            : tr("serverInfo.botSetup.permission.server", "Ticketeer lacks {permission} on this server.", { permission }),
          action: tr(
            "serverInfo.botSetup.permission.server.action",
            "Give its role {permission} in Server Settings → Roles, or invite it again with the link below.",
            { permission },
          ),
          why,
        };
      }
      const channel = `#${problem.channelName}`;
      const where = placeText(problem, tr, locale);
      const params = { permission, channel, where: where ?? "" };
      return {
        tone: "error",
        title: where
          ? past
            ? tr("serverInfo.botSetup.permission.place.past", "Ticketeer lacked {permission} in {channel} ({where}).", params)
            : tr("serverInfo.botSetup.permission.place", "Ticketeer lacks {permission} in {channel} ({where}).", params)
          : past
            ? tr("serverInfo.botSetup.permission.channel.past", "Ticketeer lacked {permission} in {channel}.", params)
            : tr("serverInfo.botSetup.permission.channel", "Ticketeer lacks {permission} in {channel}.", params),
        action: tr(
          "serverInfo.botSetup.permission.place.action",
          "Give its role {permission} there, or remove the overwrite that takes it away.",
          params,
        ),
        why,
      };
    }
    case "messageContentIntent":
      return {
        tone: "error",
        title: tr("serverInfo.botSetup.intent", "The Message Content intent is off: transcripts will be empty."),
        action: tr(
          "serverInfo.botSetup.intent.action",
          "Turn it on in Discord's developer portal → your application → Bot → Privileged Gateway Intents.",
        ),
      };
    case "gatewayIntentsDisallowed": {
      const names = problem.intents.map((intent) =>
        intent === "guildMembers"
          ? tr("serverInfo.botSetup.gateway.guildMembers", "Server Members")
          : tr("serverInfo.botSetup.gateway.messageContent", "Message Content"),
      );
      return {
        tone: "error",
        title:
          names.length > 1
            ? tr(
                "serverInfo.botSetup.gateway.many",
                "Discord refused the gateway connection: the privileged intents {intents} are off. The bot polls Discord meanwhile.",
                { intents: listOf(names, locale) },
              )
            : tr(
                "serverInfo.botSetup.gateway.one",
                "Discord refused the gateway connection: the privileged intent {intents} is off. The bot polls Discord meanwhile.",
                { intents: listOf(names, locale) },
              ),
        action: tr(
          "serverInfo.botSetup.gateway.action",
          "Turn it on in Discord's developer portal → your application → Bot → Privileged Gateway Intents: the bot connects again within minutes.",
        ),
      };
    }
    case "categoryFull":
    case "categoryNearlyFull": {
      const params = {
        category: problem.categoryName,
        channels: problem.channels,
        limit: problem.limit,
        panels: listOf(problem.panelNames, locale),
        overflow: problem.overflowCategoryName ?? "",
      };
      const overflow = problem.overflowCategoryName !== null;
      const action = overflow
        ? tr("serverInfo.botSetup.category.action.overflow", "Close old tickets to make room.")
        : problem.panelNames.length > 1
          ? tr("serverInfo.botSetup.category.action.panels", "Close old tickets, or set an overflow category on the panels.")
          : tr("serverInfo.botSetup.category.action", "Close old tickets, or set an overflow category on the panel.");
      if (problem.kind === "categoryFull") {
        return {
          tone: "error",
          title: past
            ? tr(
                "serverInfo.botSetup.category.full.past",
                "The category {category} held {limit} channels, Discord's limit: new tickets of {panels} could not open.",
                params,
              )
            : overflow
              ? tr(
                  "serverInfo.botSetup.category.full.overflow",
                  "The category {category} holds {channels} channels, Discord's limit: new tickets of {panels} open in {overflow} meanwhile.",
                  params,
                )
              : tr(
                  "serverInfo.botSetup.category.full",
                  "The category {category} holds {channels} channels, Discord's limit: new tickets of {panels} cannot open.",
                  params,
                ),
          action,
        };
      }
      return {
        tone: "warning",
        title: overflow
          ? tr(
              "serverInfo.botSetup.category.nearlyFull.overflow",
              "The category {category} holds {channels} of {limit} channels: when it is full, new tickets of {panels} will open in {overflow}.",
              params,
            )
          : tr(
              "serverInfo.botSetup.category.nearlyFull",
              "The category {category} holds {channels} of {limit} channels: when it is full, new tickets of {panels} cannot open.",
              params,
            ),
        action,
      };
    }
    case "serverChannelsFull":
      return {
        tone: "error",
        title: past
          ? tr("serverInfo.botSetup.server.full.past", "The server held {limit} channels, Discord's limit: new tickets could not open.", {
              limit: problem.limit,
            })
          : tr("serverInfo.botSetup.server.full", "The server holds {channels} channels, Discord's limit: new tickets cannot open.", {
              channels: problem.channels,
            }),
        action: tr("serverInfo.botSetup.server.full.action", "Delete channels you no longer use, or close old tickets."),
      };
    case "commandsNotRegistered":
      return {
        tone: "error",
        title: tr("serverInfo.botSetup.commands", "Discord does not know these commands of Ticketeer: {commands}.", {
          commands: listOf(problem.missing, locale),
        }),
        action: tr(
          "serverInfo.botSetup.commands.action",
          "They are registered when the bot starts: restart it, and check its log if they are still missing.",
        ),
      };
    case "transcriptQuota": {
      const params = {
        percent: Math.floor((problem.usedBytes / Math.max(problem.quotaBytes, 1)) * 100),
        used: megabytes(problem.usedBytes, locale),
        quota: megabytes(problem.quotaBytes, locale),
      };
      const full = problem.usedBytes >= problem.quotaBytes;
      return {
        tone: full ? "error" : "warning",
        title: full
          ? tr("serverInfo.botSetup.quota.full", "Transcript storage is full ({used} of {quota}): new transcripts are not kept.", params)
          : tr("serverInfo.botSetup.quota", "Transcript storage is {percent}% used ({used} of {quota}).", params),
        action: tr("serverInfo.botSetup.quota.action", "Delete old transcripts, or ask whoever runs the bot to raise the quota."),
      };
    }
  }
}

/** "(channel of the panel Orders)", "(category of the panels Orders and Refunds)", "(the archive channel)". */
function placeText(problem: Extract<BotProblem, { kind: "missingPermission" }>, tr: Translate, locale: Locale): string | null {
  const names = problem.panelNames ?? (problem.panelName ? [problem.panelName] : []);
  const panels = listOf(names, locale);
  const many = names.length > 1;
  switch (problem.purpose) {
    case "archive":
      return tr("serverInfo.botSetup.place.archive", "the archive channel");
    case "panel":
      if (names.length === 0) return null;
      return many
        ? tr("serverInfo.botSetup.place.panels", "channel of the panels {panels}", { panels })
        : tr("serverInfo.botSetup.place.panel", "channel of the panel {panels}", { panels });
    case "tickets":
      if (names.length === 0) return tr("serverInfo.botSetup.place.ticketCategory", "a ticket category");
      return many
        ? tr("serverInfo.botSetup.place.categoryOfPanels", "category of the panels {panels}", { panels })
        : tr("serverInfo.botSetup.place.categoryOfPanel", "category of the panel {panels}", { panels });
    default:
      return null;
  }
}

/** "Discord refused this 3 times, last 2 hours ago." and its variants. */
function seenText(
  problem: Exclude<BotProblem, { kind: "messageContentIntent" | "commandsNotRegistered" | "gatewayIntentsDisallowed" }>,
  { tr, locale, now }: Context,
): string {
  const when = formatRelativeTime(problem.seenAt ?? now, now, locale);
  const times = problem.times ?? 1;
  const params = { times, when, ticket: problem.kind === "transcriptQuota" ? (problem.ticketNumber ?? "") : "" };
  switch (problem.kind) {
    case "missingPermission":
      return times > 1
        ? tr("serverInfo.botSetup.seen.refused.many", "Discord refused this {times} times, last {when}.", params)
        : tr("serverInfo.botSetup.seen.refused.once", "Discord refused this {when}.", params);
    case "categoryFull":
    case "categoryNearlyFull":
    case "serverChannelsFull":
      return times > 1
        ? tr("serverInfo.botSetup.seen.ticket.many", "Tickets could not open {times} times, last {when}.", params)
        : tr("serverInfo.botSetup.seen.ticket.once", "A ticket could not open {when}.", params);
    case "transcriptQuota":
      if (problem.ticketNumber === null) {
        return times > 1
          ? tr("serverInfo.botSetup.seen.transcripts.many", "Transcripts were not kept {times} times, last {when}.", params)
          : tr("serverInfo.botSetup.seen.transcripts.once", "A transcript was not kept {when}.", params);
      }
      return times > 1
        ? tr("serverInfo.botSetup.seen.transcript.many", "Transcripts were not kept {times} times, last {when} (ticket {ticket}).", params)
        : tr("serverInfo.botSetup.seen.transcript.once", "The transcript of ticket {ticket} was not kept {when}.", params);
  }
}
