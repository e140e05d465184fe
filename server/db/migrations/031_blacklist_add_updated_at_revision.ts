import type { Kysely } from "kysely";
import type { DialectHelpers } from "../dialect";
import { addResourceColumns, type ColumnType } from "../resource-tables";

// Written from the spec of the resource "blacklist" (src/schemas/resources.ts) by
// `npm run new-resource-migration blacklist`. A shipped migration never changes: a later change of the spec is a new one.

const columns: [string, ColumnType][] = [
  ["updated_at", "bigint"],
  ["revision", "integer"],
];

export async function up(db: Kysely<any>, d: DialectHelpers): Promise<void> {
  await addResourceColumns(db, d, "blacklist", columns);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const [name] of columns) await db.schema.alterTable("blacklist").dropColumn(name).execute();
}
