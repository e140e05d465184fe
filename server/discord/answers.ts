import { botPermissions } from "../../src/schemas/bot-permissions";
import { clampText, discordLimits } from "../../src/schemas/discord-limits";
import type { FoundForm } from "../tickets/form";
import type { Done, NextOpening, Outcome, Refusal } from "../tickets/outcomes";
import { QUESTION_MAX } from "../tickets/open";
import { COMMENT_MAX } from "../tickets/rate";
import { SUGGESTED_MAX } from "../tickets/suggestions";
import type { BotFile, BotMessage } from "../platform/adapter";
import { fitMessage } from "../platform/message-fit";
import { customIds } from "./custom-ids";
import { botTexts } from "./texts";

// A step's outcome as the Discord door answers the member who acted (ephemeral, in the language spoken now,
// ./language.ts): the words of every done and refused kind, and the forms a step asks for as Discord's modals. The
// dashboard's routes take the same words, in English (server/http/support/outcome-status.ts).

/** What the acting member is told (ephemeral), or a modal to show. */
export type Reply =
  { kind: "message"; message: BotMessage; ok: boolean; files?: BotFile[] } | { kind: "modal"; modal: Record<string, unknown> };

export const say = (content: string, ok = false): Reply => ({
  kind: "message",
  ok,
  // A reply may quote what a member or an owner wrote (a tag's or a panel's name): never past Discord's 2,000.
  message: { content: clampText(content, discordLimits.content), allowed_mentions: { parse: [] } },
});

/** A text, with what Discord refused on the way (the step itself went through). */
export const withNote = (text: string, note: string | null) => (note ? `${text}\n${note}` : text);

export const ACTION_ROW = 1;
export const BUTTON = 2;
const TEXT_INPUT = 4;

/** A button of a message: its style (1 primary, 2 secondary, 3 success, 4 danger), label, custom id and emoji. */
export const button = (style: 1 | 2 | 3 | 4, label: string, customId: string, emoji?: string) => ({
  type: BUTTON,
  style,
  label,
  custom_id: customId,
  ...(emoji ? { emoji: { name: emoji } } : {}),
});

/** The text input of the rating's comment form. */
export const RATING_COMMENT_INPUT = "comment";

/** "about 9 minutes", "about 40 seconds", "about 3 hours" (in the bot's language). */
export function waitText(ms: number): string {
  const seconds = Math.max(1, Math.ceil(ms / 1000));
  if (seconds < 90) return botTexts.aboutSeconds(seconds);
  const minutes = Math.round(seconds / 60);
  if (minutes < 120) return botTexts.aboutMinutes(minutes);
  return botTexts.aboutHours(Math.round(minutes / 60));
}

/** "on Monday at 09:00 (Europe/Madrid)"; nothing when the hours name no day. */
export const nextOpeningText = (next: NextOpening | null) => (next ? botTexts.nextOpening(next.day, next.time, next.zone, next.today) : "");

/** "@Role A, @Role B". */
const roleList = (names: string[]) => names.map((name) => `@${name}`).join(", ");

type Of<U, K extends string, V extends string> = U extends { [P in K]: V } ? U : never;

/** The words of every refusal (one entry per kind: a kind without words fails the build). */
const refusalTexts: { [K in Refusal["refusal"]]: (r: Of<Refusal, "refusal", K>) => string } = {
  stale: () => botTexts.invalidButton,
  ticketGone: () => botTexts.ticketGone,
  closeBusy: () => botTexts.closeBusy,
  panelGone: () => botTexts.panelGone,
  panelDisabled: () => botTexts.panelDisabled,
  formGone: () => botTexts.formGone,
  formRequired: (r) => botTexts.formRequired(r.label),
  formLength: (r) => botTexts.formLength(r.label, r.min, r.max),
  blacklisted: (r) => (r.whom === "opener" ? botTexts.openerBlacklisted : botTexts.blacklisted),
  notMember: (r) => (r.whom === "opener" ? botTexts.openerNotMember : botTexts.reopenNotMember),
  openerLeft: () => botTexts.openerLeft,
  openLimit: (r) => (r.whom === "opener" ? botTexts.openerAtLimit(r.limit) : botTexts.limitReached(r.limit)),
  panelLimit: (r) =>
    r.whom === "opener" ? botTexts.openerAtPanelLimit(r.limit, r.panelName) : botTexts.panelLimitReached(r.limit, r.panelName),
  requiredRole: (r) => botTexts.requiredRole(roleList(r.roles)),
  excludedRole: (r) => botTexts.excludedRole(roleList(r.roles)),
  cooldown: (r) => botTexts.cooldown(waitText(r.waitMs)),
  outsideHours: (r) => botTexts.outsideHoursRefused(nextOpeningText(r.next)),
  categoryFull: () => botTexts.categoryFull,
  serverFull: () => botTexts.serverFull,
  openFailed: () => botTexts.openFailed,
  staffOnly: () => botTexts.staffOnly,
  noPermission: () => botTexts.noPermission,
  onlyClaimer: () => botTexts.onlyClaimer,
  alreadyClaimed: (r) => botTexts.alreadyClaimed(typeof r.by === "string" ? r.by : r.by.name),
  notClaimed: () => botTexts.notClaimed,
  memberNotFound: () => botTexts.memberNotFound,
  transferTargetNotStaff: () => botTexts.transferTargetNotStaff,
  tooManyMembers: () => botTexts.tooManyMembers,
  cannotRemoveOpener: () => botTexts.cannotRemoveOpener,
  renameInvalid: () => botTexts.renameInvalid,
  cannotCloseOwn: () => botTexts.cannotCloseOwn,
  closeFailed: () => botTexts.closeFailed,
  ratingAlready: () => botTexts.ratingAlready,
  commentFirst: () => botTexts.ratingCommentFirst,
  commentAlready: () => botTexts.ratingCommentAlready,
  commentEmpty: () => botTexts.formRequired(botTexts.ratingCommentLabel),
  closeRequestOnlyOpener: () => botTexts.closeRequestOnlyOpener,
  closeRequestGone: () => botTexts.closeRequestGone,
  reopenOff: () => botTexts.reopenOff,
  reopenTooLate: (r) => botTexts.reopenTooLate(r.days),
  reopenNotClosed: () => botTexts.reopenNotClosed,
  messageTicketBot: () => botTexts.messageTicketBot,
  messageTicketStaffOnly: () => botTexts.messageTicketStaffOnly,
  noteEmpty: () => botTexts.noteEmpty,
  labelUnknown: () => botTexts.labelUnknown,
  moveSamePanel: (r) => botTexts.moveSamePanel(r.panelName),
  moveTargetGone: () => botTexts.moveTargetGone,
  moveTargetDisabled: (r) => botTexts.moveTargetDisabled(r.panelName),
  moveNoAccess: (r) => botTexts.moveNoAccess(r.panelName),
  moveCategoryFull: (r) => botTexts.moveCategoryFull(r.panelName),
  moveThread: () => botTexts.moveThread,
  moveFailed: () => botTexts.moveFailed,
  snoozeRange: () => botTexts.snoozeRange,
  notSnoozed: () => botTexts.notSnoozed,
  missingPermission: (r) =>
    botTexts.missingPermission(
      r.action,
      r.permissions.map((key) => botPermissions[key].discordName),
    ),
  rateLimited: (r) =>
    r.action === "rename" ? botTexts.renameRateLimited(waitText(r.retryAfterMs)) : botTexts.rateLimited(waitText(r.retryAfterMs)),
  backingOff: (r) => botTexts.backingOff(waitText(r.retryAfterMs)),
  failed: () => botTexts.somethingWrong,
};

const warned = (text: string, warning: Refusal | null) => withNote(text, warning ? refusalText(warning) : null);
const outsideHoursNote = (outsideHours: { next: NextOpening | null } | null) =>
  outsideHours ? botTexts.outsideHoursNotice(nextOpeningText(outsideHours.next)) : null;

/** A done kind answered with a form to fill in (a modal) or a message of its own, not with words. */
export type FormDone = Of<Done, "done", "formFirst" | "commentForm" | "questionFirst" | "suggested">;
export const isForm = (outcome: Outcome): outcome is FormDone =>
  "done" in outcome &&
  (outcome.done === "formFirst" || outcome.done === "commentForm" || outcome.done === "questionFirst" || outcome.done === "suggested");

type SaidDone = Exclude<Done, FormDone>;

/** The words of every done kind but the forms. */
const doneTexts: { [K in SaidDone["done"]]: (d: Of<SaidDone, "done", K>) => string } = {
  opened: (d) => withNote(botTexts.opened(d.ticket.channel_id ?? ""), outsideHoursNote(d.outsideHours)),
  claimed: (d) => warned(botTexts.claimedReply, d.warning),
  unclaimed: (d) => warned(botTexts.unclaimedReply, d.warning),
  transferred: (d) => warned(botTexts.transferredReply(d.to.username), d.warning),
  memberAdded: (d) => warned(botTexts.memberAddedReply, d.warning),
  memberRemoved: (d) => warned(botTexts.memberRemovedReply, d.warning),
  renamed: (d) => botTexts.renamed(d.name),
  closeAsked: () => botTexts.confirmClose,
  closed: (d) =>
    d.transcriptNotKept ? botTexts.closedWithoutTranscript(d.ticket.number, d.transcriptNotKept.quotaMb) : botTexts.closed(d.ticket.number),
  rated: (d) => botTexts.ratingThanks(d.rating),
  commented: () => botTexts.ratingCommentThanks,
  keptOpen: () => botTexts.keptOpen,
  closeRequested: () => botTexts.closeRequestSent,
  reopened: (d) => withNote(botTexts.reopened(d.ticket.channel_id ?? ""), outsideHoursNote(d.outsideHours)),
  noteAdded: () => botTexts.noteAdded,
  replied: () => botTexts.replySent,
  triaged: (d) => (d.priority ? botTexts.prioritySet(d.priority) : botTexts.labelsSet),
  suggestionAnswered: () => botTexts.suggestionsAnswered,
  // A rename Discord held back is no failure: the mover reads when it will happen, never "something went wrong".
  moved: (d) =>
    warned(
      [
        botTexts.moved(d.from, d.to),
        d.unclaimed ? botTexts.moveUnclaimed(d.unclaimed, d.to) : null,
        d.renameLater ? botTexts.moveRenameLater(d.renameLater.name, waitText(d.renameLater.inMs)) : null,
      ]
        .filter((line) => line !== null)
        .join("\n"),
      d.warning,
    ),
  snoozed: (d) => botTexts.snoozed(d.minutes),
  unsnoozed: () => botTexts.unsnoozed,
};

export function refusalText(refusal: Refusal): string {
  return (refusalTexts[refusal.refusal] as (r: Refusal) => string)(refusal);
}

/** An outcome in words, in the language spoken now (a form to fill in has none: ./answerOf shows it). */
export function outcomeText(outcome: Exclude<Outcome, FormDone>): string {
  return "refusal" in outcome ? refusalText(outcome) : (doneTexts[outcome.done] as (d: SaidDone) => string)(outcome);
}

/** A form of the server as Discord's modal: ≤ 5 text inputs with the limits the Forms screen enforces. */
export function formModal(panelId: number, found: FoundForm): Reply {
  return {
    kind: "modal",
    modal: {
      custom_id: customIds.form(panelId, found.form.id),
      // The Forms screen keeps names, labels and placeholders within these; older records are cut.
      title: clampText(found.form.name, discordLimits.modalTitle) || "Form",
      components: found.fields.slice(0, discordLimits.modalRows).map((f) => ({
        type: ACTION_ROW,
        components: [
          {
            type: TEXT_INPUT,
            custom_id: customIds.formField(f.id),
            label: clampText(f.label || "Question", discordLimits.textInputLabel),
            style: f.style === "Paragraph" ? 2 : 1,
            required: f.required === 1,
            ...(f.min_length ? { min_length: Math.min(f.min_length, discordLimits.textInputLength) } : {}),
            ...(f.max_length ? { max_length: Math.min(f.max_length, discordLimits.textInputLength) } : {}),
            ...(f.placeholder ? { placeholder: clampText(f.placeholder, discordLimits.textInputPlaceholder) } : {}),
          },
        ],
      })),
    },
  };
}

/** A modal of one required paragraph input (the rating's comment, a panel's question). */
function oneInputModal(
  customId: string,
  title: string,
  input: { customId: string; label: string; max: number; placeholder?: string },
): Reply {
  return {
    kind: "modal",
    modal: {
      custom_id: customId,
      title: clampText(title, discordLimits.modalTitle),
      components: [
        {
          type: ACTION_ROW,
          components: [
            {
              type: TEXT_INPUT,
              custom_id: input.customId,
              label: clampText(input.label, discordLimits.textInputLabel),
              style: 2,
              min_length: 1,
              max_length: input.max,
              required: true,
              ...(input.placeholder ? { placeholder: clampText(input.placeholder, discordLimits.textInputPlaceholder) } : {}),
            },
          ],
        },
      ],
    },
  };
}

/** The rating's comment as Discord's modal. */
const commentModal = (guildId: string, number: number): Reply =>
  oneInputModal(customIds.rateComment(guildId, number), botTexts.ratingCommentTitle, {
    customId: RATING_COMMENT_INPUT,
    label: botTexts.ratingCommentLabel,
    max: COMMENT_MAX,
  });

/** The text input of a panel's question (a panel that suggests answers and has no form). */
export const QUESTION_INPUT = "question";

/** The question a panel without a form asks before it suggests answers. */
const questionModal = (panelId: number): Reply =>
  oneInputModal(customIds.question(panelId), botTexts.questionTitle, {
    customId: QUESTION_INPUT,
    label: botTexts.questionLabel,
    max: QUESTION_MAX,
    placeholder: botTexts.questionPlaceholder,
  });

/**
 * Suggestions before a ticket opens: each tag an embed (its name as the title, its content as the description), then
 * "Yes, thanks" and "No, open a ticket", which name the offer kept on the server. Three tags of 100 + 2,000
 * characters can pass an embed message's 6,000: fitMessage shortens the longest contents first.
 */
function suggestionsMessage(outcome: Of<Done, "done", "suggested">): Reply {
  return {
    kind: "message",
    ok: true,
    message: fitMessage({
      content: botTexts.suggestionsAsk,
      embeds: outcome.tags.slice(0, SUGGESTED_MAX).map((tag) => ({ title: tag.name, description: tag.content })),
      components: [
        {
          type: ACTION_ROW,
          components: [
            button(3, botTexts.suggestionsYes, customIds.suggestionYes(outcome.key)),
            button(2, botTexts.suggestionsNo, customIds.suggestionNo(outcome.key)),
          ],
        },
      ],
      allowed_mentions: { parse: [] },
    }),
  };
}

/** The Discord answer to an outcome: an ephemeral message, or the modal of a form the member fills in first. */
export function answerOf(outcome: Outcome): Reply {
  if ("refusal" in outcome) return say(refusalText(outcome));
  switch (outcome.done) {
    case "formFirst":
      return formModal(outcome.panelId, outcome.form);
    case "commentForm":
      return commentModal(outcome.ticket.guild_id, outcome.ticket.number);
    case "questionFirst":
      return questionModal(outcome.panelId);
    case "suggested":
      return suggestionsMessage(outcome);
    case "closeAsked":
      return {
        kind: "message",
        ok: true,
        message: {
          content: botTexts.confirmClose,
          components: [
            { type: ACTION_ROW, components: [button(4, botTexts.confirmCloseButton, customIds.closeConfirm(outcome.ticket.number))] },
          ],
          allowed_mentions: { parse: [] },
        },
      };
    default:
      return say(outcomeText(outcome), true);
  }
}
