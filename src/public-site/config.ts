// Configuration of the public site, read from Vite's build-time environment (VITE_* variables only: these
// values end up in the browser bundle, so no secret may ever be configured here).
//
// VITE_DISCORD_CLIENT_ID   the bot application's client id used in the invite link. The default is a
//                          placeholder for the demo build; set the real application id in production.
// VITE_SUPPORT_INVITE_URL  the community chat invite shown under "Contact" in the footer.
// VITE_SOURCE_URL          the source-code hosting link shown under "Contact" in the footer.
// VITE_CONTACT_EMAIL       the address for privacy and deletion requests named in the legal pages.
// VITE_API_BASE            base of the API contract (SPEC §7); same origin "/api" by default.

import { botInviteUrl } from "../schemas/bot-permissions";
import { demoApplicationId } from "../schemas/demo-guild";

const env = import.meta.env ?? {};

const pick = (value: unknown, fallback: string): string => (typeof value === "string" && value.trim() !== "" ? value.trim() : fallback);

/** Placeholder application id of the demo build (not a real application). */
export const demoDiscordClientId = demoApplicationId;

export const siteConfig = {
  discordClientId: pick(env.VITE_DISCORD_CLIENT_ID, demoDiscordClientId),
  supportInviteUrl: pick(env.VITE_SUPPORT_INVITE_URL, "https://discord.gg/ticketeer"),
  sourceUrl: pick(env.VITE_SOURCE_URL, "https://github.com/ticketeer/ticketeer"),
  contactEmail: pick(env.VITE_CONTACT_EMAIL, "privacy@ticketeer.app"),
  apiBase: pick(env.VITE_API_BASE, "/api").replace(/\/+$/, ""),
} as const;

/**
 * The bot-invite link of the landing page: the application's client id with exactly the permissions the bot uses
 * (src/schemas/bot-permissions.ts), never Administrator.
 */
export function inviteUrl(clientId: string = siteConfig.discordClientId): string {
  return botInviteUrl(clientId);
}

/** An API path of the contract (SPEC §7) under the configured base: apiUrl("/stats") → "/api/stats". */
export const apiUrl = (path: string) => `${siteConfig.apiBase}${path}`;
