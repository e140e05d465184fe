import type { Selectable } from "kysely";
import type { WebhookDelivery, WebhookEndpoint } from "../../src/schemas/webhooks";
import { fromDbBool, fromDbJson } from "../db/dialect";
import type { Database, Db } from "../db/schema";

// The rows of a server's webhook endpoints and deliveries, as the API shows them.

export const webhookActions = {
  created: "Webhook Endpoint Created",
  updated: "Webhook Endpoint Updated",
  deleted: "Webhook Endpoint Deleted",
  /** By the bot: the endpoint failed too many attempts in a row. */
  disabled: "Webhook Endpoint Disabled",
  secretRevealed: "Webhook Secret Revealed",
  tested: "Webhook Test Sent",
  redelivered: "Webhook Redelivered",
} as const;

/** The associated data binding an endpoint's sealed secret to it. */
export const secretAad = (guildId: string, endpointId: number) => `webhook-secret:${guildId}:${endpointId}`;

export const toEndpoint = (row: Selectable<Database["webhook_endpoints"]>): WebhookEndpoint => ({
  Id: row.id,
  Url: row.url,
  Events: fromDbJson<WebhookEndpoint["Events"]>(row.events_json, []),
  Format: row.format === "slack" ? "slack" : "json",
  Description: row.description,
  Enabled: fromDbBool(row.enabled),
  DisabledReason: row.disabled_reason,
  DisabledAt: row.disabled_at === null ? null : Number(row.disabled_at),
  ConsecutiveFailures: row.consecutive_failures,
  CreatedAt: Number(row.created_at),
});

export const toDelivery = (row: Selectable<Database["webhook_deliveries"]>): WebhookDelivery => ({
  Id: row.id,
  DeliveryId: row.delivery_id,
  EndpointId: row.endpoint_id,
  Event: row.event,
  Status: row.status === "delivered" ? "delivered" : row.status === "failed" ? "failed" : "pending",
  Attempts: row.attempts,
  ResponseStatus: row.response_status,
  Error: row.error,
  CreatedAt: Number(row.created_at),
  LastAttemptAt: row.last_attempt_at === null ? null : Number(row.last_attempt_at),
  NextAttemptAt: row.next_attempt_at === null ? null : Number(row.next_attempt_at),
});

export const findEndpoint = (db: Db, guildId: string, id: number) =>
  db.selectFrom("webhook_endpoints").selectAll().where("guild_id", "=", guildId).where("id", "=", id).executeTakeFirst();

export const findDelivery = (db: Db, guildId: string, id: number) =>
  db.selectFrom("webhook_deliveries").selectAll().where("guild_id", "=", guildId).where("id", "=", id).executeTakeFirst();

export async function listEndpoints(db: Db, guildId: string): Promise<WebhookEndpoint[]> {
  const rows = await db.selectFrom("webhook_endpoints").selectAll().where("guild_id", "=", guildId).orderBy("id").execute();
  return rows.map(toEndpoint);
}

export async function listDeliveries(db: Db, guildId: string, query: { endpoint?: number; per_page: number }): Promise<WebhookDelivery[]> {
  let q = db.selectFrom("webhook_deliveries").selectAll().where("guild_id", "=", guildId);
  if (query.endpoint !== undefined) q = q.where("endpoint_id", "=", query.endpoint);
  return (await q.orderBy("id", "desc").limit(query.per_page).execute()).map(toDelivery);
}
