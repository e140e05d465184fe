import type { Kysely } from "kysely";
import type { DialectHelpers } from "../dialect";

// The demo platform's chat (docs/ticket-engine.md): the channels the bot creates (ticket channels, direct
// messages) and every message sent in any demo channel, including the fixed channels of the demo guilds
// (server/platform/demo-fixtures.ts). Stored like the rest of the demo data, so the Try-it view survives a restart.

export async function up(db: Kysely<any>, d: DialectHelpers): Promise<void> {
  await db.schema
    .createTable("demo_channels")
    .addColumn("id", "text", (c) => c.primaryKey())
    // null for a direct-message channel
    .addColumn("guild_id", "text")
    .addColumn("name", "text", (c) => c.notNull())
    // 'text' | 'dm'
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("parent_id", "text")
    .addColumn("topic", "text")
    // Discord's permission overwrites: [{id, type: 0 role | 1 member, allow, deny}] (bitfields as strings)
    .addColumn("overwrites_json", d.json, (c) => c.notNull())
    // a DM channel: the user it talks to
    .addColumn("recipient_id", "text")
    .addColumn("created_at", d.bigint, (c) => c.notNull())
    .execute();
  await db.schema.createIndex("demo_channels_guild").on("demo_channels").column("guild_id").execute();
  await db.schema.createIndex("demo_channels_recipient").on("demo_channels").column("recipient_id").execute();

  await db.schema
    .createTable("demo_messages")
    // a snowflake: its order is the messages' order
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("channel_id", "text", (c) => c.notNull())
    .addColumn("author_id", "text", (c) => c.notNull())
    .addColumn("author_name", "text", (c) => c.notNull())
    .addColumn("author_avatar", "text")
    .addColumn("author_bot", d.boolean, (c) => c.notNull())
    .addColumn("content", "text", (c) => c.notNull())
    .addColumn("embeds_json", d.json, (c) => c.notNull())
    .addColumn("components_json", d.json, (c) => c.notNull())
    .addColumn("allowed_mentions_json", d.json)
    .addColumn("created_at", d.bigint, (c) => c.notNull())
    .addColumn("edited_at", d.bigint)
    .execute();
  await db.schema.createIndex("demo_messages_channel").on("demo_messages").columns(["channel_id", "id"]).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("demo_messages").ifExists().execute();
  await db.schema.dropTable("demo_channels").ifExists().execute();
}
