import type { BotPermissionKey } from "../../src/schemas/bot-permissions";
import type { TicketNote, TicketPriority } from "../../src/schemas/helpdesk";
import type { FoundForm } from "./form";
import type { SuggestedTag } from "./suggestions";
import type { TicketRow } from "./store";

// What a step of the ticket core answers (docs/ticket-engine.md, "The core and its doors"): what happened, with its
// facts, or a refusal of a named kind with its parameters — never text, never a Discord message. Each door words it
// in its own form: the Discord door in the member's language (server/discord/answers.ts), the dashboard's routes as
// an HTTP status and the English text (server/http/support/outcome-status.ts, one table).

/** What the bot was doing when the platform refused it (each needs its own permissions: ./refusals.ts). */
export type BotAction = "open" | "rename" | "overwrites" | "move" | "send" | "read" | "delete";

/** Whom a refusal is about: the member acting, or the ticket's opener (staff reopening it from the dashboard). */
export type Whom = "member" | "opener";

/** When support opens next (a panel's support hours): weekday (0 Sunday), "HH:MM", time zone, and whether it is today there. */
export interface NextOpening {
  day: number;
  time: string;
  zone: string;
  today: boolean;
}

/** A ticket opened outside its panel's support hours: when staff will answer (null when the hours name no day). */
export interface OutsideHours {
  next: NextOpening | null;
}

/** Every refusal a step can meet, by kind, with the facts its words need. */
export type Refusal =
  /** What the click or the command names no longer holds (forged, or stale): the button is no longer valid. */
  | { refusal: "stale" }
  | { refusal: "ticketGone" }
  | { refusal: "closeBusy" }
  | { refusal: "panelGone" }
  | { refusal: "panelDisabled" }
  | { refusal: "formGone" }
  | { refusal: "formRequired"; label: string }
  | { refusal: "formLength"; label: string; min: number; max: number }
  | { refusal: "blacklisted"; whom: Whom }
  /** The opener left the server: the ticket cannot be reopened for them. */
  | { refusal: "notMember"; whom: Whom }
  /** The member left between their click and their ticket's thread. */
  | { refusal: "openerLeft" }
  | { refusal: "openLimit"; limit: number; whom: Whom }
  | { refusal: "panelLimit"; limit: number; panelName: string; whom: Whom }
  /** Role names as the server has them (an id it no longer has, as the id). */
  | { refusal: "requiredRole"; roles: string[] }
  | { refusal: "excludedRole"; roles: string[] }
  | { refusal: "cooldown"; waitMs: number }
  | { refusal: "outsideHours"; next: NextOpening | null }
  | { refusal: "categoryFull" }
  | { refusal: "serverFull" }
  | { refusal: "openFailed" }
  | { refusal: "staffOnly" }
  | { refusal: "noPermission" }
  | { refusal: "onlyClaimer" }
  | { refusal: "alreadyClaimed"; by: "you" | "someone" | { name: string } }
  | { refusal: "notClaimed" }
  | { refusal: "memberNotFound" }
  | { refusal: "transferTargetNotStaff" }
  | { refusal: "tooManyMembers" }
  | { refusal: "cannotRemoveOpener" }
  | { refusal: "renameInvalid" }
  | { refusal: "cannotCloseOwn" }
  | { refusal: "closeFailed" }
  | { refusal: "ratingAlready" }
  | { refusal: "commentFirst" }
  | { refusal: "commentAlready" }
  | { refusal: "commentEmpty" }
  | { refusal: "closeRequestOnlyOpener" }
  | { refusal: "closeRequestGone" }
  | { refusal: "reopenOff" }
  | { refusal: "reopenTooLate"; days: number }
  | { refusal: "reopenNotClosed" }
  | { refusal: "messageTicketBot" }
  | { refusal: "messageTicketStaffOnly" }
  | { refusal: "noteEmpty" }
  | { refusal: "labelUnknown" }
  /** Moving a ticket (./move.ts): the panels named are the target's. */
  | { refusal: "moveSamePanel"; panelName: string }
  | { refusal: "moveTargetGone" }
  | { refusal: "moveTargetDisabled"; panelName: string }
  /** The mover is not staff of the target panel (its support team), or holds no AnswerTicket. */
  | { refusal: "moveNoAccess"; panelName: string }
  /** The target's ticket category (and its overflow category) holds Discord's 50 channels: nothing moved. */
  | { refusal: "moveCategoryFull"; panelName: string }
  /** A ticket that is a private thread stays under its channel: Discord cannot move a thread to another channel. */
  | { refusal: "moveThread" }
  /** Discord refused to move the channel for a reason the bot cannot name: nothing moved. */
  | { refusal: "moveFailed" }
  /** A snooze shorter than a minute or longer than 30 days (or ending in the past). */
  | { refusal: "snoozeRange" }
  | { refusal: "notSnoozed" }
  /** Discord refused for a permission the bot lacks (those it could tell, by key: ../../src/schemas/bot-permissions.ts). */
  | { refusal: "missingPermission"; action: BotAction; permissions: BotPermissionKey[] }
  | { refusal: "rateLimited"; action: BotAction; retryAfterMs: number }
  | { refusal: "backingOff"; retryAfterMs: number }
  /** Something went wrong that the member cannot fix. */
  | { refusal: "failed" };

export type RefusalKind = Refusal["refusal"];

/** What a step did, with the facts of it. `warning`: what the platform refused on the way (the step itself went through). */
export type Done =
  | { done: "opened"; ticket: TicketRow; outsideHours: OutsideHours | null }
  /** The member fills the form first (panelId 0: /form); nothing that does not depend on the answers refuses them. */
  | { done: "formFirst"; panelId: number; form: FoundForm }
  /** A panel that suggests answers and has no form: the member's question first (refused before it as a form is). */
  | { done: "questionFirst"; panelId: number }
  /** Tags that may answer the member's words, before the ticket opens: their "Yes" or "No" answers the offer `key`. */
  | { done: "suggested"; key: string; tags: SuggestedTag[] }
  /** "Yes, thanks": the suggestions answered the member, and no ticket opened. */
  | { done: "suggestionAnswered" }
  | { done: "claimed"; ticket: TicketRow; warning: Refusal | null }
  | { done: "unclaimed"; ticket: TicketRow; warning: Refusal | null }
  | { done: "transferred"; ticket: TicketRow; to: { id: string; username: string }; warning: Refusal | null }
  | { done: "memberAdded"; ticket: TicketRow; warning: Refusal | null }
  | { done: "memberRemoved"; ticket: TicketRow; warning: Refusal | null }
  | { done: "renamed"; ticket: TicketRow; name: string }
  /** The close waits for the member's confirmation (the server asks for one). */
  | { done: "closeAsked"; ticket: TicketRow }
  | { done: "closed"; ticket: TicketRow; transcriptNotKept: { quotaMb: number } | null }
  | { done: "rated"; ticket: TicketRow; rating: number }
  /** The opener may write a comment on their rating: its form. */
  | { done: "commentForm"; ticket: TicketRow }
  | { done: "commented"; ticket: TicketRow }
  | { done: "keptOpen"; ticket: TicketRow }
  | { done: "closeRequested"; ticket: TicketRow }
  | { done: "reopened"; ticket: TicketRow; outsideHours: OutsideHours | null }
  | { done: "noteAdded"; ticket: TicketRow; note: TicketNote }
  | { done: "replied"; ticket: TicketRow; messageId: string }
  | { done: "triaged"; ticket: TicketRow; priority: TicketPriority | null }
  /**
   * The ticket now belongs to another panel. `unclaimed`: its claimer's name, not staff of the target (the claim was
   * dropped). `renameLater`: Discord's rename limit held the new name back; the sweep renames the channel then.
   */
  | {
      done: "moved";
      ticket: TicketRow;
      from: string;
      to: string;
      unclaimed: string | null;
      renameLater: { name: string; inMs: number } | null;
      warning: Refusal | null;
    }
  | { done: "snoozed"; ticket: TicketRow; minutes: number }
  | { done: "unsnoozed"; ticket: TicketRow };

export type DoneKind = Done["done"];

export type Outcome = Done | Refusal;

export const isRefusal = (outcome: Outcome | object): outcome is Refusal => "refusal" in outcome;
