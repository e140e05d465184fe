import { useIsAuthenticated } from "@refinedev/core";
import type { ReactNode } from "react";
import { Navigate, useLocation } from "react-router";
import { postLoginPathKey } from "../providers/session";

/**
 * §2 protected-route wrapper: nothing while authentication loads; unauthenticated → /login, remembering where
 * the user was (sessionStorage postLoginPath, read back after sign-in). When the auth provider is already
 * sending the browser elsewhere (expired session → /, rejected token → login URL) it renders nothing.
 */
export function Protected({ children }: { children: ReactNode }) {
  const { isLoading, data } = useIsAuthenticated();
  const location = useLocation();
  if (isLoading || !data) return null;
  if (data.authenticated) return <>{children}</>;
  if (data.redirectTo !== "/login") return null;
  try {
    sessionStorage.setItem(postLoginPathKey, `${location.pathname}${location.search}${location.hash}`);
  } catch {
    /* storage unavailable: sign-in lands on /dashboard */
  }
  return <Navigate to="/login" replace />;
}
