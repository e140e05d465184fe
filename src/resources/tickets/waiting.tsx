import type { TicketSummary, TicketWaitingFilter } from "../../schemas/ticket";
import { SelectField } from "../../ui/blocks";
import { RelativeTime } from "../engine/RelativeTime";

// Waiting on the member, in the queue and on the ticket page: who a ticket waits on, the waiting filter's choices
// (its value is the route's `waiting` parameter), whether a ticket fits the filter (live events are sorted in or out
// with it), and the snooze control — a plain select of lengths (and "End snooze" when snoozed), one step per choice.

type Tr = (key: string, fallback: string, params?: Record<string, string | number>) => string;

/** The snooze lengths offered (minutes), each with a literal key for the Spanish coverage test. */
export const snoozeChoices = (tr: Tr) => [
  { minutes: 60, label: tr("tickets.snooze.hour", "1 hour") },
  { minutes: 240, label: tr("tickets.snooze.hours4", "4 hours") },
  { minutes: 1440, label: tr("tickets.snooze.day", "1 day") },
  { minutes: 4320, label: tr("tickets.snooze.days3", "3 days") },
  { minutes: 10080, label: tr("tickets.snooze.week", "1 week") },
];

/** The queue's waiting filter choices ("" is every ticket). */
export const waitingFilterOptions = (tr: Tr): { value: TicketWaitingFilter | ""; label: string }[] => [
  { value: "", label: tr("tickets.filters.anyWaiting", "Waiting on anyone") },
  { value: "attention", label: tr("tickets.filters.attention", "Needs attention") },
  { value: "staff", label: tr("tickets.filters.onStaff", "Waiting on staff") },
  { value: "member", label: tr("tickets.filters.onMember", "Waiting on the member") },
  { value: "snoozed", label: tr("tickets.filters.snoozed", "Snoozed") },
];

/** Whether a ticket belongs on a list with this waiting filter (as the server filters: ../../../server/tickets/store.ts). */
export function fitsWaiting(t: TicketSummary, filter: string): boolean {
  switch (filter) {
    case "attention":
      return t.WaitingOn === "staff" && t.SnoozedUntil === null;
    case "staff":
    case "member":
      return t.WaitingOn === filter;
    case "snoozed":
      return t.SnoozedUntil !== null;
    default:
      return true;
  }
}

/** Who the ticket waits on, in words ("" when it is not known: a ticket closed before this was tracked). */
export function waitingOnText(tr: Tr, t: TicketSummary): string {
  if (t.WaitingOn === "staff") return tr("tickets.waitingOn.staff", "Staff");
  if (t.WaitingOn === "member") return tr("tickets.waitingOn.member", "Member");
  return "";
}

/** The queue's cell and the page's fact: who it waits on, and a snooze with when it ends. */
export function WaitingOn({ ticket, tr }: { ticket: TicketSummary; tr: Tr }) {
  return (
    <span className="tickets-waiting-on">
      <span className={`cell-badge ${ticket.WaitingOn === "staff" ? "cell-badge-blue" : "cell-badge-gray"}`}>
        {waitingOnText(tr, ticket)}
      </span>
      {ticket.SnoozedUntil !== null && (
        <span className="tickets-snoozed">
          {tr("tickets.snoozedUntil", "Snoozed, back")} <RelativeTime value={ticket.SnoozedUntil} />
        </span>
      )}
    </span>
  );
}

/** What a choice of the snooze control asks: snooze for so many minutes, or end the snooze. */
export type SnoozeChoice = { minutes: number } | "end";

/** A select whose every choice is one step; it goes back to its prompt after each. */
export function SnoozeSelect({ ticket, tr, onChoose }: { ticket: TicketSummary; tr: Tr; onChoose: (choice: SnoozeChoice) => void }) {
  const options = [
    { value: "", label: tr("tickets.snooze.prompt", "Snooze…") },
    ...snoozeChoices(tr).map((c) => ({ value: String(c.minutes), label: c.label })),
    ...(ticket.SnoozedUntil !== null ? [{ value: "end", label: tr("tickets.snooze.end", "End snooze") }] : []),
  ];
  return (
    <SelectField
      label={tr("tickets.snooze.label", "Snooze ticket #{n}", { n: ticket.TicketId })}
      className="tickets-snooze"
      value=""
      options={options}
      onChange={(value) => {
        if (value === "end") onChoose("end");
        else if (value) onChoose({ minutes: Number(value) });
      }}
    />
  );
}
