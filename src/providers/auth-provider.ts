import type { AuthProvider, CheckResponse } from "@refinedev/core";
import { authUserSchema, loginResponseSchema, signInSessionSchema, type AuthUser, type SignedInUser, isExpired } from "../schemas/auth";
import { limits, retryDelay } from "../schemas/limits";
import { authMessages } from "../schemas/messages";
import { browserNavigation, isPublicPath, type Navigation } from "./go-home";
import { http as defaultHttp, HttpError, statusOf, type HttpClient } from "./http";
import { notify as defaultNotify, type Toast } from "./notifications";
import { cookieTokenStore, postLoginPathKey, type TokenStore } from "./session";

export interface AuthDeps {
  http: HttpClient;
  tokens: TokenStore;
  navigation: Navigation;
  notify: (toast: Omit<Toast, "key">) => void;
  storage: Pick<Storage, "getItem" | "setItem" | "removeItem">;
  sleep: (ms: number) => Promise<void>;
  now: () => number;
  /** How long the session-expired toast stays readable before the browser leaves for "/". */
  expiredRedirectDelayMs: number;
  /** How long a fetched user answers check() and getIdentity() before it is fetched again. */
  userCacheMs: number;
}

export const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** §7: 'Not authenticated' and 401 are never retried (nor 403: the answer will not change). */
export function isRetryableAuthError(error: unknown): boolean {
  const status = statusOf(error);
  if (status === 401 || status === 403) return false;
  if (error instanceof Error && error.message === authMessages.notAuthenticated) return false;
  return true;
}

/** Runs `load`, retrying up to limits.authRetries times with the delays of §7. */
export async function withAuthRetry<T>(load: () => Promise<T>, sleep: (ms: number) => Promise<void>): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await load();
    } catch (error) {
      if (attempt >= limits.authRetries || !isRetryableAuthError(error)) throw error;
      await sleep(retryDelay(attempt));
    }
  }
}

/**
 * Return from sign-in (§4): the `?token=` of the URL is removed from the address bar and traded for the session
 * (POST /api/auth/exchange: it is a one-time code, and only the browser that started the sign-in gets a session
 * for it), which is stored in the cookie for as long as the session lives; then the browser goes to the saved
 * post-login path or /dashboard. A code this browser cannot trade (a sign-in link from someone else, a replay)
 * is dropped and the browser goes home with the session-expired notice. Runs once at boot, before the router.
 * Resolves to true when the URL carried a token.
 */
export async function completeSignIn(
  deps: Pick<AuthDeps, "http" | "tokens" | "navigation" | "storage" | "now">,
  href: string = location.href,
): Promise<boolean> {
  const url = new URL(href);
  const code = url.searchParams.get("token");
  if (!code) return false;
  url.searchParams.delete("token");
  deps.navigation.replaceUrl(`${url.pathname}${url.search}${url.hash}`);
  let session;
  try {
    session = signInSessionSchema.parse(
      await deps.http.post("/api/auth/exchange", { code }, { auth: false, onUnauthorized: "caller", onForbidden: "caller" }),
    );
  } catch {
    deps.tokens.remove();
    deps.navigation.goHome("sessionExpired");
    return true;
  }
  deps.tokens.set(session.token, Math.max(0, Math.floor((new Date(session.expires_at).getTime() - deps.now()) / 1000)));
  const saved = deps.storage.getItem(postLoginPathKey);
  deps.storage.removeItem(postLoginPathKey);
  const target = saved && saved.startsWith("/") && !saved.startsWith("//") ? saved : "/dashboard";
  if (isPublicPath(new URL(target, url.origin).pathname)) deps.navigation.assign(target);
  else deps.navigation.replaceUrl(target);
  return true;
}

export type TicketeerAuthProvider = AuthProvider & {
  /** The signed-in user, shared by check() and getIdentity(); retried per §7. */
  fetchUser(): Promise<AuthUser>;
  /** Empties the user cache. */
  clearUser(): void;
  getIdentity(): Promise<SignedInUser | null>;
};

export function createAuthProvider(overrides: Partial<AuthDeps> = {}): TicketeerAuthProvider {
  const deps: AuthDeps = {
    http: defaultHttp,
    tokens: cookieTokenStore,
    navigation: browserNavigation,
    notify: defaultNotify,
    storage: typeof sessionStorage === "undefined" ? memoryStorage() : sessionStorage,
    sleep: defaultSleep,
    now: () => Date.now(),
    expiredRedirectDelayMs: 1500,
    userCacheMs: 30_000,
    ...overrides,
  };

  let cached: { promise: Promise<AuthUser>; at: number } | null = null;
  const clearUser = () => {
    cached = null;
  };

  function fetchUser(): Promise<AuthUser> {
    if (cached && deps.now() - cached.at < deps.userCacheMs) return cached.promise;
    const promise = withAuthRetry(
      async () => authUserSchema.parse(await deps.http.get("/api/auth/user", { onUnauthorized: "caller", onForbidden: "caller" })),
      deps.sleep,
    );
    cached = { promise, at: deps.now() };
    promise.catch(() => {
      if (cached?.promise === promise) cached = null;
    });
    return promise;
  }

  async function loginUrl(): Promise<string> {
    const body = await deps.http.get("/api/auth/login", { auth: false });
    return loginResponseSchema.parse(body).url;
  }

  /** §4: a 401 on the user fetch removes the token and sends the browser to the server's login URL. */
  async function leaveForLogin(): Promise<CheckResponse> {
    deps.tokens.remove();
    clearUser();
    try {
      deps.navigation.assign(await loginUrl());
    } catch (error) {
      console.error(authMessages.loginHttpError(statusOf(error) ?? 0));
      deps.navigation.assign("/");
    }
    return { authenticated: false, error: new HttpError(401, authMessages.authenticationFailed) };
  }

  const provider: TicketeerAuthProvider = {
    fetchUser,
    clearUser,

    async check() {
      if (!deps.tokens.get()) {
        return { authenticated: false, redirectTo: "/login", error: new HttpError(401, authMessages.notAuthenticated) };
      }
      let user: AuthUser;
      try {
        user = await fetchUser();
      } catch (error) {
        if (statusOf(error) === 401) return leaveForLogin();
        return {
          authenticated: false,
          redirectTo: "/login",
          error: error instanceof Error ? error : new HttpError(0, String(error)),
        };
      }
      if (!user.authenticated) return leaveForLogin();
      if (isExpired(user.expires_at, deps.now())) {
        // §4: token removed, user cache emptied, toast, then the browser goes to /.
        deps.tokens.remove();
        clearUser();
        deps.notify({ type: "error", message: authMessages.sessionExpiredToast });
        await deps.sleep(deps.expiredRedirectDelayMs);
        deps.navigation.assign("/");
        return { authenticated: false, error: new HttpError(401, authMessages.tokenExpired) };
      }
      return { authenticated: true };
    },

    async login() {
      try {
        deps.navigation.assign(await loginUrl());
        return { success: true };
      } catch (error) {
        // §8: a login failure is reported on the console only.
        console.error(authMessages.loginHttpError(statusOf(error) ?? 0));
        return { success: false };
      }
    },

    async logout() {
      try {
        if (deps.tokens.get()) {
          await deps.http.post("/api/auth/logout", undefined, { onUnauthorized: "caller", onForbidden: "caller" });
        }
      } catch {
        // The session is gone either way: the token is removed below.
      }
      deps.tokens.remove();
      clearUser();
      deps.navigation.assign("/");
      return { success: true, redirectTo: undefined };
    },

    // The http layer already acted on 401/403 (§4); nothing more to do here, and never a logout on 403.
    async onError(error) {
      return { error };
    },

    async getIdentity() {
      if (!deps.tokens.get()) return null;
      try {
        return (await fetchUser()).user ?? null;
      } catch {
        return null;
      }
    },
  };
  return provider;
}

function memoryStorage(): AuthDeps["storage"] {
  const map = new Map<string, string>();
  return {
    getItem: (k) => map.get(k) ?? null,
    setItem: (k, v) => void map.set(k, v),
    removeItem: (k) => void map.delete(k),
  };
}

export const authProvider = createAuthProvider();
