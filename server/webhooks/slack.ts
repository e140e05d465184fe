import type { WebhookData } from "./queue";

// The Slack-compatible body (`{"text": …}`, what Slack's incoming webhooks and Discord's `/slack` webhooks post): one
// line in English saying what happened. Slack reads `<`, `>` and `&` as markup, so member-given words are escaped.

const escape = (text: string) => text.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;");

interface TicketPart {
  number?: number;
  panel_name?: string;
  url?: string | null;
}

const str = (value: unknown) => (typeof value === "string" ? value : "");

export function slackText(event: string, data: WebhookData): string {
  const ticket = (data.ticket ?? {}) as TicketPart;
  const actor = escape(str((data.actor as { username?: unknown } | undefined)?.username) || "Someone");
  const name = `ticket #${ticket.number ?? "?"}${ticket.panel_name ? ` (${escape(ticket.panel_name)})` : ""}`;
  const link = ticket.url && /^https?:\/\//.test(ticket.url) ? ` <${ticket.url}|Open>` : "";
  switch (event) {
    case "ticket.opened":
      return `${actor} opened ${name}.${link}`;
    case "ticket.claimed":
      return `${actor} claimed ${name}.${link}`;
    case "ticket.moved":
      return `${actor} moved ${name}.${link}`;
    case "ticket.message":
      return `${actor} wrote in ${name}: ${escape(str((data.message as { content?: unknown } | undefined)?.content).slice(0, 300))}`;
    case "ticket.closed":
      return `${actor} closed ${name}.`;
    case "ticket.rated":
      return `${actor} rated ${name} ${Number(data.rating) || 0}/5.`;
    case "transcript.stored":
      return `The transcript of ${name} was stored.`;
    default:
      return "Ticketeer test delivery: this endpoint is reached.";
  }
}
