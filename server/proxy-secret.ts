import { createHash, timingSafeEqual } from "node:crypto";
import { isIP } from "node:net";

// What the shared REST proxy (platform/rest-proxy.ts), the instances that use it (platform/discord.ts) and the
// configuration agree on: the header carrying DISCORD_PROXY_SECRET, a comparison that takes as long whatever the
// guess, and which listen addresses need no secret (this machine only).

/** The header every instance sends the proxy its secret in (the proxy never forwards it to Discord). */
export const PROXY_SECRET_HEADER = "x-ticketeer-proxy-secret";

/** The shortest secret accepted: long enough that guessing it is hopeless. */
export const PROXY_SECRET_MIN_LENGTH = 16;

/** Whether `given` equals `expected`, compared in constant time (over digests: the lengths do not leak either). */
export function sameSecret(given: string | string[] | undefined, expected: string): boolean {
  if (typeof given !== "string") return false;
  const digest = (text: string) => createHash("sha256").update(text, "utf8").digest();
  return timingSafeEqual(digest(given), digest(expected));
}

/** Whether a listen address is reachable from this machine only (127.0.0.0/8, ::1, localhost). */
export function isLoopbackHost(host: string): boolean {
  const bare = host.replace(/^\[|\]$/g, "").toLowerCase();
  if (bare === "localhost" || bare === "::1") return true;
  if (bare.startsWith("::ffff:")) return isLoopbackHost(bare.slice(7));
  return isIP(bare) === 4 && bare.startsWith("127.");
}
