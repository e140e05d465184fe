import type { Kysely } from "kysely";
import type { DialectHelpers } from "../dialect";
import { createResourceTable, type ResourceTable } from "../resource-tables";

// Written from the spec of the resource "labels" (src/schemas/resources.ts) by
// `npm run new-resource-migration labels`. A shipped migration never changes: a later change of the spec is a new one.

export const table: ResourceTable = {
  table: "ticket_labels",
  key: "serial",
  columns: [
    ["name", "text"],
    ["colour", "text"],
  ],
  unique: [{ index: "ticket_labels_name_unique", columns: ["name"] }],
};

export async function up(db: Kysely<any>, d: DialectHelpers): Promise<void> {
  await createResourceTable(db, d, table);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable(table.table).ifExists().execute();
}
