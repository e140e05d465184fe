import type { PlatformUser } from "../platform/adapter";

/** The signed-in caller of a request (set by `authenticate`). */
export interface SessionUser extends PlatformUser {
  /** SHA-256 of the bearer token of this request's session. */
  sessionHash: string;
  sessionExpiresAt: number;
  /** Until when the session counts as a recent sign-in (null: it does not). */
  recentUntil: number | null;
}
