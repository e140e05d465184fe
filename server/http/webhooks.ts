import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  webhookDeliveriesQuerySchema,
  webhookDeliveriesResponseSchema,
  webhookDeliveryAnswerSchema,
  webhookEndpointCreatedSchema,
  webhookEndpointInputSchema,
  webhookEndpointSchema,
  webhookEndpointsResponseSchema,
  webhookLimits,
  webhookSecretSchema,
} from "../../src/schemas/webhooks";
import { messageResponseSchema } from "../../src/schemas/common";
import { z } from "zod";
import { guard, guildIdOf, requireManager } from "../access/guard";
import { requestActor } from "../activity/record";
import { requireRecentSignIn } from "../auth/recent-sign-in";
import { named, s } from "./support/openapi/components";
import { guildParams, idParams, parsePathId } from "./support/route-schemas";

// A server's webhook endpoints and their deliveries, over app.webhooks (server/webhooks/service.ts). Managers only (the
// owner, Administrators, Manage Server holders): an endpoint receives every ticket's words, which no staff team's
// permission should be able to send elsewhere. Revealing a secret asks for a recent sign-in.

const w = {
  endpoints: named("WebhookEndpoints", webhookEndpointsResponseSchema),
  input: named("WebhookEndpointInput", webhookEndpointInputSchema),
  created: named("WebhookEndpointCreated", webhookEndpointCreatedSchema),
  saved: named("WebhookEndpointSaved", z.object({ message: z.string(), endpoint: webhookEndpointSchema })),
  secret: named("WebhookSecret", webhookSecretSchema),
  deliveries: named("WebhookDeliveries", webhookDeliveriesResponseSchema),
  delivery: named("WebhookDeliveryAnswer", webhookDeliveryAnswerSchema),
  message: messageResponseSchema,
};

export default async function webhookRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const onRequest = [guard(), requireManager];
  const tags = ["Webhooks"];
  const endpointParams = idParams("endpointId");
  const endpointOf = (params: { endpointId: string }) => parsePathId(params.endpointId);

  app.get(
    "/:guildId(^\\d+$)/webhooks",
    { onRequest, schema: { tags, summary: "List the server's webhook endpoints", params: guildParams, response: { 200: w.endpoints } } },
    async (request) => ({ endpoints: await app.webhooks.list(guildIdOf(request)), max: webhookLimits.endpoints }),
  );

  app.post(
    "/:guildId(^\\d+$)/webhooks",
    {
      onRequest,
      schema: {
        tags,
        summary: "Add a webhook endpoint",
        description: `Its URL must resolve to a public address (checked now and at every send). At most ${webhookLimits.endpoints} a server (409). The signing secret is answered once here; reveal it again with POST …/secret.`,
        params: guildParams,
        body: w.input,
        response: { 201: w.created, 409: s.error },
      },
    },
    async (request, reply) => {
      const { endpoint, secret } = await app.webhooks.create(guildIdOf(request), request.body, requestActor(request));
      return reply.code(201).send({ message: "Webhook endpoint added. Copy its secret now to verify deliveries.", endpoint, secret });
    },
  );

  app.put(
    "/:guildId(^\\d+$)/webhooks/:endpointId",
    {
      onRequest,
      schema: { tags, summary: "Change a webhook endpoint", params: endpointParams, body: w.input, response: { 200: w.saved } },
    },
    async (request) => {
      const endpoint = await app.webhooks.update(guildIdOf(request), endpointOf(request.params), request.body, requestActor(request));
      return { message: "Webhook endpoint saved", endpoint };
    },
  );

  app.delete(
    "/:guildId(^\\d+$)/webhooks/:endpointId",
    {
      onRequest,
      schema: { tags, summary: "Delete a webhook endpoint and its deliveries", params: endpointParams, response: { 200: w.message } },
    },
    async (request) => {
      await app.webhooks.remove(guildIdOf(request), endpointOf(request.params), requestActor(request));
      return { message: "Webhook endpoint deleted" };
    },
  );

  app.post(
    "/:guildId(^\\d+$)/webhooks/:endpointId/secret",
    {
      onRequest: [...onRequest, requireRecentSignIn],
      schema: {
        tags,
        summary: "Reveal a webhook endpoint's signing secret",
        params: endpointParams,
        response: { 200: w.secret, 409: s.error },
      },
    },
    async (request) => ({ secret: await app.webhooks.revealSecret(guildIdOf(request), endpointOf(request.params), requestActor(request)) }),
  );

  app.post(
    "/:guildId(^\\d+$)/webhooks/:endpointId/test",
    {
      onRequest,
      schema: {
        tags,
        summary: "Send a test delivery now",
        description: "Queues a `webhook.test` delivery to the endpoint and makes its first attempt before answering.",
        params: endpointParams,
        response: { 200: w.delivery },
      },
    },
    async (request) => {
      const delivery = await app.webhooks.sendTest(guildIdOf(request), endpointOf(request.params), requestActor(request));
      return { message: delivery.Status === "delivered" ? "Test delivered" : "Test not delivered", delivery };
    },
  );

  app.get(
    "/:guildId(^\\d+$)/webhook-deliveries",
    {
      onRequest,
      schema: {
        tags,
        summary: "The server's latest webhook deliveries",
        description: "Newest first; delivered and failed ones are kept seven days.",
        params: guildParams,
        querystring: webhookDeliveriesQuerySchema,
        response: { 200: w.deliveries },
      },
    },
    async (request) => ({ deliveries: await app.webhooks.deliveries(guildIdOf(request), request.query) }),
  );

  app.post(
    "/:guildId(^\\d+$)/webhook-deliveries/:deliveryId/redeliver",
    {
      onRequest,
      schema: {
        tags,
        summary: "Send a delivery's body again now",
        description: "A new delivery (its own Ticketeer-Delivery id and a fresh signature) of the same body, attempted before answering.",
        params: idParams("deliveryId"),
        response: { 200: w.delivery, 409: s.error },
      },
    },
    async (request) => {
      const delivery = await app.webhooks.redeliver(guildIdOf(request), parsePathId(request.params.deliveryId), requestActor(request));
      return { message: delivery.Status === "delivered" ? "Redelivered" : "Not delivered", delivery };
    },
  );
}
