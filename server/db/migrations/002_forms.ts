import type { Kysely } from "kysely";
import type { DialectHelpers } from "../dialect";

// Forms (modal questionnaires shown when a ticket opens) and their fields (at most 5 per form, ordered by position).

export async function up(db: Kysely<any>, d: DialectHelpers): Promise<void> {
  await d
    .autoId(db.schema.createTable("forms"), "id")
    .addColumn("guild_id", "text", (c) => c.notNull())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("created_at", d.bigint)
    .addColumn("updated_at", d.bigint)
    .execute();
  await db.schema.createIndex("forms_guild").on("forms").column("guild_id").execute();

  await d
    .autoId(db.schema.createTable("form_fields"), "id")
    .addColumn("form_id", "integer", (c) => c.notNull().references("forms.id").onDelete("cascade"))
    .addColumn("label", "text")
    .addColumn("placeholder", "text")
    .addColumn("style", "text")
    .addColumn("required", d.boolean)
    .addColumn("min_length", "integer")
    .addColumn("max_length", "integer")
    .addColumn("position", "integer")
    .execute();
  await db.schema.createIndex("form_fields_form").on("form_fields").columns(["form_id", "position"]).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("form_fields").ifExists().execute();
  await db.schema.dropTable("forms").ifExists().execute();
}
