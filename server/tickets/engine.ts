import { claim, transfer, unclaim } from "./claim";
import type { DmMessage } from "./closing-dm";
import { mayClose, requestClose } from "./close";
import { noteActivity } from "./last-activity";
import type { Member } from "./members";
import { addMember } from "./membership";
import { open, openFromPanel, type OpenRequest, refusalBeforeForm, submitForm } from "./open";
import { rate, rateComment, ratingCommentModal } from "./rate";
import { keepOpen } from "./inactivity";
import { reopen, type Reopener } from "./reopen";
import { openFromMessage, type TargetMessage } from "./message-ticket";
import { answerCloseRequest, requestCloseConfirmation } from "./close-request";
import { rename } from "./rename";
import type { SinglePanel } from "../../src/schemas/panel";
import type { EngineDeps, Reply } from "./step";
import type { TicketRow } from "./store";

// The ticket engine's steps behind one object (app.tickets.engine), for the ways in that need them: Discord's
// interactions and the Try-it view (through ./interactions.ts) and the dashboard's tickets API; the scheduler calls
// the steps it needs directly. Each step lives in its own module (open, claim, membership, rename, close, rate); this
// only hands them their dependencies. Each re-reads what it needs, re-checks who may do it, and answers a Reply.

export class TicketEngine {
  constructor(readonly deps: EngineDeps) {}

  /** What a member would be refused opening a ticket (of `panel`, null: none), asked before a form is shown. */
  refusalBeforeForm(guildId: string, member: Member, panel: SinglePanel | null): Promise<Reply | null> {
    return refusalBeforeForm(this.deps, guildId, member, panel);
  }

  open(request: OpenRequest): Promise<Reply> {
    return open(this.deps, request);
  }

  openFromPanel(guildId: string, member: Member, panelId: number): Promise<Reply> {
    return openFromPanel(this.deps, guildId, member, panelId);
  }

  submitForm(guildId: string, member: Member, panelId: number, formId: number, typed: Record<string, string>): Promise<Reply> {
    return submitForm(this.deps, guildId, member, panelId, formId, typed);
  }

  claim(guildId: string, number: number, member: Member): Promise<Reply> {
    return claim(this.deps, guildId, number, member);
  }

  unclaim(guildId: string, number: number, member: Member): Promise<Reply> {
    return unclaim(this.deps, guildId, number, member);
  }

  transfer(guildId: string, number: number, member: Member, targetId: string): Promise<Reply> {
    return transfer(this.deps, guildId, number, member, targetId);
  }

  addMember(guildId: string, number: number, member: Member, targetId: string, add: boolean): Promise<Reply> {
    return addMember(this.deps, guildId, number, member, targetId, add);
  }

  rename(guildId: string, number: number, member: Member, raw: string): Promise<Reply> {
    return rename(this.deps, guildId, number, member, raw);
  }

  mayClose(row: TicketRow, member: Member): Promise<boolean> {
    return mayClose(this.deps, row, member);
  }

  requestClose(guildId: string, number: number, member: Member, reason: string | null | undefined, confirmed: boolean): Promise<Reply> {
    return requestClose(this.deps, guildId, number, member, reason, confirmed);
  }

  rate(guildId: string, number: number, userId: string, rating: number, dm: DmMessage | null = null): Promise<Reply> {
    return rate(this.deps, guildId, number, userId, rating, dm);
  }

  // ---- issue 22: the ticket workflow
  keepOpen(guildId: string, number: number, member: Member): Promise<Reply> {
    return keepOpen(this.deps, guildId, number, member);
  }

  requestCloseConfirmation(guildId: string, number: number, member: Member, reason: string | null, hours: number | null): Promise<Reply> {
    return requestCloseConfirmation(this.deps, guildId, number, member, reason, hours);
  }

  answerCloseRequest(guildId: string, number: number, member: Member, confirm: boolean): Promise<Reply> {
    return answerCloseRequest(this.deps, guildId, number, member, confirm);
  }

  ratingCommentModal(guildId: string, number: number, userId: string): Promise<Reply> {
    return ratingCommentModal(this.deps, guildId, number, userId);
  }

  rateComment(guildId: string, number: number, user: { id: string; username: string }, text: string, dm: DmMessage | null = null): Promise<Reply> {
    return rateComment(this.deps, guildId, number, user, text, dm);
  }

  openFromMessage(guildId: string, member: Member, target: TargetMessage): Promise<Reply> {
    return openFromMessage(this.deps, guildId, member, target);
  }

  reopen(guildId: string, number: number, who: Reopener): Promise<Reply> {
    return reopen(this.deps, guildId, number, who);
  }

  noteActivity(channelId: string, at: number): Promise<void> {
    return noteActivity(this.deps, channelId, at);
  }
}
