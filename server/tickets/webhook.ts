import type { WebhookEvent } from "../../src/schemas/webhooks";
import { fromDbJson } from "../db/dialect";
import type { Db } from "../db/schema";
import { queueWebhookEvent, type WebhookActor, type WebhookData } from "../webhooks/queue";
import type { EngineDeps } from "./step";
import type { TicketRow } from "./store";

// A step's event for the server's webhooks (docs/webhooks.md): the ticket as it is after the step, who did it, and the
// step's own facts, queued in the step's transaction where it has one (`db`). A step that moves a ticket queues
// `ticket.moved` here with `{ from, to }` (the panels), like the others.

/** The ticket as a webhook's body shows it. */
export function webhookTicket(deps: Pick<EngineDeps, "channelUrl" | "publicUrl">, row: TicketRow, withAnswers = false) {
  const link = row.channel_id ? deps.channelUrl(row.guild_id, row.channel_id) : null;
  return {
    number: row.number,
    status: row.status,
    panel_id: row.panel_id,
    panel_name: row.panel_name,
    subject: row.subject,
    opener: { id: row.opener_id, username: row.opener_name },
    claimed_by: row.claimed_by ? { id: row.claimed_by, username: row.claimed_by_name ?? "" } : null,
    channel_id: row.channel_id,
    // The demo platform's links are the dashboard's own paths: made absolute for a reader elsewhere.
    url: link === null ? null : link.startsWith("/") ? `${deps.publicUrl.replace(/\/$/, "")}${link}` : link,
    opened_at: new Date(Number(row.opened_at)).toISOString(),
    closed_at: row.closed_at === null ? null : new Date(Number(row.closed_at)).toISOString(),
    close_reason: row.close_reason,
    rating: row.rating,
    ...(withAnswers ? { form_answers: fromDbJson<unknown[]>(row.form_answers_json, []) } : {}),
  };
}

/** A message written in a ticket (by the member, or by staff in its channel or from the dashboard) as `ticket.message`. */
export const messageWebhook = (
  deps: EngineDeps,
  row: TicketRow,
  author: WebhookActor,
  message: { content: string; attachments?: string[] },
  db: Db = deps.db,
) =>
  ticketWebhook(deps, db, "ticket.message", row, author, {
    message: {
      author: { id: author.id, username: author.username },
      by_opener: author.id === row.opener_id,
      content: message.content,
      attachments: message.attachments ?? [],
    },
  });

/** Queues a ticket's event (never throws: a step goes on whatever happens to its webhooks). */
export function ticketWebhook(
  deps: EngineDeps,
  db: Db,
  event: WebhookEvent,
  row: TicketRow,
  actor: WebhookActor,
  facts: WebhookData = {},
  at = Date.now(),
): Promise<number> {
  const data = { ticket: webhookTicket(deps, row, event === "ticket.opened"), actor: { id: actor.id, username: actor.username }, ...facts };
  return queueWebhookEvent(db, deps.keyring.secrets, deps.log, { guildId: row.guild_id, event, at, data });
}
