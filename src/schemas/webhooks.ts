import { z } from "zod";

// Signed webhooks (docs/webhooks.md): a server's endpoints, the events each one is sent, and its deliveries. Shared by
// the routes (validation, the OpenAPI document) and the dashboard's Webhooks screen.

/** Every event an endpoint may be sent, in the order of a ticket's life; `webhook.test` is only sent by "Send test". */
export const webhookEvents = [
  "ticket.opened",
  "ticket.claimed",
  "ticket.moved",
  "ticket.message",
  "ticket.closed",
  "ticket.rated",
  "transcript.stored",
] as const;
export type WebhookEvent = (typeof webhookEvents)[number];
export const webhookTestEvent = "webhook.test";

/** `json`: our own body (docs/webhooks.md); `slack`: `{text}`, which Slack's incoming webhooks (and many chat tools) post. */
export const webhookFormats = ["json", "slack"] as const;
export type WebhookFormat = (typeof webhookFormats)[number];

export const webhookLimits = {
  /** Endpoints per server. */
  endpoints: 10,
  /** Deliveries waiting to be sent per server: past it, new events are not queued for the server (logged). */
  pending: 1000,
  /** Consecutive failed attempts (across deliveries) after which an endpoint is disabled and the owner told. */
  disableAfterFailures: 10,
  /** How long a delivery is retried (ms): a day. */
  retryForMs: 24 * 60 * 60_000,
  urlMax: 2000,
  descriptionMax: 100,
} as const;

/** The address an endpoint is sent to: http(s) with no user or password in it (the server checks where it resolves). */
export const webhookUrlSchema = z
  .string()
  .trim()
  .min(1, "Enter the endpoint's URL")
  .max(webhookLimits.urlMax)
  .refine((value) => {
    if (!URL.canParse(value)) return false;
    const url = new URL(value);
    return (url.protocol === "https:" || url.protocol === "http:") && url.username === "" && url.password === "" && url.hostname !== "";
  }, "Must be an http(s) URL without a user or password");

export const webhookEndpointInputSchema = z.object({
  Url: webhookUrlSchema,
  Events: z
    .array(z.enum(webhookEvents))
    .min(1, "Choose at least one event")
    .max(webhookEvents.length)
    .refine((events) => new Set(events).size === events.length, "Each event once"),
  Format: z.enum(webhookFormats).default("json"),
  Description: z.string().trim().max(webhookLimits.descriptionMax).default(""),
  /** Turning an endpoint back on after it was disabled clears its failures. */
  Enabled: z.boolean().default(true),
});
export type WebhookEndpointInput = z.input<typeof webhookEndpointInputSchema>;

export const webhookEndpointSchema = z.object({
  Id: z.number().int(),
  Url: z.string(),
  Events: z.array(z.enum(webhookEvents)),
  Format: z.enum(webhookFormats),
  Description: z.string(),
  Enabled: z.boolean(),
  /** Why it was turned off by the sender (its failures), or null. */
  DisabledReason: z.string().nullable(),
  /** Epoch ms, or null. */
  DisabledAt: z.number().nullable(),
  ConsecutiveFailures: z.number().int(),
  CreatedAt: z.number(),
});
export type WebhookEndpoint = z.infer<typeof webhookEndpointSchema>;

export const webhookEndpointsResponseSchema = z.object({ endpoints: z.array(webhookEndpointSchema), max: z.number().int() });

/** Answered once, when the endpoint is made (and when its secret is revealed or rotated). */
export const webhookSecretSchema = z.object({
  secret: z.string().describe("The signing secret (whsec_…): verify each delivery's Ticketeer-Signature with it"),
});
export const webhookEndpointCreatedSchema = z.object({ message: z.string(), endpoint: webhookEndpointSchema, secret: z.string() });

export const webhookDeliveryStatuses = ["pending", "delivered", "failed"] as const;
export const webhookDeliverySchema = z.object({
  Id: z.number().int(),
  /** The Ticketeer-Delivery header. */
  DeliveryId: z.string(),
  EndpointId: z.number().int(),
  Event: z.string(),
  Status: z.enum(webhookDeliveryStatuses),
  Attempts: z.number().int(),
  /** The endpoint's last answer (HTTP status), or null (no answer: refused, timed out). */
  ResponseStatus: z.number().int().nullable(),
  /** Why the last attempt failed, in words, or null. */
  Error: z.string().nullable(),
  CreatedAt: z.number(),
  LastAttemptAt: z.number().nullable(),
  /** When the next attempt is due (pending only), else null. */
  NextAttemptAt: z.number().nullable(),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;
export const webhookDeliveriesQuerySchema = z.object({
  endpoint: z.coerce.number().int().min(1).max(2_147_483_647).optional(),
  per_page: z.coerce.number().int().min(1).max(100).default(50),
});
export const webhookDeliveriesResponseSchema = z.object({ deliveries: z.array(webhookDeliverySchema) });
export const webhookDeliveryAnswerSchema = z.object({ message: z.string(), delivery: webhookDeliverySchema });
