import type { SinglePanel } from "../../src/schemas/panel";
import type { BotLanguage, TicketSettings } from "../../src/schemas/settings";
import type { FormAnswer } from "../../src/schemas/ticket";
import type { BotMessage } from "../platform/adapter";
import type { NextOpening } from "./outcomes";
import type { TicketRow } from "./store";

// What the core asks a door to word (EngineDeps.messages): the messages a step posts — into a ticket's channel, to
// its opener, to the archive and alert channels — and the few texts it stores (a ticket's subject, its close reason).
// The core says what happened; the door (server/discord/messages.ts) writes it in the language spoken now, with its
// buttons and their custom ids. The core never builds a message or a text itself.

/** What happened in a ticket, told in its channel (pinging nobody). User ids. */
export type Notice =
  | { notice: "claimed"; by: string }
  | { notice: "unclaimed"; by: string }
  | { notice: "transferred"; from: string; to: string }
  | { notice: "assigned"; to: string }
  | { notice: "memberAdded"; user: string }
  | { notice: "memberRemoved"; user: string }
  | { notice: "keptOpen"; by: string }
  | { notice: "closeRequestDenied"; by: string }
  /** `unclaimed`: the earlier claimer, no longer on the ticket's support team. */
  | { notice: "reopened"; by: string; number: number; transcriptUrl: string | null; unclaimed: string | null }
  | { notice: "outsideHours"; next: NextOpening | null }
  /** Moved to another panel (panel names); `unclaimed`: the claimer, not staff of the new panel. */
  | { notice: "moved"; by: string; from: string; to: string; unclaimed: string | null }
  /** A ticket about a message: the message quoted, and where it is. */
  | { notice: "aboutMessage"; authorId: string; content: string; url: string }
  /** A snooze ended by itself: its time came, or the member wrote. */
  | { notice: "snoozeEnded"; reason: "time" | "member" };

/**
 * Why the bot closed a ticket on its own, or for the member's answer. `deletedInDiscord`: staff deleted its channel by
 * hand; `openerErased`: its opener erased their data (server/retention/member.ts).
 */
export type CloseReason = "silent" | "openerLeft" | "closeRequestConfirmed" | "closeRequestTimedOut" | "deletedInDiscord" | "openerErased";

export interface TicketMessages {
  /** Runs `work` with the bot speaking the server's language: scheduled work, with no interaction to take it from. */
  inServerLanguage<T>(setting: BotLanguage | null | undefined, work: () => T): T;
  notice(notice: Notice): BotMessage;
  /** A new (or reopened) ticket's first message: the panel's welcome, the form's answers, Close and Claim. */
  welcome(ticket: TicketRow, panel: SinglePanel | null, answers: FormAnswer[]): BotMessage;
  /** Mentions that add the support roles' members to a private thread. */
  threadRoles(roleIds: string[]): BotMessage;
  closeRequest(ticket: TicketRow, staffId: string, hours: number, reason: string | null): BotMessage;
  inactivityWarning(ticket: TicketRow, hours: number): BotMessage;
  /** A closed ticket in the server's archive channel. */
  archive(ticket: TicketRow, transcriptUrl: string | null): BotMessage;
  /** The closing direct message, as the ticket's state now asks (rated, commented, reopenable). */
  closingDm(ticket: TicketRow, settings: TicketSettings, guildName: string | null): BotMessage;
  waitingAlert(ticket: TicketRow, minutes: number, ticketUrl: string, roleIds: string[]): BotMessage;
  /** Staff answered: the opener is mentioned (only them), once per staff reply (PingOpenerOnStaffReply). */
  openerPing(ticket: TicketRow): BotMessage;
  /** A staff member's reply from the dashboard, under their name and avatar. */
  staffReply(author: { name: string; iconUrl: string | null }, content: string): BotMessage;
  /** Stored on the ticket: why it closed, in the language spoken now (`skippedBy`: Try-it's "Skip ahead" brought it). */
  closeReason(reason: CloseReason, skippedBy?: string | null): string;
  /** Stored on the ticket: the subject of a ticket about a message of `author`. */
  subjectAboutMessage(author: string): string;
  /** Stored with a ticket's answers: the label of the question a panel without a form asks when it suggests answers. */
  questionLabel(): string;
}
