import { createHash, randomBytes } from "node:crypto";
import { bulkUndoKeepMs } from "../../src/schemas/bulk";
import type { Db } from "./schema";

// What a bulk delete keeps for its Undo (035_bulk_undo): the deleted rows exactly as they were stored, under the hash
// of a random token answered only to the caller who deleted them, for bulkUndoKeepMs. Kept in the database so that an
// Undo reaches them whichever instance answers; a server's purge takes them with the rest of its rows.

const hashOf = (token: string) => createHash("sha256").update(token).digest("hex");

/** Keeps `rows` (in the delete's transaction) and answers the token that brings them back; drops expired ones. */
export async function keepForUndo(trx: Db, kept: { guildId: string; resource: string; userId: string; rows: unknown }): Promise<string> {
  const now = Date.now();
  const token = randomBytes(32).toString("base64url");
  await trx.deleteFrom("bulk_undo").where("expires_at", "<=", now).execute();
  await trx
    .insertInto("bulk_undo")
    .values({
      token_hash: hashOf(token),
      guild_id: kept.guildId,
      resource: kept.resource,
      user_id: kept.userId,
      rows_json: JSON.stringify(kept.rows),
      expires_at: now + bulkUndoKeepMs,
    })
    .execute();
  return token;
}

/**
 * Takes (in the restore's transaction) what `token` kept for this guild, resource and user, once: undefined when it
 * never was, has expired or was taken already (two Undos of one delete restore once).
 */
export async function takeUndo<T>(
  trx: Db,
  token: string,
  owner: { guildId: string; resource: string; userId: string },
): Promise<T | undefined> {
  const row = await trx
    .selectFrom("bulk_undo")
    .select(["token_hash", "rows_json"])
    .where("token_hash", "=", hashOf(token))
    .where("guild_id", "=", owner.guildId)
    .where("resource", "=", owner.resource)
    .where("user_id", "=", owner.userId)
    .where("expires_at", ">", Date.now())
    .executeTakeFirst();
  if (!row) return undefined;
  const taken = await trx.deleteFrom("bulk_undo").where("token_hash", "=", row.token_hash).executeTakeFirst();
  return Number(taken.numDeletedRows) === 1 ? (JSON.parse(row.rows_json) as T) : undefined;
}
