import type { Kysely } from "kysely";
import { sql } from "kysely";
import type { DialectHelpers } from "../dialect";

// Users, sessions, sign-in states, tags, activity log and staff teams.

export async function up(db: Kysely<any>, d: DialectHelpers): Promise<void> {
  await db.schema
    .createTable("meta")
    .addColumn("key", "text", (c) => c.primaryKey())
    .addColumn("value", "text", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("users")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("username", "text", (c) => c.notNull())
    .addColumn("avatar", "text")
    .addColumn("access_token", "text")
    .addColumn("refresh_token", "text")
    .addColumn("token_expires_at", d.bigint)
    .addColumn("created_at", d.bigint, (c) => c.notNull())
    .addColumn("updated_at", d.bigint, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("sessions")
    .addColumn("token_hash", "text", (c) => c.primaryKey())
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("created_at", d.bigint, (c) => c.notNull())
    .addColumn("expires_at", d.bigint, (c) => c.notNull())
    .addColumn("revoked_at", d.bigint)
    .execute();
  await db.schema.createIndex("sessions_user_id").on("sessions").column("user_id").execute();
  await db.schema.createIndex("sessions_expires_at").on("sessions").column("expires_at").execute();

  await db.schema
    .createTable("oauth_states")
    .addColumn("state_hash", "text", (c) => c.primaryKey())
    .addColumn("browser_hash", "text", (c) => c.notNull())
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("created_at", d.bigint, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("tags")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("guild_id", "text", (c) => c.notNull())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("content", "text", (c) => c.notNull())
    .addColumn("created_at", d.bigint, (c) => c.notNull())
    .execute();
  await db.schema.createIndex("tags_guild_created").on("tags").columns(["guild_id", "created_at"]).execute();
  // Tag names are unique per guild regardless of case (the bot looks them up by name).
  await sql`create unique index tags_guild_name on tags (guild_id, lower(name))`.execute(db);

  await d
    .autoId(db.schema.createTable("activity"), "id")
    .addColumn("guild_id", "text", (c) => c.notNull())
    .addColumn("user_id", "text", (c) => c.notNull())
    .addColumn("username", "text", (c) => c.notNull())
    .addColumn("avatar", "text")
    .addColumn("action", "text", (c) => c.notNull())
    .addColumn("ip", "text", (c) => c.notNull())
    .addColumn("timestamp", d.bigint, (c) => c.notNull())
    .addColumn("before_json", d.json)
    .addColumn("after_json", d.json)
    .execute();
  await sql`create index activity_guild_id on activity (guild_id, id desc)`.execute(db);
  await db.schema.createIndex("activity_guild_action").on("activity").columns(["guild_id", "action"]).execute();
  await db.schema.createIndex("activity_guild_user").on("activity").columns(["guild_id", "user_id"]).execute();

  await d
    .autoId(db.schema.createTable("teams"), "id")
    .addColumn("guild_id", "text", (c) => c.notNull())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("permissions_json", d.json, (c) => c.notNull())
    .addColumn("created_at", d.bigint, (c) => c.notNull())
    .execute();
  await db.schema.createIndex("teams_guild").on("teams").column("guild_id").execute();

  await db.schema
    .createTable("team_roles")
    .addColumn("team_id", "integer", (c) => c.notNull().references("teams.id").onDelete("cascade"))
    .addColumn("role_id", "text", (c) => c.notNull())
    .addColumn("role_name", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("team_roles_pk", ["team_id", "role_id"])
    .execute();
  await db.schema.createIndex("team_roles_role").on("team_roles").column("role_id").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ["team_roles", "teams", "activity", "tags", "oauth_states", "sessions", "users", "meta"]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
