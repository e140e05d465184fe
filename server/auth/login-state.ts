import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { Config } from "../config";
import type { Db } from "../db/schema";

// The `state` of a sign-in (Discord OAuth2 or the demo form): random, stored only as a hash, single-use,
// valid for ten minutes and bound to the browser that started the sign-in by an httpOnly SameSite=Lax
// cookie holding a second random value. This blocks login CSRF and replayed callbacks.

export const LOGIN_STATE_COOKIE = "ticketeer_login_state";
export const LOGIN_STATE_PATH = "/api/api/auth";
export const LOGIN_STATE_TTL_MS = 10 * 60_000;

const sha256 = (v: string) => createHash("sha256").update(v).digest("hex");

export type LoginKind = "discord" | "demo";

/** Creates a state, stores its hash and sets the browser cookie; returns the state to put in the URL or form. */
export async function issueLoginState(db: Db, config: Config, reply: FastifyReply, kind: LoginKind): Promise<string> {
  const state = randomBytes(24).toString("base64url");
  const browser = randomBytes(24).toString("base64url");
  const now = Date.now();
  await db.deleteFrom("oauth_states").where("created_at", "<", now - LOGIN_STATE_TTL_MS).execute();
  await db.insertInto("oauth_states").values({ state_hash: sha256(state), browser_hash: sha256(browser), kind, created_at: now }).execute();
  reply.setCookie(LOGIN_STATE_COOKIE, browser, {
    path: LOGIN_STATE_PATH,
    httpOnly: true,
    sameSite: "lax",
    secure: config.publicUrl.startsWith("https://"),
    maxAge: LOGIN_STATE_TTL_MS / 1000,
  });
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
  if (typeof state !== "string" || state.length < 10 || state.length > 200) return false;
  const row = await db.deleteFrom("oauth_states").where("state_hash", "=", sha256(state)).returningAll().executeTakeFirst();
  reply.clearCookie(LOGIN_STATE_COOKIE, { path: LOGIN_STATE_PATH });
  if (!row || row.kind !== kind || row.created_at < Date.now() - LOGIN_STATE_TTL_MS) return false;
  const browser = request.cookies?.[LOGIN_STATE_COOKIE];
  if (!browser) return false;
  const expected = Buffer.from(row.browser_hash, "hex");
  const actual = Buffer.from(sha256(browser), "hex");
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}
