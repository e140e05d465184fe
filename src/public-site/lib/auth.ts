import { useEffect, useSyncExternalStore } from "react";

// The auth view state of the public pages (SPEC §4: loading, signed out, signed in). The session check
// itself lives in session.ts, which needs the zod contract: it is imported only when the browser has
// cookies at all, so a first visit stays light and signs out without calling the API.

export type AuthState =
  | { status: "loading" }
  | { status: "signed-out" }
  | { status: "signed-in"; username: string; avatar: string; fallbackAvatar: string; expiresAt: string };

const loadingState: AuthState = { status: "loading" };
const signedOut: AuthState = { status: "signed-out" };

export function createAuthStore(
  loadSession: () => Promise<AuthState>,
  hasCookies: () => boolean = () => typeof document !== "undefined" && document.cookie.trim() !== "",
) {
  let state: AuthState = loadingState;
  let started = false;
  const listeners = new Set<() => void>();
  const set = (next: AuthState) => {
    state = next;
    listeners.forEach((listener) => listener());
  };
  return {
    /** Runs the check once per page load, whoever asks first. */
    start() {
      if (started) return;
      started = true;
      if (!hasCookies()) {
        set(signedOut);
        return;
      }
      loadSession().then(set, () => set(signedOut));
    },
    get: () => state,
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}

export const authStore = createAuthStore(() => import("./session").then((m) => m.resolveSession()));

/** The auth view state: loading on the server and at first paint, then signed in or out. */
export function useAuth(): AuthState {
  useEffect(() => authStore.start(), []);
  return useSyncExternalStore(authStore.subscribe, authStore.get, () => loadingState);
}

export const login = () => import("./session").then((m) => m.login());
export const logout = () => import("./session").then((m) => m.logout());
