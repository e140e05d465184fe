import { z } from "zod";
import { limits } from "./limits";

/** Session check answer of GET /api/auth/user (§3), with the signed-in user shown in menus. */
export const signedInUserSchema = z.object({
  user_id: z.string(),
  username: z.string(),
  avatar: z.string().nullable(),
});
export type SignedInUser = z.infer<typeof signedInUserSchema>;

export const authUserSchema = z.object({
  authenticated: z.boolean(),
  expires_at: z.string(),
  user: signedInUserSchema.optional(),
});
export type AuthUser = z.infer<typeof authUserSchema>;

export const loginResponseSchema = z.object({ url: z.string() });

/**
 * Return from sign-in: the URL's `token` is a one-time code; POST /api/auth/exchange {code} (with the browser's
 * sign-in cookie) answers the session.
 */
export const signInExchangeSchema = z.object({ code: z.string().min(20).max(200) });
export const signInSessionSchema = z.object({ token: z.string(), expires_at: z.string() });

/** Name of the cookie that keeps the session token (§3), path "/". */
export const sessionCookieName = "session_token";

export const defaultAvatarUrl = "/images/default-avatar.svg";

/**
 * The avatar image (§3): a png from the chat platform's content network built from user_id and the avatar
 * hash; demo users carry a local path instead; no avatar gives the default one.
 */
export function avatarUrl(user: { user_id: string; avatar: string | null }): string {
  if (!user.avatar) return defaultAvatarUrl;
  if (user.avatar.startsWith("/")) return user.avatar;
  return `https://cdn.discordapp.com/avatars/${user.user_id}/${user.avatar}.png?size=${limits.avatarSize}`;
}

/** §5: expires_at in the past means expired. */
export const isExpired = (expiresAt: string, now = Date.now()) => new Date(expiresAt).getTime() <= now;
