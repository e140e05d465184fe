import { createHash, randomBytes } from "node:crypto";
import "fastify";
import { API_KEY_PREFIX, type ApiKey, type ApiKeyScope, apiKeyLimits } from "../../src/schemas/api-keys";
import { fromDbJson, toDbJson } from "../db/dialect";
import type { Db } from "../db/schema";
import { HttpError } from "../errors";

declare module "fastify" {
  interface FastifyRequest {
    /** The API key a guarded request came with (`Authorization: Bearer tk_…`), set by `guard`; null for a session. */
    apiKey: { id: number; name: string; scopes: ApiKeyScope[] } | null;
  }
}

// Scoped API keys (docs/API.md "API keys"): `tk_` and 43 characters of 32 random bytes. Only the key's SHA-256 is kept:
// the key carries 256 bits of randomness, so unlike a password nothing can guess its way back from the hash, and a
// slow hash (bcrypt, scrypt) would only slow every request down. The lookup is by the hash itself (a unique index),
// so no comparison of secrets runs in JavaScript. `prefix` (the first 11 characters) tells keys apart on the screen.

export const apiKeyMessages = {
  revoked: "This API key has been revoked.",
  unknown: "Authentication failed. The API key is unknown.",
  quota: `A server has at most ${apiKeyLimits.perGuild} API keys that are not revoked.`,
  notForRoute: "API keys cannot call this route: sign in to the dashboard.",
  missingScope: (scope: string) => `This API key lacks the scope "${scope}".`,
};

export const isApiKeyToken = (token: string) => token.startsWith(API_KEY_PREFIX);
export const hashApiKey = (token: string) => createHash("sha256").update(token, "utf8").digest("hex");
const PREFIX_LENGTH = API_KEY_PREFIX.length + 8;
/** last_used_at is written at most this often per key (a request by a key is not a write). */
const TOUCH_EVERY_MS = 60_000;

type ApiKeyRow = {
  id: number;
  guild_id: string;
  name: string;
  prefix: string;
  scopes_json: string;
  created_by: string;
  created_at: number;
  last_used_at: number | null;
  revoked_at: number | null;
};

export const toApiKey = (row: ApiKeyRow): ApiKey => ({
  Id: row.id,
  Name: row.name,
  Prefix: row.prefix,
  Scopes: fromDbJson<ApiKeyScope[]>(row.scopes_json, []),
  CreatedAt: Number(row.created_at),
  CreatedBy: row.created_by,
  LastUsedAt: row.last_used_at === null ? null : Number(row.last_used_at),
  RevokedAt: row.revoked_at === null ? null : Number(row.revoked_at),
});

const columns = ["id", "guild_id", "name", "prefix", "scopes_json", "created_by", "created_at", "last_used_at", "revoked_at"] as const;

/** The key a token is, or undefined. */
export async function findApiKey(db: Db, token: string): Promise<ApiKeyRow | undefined> {
  if (!isApiKeyToken(token) || token.length > 200) return undefined;
  return db
    .selectFrom("api_keys")
    .select([...columns])
    .where("key_hash", "=", hashApiKey(token))
    .executeTakeFirst();
}

/** What else a change of keys writes in its transaction (the activity entry, by the caller who knows the actor). */
export type KeyChangeRecord = (tx: Db, key: ApiKey) => Promise<void>;

/** Mints a key: the row and the token, which is never stored. 409 past the quota. */
export function createApiKey(
  db: Db,
  guildId: string,
  input: { Name: string; Scopes: ApiKeyScope[] },
  createdBy: string,
  record: KeyChangeRecord,
  now = Date.now(),
): Promise<{ key: ApiKey; token: string }> {
  return db.transaction().execute(async (tx) => {
    const made = await insertApiKey(tx, guildId, input, createdBy, now);
    await record(tx, made.key);
    return made;
  });
}

async function insertApiKey(
  db: Db,
  guildId: string,
  input: { Name: string; Scopes: ApiKeyScope[] },
  createdBy: string,
  now: number,
): Promise<{ key: ApiKey; token: string }> {
  const active = await db
    .selectFrom("api_keys")
    .select((eb) => eb.fn.countAll<number | string>().as("n"))
    .where("guild_id", "=", guildId)
    .where("revoked_at", "is", null)
    .executeTakeFirst();
  if (Number(active?.n ?? 0) >= apiKeyLimits.perGuild) throw new HttpError(409, apiKeyMessages.quota);
  const token = `${API_KEY_PREFIX}${randomBytes(32).toString("base64url")}`;
  const row = await db
    .insertInto("api_keys")
    .values({
      guild_id: guildId,
      name: input.Name,
      prefix: token.slice(0, PREFIX_LENGTH),
      key_hash: hashApiKey(token),
      scopes_json: toDbJson(input.Scopes)!,
      created_by: createdBy,
      created_at: now,
      last_used_at: null,
      revoked_at: null,
    })
    .returning([...columns])
    .executeTakeFirstOrThrow();
  return { key: toApiKey(row), token };
}

export async function listApiKeys(db: Db, guildId: string): Promise<ApiKey[]> {
  const rows = await db
    .selectFrom("api_keys")
    .select([...columns])
    .where("guild_id", "=", guildId)
    .orderBy("id", "desc")
    .execute();
  return rows.map(toApiKey);
}

/** Revokes a key of the server: the key as it is now, or undefined when it names none. */
export function revokeApiKey(db: Db, guildId: string, id: number, record: KeyChangeRecord, now = Date.now()): Promise<ApiKey | undefined> {
  return db.transaction().execute(async (tx) => {
    const row = await tx
      .updateTable("api_keys")
      .set((eb) => ({ revoked_at: eb.fn.coalesce("revoked_at", eb.val(now)) }))
      .where("guild_id", "=", guildId)
      .where("id", "=", id)
      .returning([...columns])
      .executeTakeFirst();
    if (!row) return undefined;
    const key = toApiKey(row);
    await record(tx, key);
    return key;
  });
}

/** Notes the key's use (at most once a minute). */
export async function touchApiKey(db: Db, id: number, now = Date.now()): Promise<void> {
  await db
    .updateTable("api_keys")
    .set({ last_used_at: now })
    .where("id", "=", id)
    .where((eb) => eb.or([eb("last_used_at", "is", null), eb("last_used_at", "<", now - TOUCH_EVERY_MS)]))
    .execute();
}
