import { authUserSchema, avatarUrl, defaultAvatarUrl, isExpired, loginResponseSchema, sessionCookieName } from "../../schemas/auth";
import { authMessages } from "../../schemas/messages";
import { apiUrl } from "../config";
import type { AuthState } from "./auth";
import { deleteCookie, getCookie } from "./cookies";
import { toast } from "./toast-store";

// The session logic that needs the shared zod contract. It is loaded on demand (see auth.ts), so a first
// visit to the landing page, which has no cookie, downloads no zod at all.

export interface SessionDeps {
  token: string | null;
  fetchImpl?: typeof fetch;
  now?: number;
}

export type SessionResult = AuthState & { expired?: boolean; invalid?: boolean };

/**
 * Checks the session of the token cookie (SPEC §4): no token → signed out without calling the API; an
 * expires_at in the past → expired; a 401 → the token is invalid; any other failure → signed out.
 */
export async function checkSession({ token, fetchImpl = fetch, now = Date.now() }: SessionDeps): Promise<SessionResult> {
  if (!token) return { status: "signed-out" };
  try {
    const response = await fetchImpl(apiUrl("/api/auth/user"), {
      headers: { Accept: "application/json", Authorization: `Bearer ${token}` },
      credentials: "include",
    });
    if (response.status === 401) return { status: "signed-out", invalid: true };
    if (!response.ok) return { status: "signed-out" };
    const body = authUserSchema.parse(await response.json());
    if (!body.authenticated) return { status: "signed-out", invalid: true };
    if (isExpired(body.expires_at, now)) return { status: "signed-out", expired: true };
    const user = body.user ?? { user_id: "", username: "Signed in", avatar: null };
    return {
      status: "signed-in",
      username: user.username,
      avatar: avatarUrl(user),
      fallbackAvatar: defaultAvatarUrl,
      expiresAt: body.expires_at,
    };
  } catch {
    return { status: "signed-out" };
  }
}

/** Checks the session of this browser's cookie and applies the outcome (expired → cookie removed + toast). */
export async function resolveSession(fetchImpl: typeof fetch = fetch): Promise<AuthState> {
  const result = await checkSession({ token: getCookie(sessionCookieName), fetchImpl });
  if (result.expired || result.invalid) {
    deleteCookie(sessionCookieName);
    if (typeof location !== "undefined" && location.pathname !== "/") {
      // §3: an expired session goes to /. Like the dashboard's way home, the notice rides in the history entry of
      // "/" and the landing shows it after the load.
      history.replaceState({ sessionExpired: true }, "", "/");
      location.reload();
    } else if (result.expired) toast({ title: authMessages.sessionExpiredToast, variant: "error" });
  }
  if (result.status === "signed-in") {
    const { expired: _e, invalid: _i, ...state } = result;
    return state;
  }
  return { status: "signed-out" };
}

export const postLoginPathKey = "postLoginPath";

/** Starts the chat platform's OAuth login: remembers /dashboard as the post-login path and follows the url. */
export async function login(fetchImpl: typeof fetch = fetch, navigate = (url: string) => window.location.assign(url)) {
  try {
    sessionStorage.setItem(postLoginPathKey, "/dashboard");
  } catch {
    /* storage blocked: the dashboard falls back to /dashboard anyway */
  }
  try {
    const response = await fetchImpl(apiUrl("/api/auth/login"), { headers: { Accept: "application/json" } });
    if (!response.ok) {
      console.error(authMessages.loginHttpError(response.status)); // console only (SPEC §8)
      return;
    }
    navigate(loginResponseSchema.parse(await response.json()).url);
  } catch (error) {
    console.error(error);
  }
}

/** Sign Out (SPEC §2): posts the logout with the bearer token, deletes the token cookie and goes to /. */
export async function logout(fetchImpl: typeof fetch = fetch, navigate = (url: string) => window.location.assign(url)) {
  const token = getCookie(sessionCookieName);
  try {
    if (token) {
      await fetchImpl(apiUrl("/api/auth/logout"), {
        method: "POST",
        headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
        credentials: "include",
        body: "{}",
      });
    }
  } catch {
    /* the token is dropped locally whatever the server answered */
  }
  deleteCookie(sessionCookieName);
  navigate("/");
}
