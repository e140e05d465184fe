import type { Kysely } from "kysely";
import type { DialectHelpers } from "../dialect";

// One-time sign-in codes (server/auth/login-state.ts): the sign-in's last step hands the browser a code instead of
// a session token; the browser trades it for the session, and only the browser that started the sign-in can (the
// code is bound to its sign-in cookie). Stored as hashes, single-use, short-lived.
// sessions.recent_until: until when the session counts as a recent sign-in, which the most sensitive actions need
// (server/auth/recent-sign-in.ts); null for sessions made before this migration (they sign in again for those).

export async function up(db: Kysely<any>, d: DialectHelpers): Promise<void> {
  await db.schema
    .createTable("sign_in_codes")
    .addColumn("code_hash", "text", (c) => c.primaryKey())
    .addColumn("browser_hash", "text", (c) => c.notNull())
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("created_at", d.bigint, (c) => c.notNull())
    .execute();
  await db.schema.alterTable("sessions").addColumn("recent_until", d.bigint).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("sessions").dropColumn("recent_until").execute();
  await db.schema.dropTable("sign_in_codes").ifExists().execute();
}
