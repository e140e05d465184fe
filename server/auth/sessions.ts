import { createHash, randomBytes } from "node:crypto";
import { prepared } from "../db/prepared";
import type { Db } from "../db/schema";
import type { SecretBox } from "../crypto";
import type { SessionUser } from "./session-user";
import type { SessionCache } from "./session-cache";

// Session tokens are 32 random bytes (base64url). Only their SHA-256 is stored, so a copy of the database
// does not let anyone sign in. A session expires after SESSION_DAYS and is revoked on logout. The users' OAuth
// tokens (Discord mode) are sealed with the server's master key (SecretBox), bound to their user and column.

export const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");
export const newToken = () => randomBytes(32).toString("base64url");
const DAY_MS = 86_400_000;

export interface UserProfile {
  id: string;
  username: string;
  avatar: string | null;
  tokens?: { accessToken: string; refreshToken: string | null; expiresAt: number };
}

type TokenColumn = "access_token" | "refresh_token";
const tokenAad = (userId: string, column: TokenColumn) => `users/${userId}/${column}`;

/** The token columns of a user's row, sealed. */
function sealedTokenColumns(secrets: SecretBox, userId: string, tokens: NonNullable<UserProfile["tokens"]>) {
  return {
    access_token: secrets.seal(tokens.accessToken, tokenAad(userId, "access_token")),
    refresh_token: tokens.refreshToken === null ? null : secrets.seal(tokens.refreshToken, tokenAad(userId, "refresh_token")),
    token_expires_at: tokens.expiresAt,
  };
}

/** A stored token, opened; null when it does not open (then the user signs in again). A row written before
 * tokens were sealed holds the plain token, which is used until the next sign-in or refresh seals it. */
function openToken(secrets: SecretBox, userId: string, column: TokenColumn, stored: string | null): string | null {
  if (stored === null) return null;
  return stored.startsWith("v1.") ? secrets.open(stored, tokenAad(userId, column)) : stored;
}

/** Creates or refreshes the user's row (on every sign-in). */
export async function upsertUser(db: Db, secrets: SecretBox, cache: SessionCache, profile: UserProfile): Promise<void> {
  const now = Date.now();
  const tokenColumns = profile.tokens ? sealedTokenColumns(secrets, profile.id, profile.tokens) : {};
  await db
    .insertInto("users")
    .values({
      id: profile.id,
      username: profile.username,
      avatar: profile.avatar,
      access_token: null,
      refresh_token: null,
      token_expires_at: null,
      ...tokenColumns,
      created_at: now,
      updated_at: now,
    })
    .onConflict((oc) =>
      oc.column("id").doUpdateSet({ username: profile.username, avatar: profile.avatar, ...tokenColumns, updated_at: now }),
    )
    .execute();
  cache.forgetUser(profile.id);
}

/** Stores a user's refreshed OAuth tokens. */
export async function storeUserTokens(
  db: Db,
  secrets: SecretBox,
  cache: SessionCache,
  userId: string,
  tokens: NonNullable<UserProfile["tokens"]>,
): Promise<void> {
  await db
    .updateTable("users")
    .set({ ...sealedTokenColumns(secrets, userId, tokens), updated_at: Date.now() })
    .where("id", "=", userId)
    .execute();
  cache.forgetUser(userId);
}

/** `recentMs`: how long a new session counts as a recent sign-in (server/auth/recent-sign-in.ts). */
export async function createSession(db: Db, userId: string, days: number, recentMs = 0): Promise<{ token: string; expiresAt: number }> {
  const token = newToken();
  const now = Date.now();
  const expiresAt = now + Math.round(days * DAY_MS);
  await db
    .insertInto("sessions")
    .values({
      token_hash: hashToken(token),
      user_id: userId,
      created_at: now,
      expires_at: expiresAt,
      revoked_at: null,
      recent_until: now + recentMs,
    })
    .execute();
  return { token, expiresAt };
}

// Runs on every authenticated request: compiled once (server/db/prepared.ts).
const sessionUserQuery = prepared((db, v: { tokenHash: string }) =>
  db
    .selectFrom("sessions as s")
    .innerJoin("users as u", "u.id", "s.user_id")
    .select([
      "s.expires_at",
      "s.revoked_at",
      "s.recent_until",
      "u.id",
      "u.username",
      "u.avatar",
      "u.access_token",
      "u.refresh_token",
      "u.token_expires_at",
    ])
    .where("s.token_hash", "=", v.tokenHash),
);

/**
 * The user of a token when its session exists, is not revoked and has not expired; otherwise null. From the
 * session cache when it holds the session (server/auth/session-cache.ts), else from the database (then cached).
 */
export async function findSessionUser(
  db: Db,
  secrets: SecretBox,
  cache: SessionCache,
  token: string,
  now = Date.now(),
): Promise<SessionUser | null> {
  if (token.length < 20 || token.length > 200) return null;
  const tokenHash = hashToken(token);
  const cached = cache.get(tokenHash, now);
  if (cached) return cached;
  const generation = cache.generation;
  const row = await sessionUserQuery.executeTakeFirst(db, { tokenHash }, undefined);
  if (!row || row.revoked_at !== null || row.expires_at <= now) return null;
  const user: SessionUser = {
    id: row.id,
    username: row.username,
    avatar: row.avatar,
    accessToken: openToken(secrets, row.id, "access_token", row.access_token),
    refreshToken: openToken(secrets, row.id, "refresh_token", row.refresh_token),
    tokenExpiresAt: row.token_expires_at,
    sessionHash: tokenHash,
    sessionExpiresAt: row.expires_at,
    recentUntil: row.recent_until,
  };
  cache.set(tokenHash, user, generation, now);
  return user;
}

/** The user a token's session names, whatever the session's state (a rate limit's key before the guard), or undefined. */
export async function sessionOwnerOf(db: Db, token: string): Promise<string | undefined> {
  const session = await db.selectFrom("sessions").select("user_id").where("token_hash", "=", hashToken(token)).executeTakeFirst();
  return session?.user_id;
}

/** Logout: the session is refused from now on (by this instance at once, by others when notified). */
export async function revokeSession(db: Db, cache: SessionCache, tokenHash: string): Promise<void> {
  await db
    .updateTable("sessions")
    .set({ revoked_at: Date.now() })
    .where("token_hash", "=", tokenHash)
    .where("revoked_at", "is", null)
    .execute();
  cache.forgetSession(tokenHash);
}

/** Deletes sessions that ended more than a day ago and sign-in states older than their lifetime. */
export async function pruneExpired(db: Db, now = Date.now()): Promise<void> {
  await db
    .deleteFrom("sessions")
    .where("expires_at", "<", now - DAY_MS)
    .execute();
  await db
    .deleteFrom("sessions")
    .where("revoked_at", "<", now - DAY_MS)
    .execute();
  await db
    .deleteFrom("oauth_states")
    .where("created_at", "<", now - 60 * 60_000)
    .execute();
  await db
    .deleteFrom("sign_in_codes")
    .where("created_at", "<", now - 60 * 60_000)
    .execute();
  await db
    .deleteFrom("rate_limits")
    .where("window_start", "<", now - 60 * 60_000)
    .execute();
}
