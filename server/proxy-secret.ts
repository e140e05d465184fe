import { createHash, timingSafeEqual } from "node:crypto";

// What the shared REST proxy (platform/rest-proxy.ts) and the instances that use it (platform/discord.ts) agree on: the header
// carrying DISCORD_PROXY_SECRET, a comparison that takes as long whatever the guess, and which listen addresses
// need no secret (this machine only; with the shortest secret, in ./config.ts, which checks them at start).

export { isLoopbackHost, PROXY_SECRET_MIN_LENGTH } from "./config";

/** The header every instance sends the proxy its secret in (the proxy never forwards it to Discord). */
export const PROXY_SECRET_HEADER = "x-ticketeer-proxy-secret";

/** Whether `given` equals `expected`, compared in constant time (over digests: the lengths do not leak either). */
export function sameSecret(given: string | string[] | undefined, expected: string): boolean {
  if (typeof given !== "string") return false;
  const digest = (text: string) => createHash("sha256").update(text, "utf8").digest();
  return timingSafeEqual(digest(given), digest(expected));
}
