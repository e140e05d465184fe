import { isForm, outcomeText } from "../../discord/answers";
import { HttpError } from "../../errors";
import type { Done, Outcome, RefusalKind } from "../../tickets/outcomes";

// A step's outcome as the dashboard's routes answer it, through one table: a refusal is an HTTP error with its kind's
// status and the bot's words for it in the language the route speaks (./bot-language.ts: the server's Bot language,
// the same words a member reads in Discord); what was done is its words and its facts. No route compares a refusal's text.

/** The HTTP status of every refusal (one entry per kind: a kind without its status fails the build). */
export const refusalStatus: Record<RefusalKind, 400 | 403 | 404 | 409> = {
  // Not allowed: who the caller is for the ticket, or their team's permissions.
  staffOnly: 403,
  noPermission: 403,
  onlyClaimer: 403,
  cannotCloseOwn: 403,
  transferTargetNotStaff: 403,
  moveNoAccess: 403,
  // What the caller sent names nothing that can be used.
  labelUnknown: 400,
  snoozeRange: 400,
  memberNotFound: 400,
  cannotRemoveOpener: 400,
  renameInvalid: 400,
  // The panel asked for is the ticket's own, or names no panel any more.
  moveSamePanel: 400,
  moveTargetGone: 400,
  // The ticket, the server or Discord stands in the way now: the request itself was fine.
  stale: 409,
  ticketGone: 409,
  closeBusy: 409,
  panelGone: 409,
  panelDisabled: 409,
  formGone: 409,
  formRequired: 409,
  formLength: 409,
  blacklisted: 409,
  notMember: 409,
  openerLeft: 409,
  openLimit: 409,
  panelLimit: 409,
  requiredRole: 409,
  excludedRole: 409,
  cooldown: 409,
  outsideHours: 409,
  categoryFull: 409,
  serverFull: 409,
  openFailed: 409,
  alreadyClaimed: 409,
  notClaimed: 409,
  tooManyMembers: 409,
  closeFailed: 409,
  ratingAlready: 409,
  commentFirst: 409,
  commentAlready: 409,
  commentEmpty: 409,
  closeRequestOnlyOpener: 409,
  closeRequestGone: 409,
  reopenOff: 409,
  reopenTooLate: 409,
  reopenNotClosed: 409,
  messageTicketBot: 409,
  messageTicketStaffOnly: 409,
  noteEmpty: 409,
  notSnoozed: 409,
  missingPermission: 409,
  rateLimited: 409,
  backingOff: 409,
  failed: 409,
  moveTargetDisabled: 409,
  moveCategoryFull: 409,
  moveThread: 409,
  moveFailed: 409,
};

/** What a step did, in the bot's words (the language spoken now); a refusal, or a form only Discord can show, is thrown as an HttpError. */
export function doneOf(outcome: Outcome): { message: string; done: Done } {
  if (isForm(outcome)) throw new HttpError(409, "This ticket needs an answer in Discord.");
  const message = outcomeText(outcome);
  if ("refusal" in outcome) throw new HttpError(refusalStatus[outcome.refusal], message);
  return { message, done: outcome };
}
