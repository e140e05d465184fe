import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { Config } from "../config";
import type { Db } from "../db/schema";

// A sign-in (Discord OAuth2 or the demo form) is bound to the browser that started it, from its first step to its
// last, by an httpOnly SameSite=Lax cookie holding a random value:
//   1. The `state` of the sign-in: random, stored only as a hash with the cookie value's hash, single-use, ten
//      minutes. A callback (or demo form post) whose state does not match this browser's cookie is refused: no
//      replayed callbacks, no forged form posts.
//   2. The last step redirects to /dashboard?token=<code>: a one-time code, not the session token. The dashboard
//      trades it for the session (POST /api/auth/exchange), which only succeeds with the same cookie. So a link
//      carrying someone else's code cannot sign a victim into the attacker's account (login CSRF), and a session
//      token never appears in a URL, a history entry or a log.

export const LOGIN_STATE_COOKIE = "ticketeer_login_state";
export const LOGIN_STATE_PATH = "/api/api/auth";
export const LOGIN_STATE_TTL_MS = 10 * 60_000;
/** How long the dashboard has to trade the code for the session. */
export const SIGN_IN_CODE_TTL_MS = 2 * 60_000;

const sha256 = (v: string) => createHash("sha256").update(v).digest("hex");

export type LoginKind = "discord" | "demo";

function setBrowserCookie(config: Config, reply: FastifyReply, browser: string, maxAgeMs: number) {
  reply.setCookie(LOGIN_STATE_COOKIE, browser, {
    path: LOGIN_STATE_PATH,
    httpOnly: true,
    sameSite: "lax",
    secure: config.publicUrl.startsWith("https://"),
    maxAge: maxAgeMs / 1000,
  });
}

const clearBrowserCookie = (reply: FastifyReply) => reply.clearCookie(LOGIN_STATE_COOKIE, { path: LOGIN_STATE_PATH });

/** This browser's cookie value matches the stored hash (constant time). */
function sameBrowser(request: FastifyRequest, storedHash: string): boolean {
  const browser = request.cookies?.[LOGIN_STATE_COOKIE];
  if (!browser) return false;
  const expected = Buffer.from(storedHash, "hex");
  const actual = Buffer.from(sha256(browser), "hex");
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

/** Creates a state, stores its hash and sets the browser cookie; returns the state to put in the URL or form. */
export async function issueLoginState(db: Db, config: Config, reply: FastifyReply, kind: LoginKind): Promise<string> {
  const state = randomBytes(24).toString("base64url");
  const browser = randomBytes(24).toString("base64url");
  const now = Date.now();
  await db
    .deleteFrom("oauth_states")
    .where("created_at", "<", now - LOGIN_STATE_TTL_MS)
    .execute();
  await db
    .insertInto("oauth_states")
    .values({ state_hash: sha256(state), browser_hash: sha256(browser), kind, created_at: now })
    .execute();
  setBrowserCookie(config, reply, browser, LOGIN_STATE_TTL_MS);
  return state;
}

/** Consumes a state (whatever the outcome it cannot be used again); true when valid for this browser. */
export async function consumeLoginState(
  db: Db,
  request: FastifyRequest,
  reply: FastifyReply,
  kind: LoginKind,
  state: unknown,
): Promise<boolean> {
  if (typeof state !== "string" || state.length < 10 || state.length > 200) {
    clearBrowserCookie(reply);
    return false;
  }
  const row = await db.deleteFrom("oauth_states").where("state_hash", "=", sha256(state)).returningAll().executeTakeFirst();
  const valid = !!row && row.kind === kind && row.created_at >= Date.now() - LOGIN_STATE_TTL_MS && sameBrowser(request, row.browser_hash);
  if (!valid) clearBrowserCookie(reply);
  return valid;
}

/**
 * After a successful sign-in: a one-time code for `userId`, bound to this browser's sign-in cookie (which keeps
 * living just long enough for the exchange). Returns the code for the redirect.
 */
export async function issueSignInCode(
  db: Db,
  config: Config,
  request: FastifyRequest,
  reply: FastifyReply,
  userId: string,
): Promise<string> {
  const browser = request.cookies?.[LOGIN_STATE_COOKIE];
  if (!browser) throw new Error("issueSignInCode needs the browser's sign-in cookie (consumeLoginState first)");
  const code = randomBytes(32).toString("base64url");
  const now = Date.now();
  await db
    .deleteFrom("sign_in_codes")
    .where("created_at", "<", now - SIGN_IN_CODE_TTL_MS)
    .execute();
  await db
    .insertInto("sign_in_codes")
    .values({ code_hash: sha256(code), browser_hash: sha256(browser), user_id: userId, created_at: now })
    .execute();
  setBrowserCookie(config, reply, browser, SIGN_IN_CODE_TTL_MS);
  return code;
}

/**
 * Trades a code for its user id: single-use (gone whatever the outcome), fresh, and only in the browser it was
 * issued to. Undefined otherwise.
 */
export async function redeemSignInCode(db: Db, request: FastifyRequest, reply: FastifyReply, code: string): Promise<string | undefined> {
  clearBrowserCookie(reply);
  const row = await db.deleteFrom("sign_in_codes").where("code_hash", "=", sha256(code)).returningAll().executeTakeFirst();
  if (!row || row.created_at < Date.now() - SIGN_IN_CODE_TTL_MS || !sameBrowser(request, row.browser_hash)) return undefined;
  return row.user_id;
}
