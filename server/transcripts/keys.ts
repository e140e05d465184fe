import type { FastifyBaseLogger } from "fastify";
import type { Kysely } from "kysely";
import { loadConfig } from "../config";
import type { Database } from "../db/schema";
import { keyringById, keyringFor, type TranscriptKeyring } from "../crypto";

// Which key sealed a database: its key id (a fingerprint, never the key) is kept in the meta table. The app
// records it on start; the demo seed, which only gets a database handle, finds the keyring again through it.

export const KEY_ID_META = "transcripts:key_id";

/** Records the app's key id; warns when stored transcripts were sealed with another key (they will not open). */
export async function rememberKeyId(db: Kysely<Database>, keyring: TranscriptKeyring, log?: FastifyBaseLogger): Promise<void> {
  const row = await db.selectFrom("meta").select("value").where("key", "=", KEY_ID_META).executeTakeFirst();
  if (row?.value === keyring.keyId) return;
  if (row) {
    const stored = await db.selectFrom("transcripts").select("id").limit(1).executeTakeFirst();
    if (stored) {
      log?.error(
        { previousKeyId: row.value, keyId: keyring.keyId },
        "transcripts in this database were sealed with another TRANSCRIPT_KEY; they will show as unavailable until that key is configured again",
      );
    }
  }
  await db
    .insertInto("meta")
    .values({ key: KEY_ID_META, value: keyring.keyId })
    .onConflict((oc) => oc.column("key").doUpdateSet({ value: keyring.keyId }))
    .execute();
}

/** The keyring this database's transcripts use: the one the app registered, else the configured one. */
export async function keyringForDatabase(db: Kysely<Database>): Promise<TranscriptKeyring> {
  const row = await db.selectFrom("meta").select("value").where("key", "=", KEY_ID_META).executeTakeFirst();
  const known = row ? keyringById(row.value) : undefined;
  if (known) return known;
  const keyring = keyringFor(loadConfig());
  await rememberKeyId(db, keyring);
  return keyring;
}
