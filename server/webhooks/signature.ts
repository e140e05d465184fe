import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";

// The signature of a delivery (docs/webhooks.md), in the style Stripe uses: `Ticketeer-Signature: t=<unix seconds>,
// v1=<hex HMAC-SHA256(secret, "<t>.<body>")>`. The timestamp is signed with the body, so a captured delivery cannot be
// replayed later than the receiver's tolerance.

export const SIGNATURE_HEADER = "ticketeer-signature";
export const EVENT_HEADER = "ticketeer-event";
export const DELIVERY_HEADER = "ticketeer-delivery";
export const SECRET_PREFIX = "whsec_";

export const newWebhookSecret = () => `${SECRET_PREFIX}${randomBytes(32).toString("base64url")}`;

export const signatureOf = (secret: string, timestamp: number, body: string) =>
  createHmac("sha256", secret).update(`${timestamp}.${body}`, "utf8").digest("hex");

export const signatureHeader = (secret: string, timestamp: number, body: string) =>
  `t=${timestamp},v1=${signatureOf(secret, timestamp, body)}`;

/**
 * The receiver's side, as docs/webhooks.md shows it: true when one v1 signature of the header matches the body and
 * the timestamp is within `toleranceSeconds` of `now` (seconds).
 */
export function verifySignature(secret: string, header: string, body: string, now: number, toleranceSeconds = 300): boolean {
  const parts = header.split(",").map((part) => part.split("="));
  const t = Number(parts.find(([k]) => k === "t")?.[1]);
  if (!Number.isInteger(t) || Math.abs(now - t) > toleranceSeconds) return false;
  const expected = Buffer.from(signatureOf(secret, t, body), "hex");
  return parts.some(([k, v]) => {
    const given = k === "v1" && typeof v === "string" ? Buffer.from(v, "hex") : Buffer.alloc(0);
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
}
