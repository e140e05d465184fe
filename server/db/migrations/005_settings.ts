import type { Kysely } from "kysely";
import type { DialectHelpers } from "../dialect";

// Ticket settings per guild: the TicketSettings of src/schemas/settings.ts as JSON (StoreTranscripts missing ⇒
// true), and a revision that every save must name, so two people editing at once cannot overwrite each other.

export async function up(db: Kysely<any>, d: DialectHelpers): Promise<void> {
  await db.schema
    .createTable("guild_settings")
    .addColumn("guild_id", "text", (c) => c.primaryKey())
    .addColumn("data_json", d.json, (c) => c.notNull())
    .addColumn("revision", "integer", (c) => c.notNull())
    .addColumn("updated_at", d.bigint)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("guild_settings").ifExists().execute();
}
