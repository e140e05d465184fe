import type { MentionNames, TicketPriority } from "../../schemas/helpdesk";

// The help desk's texts built from data (priorities) and mentions shown as names, for the queue and the ticket page.

type Tr = (key: string, fallback: string) => string;

/** A priority in words, each a literal key so the Spanish coverage test finds it. */
export function priorityText(tr: Tr, priority: TicketPriority): string {
  switch (priority) {
    case "low": return tr("tickets.priority.low", "Low");
    case "normal": return tr("tickets.priority.normal", "Normal");
    case "high": return tr("tickets.priority.high", "High");
    case "urgent": return tr("tickets.priority.urgent", "Urgent");
  }
}

const mention = /<(@!?|@&|#)(\d{1,20})>/g;

/** `<@id>`, `<@&id>`, `<#id>` as Discord shows them: @name, @role, #channel (plain text, never markup). */
export function mentionText(text: string, names: MentionNames): string {
  return text.replace(mention, (_, sigil: string, id: string) =>
    sigil === "#" ? `#${names.channels[id] ?? "channel"}` : sigil === "@&" ? `@${names.roles[id] ?? "role"}` : `@${names.users[id] ?? "member"}`,
  );
}
