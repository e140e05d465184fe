import { sql } from "kysely";
import type { TranscriptKeyring } from "../crypto";
import { recordActivityOf, type ActivityActor } from "../activity/record";
import type { DialectName } from "../db/dialect";
import { guildTables } from "../db/guild-changes";
import type { Db } from "../db/schema";
import { purgeGuild } from "../db/guild-purge";
import { aadOf as noteAad } from "../helpdesk/notes";
import { parseDocument, transcriptAad } from "../transcripts/document";

// An owner's rights over their server's data (docs/decisions/013-data-retention.md): the export of everything the
// product keeps about the server (JSON) and its erasure — the same purge as a server whose retention clock ran out
// after the bot left (../gateway/retention.ts), then one activity entry saying that it happened and by whom.

/** Columns never exported: sealed copies (the transcript holds the conversation; notes are opened below) and key hashes. */
const UNEXPORTED = new Set(["body_enc", "iv", "tag", "body_sealed", "messages_sealed", "key_hash", "secret_hash", "token_hash"]);
/** Tables whose rows are not the server's data but the product's bookkeeping about it. */
const UNEXPORTED_TABLES = new Set(["guild_departures", "bot_keys", "rate_limits", "interaction_receipts", "gateway_inbox"]);

const plain = (value: unknown) => (typeof value === "bigint" ? Number(value) : value instanceof Uint8Array ? undefined : value);

/** Everything of the server, table by table (transcripts with their messages, notes with their text). */
export async function exportGuild(db: Db, dialect: DialectName, keyring: TranscriptKeyring, guildId: string) {
  const tables: Record<string, Record<string, unknown>[]> = {};
  for (const table of await guildTables(db, dialect)) {
    if (UNEXPORTED_TABLES.has(table)) continue;
    const { rows } = await sql<Record<string, unknown>>`select * from ${sql.table(table)} where guild_id = ${guildId}`.execute(db);
    tables[table] = rows.map((row) => {
      const out: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(row)) if (!UNEXPORTED.has(k)) out[k] = plain(v);
      if (table === "transcripts") {
        const sealed = { ciphertext: row.body_enc as Uint8Array, iv: row.iv as Uint8Array, tag: row.tag as Uint8Array };
        out.messages = parseDocument(keyring.open(sealed, transcriptAad(guildId, Number(row.ticket_id)))).messages;
      }
      if (table === "ticket_notes")
        out.body = keyring.secrets.open(
          String(row.body_sealed),
          noteAad(guildId, Number(row.ticket_id), Number(row.created_at), String(row.author_id)),
        );
      return out;
    });
  }
  return { exported_at: Date.now(), guild_id: guildId, tables };
}

/** The activity log's entry of a server's erasure (the log itself was erased with the rest: this one is kept). */
export const SERVER_ERASED = "Server Data Erased";

/** Erases everything of the server, final on both databases; logs who did it (and nothing of what was erased). */
export async function eraseGuild(db: Db, dialect: DialectName, guildId: string, actor: ActivityActor): Promise<void> {
  await purgeGuild(db, dialect, guildId);
  await recordActivityOf(db, actor, { guildId, action: SERVER_ERASED });
}
