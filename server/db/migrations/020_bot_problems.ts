import type { Kysely } from "kysely";
import type { DialectHelpers } from "../dialect";

// Refusals the bot met while working (server/bot-setup/problems.ts): one row per guild, kind and subject (a
// permission in a channel, a category, the transcript quota), its latest details and when it was last seen. Bot setup
// shows them to the owner beside what its check finds.

export async function up(db: Kysely<any>, d: DialectHelpers): Promise<void> {
  await db.schema
    .createTable("bot_problems")
    .addColumn("guild_id", "text", (c) => c.notNull())
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("subject", "text", (c) => c.notNull())
    .addColumn("detail_json", d.json, (c) => c.notNull())
    .addColumn("times", "integer", (c) => c.notNull())
    .addColumn("first_at", d.bigint, (c) => c.notNull())
    .addColumn("last_at", d.bigint, (c) => c.notNull())
    .addPrimaryKeyConstraint("bot_problems_pk", ["guild_id", "kind", "subject"])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("bot_problems").ifExists().execute();
}
