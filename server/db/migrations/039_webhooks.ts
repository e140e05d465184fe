import type { Kysely } from "kysely";
import type { DialectHelpers } from "../dialect";

// Signed webhooks (docs/webhooks.md): a server's endpoints (the signing secret sealed with the master key, since it
// signs every delivery) and the outbox of deliveries, written in the transaction of the step they tell of and sent
// by the sender's sweep (server/webhooks/sender.ts). A delivery's body is sealed too: it may carry a message's words.

export async function up(db: Kysely<any>, d: DialectHelpers): Promise<void> {
  await d
    .autoId(db.schema.createTable("webhook_endpoints"), "id")
    .addColumn("guild_id", "text", (c) => c.notNull())
    .addColumn("url", "text", (c) => c.notNull())
    .addColumn("events_json", d.json, (c) => c.notNull())
    .addColumn("format", "text", (c) => c.notNull())
    .addColumn("description", "text", (c) => c.notNull())
    .addColumn("secret_sealed", "text", (c) => c.notNull())
    .addColumn("enabled", d.boolean, (c) => c.notNull())
    .addColumn("consecutive_failures", "integer", (c) => c.notNull())
    .addColumn("disabled_at", d.bigint)
    .addColumn("disabled_reason", "text")
    .addColumn("created_at", d.bigint, (c) => c.notNull())
    .addColumn("updated_at", d.bigint, (c) => c.notNull())
    .execute();
  await db.schema.createIndex("webhook_endpoints_guild").on("webhook_endpoints").column("guild_id").execute();

  await d
    .autoId(db.schema.createTable("webhook_deliveries"), "id")
    .addColumn("guild_id", "text", (c) => c.notNull())
    .addColumn("endpoint_id", "integer", (c) => c.notNull().references("webhook_endpoints.id").onDelete("cascade"))
    .addColumn("delivery_id", "text", (c) => c.notNull().unique())
    .addColumn("event", "text", (c) => c.notNull())
    .addColumn("body_sealed", "text", (c) => c.notNull())
    // pending | delivered | failed
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("attempts", "integer", (c) => c.notNull())
    .addColumn("next_attempt_at", d.bigint)
    .addColumn("last_attempt_at", d.bigint)
    .addColumn("response_status", "integer")
    .addColumn("error", "text")
    // an instance sending it holds it until then (several instances on one PostgreSQL)
    .addColumn("locked_until", d.bigint)
    .addColumn("created_at", d.bigint, (c) => c.notNull())
    .execute();
  await db.schema.createIndex("webhook_deliveries_due").on("webhook_deliveries").columns(["status", "next_attempt_at"]).execute();
  await db.schema.createIndex("webhook_deliveries_guild").on("webhook_deliveries").columns(["guild_id", "status"]).execute();
  await db.schema.createIndex("webhook_deliveries_endpoint").on("webhook_deliveries").columns(["endpoint_id", "id"]).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("webhook_deliveries").ifExists().execute();
  await db.schema.dropTable("webhook_endpoints").ifExists().execute();
}
