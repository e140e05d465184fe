import { t } from "../i18n/core";
import { loginResponseSchema } from "../schemas/auth";
import { browserNavigation } from "./go-home";
import { notify } from "./notifications";
import { postLoginPathKey } from "./session";

// The most sensitive actions need a recent sign-in (server/auth/recent-sign-in.ts). When one is refused for that
// reason, the user keeps the page and gets a toast offering to sign in again; after signing in they come back here.

/** Starts a sign-in that returns to the current page. */
export async function signInAgain(fetchImpl: typeof fetch = fetch): Promise<void> {
  try {
    sessionStorage.setItem(postLoginPathKey, `${location.pathname}${location.search}`);
  } catch {
    /* storage blocked: the sign-in ends on /dashboard */
  }
  const base = (import.meta.env?.VITE_API_BASE ?? "/api").replace(/\/+$/, "");
  const response = await fetchImpl(`${base}/api/auth/login`, { headers: { Accept: "application/json" } });
  if (response.ok) browserNavigation.assign(loginResponseSchema.parse(await response.json()).url);
}

export function offerSignInAgain(): void {
  notify({
    type: "warning",
    message: t("shell.reauthenticate.title", "Please sign in again"),
    description: t("shell.reauthenticate.description", "For your security, please sign in again to do this."),
    durationMs: 15_000,
    action: { label: t("shell.reauthenticate.action", "Sign in again"), onClick: () => void signInAgain() },
  });
}
