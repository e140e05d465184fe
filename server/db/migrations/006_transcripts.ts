import type { Kysely } from "kysely";
import { sql } from "kysely";
import type { DialectHelpers } from "../dialect";

// Transcripts of closed tickets. The list's columns (ticket, author, panel, close reason, rating, time) are plain
// metadata; the messages exist only sealed with AES-256-GCM (body_enc + iv + tag, server/crypto.ts).
// Word search goes through transcript_terms: keyed per-guild HMACs of the words, never the words. Bots feed
// transcripts with a per-guild API key, kept as a SHA-256 hash only.

export async function up(db: Kysely<any>, d: DialectHelpers): Promise<void> {
  const binary = d.name === "postgres" ? "bytea" : "blob";

  await d
    .autoId(db.schema.createTable("transcripts"), "id")
    .addColumn("guild_id", "text", (c) => c.notNull())
    .addColumn("ticket_id", "integer", (c) => c.notNull())
    .addColumn("author_id", "text", (c) => c.notNull())
    .addColumn("author_username", "text", (c) => c.notNull())
    .addColumn("close_reason", "text")
    .addColumn("panel_id", "integer")
    .addColumn("panel_name", "text", (c) => c.notNull())
    .addColumn("rating", "integer")
    .addColumn("closed_at", d.bigint, (c) => c.notNull())
    .addColumn("message_count", "integer", (c) => c.notNull())
    .addColumn("body_enc", binary, (c) => c.notNull())
    .addColumn("iv", binary, (c) => c.notNull())
    .addColumn("tag", binary, (c) => c.notNull())
    .addColumn("created_at", d.bigint, (c) => c.notNull())
    .execute();
  // One transcript per ticket of a guild; also the index of the newest-first pages.
  await sql`create unique index transcripts_guild_ticket on transcripts (guild_id, ticket_id desc)`.execute(db);
  await sql`create index transcripts_guild_author on transcripts (guild_id, lower(author_username))`.execute(db);
  await db.schema.createIndex("transcripts_guild_panel").on("transcripts").columns(["guild_id", "panel_name"]).execute();

  await db.schema
    .createTable("transcript_terms")
    .addColumn("guild_id", "text", (c) => c.notNull())
    .addColumn("transcript_id", "integer", (c) => c.notNull().references("transcripts.id").onDelete("cascade"))
    .addColumn("term_hash", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("transcript_terms_pk", ["transcript_id", "term_hash"])
    .execute();
  // Covers the search: (guild, word hash) → transcript ids, without touching the table.
  await db.schema
    .createIndex("transcript_terms_guild_term")
    .on("transcript_terms")
    .columns(["guild_id", "term_hash", "transcript_id"])
    .execute();

  await db.schema
    .createTable("bot_keys")
    .addColumn("guild_id", "text", (c) => c.primaryKey())
    .addColumn("key_hash", "text", (c) => c.notNull())
    .addColumn("created_at", d.bigint, (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("bot_keys").ifExists().execute();
  await db.schema.dropTable("transcript_terms").ifExists().execute();
  await db.schema.dropTable("transcripts").ifExists().execute();
}
