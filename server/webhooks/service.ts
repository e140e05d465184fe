import type { FastifyInstance } from "fastify";
import {
  type WebhookDelivery,
  type WebhookEndpoint,
  type webhookEndpointInputSchema,
  webhookLimits,
  webhookTestEvent,
} from "../../src/schemas/webhooks";
import type { z } from "zod";
import { type ActivityActor, recordActivityOf } from "../activity/record";
import { toDbJson } from "../db/dialect";
import { HttpError, notFound } from "../errors";
import { checkTarget, systemResolve } from "./addresses";
import { bodyAad, insertDelivery, webhookBody } from "./queue";
import { type SenderDeps, sendNow, type SweepOutcome, sweepWebhooks } from "./sender";
import { newWebhookSecret } from "./signature";
import { findDelivery, findEndpoint, listDeliveries, listEndpoints, secretAad, toDelivery, toEndpoint, webhookActions } from "./store";

// Signed webhooks (docs/webhooks.md): a server's endpoints, managed by its managers (owner, Administrators, Manage
// Server holders: what is sent may carry every ticket's words), the sender's sweep, "Send test" and "Redeliver".

type EndpointInput = z.output<typeof webhookEndpointInputSchema>;

export interface WebhooksService {
  /** What the sender reads; a test replaces `resolve` to make a name resolve where it wants. */
  sender: SenderDeps;
  list(guildId: string): Promise<WebhookEndpoint[]>;
  create(guildId: string, input: EndpointInput, actor: ActivityActor): Promise<{ endpoint: WebhookEndpoint; secret: string }>;
  update(guildId: string, id: number, input: EndpointInput, actor: ActivityActor): Promise<WebhookEndpoint>;
  remove(guildId: string, id: number, actor: ActivityActor): Promise<void>;
  revealSecret(guildId: string, id: number, actor: ActivityActor): Promise<string>;
  deliveries(guildId: string, query: { endpoint?: number; per_page: number }): Promise<WebhookDelivery[]>;
  /** Queues a `webhook.test` delivery to the endpoint and attempts it now. */
  sendTest(guildId: string, id: number, actor: ActivityActor): Promise<WebhookDelivery>;
  /** A new delivery of the same body, attempted now. */
  redeliver(guildId: string, deliveryId: number, actor: ActivityActor): Promise<WebhookDelivery>;
  sweep(now?: number): Promise<SweepOutcome>;
}

declare module "fastify" {
  interface FastifyInstance {
    webhooks: WebhooksService;
  }
}

export const endpointQuotaReached = `A server has at most ${webhookLimits.endpoints} webhook endpoints.`;

export function registerWebhooks(app: FastifyInstance): void {
  const db = app.db;
  const secrets = app.secrets;
  const sender: SenderDeps = {
    db,
    secrets,
    log: app.log,
    allowHosts: app.config.webhookAllowHosts,
    resolve: systemResolve,
    timeoutMs: app.config.webhookTimeoutMs,
    botActor: { id: app.platform.botUserId, username: "Ticketeer", avatar: null, ip: app.platform.kind === "demo" ? "demo" : "discord" },
  };

  /** 400 unless the URL may be sent to now (resolved and checked: the same check runs again at every send). */
  async function checkUrl(url: string) {
    const check = await checkTarget(new URL(url), sender.allowHosts, sender.resolve);
    if (!check.ok) throw new HttpError(400, check.error);
  }

  async function endpointOf(guildId: string, id: number) {
    const row = await findEndpoint(db, guildId, id);
    if (!row) throw notFound();
    return row;
  }

  async function deliveryAfter(guildId: string, id: number): Promise<WebhookDelivery> {
    await sendNow(sender, id);
    return toDelivery((await findDelivery(db, guildId, id))!);
  }

  const service: WebhooksService = {
    sender,
    list: (guildId) => listEndpoints(db, guildId),

    async create(guildId, input, actor) {
      await checkUrl(input.Url);
      const secret = newWebhookSecret();
      const now = Date.now();
      const row = await db.transaction().execute(async (tx) => {
        const count = await tx
          .selectFrom("webhook_endpoints")
          .select((eb) => eb.fn.countAll<number | string>().as("n"))
          .where("guild_id", "=", guildId)
          .executeTakeFirst();
        if (Number(count?.n ?? 0) >= webhookLimits.endpoints) throw new HttpError(409, endpointQuotaReached);
        const inserted = await tx
          .insertInto("webhook_endpoints")
          .values({
            guild_id: guildId,
            url: input.Url,
            events_json: toDbJson(input.Events)!,
            format: input.Format,
            description: input.Description,
            // sealed once the id is known (the seal is bound to it)
            secret_sealed: "",
            enabled: input.Enabled ? 1 : 0,
            consecutive_failures: 0,
            disabled_at: null,
            disabled_reason: null,
            created_at: now,
            updated_at: now,
          })
          .returning("id")
          .executeTakeFirstOrThrow();
        const stored = await tx
          .updateTable("webhook_endpoints")
          .set({ secret_sealed: secrets.seal(secret, secretAad(guildId, inserted.id)) })
          .where("id", "=", inserted.id)
          .returningAll()
          .executeTakeFirstOrThrow();
        await recordActivityOf(tx, actor, { guildId, action: webhookActions.created, after: publicPart(toEndpoint(stored)) });
        return stored;
      });
      return { endpoint: toEndpoint(row), secret };
    },

    async update(guildId, id, input, actor) {
      const before = await endpointOf(guildId, id);
      if (input.Url !== before.url) await checkUrl(input.Url);
      const now = Date.now();
      const turnedOn = input.Enabled && before.enabled === 0;
      const row = await db.transaction().execute(async (tx) => {
        const updated = await tx
          .updateTable("webhook_endpoints")
          .set({
            url: input.Url,
            events_json: toDbJson(input.Events)!,
            format: input.Format,
            description: input.Description,
            enabled: input.Enabled ? 1 : 0,
            updated_at: now,
            // Turned back on: its past failures no longer count, and why it was off is history.
            ...(turnedOn ? { consecutive_failures: 0, disabled_at: null, disabled_reason: null } : {}),
          })
          .where("guild_id", "=", guildId)
          .where("id", "=", id)
          .returningAll()
          .executeTakeFirstOrThrow();
        await recordActivityOf(tx, actor, {
          guildId,
          action: webhookActions.updated,
          before: publicPart(toEndpoint(before)),
          after: publicPart(toEndpoint(updated)),
        });
        return updated;
      });
      return toEndpoint(row);
    },

    async remove(guildId, id, actor) {
      const before = await endpointOf(guildId, id);
      await db.transaction().execute(async (tx) => {
        await tx.deleteFrom("webhook_deliveries").where("endpoint_id", "=", id).execute();
        await tx.deleteFrom("webhook_endpoints").where("guild_id", "=", guildId).where("id", "=", id).execute();
        await recordActivityOf(tx, actor, { guildId, action: webhookActions.deleted, before: publicPart(toEndpoint(before)) });
      });
    },

    async revealSecret(guildId, id, actor) {
      const row = await endpointOf(guildId, id);
      const secret = secrets.open(row.secret_sealed, secretAad(guildId, id));
      if (secret === null)
        throw new HttpError(409, "The secret cannot be read with this server's key: delete the endpoint and add it again.");
      await recordActivityOf(db, actor, { guildId, action: webhookActions.secretRevealed, after: { EndpointId: id, Url: row.url } });
      return secret;
    },

    deliveries: (guildId, query) => listDeliveries(db, guildId, query),

    async sendTest(guildId, id, actor) {
      const endpoint = await endpointOf(guildId, id);
      const now = Date.now();
      const input = { guildId, event: webhookTestEvent, at: now, data: { actor: { id: actor.id, username: actor.username } } } as const;
      const deliveryId = await db.transaction().execute(async (tx) => {
        const queued = await insertDelivery(tx, secrets, {
          guildId,
          endpointId: id,
          event: webhookTestEvent,
          body: webhookBody(endpoint.format, `evt_test_${now}`, input),
          now,
        });
        await recordActivityOf(tx, actor, { guildId, action: webhookActions.tested, after: { EndpointId: id, Url: endpoint.url } });
        return queued;
      });
      return deliveryAfter(guildId, deliveryId);
    },

    async redeliver(guildId, id, actor) {
      const original = await findDelivery(db, guildId, id);
      if (!original) throw notFound();
      const body = secrets.open(original.body_sealed, bodyAad(guildId, original.delivery_id));
      if (body === null) throw new HttpError(409, "The delivery cannot be read with this server's key.");
      const deliveryId = await db.transaction().execute(async (tx) => {
        const queued = await insertDelivery(tx, secrets, {
          guildId,
          endpointId: original.endpoint_id,
          event: original.event,
          body,
          now: Date.now(),
        });
        await recordActivityOf(tx, actor, {
          guildId,
          action: webhookActions.redelivered,
          after: { EndpointId: original.endpoint_id, Event: original.event, Of: original.delivery_id },
        });
        return queued;
      });
      return deliveryAfter(guildId, deliveryId);
    },

    sweep: (now) => sweepWebhooks(sender, now),
  };
  app.decorate("webhooks", service);
}

/** What the activity log keeps of an endpoint (never its secret). */
const publicPart = (e: WebhookEndpoint) => ({ EndpointId: e.Id, Url: e.Url, Events: e.Events, Format: e.Format, Enabled: e.Enabled });
