import { currentLanguage, type SpokenLanguage } from "./language";
import { spanishTexts } from "./texts-es";

// What the bot says, in one place: the catalogue of every text the bot sends, in English (below, as Discord shows
// it) and Spanish (./texts-es.ts). `botTexts` answers in the language of the step running now (./language.ts: the
// server's BotLanguage setting, else the interaction's guild_locale); outside a step, English. Every reply to a
// member is ephemeral unless it says otherwise.

/** A snooze's length: "2 days 4 hours", "30 minutes". */
function spanOf(minutes: number): string {
  const plural = (n: number, unit: string) => (n ? `${n} ${unit}${n === 1 ? "" : "s"}` : "");
  const parts = [
    plural(Math.floor(minutes / 1440), "day"),
    plural(Math.floor((minutes % 1440) / 60), "hour"),
    plural(minutes % 60, "minute"),
  ];
  return parts.filter(Boolean).join(" ") || "0 minutes";
}

export const englishTexts = {
  invalidButton: "This button is no longer valid.",
  notInServer: "Use this command in a server.",
  notATicket: "This is not a ticket channel.",
  ticketGone: "This ticket is closed already.",
  panelGone: "This panel no longer exists. Ask the staff to post it again.",
  panelDisabled: "This panel is disabled.",
  blacklisted: "You are blacklisted on this server and cannot open tickets.",
  limitReached: (limit: number) =>
    `You already have ${limit} open ticket${limit === 1 ? "" : "s"}, the most this server allows. Close one before opening another.`,
  opened: (channelId: string) => `Your ticket is open: <#${channelId}>`,
  openFailed: "The ticket channel could not be created. Please try again later.",
  formGone: "This form no longer exists.",
  formRequired: (label: string) => `"${label}" is required.`,
  formLength: (label: string, min: number, max: number) => `"${label}" must be between ${min} and ${max} characters.`,
  noPermission: "You do not have permission to do that.",
  staffOnly: "Only the support team of this ticket can do that.",
  claimed: (userId: string) => `Ticket claimed by <@${userId}>.`,
  claimedReply: "You claimed this ticket.",
  alreadyClaimed: (name: string) => `This ticket is already claimed by ${name}.`,
  notClaimed: "This ticket is not claimed.",
  unclaimed: (userId: string) => `<@${userId}> released this ticket.`,
  unclaimedReply: "You released this ticket.",
  onlyClaimer: "Only the member who claimed this ticket (or a server manager) can release it or hand it over.",
  transferred: (from: string, to: string) => `Ticket handed over from <@${from}> to <@${to}>.`,
  transferredReply: (name: string) => `The ticket now belongs to ${name}.`,
  transferTargetNotStaff: "That member is not in the support team of this ticket.",
  // ---- assigning an unclaimed ticket (not a hand-over); a close reason that joins a preset and added text
  assigned: (to: string) => `Ticket assigned to <@${to}>.`,
  closeReasonTooLong: (max: number) => `The close reason, with the preset and the added text, must be at most ${max} characters.`,
  memberAdded: (userId: string) => `<@${userId}> was added to the ticket.`,
  memberAddedReply: "Member added.",
  memberRemoved: (userId: string) => `<@${userId}> was removed from the ticket.`,
  memberRemovedReply: "Member removed.",
  tooManyMembers: "This ticket already has as many members as Discord allows in one channel.",
  cannotRemoveOpener: "The member who opened the ticket cannot be removed.",
  memberNotFound: "That member is not in this server.",
  renamed: (name: string) => `Channel renamed to ${name}.`,
  renameInvalid: "Channel names need at least one letter or digit.",
  cannotCloseOwn: "Only staff can close tickets on this server.",
  confirmClose: "Are you sure you want to close this ticket?",
  confirmCloseButton: "Close ticket",
  closing: "Closing the ticket…",
  closed: (number: number) => `Ticket #${number} closed.`,
  closedWithoutTranscript: (number: number, quotaMb: number) =>
    `Ticket #${number} closed. Its transcript was not kept: this server's transcript storage is full (${quotaMb} MB). Ask the server owner to delete old transcripts or raise the quota.`,
  closeFailed: "The ticket channel could not be deleted. Please try again later.",
  closeBusy: "This ticket is being closed already.",
  autoCloseReason: "Closed automatically after a period without messages",
  userLeftReason: "Closed automatically: the member who opened it left the server",
  deletedInDiscordReason: "Closed automatically: its channel was deleted in Discord",
  openerErasedReason: "Closed automatically: the member who opened it erased their data",
  /** A scheduled close's reason when Try-it's "Skip ahead" brought it (the demo clock). */
  afterSkipAhead: (reason: string, name: string) => `${reason} (after ${name} skipped the demo clock ahead)`,
  closeButton: "Close",
  claimButton: "Claim",
  welcomeFallback: "Thanks for reaching out! The support team will be with you shortly.",
  ratingPrompt: (guildName: string, number: number) => `How did we do? Rate your ticket #${number} on ${guildName}.`,
  ratingThanks: (rating: number) => `Thanks for your feedback: ${"★".repeat(rating)}${"☆".repeat(5 - rating)}`,
  ratingAlready: "You already rated this ticket.",
  archived: (number: number, opener: string) => `Ticket #${number} of ${opener} was closed.`,
  tagNotFound: (name: string) => `No tag named "${name}".`,
  tagSent: "Tag sent.",
  tagCannotSend: "You cannot send messages in this channel, so the bot will not post a tag here for you.",
  transcriptLink: (number: number, url: string) => `Transcript of ticket #${number}: ${url}`,
  transcriptMissing: (number: number) => `No transcript of ticket #${number} is stored.`,
  panelResent: (name: string) => `Panel "${name}" posted again.`,
  panelResendFailed: "The panel could not be posted. Check that its channel still exists.",
  multiPanelEmpty: "This multi-panel has no panels to show. Choose its panels in the dashboard, then post it again.",
  settingsLink: (url: string) => `Change them in the dashboard: ${url}`,
  help: (docsUrl: string) =>
    `Open a ticket with a panel's button or with /new. In a ticket: /close, /add, /remove; staff: /claim, /unclaim, /transfer, /move, /rename, /tag, /closerequest. Everything else is in the documentation: ${docsUrl}`,
  categoryFull:
    "The ticket category of this panel is full (Discord allows 50 channels in a category), so your ticket could not open. The server's staff can see it on the dashboard; please try again later.",
  serverFull:
    "This server has reached Discord's limit of 500 channels, so your ticket could not open. The server's staff can see it on the dashboard; please try again later.",
  missingPermission: (action: "open" | "rename" | "overwrites" | "move" | "send" | "read" | "delete", permissions: string[]) =>
    `Ticketeer is missing ${permissions.length ? `the ${permissions.join(", ")} permission${permissions.length === 1 ? "" : "s"}` : "a permission"} here, so it could not ${
      {
        open: "open your ticket",
        rename: "rename this channel",
        overwrites: "change who can see this ticket",
        move: "move this ticket's channel",
        send: "send that message",
        read: "read this ticket's messages",
        delete: "delete this channel",
      }[action]
    }. The server's staff can see what to fix on the dashboard, under Server info → Bot setup.`,
  renameRateLimited: (wait: string) => `Discord allows renaming a channel twice every ten minutes — try again in ${wait}.`,
  rateLimited: (wait: string) => `Discord is limiting how often the bot can do that — try again in ${wait}.`,
  backingOff: (wait: string) => `The bot is pausing its requests to Discord after too many refusals — try again in ${wait}.`,
  unknownCommand: "This command is not known.",
  somethingWrong: "Something went wrong. Please try again.",
  // ---- DM tickets: a ticket opened from a direct message, relayed both ways
  dmChooseServer: "Which server is your ticket for?",
  dmChooseServerPlaceholder: "Choose a server",
  dmChoosePanel: (server: string) => `What is your ticket on ${server} about?`,
  dmChoosePanelPlaceholder: "Choose a topic",
  dmNoServers: "None of the servers you share with this bot takes tickets by direct message. Open one from a panel in the server.",
  dmNoPanels: "This server has no panel that can be opened by direct message.",
  dmNotMember: "You are not a member of that server.",
  dmOnly: "Use this command in a direct message with the bot.",
  dmOpened: (number: number, server: string) =>
    `Your ticket #${number} on ${server} is open. Write here: your messages go to the staff, and their answers come back here.`,
  tooSlow: "That took too long. Please try again.",
  alreadyHandled: "This was handled already.",
  slowDown: (seconds: number) => `You are going too fast. Try again in ${seconds} second${seconds === 1 ? "" : "s"}.`,
  serverBusy: (seconds: number) =>
    `This server is sending the bot more requests than it can take right now. Try again in ${seconds} second${seconds === 1 ? "" : "s"}.`,
  // ---- labels inside the bot's messages
  subjectField: "Subject",
  answersTitle: "Answers",
  archivePanel: "Panel",
  archiveClosedBy: "Closed by",
  archiveReason: "Reason",
  archiveNoReason: "No reason specified",
  archiveTranscript: "Transcript",
  aboutSeconds: (n: number) => `about ${n} second${n === 1 ? "" : "s"}`,
  aboutMinutes: (n: number) => `about ${n} minute${n === 1 ? "" : "s"}`,
  aboutHours: (n: number) => `about ${n} hour${n === 1 ? "" : "s"}`,
  // ---- the ticket workflow: support hours, warnings, close requests, reopening, tickets from messages, comments
  /** When support opens next: a weekday (0 Sunday … 6 Saturday), "HH:MM" and the server's time zone. */
  nextOpening: (day: number, time: string, zone: string, today: boolean) =>
    `${today ? "today" : `on ${["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"][day]}`} at ${time} (${zone})`,
  requiredRole: (roles: string) => `This panel is only for members with ${roles}.`,
  excludedRole: (roles: string) => `Members with ${roles} cannot open tickets with this panel.`,
  panelLimitReached: (limit: number, panel: string) =>
    `You already have ${limit} open ticket${limit === 1 ? "" : "s"} from "${panel}", the most this panel allows. Close one before opening another.`,
  cooldown: (wait: string) => `You closed a ticket of this panel recently. You can open another in ${wait}.`,
  outsideHoursRefused: (next: string) => `Support is closed right now. It opens again ${next}; please open your ticket then.`,
  outsideHoursNotice: (next: string) => `Support is closed right now: staff will answer when it opens again, ${next}.`,
  supportHoursLine: (hours: string) => `Support hours: ${hours}`,
  inactivityWarning: (hours: number) =>
    `This ticket closes in ${hours} hour${hours === 1 ? "" : "s"} without a reply. Press "Keep open" or write a message to keep it open.`,
  keepOpenButton: "Keep open",
  keptOpen: "The ticket stays open.",
  keptOpenNotice: (userId: string) => `<@${userId}> kept this ticket open.`,
  closeRequest: (openerId: string, staffId: string, hours: number, reason: string | null) =>
    `<@${openerId}>, <@${staffId}> asks to close this ticket${reason ? `: ${reason}` : "."} Confirm, or keep it open. Without an answer it closes in ${hours} hour${hours === 1 ? "" : "s"}.`,
  closeRequestSent: "Close request sent to the member.",
  closeRequestConfirm: "Close",
  closeRequestDeny: "Keep open",
  closeRequestDenied: (userId: string) => `<@${userId}> wants to keep this ticket open.`,
  closeRequestOnlyOpener: "Only the member who opened this ticket can answer this request.",
  closeRequestGone: "This close request is no longer open.",
  closeRequestReason: "The member confirmed the close request",
  closeRequestTimeoutReason: "Closed after a close request without an answer",
  reopenButton: "Reopen",
  reopened: (channelId: string) => `The ticket is open again: <#${channelId}>`,
  reopenedNotice: (userId: string, number: number, link: string | null) =>
    `<@${userId}> reopened ticket #${number}.${link ? ` Its transcript so far: ${link}` : ""}`,
  reopenOff: "Tickets cannot be reopened on this server.",
  reopenTooLate: (days: number) =>
    `This ticket closed more than ${days} day${days === 1 ? "" : "s"} ago and can no longer be reopened. Open a new one instead.`,
  reopenNotClosed: "This ticket is not closed.",
  reopenNotMember: "You are no longer a member of this server, so this ticket cannot be reopened.",
  openerNotMember: "The member who opened this ticket is no longer in this server, so it cannot be reopened.",
  openerBlacklisted: "The member who opened this ticket is blacklisted on this server, so it cannot be reopened.",
  openerAtLimit: (limit: number) =>
    `The member who opened this ticket already has ${limit} open ticket${limit === 1 ? "" : "s"}, the most this server allows, so it cannot be reopened.`,
  openerAtPanelLimit: (limit: number, panel: string) =>
    `The member who opened this ticket already has ${limit} open ticket${limit === 1 ? "" : "s"} from "${panel}", the most this panel allows, so it cannot be reopened.`,
  reopenUnclaimed: (userId: string) => `<@${userId}> is no longer on this ticket's support team, so the ticket is unclaimed.`,
  openerLeft: "You are no longer a member of this server, so your ticket was not opened.",
  closedDm: (guildName: string, number: number) => `Your ticket #${number} on ${guildName} was closed.`,
  messageTicketSubject: (author: string) => `About a message of ${author}`,
  messageQuote: (authorId: string, quoted: string, link: string) => `Opened about this message of <@${authorId}> (${link}):\n${quoted}`,
  messageTicketStaffOnly:
    "Only staff can open a ticket for another member. Ask the server to let members open tickets about messages for themselves.",
  messageTicketBot: "Tickets cannot be opened for a bot.",
  ratingCommentButton: "Add a comment",
  ratingCommentTitle: "Your feedback",
  ratingCommentLabel: "Anything you want to tell the staff?",
  ratingCommentThanks: "Thanks, your comment was saved.",
  ratingCommentFirst: "Rate the ticket first, then add a comment.",
  ratingCommentAlready: "You already left a comment on this ticket.",
  // ---- the help desk: notes, replies, priority, labels, waiting alerts ----
  noteAdded: "Note added. Only staff see it.",
  noteEmpty: "Write the note after the command.",
  replySent: "Reply sent.",
  prioritySet: (priority: string) => `Priority set to ${priority}.`,
  labelsSet: "Labels saved.",
  labelUnknown: "That label no longer exists.",
  priorityUnknown: "The priority is low, normal, high or urgent.",
  waitingAlert: (number: number, minutes: number, url: string) =>
    `Ticket #${number} has waited ${minutes} minute${minutes === 1 ? "" : "s"} without a response from staff: ${url}`,
  // ---- answers before a ticket opens: a panel's suggestions from the server's tags ----
  questionTitle: "Your question",
  questionLabel: "What is your question?",
  questionPlaceholder: "Describe it in a sentence or two",
  suggestionsAsk: "Does one of these answer your question?",
  suggestionsYes: "Yes, thanks",
  suggestionsNo: "No, open a ticket",
  suggestionsAnswered: "Glad that helped! No ticket was opened.",
  // ---- moving a ticket to another panel
  moved: (from: string, to: string) => `Ticket moved from ${from} to ${to}.`,
  movedNotice: (userId: string, from: string, to: string) => `<@${userId}> moved this ticket from ${from} to ${to}.`,
  moveUnclaimed: (name: string, panel: string) => `${name} is not on the support team of ${panel}, so the ticket is unclaimed.`,
  moveUnclaimedNotice: (userId: string) => `<@${userId}> is not on this panel's support team, so the ticket is unclaimed.`,
  moveRenameLater: (name: string, wait: string) =>
    `Discord allows renaming a channel twice every ten minutes, so the channel will be renamed to ${name} in ${wait}.`,
  moveSamePanel: (panel: string) => `This ticket is already in ${panel}.`,
  moveTargetGone: "That panel no longer exists. Pick another one.",
  moveTargetDisabled: (panel: string) => `${panel} is disabled, so no ticket can be moved to it.`,
  moveNoAccess: (panel: string) => `Only the support team of ${panel} can move tickets to it.`,
  moveCategoryFull: (panel: string) =>
    `The ticket category of ${panel} is full (Discord allows 50 channels in a category), so the ticket stays where it is. The server's staff can see it on the dashboard.`,
  moveThread: "This ticket is a private thread of its panel's channel, and Discord cannot move a thread to another channel.",
  moveFailed: "The ticket's channel could not be moved, so the ticket stays where it is. Please try again later.",
  movePanelUnknown: (typed: string) => `No panel named "${typed}". Pick one of the panels offered.`,
  // ---- waiting on the member: the opener's ping, snooze ----
  openerPing: (openerId: string) => `<@${openerId}> staff answered in your ticket.`,
  snoozed: (minutes: number) => `Ticket snoozed for ${spanOf(minutes)}. It comes back to the queue then, or when the member writes.`,
  unsnoozed: "Snooze ended: the ticket is back in the queue.",
  snoozeRange: "Snooze for at least a minute and at most 30 days (for example 30m, 4h, 2d or 1w).",
  notSnoozed: "This ticket is not snoozed.",
  snoozeEnded: "Snooze over: this ticket is back in staff's queue.",
  snoozeEndedByMember: "The member wrote: this ticket is back in staff's queue.",
  // ---- a member's data: /mydata ----
  myDataUnknown: "Choose export or erase.",
  myDataFile: (tickets: number, transcripts: number) =>
    `Your data: ${tickets} ticket${tickets === 1 ? "" : "s"} and ${transcripts} transcript${transcripts === 1 ? "" : "s"} with your messages, in the attached JSON file. Only you see this message.`,
  myDataTooLarge: (mb: number, url: string) =>
    `Your data is larger than the ${mb} MB Discord lets a bot attach. Sign in to the dashboard to download it as JSON: ${url}`,
  myDataEraseAsk:
    "This erases your data on every server: your messages in transcripts become \"deleted user\", your ratings' comments and your tickets' details are removed, and your open tickets are closed. It cannot be undone.",
  myDataEraseButton: "Erase my data",
  myDataErased: (transcripts: number, tickets: number, open: number) =>
    `Done: ${transcripts} transcript${transcripts === 1 ? "" : "s"} and ${tickets} ticket${tickets === 1 ? "" : "s"} erased.${open > 0 ? ` ${open} open ticket${open === 1 ? "" : "s"} could not be closed now: erase again once ${open === 1 ? "it is" : "they are"} closed.` : ""}`,
} as const;

export type BotTexts = typeof englishTexts;

/** Every language's texts; a language must give every text (./texts-es.ts is typed by the English). */
const catalogue: Record<SpokenLanguage, BotTexts> = { en: englishTexts, es: spanishTexts as unknown as BotTexts };

/** The catalogue in the language of the step running now. */
export const botTexts: BotTexts = new Proxy(englishTexts, {
  get: (english, key) =>
    (catalogue[currentLanguage()] as Record<string | symbol, unknown>)[key] ?? (english as Record<string | symbol, unknown>)[key],
});

/** The texts of one language (tests, and the Try-it view's checks). */
export const textsIn = (language: SpokenLanguage): BotTexts => catalogue[language];
