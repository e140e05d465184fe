/** Reads one cookie from a `document.cookie`-style string. */
export function readCookie(name: string, cookieString: string): string | null {
  for (const part of cookieString.split(";")) {
    const eq = part.indexOf("=");
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() === name) {
      const raw = part.slice(eq + 1).trim();
      try {
        return decodeURIComponent(raw);
      } catch {
        return raw;
      }
    }
  }
  return null;
}

export const getCookie = (name: string) => (typeof document === "undefined" ? null : readCookie(name, document.cookie));

/** Deletes a cookie set on the site root (the session token's default path, SPEC §3). */
export function deleteCookie(name: string) {
  if (typeof document === "undefined") return;
  document.cookie = `${name}=; Max-Age=0; path=/; SameSite=Lax`;
}
