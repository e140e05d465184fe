import type { APIEmbed } from "discord-api-types/v10";
import { clampText } from "../../src/schemas/discord-limits";
import type { TicketSettings } from "../../src/schemas/settings";
import type { BotMessage } from "../platform/adapter";
import { fitMessage } from "../platform/message-fit";
import type { CloseReason, Notice, TicketMessages } from "../tickets/messages";
import type { TicketRow } from "../tickets/store";
import { ACTION_ROW, BUTTON, button, nextOpeningText, withNote } from "./answers";
import { customIds } from "./custom-ids";
import { chooseLanguage, speaking } from "./language";
import { botTexts } from "./texts";
import { welcomeMessage } from "./welcome";

// The Discord door's words for what the ticket core posts (server/tickets/messages.ts): the notices in a ticket's
// channel, the welcome message, the close request, the inactivity warning, the archive post, the closing DM, the
// waiting alert, a staff reply — with their buttons and custom ids, in the language spoken now, and every one naming
// in `allowed_mentions` exactly whom it may ping.

const BLURPLE = 0x5865f2;

/** A quoted message holds at most this many characters. */
const QUOTE_MAX = 1500;

/** Markdown's quote of a message's text ("…" for one without). */
const quoted = (content: string) =>
  clampText(content || "…", QUOTE_MAX)
    .split("\n")
    .map((line) => `> ${line}`)
    .join("\n");

const noticeTexts: { [K in Notice["notice"]]: (n: Extract<Notice, { notice: K }>) => string } = {
  claimed: (n) => botTexts.claimed(n.by),
  unclaimed: (n) => botTexts.unclaimed(n.by),
  transferred: (n) => botTexts.transferred(n.from, n.to),
  assigned: (n) => botTexts.assigned(n.to),
  memberAdded: (n) => botTexts.memberAdded(n.user),
  memberRemoved: (n) => botTexts.memberRemoved(n.user),
  keptOpen: (n) => botTexts.keptOpenNotice(n.by),
  closeRequestDenied: (n) => botTexts.closeRequestDenied(n.by),
  reopened: (n) =>
    withNote(botTexts.reopenedNotice(n.by, n.number, n.transcriptUrl), n.unclaimed ? botTexts.reopenUnclaimed(n.unclaimed) : null),
  outsideHours: (n) => botTexts.outsideHoursNotice(nextOpeningText(n.next)),
  moved: (n) => withNote(botTexts.movedNotice(n.by, n.from, n.to), n.unclaimed ? botTexts.moveUnclaimedNotice(n.unclaimed) : null),
  aboutMessage: (n) => botTexts.messageQuote(n.authorId, quoted(n.content), n.url),
  snoozeEnded: (n) => (n.reason === "member" ? botTexts.snoozeEndedByMember : botTexts.snoozeEnded),
};

const closeReasons: Record<CloseReason, () => string> = {
  silent: () => botTexts.autoCloseReason,
  openerLeft: () => botTexts.userLeftReason,
  closeRequestConfirmed: () => botTexts.closeRequestReason,
  closeRequestTimedOut: () => botTexts.closeRequestTimeoutReason,
  deletedInDiscord: () => botTexts.deletedInDiscordReason,
  openerErased: () => botTexts.openerErasedReason,
};

/** The closing DM: why it closed, the stars (disabled once rated, the chosen one marked), the comment's button, Reopen. */
function closingDm(row: TicketRow, settings: TicketSettings, guildName: string | null): BotMessage {
  const feedback = settings.EnableUserFeedback !== false;
  const reopenable = (settings.ReopenWithinDays ?? 0) > 0;
  const guild = guildName ?? "the server";
  const rated = row.rating ?? null;
  const stars = [1, 2, 3, 4, 5].map((r) => ({
    type: BUTTON,
    // Once rated, as Discord shows a bot's edited message: the stars disabled, the chosen one marked.
    style: r === rated ? 1 : 2,
    label: "★".repeat(r),
    custom_id: customIds.rate(row.guild_id, row.number, r),
    ...(rated === null ? {} : { disabled: true }),
  }));
  const comment = feedback && rated !== null && row.rating_comment === null;
  const commentId = customIds.rateComment(row.guild_id, row.number);
  return fitMessage({
    content: feedback ? botTexts.ratingPrompt(guild, row.number) : botTexts.closedDm(guild, row.number),
    embeds: [
      {
        color: BLURPLE,
        fields: [
          { name: botTexts.archiveReason, value: row.close_reason ?? botTexts.archiveNoReason },
          { name: botTexts.archiveClosedBy, value: row.closed_by_name ?? "—", inline: true },
        ],
      },
    ],
    components: [
      ...(feedback ? [{ type: ACTION_ROW, components: stars }] : []),
      ...(comment ? [{ type: ACTION_ROW, components: [button(2, botTexts.ratingCommentButton, commentId, "💬")] }] : []),
      ...(reopenable
        ? [{ type: ACTION_ROW, components: [button(1, botTexts.reopenButton, customIds.reopen(row.guild_id, row.number), "🔓")] }]
        : []),
    ],
    allowed_mentions: { parse: [] },
  });
}

export const discordMessages: TicketMessages = {
  inServerLanguage: (setting, work) => speaking(chooseLanguage(setting, null), work),

  notice: (notice) =>
    fitMessage({ content: (noticeTexts[notice.notice] as (n: Notice) => string)(notice), allowed_mentions: { parse: [] } }),

  welcome: welcomeMessage,

  // A private thread: mentioning the support roles adds their members (Discord's way; no member list needed).
  threadRoles: (roles) => ({ content: roles.map((id) => `<@&${id}>`).join(" "), allowed_mentions: { parse: [], roles } }),

  closeRequest: (row, staffId, hours, reason) => ({
    content: botTexts.closeRequest(row.opener_id, staffId, hours, reason),
    components: [
      {
        type: ACTION_ROW,
        components: [
          button(4, botTexts.closeRequestConfirm, customIds.closeRequestYes(row.number), "✅"),
          button(2, botTexts.closeRequestDeny, customIds.closeRequestNo(row.number), "✋"),
        ],
      },
    ],
    // The member is pinged: it is their answer that is asked for.
    allowed_mentions: { parse: [], users: [row.opener_id] },
  }),

  inactivityWarning: (row, hours) => ({
    content: botTexts.inactivityWarning(hours),
    components: [{ type: ACTION_ROW, components: [button(3, botTexts.keepOpenButton, customIds.keepOpen(row.number), "⏳")] }],
    allowed_mentions: { parse: [] },
  }),

  archive: (row, transcriptUrl) => {
    const embed: APIEmbed = {
      title: botTexts.archived(row.number, row.opener_name),
      color: BLURPLE,
      fields: [
        { name: botTexts.archivePanel, value: row.panel_name, inline: true },
        { name: botTexts.archiveClosedBy, value: row.closed_by_name ?? "—", inline: true },
        { name: botTexts.archiveReason, value: row.close_reason ?? botTexts.archiveNoReason },
        ...(transcriptUrl ? [{ name: botTexts.archiveTranscript, value: transcriptUrl }] : []),
      ],
    };
    return fitMessage({ embeds: [embed], allowed_mentions: { parse: [] } });
  },

  closingDm,

  // Exactly the panel's support roles are pinged.
  waitingAlert: (row, minutes, url, roles) => {
    const content = `${roles.map((id) => `<@&${id}>`).join(" ")} ${botTexts.waitingAlert(row.number, minutes, url)}`.trim();
    return fitMessage({ content, allowed_mentions: { parse: [], roles } });
  },

  // Exactly the opener is pinged.
  openerPing: (row) => ({ content: botTexts.openerPing(row.opener_id), allowed_mentions: { parse: [], users: [row.opener_id] } }),

  // An embed's text never pings; the field says so anyway.
  staffReply: (author, content) =>
    fitMessage({
      embeds: [
        { author: { name: author.name, ...(author.iconUrl ? { icon_url: author.iconUrl } : {}) }, description: content, color: BLURPLE },
      ],
      allowed_mentions: { parse: [] },
    }),

  closeReason: (reason, skippedBy) => (skippedBy ? botTexts.afterSkipAhead(closeReasons[reason](), skippedBy) : closeReasons[reason]()),

  subjectAboutMessage: (author) => botTexts.messageTicketSubject(author),
  questionLabel: () => botTexts.questionLabel,
};
