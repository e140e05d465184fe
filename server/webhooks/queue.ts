import { randomUUID } from "node:crypto";
import type { FastifyBaseLogger } from "fastify";
import { webhookLimits, type WebhookEvent, type webhookTestEvent } from "../../src/schemas/webhooks";
import type { SecretBox } from "../crypto";
import { fromDbBool, fromDbJson } from "../db/dialect";
import type { Db } from "../db/schema";
import { slackText } from "./slack";

// The outbox (docs/webhooks.md): an event is queued as one delivery per endpoint of its server that takes it, in the
// transaction of the step it tells of (so a step that rolls back sends nothing, and one that commits is sent even if
// the process stops right after). Queuing is a read and an insert: the step never waits for a request to an
// endpoint — the sender's sweep makes those (./sender.ts).

export interface WebhookActor {
  id: string;
  username: string;
}

/** What happened, as the body's `data`. */
export type WebhookData = Record<string, unknown>;

export interface QueuedEvent {
  guildId: string;
  event: WebhookEvent | typeof webhookTestEvent;
  /** When it happened (epoch ms, the server's clock). */
  at: number;
  data: WebhookData;
}

/** The body an endpoint receives for an event, in its format. */
export function webhookBody(format: string, eventId: string, input: QueuedEvent): string {
  if (format === "slack") return JSON.stringify({ text: slackText(input.event, input.data) });
  return JSON.stringify({
    id: eventId,
    type: input.event,
    created: Math.floor(input.at / 1000),
    guild_id: input.guildId,
    data: input.data,
  });
}

/** The associated data binding a sealed body to its delivery. */
export const bodyAad = (guildId: string, deliveryId: string) => `webhook:${guildId}:${deliveryId}`;

/** Inserts one pending delivery of a body; returns its row id. */
export async function insertDelivery(
  db: Db,
  secrets: SecretBox,
  row: { guildId: string; endpointId: number; event: string; body: string; now: number },
): Promise<number> {
  const deliveryId = randomUUID();
  const inserted = await db
    .insertInto("webhook_deliveries")
    .values({
      guild_id: row.guildId,
      endpoint_id: row.endpointId,
      delivery_id: deliveryId,
      event: row.event,
      body_sealed: secrets.seal(row.body, bodyAad(row.guildId, deliveryId)),
      status: "pending",
      attempts: 0,
      next_attempt_at: row.now,
      last_attempt_at: null,
      response_status: null,
      error: null,
      locked_until: null,
      created_at: row.now,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return inserted.id;
}

/** The server's deliveries waiting to be sent. */
export async function pendingCount(db: Db, guildId: string): Promise<number> {
  const row = await db
    .selectFrom("webhook_deliveries")
    .select((eb) => eb.fn.countAll<number | string>().as("n"))
    .where("guild_id", "=", guildId)
    .where("status", "=", "pending")
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/**
 * Queues an event for every enabled endpoint of its server that takes it (`db`: the step's transaction). Nothing when
 * the server has no such endpoint (one indexed read); past the server's pending quota the event is dropped and logged.
 * A failure to queue is logged and the step goes on (on PostgreSQL a failed statement still ends the step's
 * transaction, as any of its own statements would).
 */
export async function queueWebhookEvent(db: Db, secrets: SecretBox, log: FastifyBaseLogger, input: QueuedEvent): Promise<number> {
  try {
    const endpoints = (
      await db
        .selectFrom("webhook_endpoints")
        .select(["id", "format", "events_json", "enabled"])
        .where("guild_id", "=", input.guildId)
        .orderBy("id")
        .execute()
    ).filter((e) => fromDbBool(e.enabled) && fromDbJson<string[]>(e.events_json, []).includes(input.event));
    if (endpoints.length === 0) return 0;
    if ((await pendingCount(db, input.guildId)) + endpoints.length > webhookLimits.pending) {
      log.warn({ guildId: input.guildId, event: input.event }, "webhook event dropped: the server's pending deliveries are at their quota");
      return 0;
    }
    const eventId = `evt_${randomUUID().replaceAll("-", "")}`;
    const now = Date.now();
    for (const endpoint of endpoints)
      await insertDelivery(db, secrets, {
        guildId: input.guildId,
        endpointId: endpoint.id,
        event: input.event,
        body: webhookBody(endpoint.format, eventId, input),
        now,
      });
    return endpoints.length;
  } catch (error) {
    log.warn({ err: error, guildId: input.guildId, event: input.event }, "webhook event not queued");
    return 0;
  }
}
