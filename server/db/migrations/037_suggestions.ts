import type { Kysely } from "kysely";
import type { DialectHelpers } from "../dialect";

// Answers before a ticket opens (docs/ticket-engine.md, "Answers before opening"):
//   - suggestion_offers: what a member asked while the bot's suggestions wait for their "Yes" or "No" — the answers
//     they gave and the tags shown, under the short random key their buttons carry (the client never echoes the
//     answers back). Short-lived (15 minutes), a few per member, taken once by the button that answers them.
//   - suggestion_answers and suggestion_answer_tags: each "Yes, thanks" (a ticket that never opened), per panel, and
//     the tags it showed. Statistics count these rows over a range in SQL; no running total is kept beside them, so
//     there is nothing to recount, and deleting rows (retention, a server's erasure) leaves every figure exact.

export async function up(db: Kysely<any>, d: DialectHelpers): Promise<void> {
  await db.schema
    .createTable("suggestion_offers")
    .addColumn("offer_key", "text", (c) => c.primaryKey())
    .addColumn("guild_id", "text", (c) => c.notNull())
    .addColumn("member_id", "text", (c) => c.notNull())
    .addColumn("panel_id", "integer", (c) => c.notNull())
    .addColumn("panel_name", "text", (c) => c.notNull())
    .addColumn("answers_json", d.json, (c) => c.notNull())
    .addColumn("tags_json", d.json, (c) => c.notNull())
    .addColumn("created_at", d.bigint, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("suggestion_offers_member")
    .on("suggestion_offers")
    .columns(["guild_id", "member_id", "created_at"])
    .execute();
  await db.schema.createIndex("suggestion_offers_created").on("suggestion_offers").column("created_at").execute();

  await d
    .autoId(db.schema.createTable("suggestion_answers"), "id")
    .addColumn("guild_id", "text", (c) => c.notNull())
    .addColumn("panel_id", "integer")
    .addColumn("panel_name", "text", (c) => c.notNull())
    .addColumn("answered_at", d.bigint, (c) => c.notNull())
    .execute();
  await db.schema.createIndex("suggestion_answers_guild_time").on("suggestion_answers").columns(["guild_id", "answered_at"]).execute();
  await db.schema
    .createTable("suggestion_answer_tags")
    .addColumn("answer_id", "integer", (c) => c.notNull().references("suggestion_answers.id").onDelete("cascade"))
    .addColumn("guild_id", "text", (c) => c.notNull())
    .addColumn("tag_id", "text", (c) => c.notNull())
    .addColumn("tag_name", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("suggestion_answer_tags_pk", ["answer_id", "tag_id"])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("suggestion_answer_tags").ifExists().execute();
  await db.schema.dropTable("suggestion_answers").ifExists().execute();
  await db.schema.dropTable("suggestion_offers").ifExists().execute();
}
