import type { FastifyRequest } from "fastify";
import { HttpError } from "../errors";

// The most sensitive actions (minting a bot key, importing a whole configuration, changing a team's permissions)
// need a recent sign-in, like "sudo mode": a session counts as recent for REAUTH_MINUTES after signing in, and each
// such action extends it by as much. After that window of idle, the caller signs in again. A stolen session token
// left idle cannot do them; an active administrator is not interrupted.

/** The answer's `code`: the dashboard offers to sign in again instead of sending the user home. */
export const reauthenticateCode = "reauthenticate";
export const reauthenticateMessage = "For your security, please sign in again to do this.";

/**
 * onRequest hook after `guard()`. `recentSignIn` tells the route table and the API document about it.
 */
export const requireRecentSignIn = Object.assign(
  async function requireRecentSignIn(request: FastifyRequest): Promise<void> {
    const { config, db } = request.server;
    const user = request.user;
    if (!user) throw new Error("requireRecentSignIn runs after the guard");
    if (config.reauthMinutes <= 0) return;
    const now = Date.now();
    // Checked and extended in one statement on the session's row, not on the cached session (server/auth/session-cache.ts).
    const extended = await db
      .updateTable("sessions")
      .set({ recent_until: now + config.reauthMinutes * 60_000 })
      .where("token_hash", "=", user.sessionHash)
      .where("recent_until", ">=", now)
      .executeTakeFirst();
    request.server.sessionCache.forgetSession(user.sessionHash);
    if (Number(extended.numUpdatedRows) === 0) throw new HttpError(403, reauthenticateMessage, undefined, reauthenticateCode);
  },
  { recentSignIn: true as const },
);
