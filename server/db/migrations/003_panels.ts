import type { Kysely } from "kysely";
import type { DialectHelpers } from "../dialect";

// Ticket panels (kind 'single') and multi-panels (kind 'multi') of a guild, and which single panels a
// multi-panel shows (in order). The panel's own fields live in data_json (the §3 shape); the references
// that must hold (form, team, member panels) are real columns with foreign keys.

export async function up(db: Kysely<any>, d: DialectHelpers): Promise<void> {
  await d
    .autoId(db.schema.createTable("panels"), "id")
    .addColumn("guild_id", "text", (c) => c.notNull())
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("name", "text", (c) => c.notNull())
    // No action on delete: a form a panel uses cannot be deleted (the forms route answers 409 first).
    .addColumn("form_id", "integer", (c) => c.references("forms.id"))
    // A deleted team simply stops being the panel's support team.
    .addColumn("team_id", "integer", (c) => c.references("teams.id").onDelete("set null"))
    .addColumn("data_json", d.json, (c) => c.notNull())
    .addColumn("message_id", "text")
    .addColumn("revision", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("created_at", d.bigint)
    .addColumn("updated_at", d.bigint)
    .execute();
  await db.schema.createIndex("panels_guild_kind").on("panels").columns(["guild_id", "kind", "id"]).execute();
  await db.schema.createIndex("panels_form").on("panels").column("form_id").execute();
  await db.schema.createIndex("panels_team").on("panels").column("team_id").execute();

  await db.schema
    .createTable("multi_panel_members")
    .addColumn("multi_panel_id", "integer", (c) => c.notNull().references("panels.id").onDelete("cascade"))
    // No action on delete: a single panel a multi-panel shows cannot be deleted (409 first).
    .addColumn("panel_id", "integer", (c) => c.notNull().references("panels.id"))
    .addColumn("position", "integer", (c) => c.notNull())
    .addPrimaryKeyConstraint("multi_panel_members_pk", ["multi_panel_id", "panel_id"])
    .execute();
  await db.schema.createIndex("multi_panel_members_panel").on("multi_panel_members").column("panel_id").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("multi_panel_members").ifExists().execute();
  await db.schema.dropTable("panels").ifExists().execute();
}
