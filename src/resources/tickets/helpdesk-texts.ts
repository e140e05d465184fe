import type { MentionNames, TicketPriority } from "../../schemas/helpdesk";
import { type UnknownMentionTexts, unknownMentionTexts, withMentionNames } from "../../schemas/message-parts";

// The help desk's texts built from data (priorities) and mentions shown as names, for the queue and the ticket page.

type Tr = (key: string, fallback: string) => string;

/** A priority in words, each a literal key so the Spanish coverage test finds it. */
export function priorityText(tr: Tr, priority: TicketPriority): string {
  switch (priority) {
    case "low":
      return tr("tickets.priority.low", "Low");
    case "normal":
      return tr("tickets.priority.normal", "Normal");
    case "high":
      return tr("tickets.priority.high", "High");
    case "urgent":
      return tr("tickets.priority.urgent", "Urgent");
  }
}

/** What a mention whose name is not known reads as, in the reader's language. */
export const unknownMentions = (tr: Tr): UnknownMentionTexts => ({
  user: tr("tickets.page.unknownUser", "unknown user"),
  role: tr("tickets.page.unknownRole", "unknown role"),
  channel: tr("tickets.page.unknownChannel", "unknown channel"),
});

/** `<@id>`, `<@&id>`, `<#id>` as Discord shows them: @name, @role, #channel (plain text, never markup). */
export function mentionText(text: string, names: MentionNames, unknown: UnknownMentionTexts = unknownMentionTexts): string {
  return withMentionNames(text, names, unknown);
}
