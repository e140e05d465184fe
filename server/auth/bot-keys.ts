import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import type { FastifyRequest } from "fastify";
import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import { HttpError } from "../errors";

// Per-guild bot API keys: a bot sends `Authorization: Bot <key>` to feed transcripts. The key is shown once when
// created; the database keeps only its SHA-256. A user session (Bearer) is not a bot key.

export const BOT_KEY_PREFIX = "tkb_";
export const invalidBotKey = "Invalid or missing bot key";

export const newBotKey = () => `${BOT_KEY_PREFIX}${randomBytes(32).toString("base64url")}`;
export const hashBotKey = (key: string) => createHash("sha256").update(key, "utf8").digest("hex");

/** The `Bot <key>` of the Authorization header, if any. */
export function botKeyOf(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  const match = typeof header === "string" ? /^Bot\s+(\S{1,200})\s*$/i.exec(header) : null;
  return match?.[1];
}

/** 401 unless the request carries this guild's current bot key. */
export async function requireBotKey(db: Kysely<Database>, request: FastifyRequest, guildId: string): Promise<void> {
  const key = botKeyOf(request);
  if (!key) throw new HttpError(401, invalidBotKey);
  const row = await db.selectFrom("bot_keys").select("key_hash").where("guild_id", "=", guildId).executeTakeFirst();
  const given = Buffer.from(hashBotKey(key), "hex");
  const stored = row ? Buffer.from(row.key_hash, "hex") : Buffer.alloc(given.length);
  if (!row || stored.length !== given.length || !timingSafeEqual(stored, given)) throw new HttpError(401, invalidBotKey);
}
