import type { Config } from "../config";

/** A URL of the app: absolute on PUBLIC_URL when it was configured, otherwise a same-origin path. */
export const appUrl = (config: Config, path: string) => (config.publicUrlExplicit ? `${config.publicUrl}${path}` : path);

/** Where the platform sends the browser back after OAuth (must be registered with the application). */
export const oauthRedirectUri = (config: Config) => `${config.publicUrl}/api/api/auth/callback`;

/**
 * The page the browser lands on after signing in (the contract's "token in the URL query"): it carries the one-time
 * sign-in code the dashboard trades for the session (server/auth/login-state.ts), never the session token.
 */
export const dashboardWithCode = (config: Config, code: string) => appUrl(config, `/dashboard?token=${encodeURIComponent(code)}`);
