import type { Config } from "../config";

/** A URL of the app: absolute on PUBLIC_URL when it was configured, otherwise a same-origin path. */
export const appUrl = (config: Config, path: string) => (config.publicUrlExplicit ? `${config.publicUrl}${path}` : path);

/** Where the platform sends the browser back after OAuth (must be registered with the application). */
export const oauthRedirectUri = (config: Config) => `${config.publicUrl}/api/api/auth/callback`;

/** The page the browser lands on with its new session token (SPEC §4: token in the query). */
export const dashboardWithToken = (config: Config, token: string) => appUrl(config, `/dashboard?token=${encodeURIComponent(token)}`);
