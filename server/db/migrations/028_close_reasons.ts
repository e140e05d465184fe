import type { Kysely } from "kysely";
import type { DialectHelpers } from "../dialect";
import { createResourceTable, type ResourceTable } from "../resource-tables";

// Written from the spec of the resource "close-reasons" (src/schemas/resources.ts) by
// `npm run new-resource-migration close-reasons`. A shipped migration never changes: a later change of the spec is a new one.

export const table: ResourceTable = {
  table: "close_reasons",
  key: "serial",
  columns: [
    ["label", "text"],
    ["text", "text"],
    ["position", "integer"],
  ],
  unique: [{ index: "close_reasons_label_unique", columns: ["label"] }],
};

export async function up(db: Kysely<any>, d: DialectHelpers): Promise<void> {
  await createResourceTable(db, d, table);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable(table.table).ifExists().execute();
}
