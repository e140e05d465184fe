import { sessionCookieName } from "../schemas/auth";
import { limits } from "../schemas/limits";

// The session token lives in the `session_token` cookie on the site root (SPEC §3), shared with the public
// site, which reads it to show the signed-in state.

export interface TokenStore {
  get(): string | null;
  /** Keeps the token for `maxAgeSeconds` (the session's own lifetime; the default lifetime when unknown). */
  set(token: string, maxAgeSeconds?: number): void;
  remove(): void;
}

export function readCookie(name: string, cookieString: string): string | null {
  for (const part of cookieString.split(";")) {
    const eq = part.indexOf("=");
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() !== name) continue;
    const raw = part.slice(eq + 1).trim();
    try {
      return decodeURIComponent(raw);
    } catch {
      return raw;
    }
  }
  return null;
}

export function writeCookie(name: string, value: string, maxAgeSeconds: number) {
  const secure = typeof location !== "undefined" && location.protocol === "https:" ? "; Secure" : "";
  document.cookie = `${name}=${encodeURIComponent(value)}; Max-Age=${maxAgeSeconds}; path=/; SameSite=Lax${secure}`;
}

export const cookieTokenStore: TokenStore = {
  get: () => (typeof document === "undefined" ? null : readCookie(sessionCookieName, document.cookie) || null),
  set: (token, maxAgeSeconds) => writeCookie(sessionCookieName, token, maxAgeSeconds ?? limits.sessionDays * 24 * 60 * 60),
  remove: () => writeCookie(sessionCookieName, "", 0),
};

/** sessionStorage key of the location the protected-route wrapper remembers for after sign-in (§2, §4). */
export const postLoginPathKey = "postLoginPath";
