import type { ResourceSpec } from "../../src/schemas/resource-spec";
import type { DialectName } from "../db/dialect";
import { migrations } from "../db/migrations/index";
import { type ColumnType, type ExistingColumn, holds, type ResourceTable, tableColumns } from "../db/resource-tables";
import type { Db } from "../db/schema";
import { type PlannedColumn, plannedColumns, snake } from "./columns";
import { serverResources } from "./registry";

// A spec'd resource's table is made by a migration, the one source of the schema (docs/adding-a-resource.md): the
// spec says what the table must hold, `npm run new-resource-migration <name>` (scripts/new-resource-migration.ts)
// writes the migration that makes it so from what the migrations already make, and the server checks at start that
// every spec'd table is what its spec says — refusing to start, with the command or the migration to write, when not.
// Nothing here changes a table.

export class ResourceSchemaError extends Error {}

/** How a table differs from its spec. */
export interface TableDrift {
  /** The table does not exist. */
  missing: boolean;
  /** Columns of the spec the table lacks: a migration can add them. */
  add: PlannedColumn[];
  /** Differences only a migration written by hand may settle (data would be lost or reinterpreted). */
  byHand: { problem: string; action: string; slug: string }[];
}

/** How the columns a table has (undefined: no table) differ from its spec's. */
export function driftOf(spec: ResourceSpec, existing: ExistingColumn[] | undefined): TableDrift {
  const columns = plannedColumns(spec);
  if (!existing) return { missing: true, add: [], byHand: [] };
  const byHand: TableDrift["byHand"] = [];
  for (const column of existing) {
    const planned = columns.find((c) => c.name === column.name);
    if (!planned) {
      const problem = `has a column ${column.name} that the spec no longer declares`;
      byHand.push({ problem, action: `drops or renames ${column.name}`, slug: `drop_${column.name}` });
    } else if (!holds(column.dataType, planned.type)) {
      byHand.push({
        problem: `has ${column.name} as ${column.dataType} where the spec needs ${planned.type}`,
        action: `converts ${column.name} to ${planned.type}`,
        slug: `${column.name}_to_${planned.type}`,
      });
    }
  }
  const add = columns.filter((c) => !existing.some((e) => e.name === c.name));
  for (const column of add.filter((c) => c.name === "id" || c.name === "guild_id")) {
    byHand.push({ problem: `has no ${column.name} column`, action: `adds ${column.name}`, slug: `add_${column.name}` });
  }
  return { missing: false, add: add.filter((c) => c.name !== "id" && c.name !== "guild_id"), byHand };
}

const isCurrent = (drift: TableDrift) => !drift.missing && drift.add.length === 0 && drift.byHand.length === 0;

/** The number the next migration takes (after every one of server/db/migrations/index.ts). */
export const nextMigrationNumber = (names: string[] = Object.keys(migrations)) =>
  String(Math.max(0, ...names.map((name) => Number(name.slice(0, 3)))) + 1).padStart(3, "0");

/** What to do about a table that is not what its spec says, for the error that stops the server. */
export function driftMessage(spec: ResourceSpec, drift: TableDrift): string {
  const [first] = drift.byHand;
  if (first) {
    return (
      `Resource "${spec.name}": the table ${spec.table} ${first.problem}. Only additions are written for you; write a migration ` +
      `(server/db/migrations/${nextMigrationNumber()}_${spec.table}_${first.slug}.ts, and its line in server/db/migrations/index.ts) that ` +
      `${first.action}, then start again.`
    );
  }
  const run = `run \`npm run new-resource-migration ${spec.name}\` to write the migration that`;
  if (drift.missing) return `Resource "${spec.name}" has no table ${spec.table}: ${run} makes it, then start again.`;
  const columns = drift.add.map((c) => c.name).join(", ");
  return `Resource "${spec.name}": the table ${spec.table} has no column ${columns}: ${run} adds ${drift.add.length > 1 ? "them" : "it"}, then start again.`;
}

/** The columns of every table named, read in one query per table. */
async function columnsOf(db: Db, dialect: DialectName, tables: string[]): Promise<Map<string, ExistingColumn[] | undefined>> {
  return new Map(await Promise.all(tables.map(async (table) => [table, await tableColumns(db, dialect, table)] as const)));
}

/** At start, after the migrations: every spec'd table must be what its spec says (ResourceSchemaError otherwise). */
export async function checkResourceTables(
  db: Db,
  dialect: DialectName,
  specs: ResourceSpec[] = serverResources.map((r) => r.spec),
): Promise<void> {
  const existing = await columnsOf(
    db,
    dialect,
    specs.map((spec) => spec.table),
  );
  for (const spec of specs) {
    const drift = driftOf(spec, existing.get(spec.table));
    if (!isCurrent(drift)) throw new ResourceSchemaError(driftMessage(spec, drift));
  }
}

/** A spec's table as its creating migration writes it down. */
export function resourceTableOf(spec: ResourceSpec): ResourceTable {
  const columns = plannedColumns(spec).filter((c) => c.field !== undefined);
  const unique = (spec.unique ?? []).map((u) => ({
    index: `${spec.table}_${u.fields.map(snake).join("_")}_unique`,
    columns: u.fields.map((field) => columns.find((c) => c.field === field)!.name),
  }));
  return { table: spec.table, key: spec.key.kind, columns: columns.map((c) => [c.name, c.type]), ...(unique.length ? { unique } : {}) };
}

export interface WrittenMigration {
  /** Its name in server/db/migrations/index.ts (and its file's, without .ts). */
  name: string;
  source: string;
}

const columnList = (columns: [string, ColumnType][], indent: string) =>
  columns.map(([name, type]) => `${indent}[${JSON.stringify(name)}, ${JSON.stringify(type)}],`).join("\n");

/**
 * The migration that brings a spec's table from what the migrations make (`drift`) to what the spec says: creates it
 * or adds its new columns. Undefined when the table is current; a ResourceSchemaError when only a migration written
 * by hand can (a column dropped, renamed or retyped). `dbDir`: where the migration imports server/db/ from.
 */
export function resourceMigration(
  spec: ResourceSpec,
  drift: TableDrift,
  names: string[] = Object.keys(migrations),
  dbDir = "..",
): WrittenMigration | undefined {
  if (drift.byHand.length) throw new ResourceSchemaError(driftMessage(spec, drift));
  if (isCurrent(drift)) return undefined;
  const number = nextMigrationNumber(names);
  const header = (what: string) =>
    [
      `import type { Kysely } from "kysely";`,
      `import type { DialectHelpers } from "${dbDir}/dialect";`,
      what,
      ``,
      `// Written from the spec of the resource "${spec.name}" (src/schemas/resources.ts) by`,
      `// \`npm run new-resource-migration ${spec.name}\`. A shipped migration never changes: a later change of the spec is a new one.`,
      ``,
    ].join("\n");
  if (drift.missing) {
    const t = resourceTableOf(spec);
    const unique = t.unique?.map((u) => `    { index: ${JSON.stringify(u.index)}, columns: ${JSON.stringify(u.columns)} },`).join("\n");
    const source = [
      header(`import { createResourceTable, type ResourceTable } from "${dbDir}/resource-tables";`),
      `export const table: ResourceTable = {`,
      `  table: ${JSON.stringify(t.table)},`,
      `  key: ${JSON.stringify(t.key)},`,
      `  columns: [`,
      columnList(t.columns, "    "),
      `  ],`,
      ...(unique ? [`  unique: [`, unique, `  ],`] : []),
      `};`,
      ``,
      `export async function up(db: Kysely<any>, d: DialectHelpers): Promise<void> {`,
      `  await createResourceTable(db, d, table);`,
      `}`,
      ``,
      `export async function down(db: Kysely<any>): Promise<void> {`,
      `  await db.schema.dropTable(table.table).ifExists().execute();`,
      `}`,
      ``,
    ].join("\n");
    return { name: `${number}_${spec.table}`, source };
  }
  const source = [
    header(`import { addResourceColumns, type ColumnType } from "${dbDir}/resource-tables";`),
    `const columns: [string, ColumnType][] = [`,
    columnList(
      drift.add.map((c) => [c.name, c.type]),
      "  ",
    ),
    `];`,
    ``,
    `export async function up(db: Kysely<any>, d: DialectHelpers): Promise<void> {`,
    `  await addResourceColumns(db, d, ${JSON.stringify(spec.table)}, columns);`,
    `}`,
    ``,
    `export async function down(db: Kysely<any>): Promise<void> {`,
    `  for (const [name] of columns) await db.schema.alterTable(${JSON.stringify(spec.table)}).dropColumn(name).execute();`,
    `}`,
    ``,
  ].join("\n");
  return { name: `${number}_${spec.table}_add_${drift.add.map((c) => c.name).join("_")}`, source };
}
