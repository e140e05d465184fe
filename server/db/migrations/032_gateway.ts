import type { Kysely } from "kysely";
import type { DialectHelpers } from "../dialect";

// The gateway connection (server/gateway/, docs/decisions/011-gateway.md), all of it shared by the instances on one
// database:
//   - gateway_shards: one row per shard — the lease of the instance holding it (compare-and-set on holder and
//     lease_until, renewed by its heartbeat), and what another instance needs to RESUME it: the session id, its
//     resume URL and the sequence up to which every dispatch was applied; when the shard's events run unbroken from
//     (chain_since); Discord's refusal of its identify (a close code that says stop: 4004, 4013, 4014) and the intents
//     it was refused with.
//   - gateway_instances: the instances running the gateway, seen by their heartbeat (each holds its fair share).
//   - gateway_identify: per max_concurrency bucket, when an instance last identified in it (Discord allows one a bucket
//     every 5 s, across every instance of the bot).
//   - gateway_inbox: every dispatch applied, by the event's own id where it has one, else shard + session + sequence,
//     so a replayed dispatch or two instances racing apply an event once. Pruned after a day.
//   - ticket_messages, ticket_message_history: a ticket's conversation as it arrives (each body sealed), and the earlier
//     versions of edited and deleted messages: the ticket's audit trail.
//   - guild_departures: servers that removed the bot, and when their data is purged unless it returns.
// Numbered 032: 028–031 are taken on another branch (renumber on merge if they land first or are dropped).

export async function up(db: Kysely<any>, d: DialectHelpers): Promise<void> {
  await db.schema
    .createTable("gateway_shards")
    .addColumn("shard_id", "integer", (c) => c.primaryKey())
    .addColumn("shard_count", "integer", (c) => c.notNull())
    .addColumn("holder", "text")
    .addColumn("lease_until", d.bigint, (c) => c.notNull().defaultTo(0))
    .addColumn("session_id", "text")
    .addColumn("resume_url", "text")
    .addColumn("sequence", d.bigint)
    .addColumn("ready_at", d.bigint)
    .addColumn("chain_since", d.bigint)
    .addColumn("intents", "integer")
    .addColumn("refused_code", "integer")
    .addColumn("refused_at", d.bigint)
    .addColumn("refused_intents", "integer")
    .execute();

  await db.schema
    .createTable("gateway_instances")
    .addColumn("instance_id", "text", (c) => c.primaryKey())
    .addColumn("seen_at", d.bigint, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("gateway_identify")
    .addColumn("bucket", "integer", (c) => c.primaryKey())
    .addColumn("identified_at", d.bigint, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("gateway_inbox")
    .addColumn("event_key", "text", (c) => c.primaryKey())
    .addColumn("shard_id", "integer", (c) => c.notNull())
    .addColumn("holder", "text", (c) => c.notNull())
    // applying | done
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("claimed_at", d.bigint, (c) => c.notNull())
    .execute();
  await db.schema.createIndex("gateway_inbox_claimed").on("gateway_inbox").column("claimed_at").execute();

  await db.schema
    .createTable("ticket_messages")
    .addColumn("ticket_id", "integer", (c) => c.notNull().references("tickets.id").onDelete("cascade"))
    .addColumn("message_id", "text", (c) => c.notNull())
    .addColumn("channel_id", "text", (c) => c.notNull())
    .addColumn("author_id", "text", (c) => c.notNull())
    // the message's time (from its snowflake): the conversation's order
    .addColumn("created_at", d.bigint, (c) => c.notNull())
    .addColumn("edited_at", d.bigint)
    .addColumn("deleted_at", d.bigint)
    .addColumn("body_sealed", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("ticket_messages_pk", ["ticket_id", "message_id"])
    .execute();
  await db.schema
    .createIndex("ticket_messages_order")
    .on("ticket_messages")
    .columns(["ticket_id", "channel_id", "created_at", "message_id"])
    .execute();

  await db.schema
    .createTable("ticket_message_history")
    .addColumn("ticket_id", "integer", (c) => c.notNull().references("tickets.id").onDelete("cascade"))
    .addColumn("message_id", "text", (c) => c.notNull())
    .addColumn("version", "integer", (c) => c.notNull())
    // edit | delete: what replaced this version
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("at", d.bigint, (c) => c.notNull())
    .addColumn("body_sealed", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("ticket_message_history_pk", ["ticket_id", "message_id", "version"])
    .execute();

  await db.schema
    .createTable("guild_departures")
    .addColumn("guild_id", "text", (c) => c.primaryKey())
    .addColumn("removed_at", d.bigint, (c) => c.notNull())
    .addColumn("purge_at", d.bigint, (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  const tables = [
    "guild_departures",
    "ticket_message_history",
    "ticket_messages",
    "gateway_inbox",
    "gateway_identify",
    "gateway_instances",
    "gateway_shards",
  ];
  for (const table of tables) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
