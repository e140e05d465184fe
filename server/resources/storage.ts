import { type Kysely, sql } from "kysely";
import type { ColumnType } from "../db/resource-tables";
import { type PlannedColumn, plannedColumns, snake } from "./columns";
import type { ResourceSpec } from "../../src/schemas/resource-spec";
import type { DialectName } from "../db/dialect";
import { migrations } from "../db/migrations/index";

// The tables of spec'd resources (src/schemas/resource-spec.ts), made and evolved from their specs at start: a
// missing table is created, a missing column added. Anything else — a column the spec no longer has, a column whose
// type changed — would lose or reinterpret data, so the server refuses to start and names the migration to write.
// Every table has the engine's own columns: id, guild_id, created_at, updated_at and revision.

export { plannedColumns };

/** The database's names for a type, reduced to ours (SQLite keeps what the table was created with). */
function normaliseType(dataType: string): ColumnType | string {
  const t = dataType.toLowerCase();
  if (t === "text" || t.startsWith("varchar") || t.startsWith("character varying")) return "text";
  if (t === "integer" || t === "int" || t === "int4" || t === "serial") return "integer";
  if (t === "bigint" || t === "int8" || t === "bigserial") return "bigint";
  return t;
}

/** The migration number a developer would write next. */
const nextMigrationNumber = () => String(Math.max(...Object.keys(migrations).map((name) => Number(name.slice(0, 3)))) + 1).padStart(3, "0");

export class ResourceSchemaError extends Error {}

function refuse(spec: ResourceSpec, problem: string, action: string, slug: string): never {
  throw new ResourceSchemaError(
    `Resource "${spec.name}": the table ${spec.table} ${problem}. The resource engine only adds tables and columns; write a migration ` +
      `(server/db/migrations/${nextMigrationNumber()}_${spec.table}_${slug}.ts, and its line in server/db/migrations/index.ts) that ${action}, then start again.`,
  );
}

interface ExistingColumn {
  name: string;
  dataType: string;
}

async function existingColumns(db: Kysely<any>, dialect: DialectName, table: string): Promise<ExistingColumn[] | undefined> {
  if (dialect === "postgres") {
    const { rows } = await sql<ExistingColumn>`
      select column_name as "name", udt_name as "dataType" from information_schema.columns
      where table_schema = current_schema() and table_name = ${table} order by ordinal_position`.execute(db);
    return rows.length ? rows : undefined;
  }
  const { rows } = await sql<{ name: string; type: string }>`select name, type from pragma_table_info(${table})`.execute(db);
  return rows.length ? rows.map((r) => ({ name: r.name, dataType: r.type })) : undefined;
}

const sqlType = (type: ColumnType) => sql.raw(type);

async function createTable(db: Kysely<any>, dialect: DialectName, spec: ResourceSpec, columns: PlannedColumn[]) {
  let builder = db.schema.createTable(spec.table);
  for (const column of columns) {
    if (column.name === "id") {
      builder =
        spec.key.kind === "uuid"
          ? builder.addColumn("id", "text", (c) => c.primaryKey())
          : dialect === "postgres"
            ? builder.addColumn("id", "serial", (c) => c.primaryKey())
            : builder.addColumn("id", "integer", (c) => c.primaryKey().autoIncrement());
    } else if (column.name === "guild_id" || column.name === "created_at") {
      builder = builder.addColumn(column.name, sqlType(column.type), (c) => c.notNull());
    } else if (column.name === "revision") {
      builder = builder.addColumn("revision", "integer", (c) => c.notNull().defaultTo(1));
    } else {
      builder = builder.addColumn(column.name, sqlType(column.type));
    }
  }
  await builder.execute();
  await sql`create index ${sql.id(`${spec.table}_guild`)} on ${sql.id(spec.table)} (guild_id, id)`.execute(db);
  for (const unique of spec.unique ?? []) {
    const parts = unique.fields.map((field) => {
      const column = columns.find((c) => c.field === field)!;
      return column.type === "text" ? sql`lower(${sql.id(column.name)})` : sql.id(column.name);
    });
    await sql`create unique index ${sql.id(`${spec.table}_${unique.fields.map(snake).join("_")}_unique`)} on ${sql.id(spec.table)} (guild_id, ${sql.join(parts)})`.execute(db);
  }
}

/**
 * Makes the table match the spec: creates it, or adds the columns it lacks. Refuses (ResourceSchemaError) a column
 * the spec no longer declares or whose type changed. Returns what it did, for the start-up log.
 */
export async function syncResourceTable(db: Kysely<any>, dialect: DialectName, spec: ResourceSpec): Promise<string[]> {
  const columns = plannedColumns(spec);
  const existing = await existingColumns(db, dialect, spec.table);
  if (!existing) {
    await createTable(db, dialect, spec, columns);
    return [`created table ${spec.table}`];
  }
  const byName = new Map(existing.map((c) => [c.name, c]));
  for (const column of existing) {
    const planned = columns.find((c) => c.name === column.name);
    if (!planned) refuse(spec, `has a column ${column.name} that the spec no longer declares`, `drops or renames ${column.name}`, `drop_${column.name}`);
    const actual = normaliseType(column.dataType);
    const compatible = actual === planned.type || (planned.type === "integer" && actual === "bigint");
    if (!compatible) {
      refuse(spec, `has ${column.name} as ${column.dataType} where the spec needs ${planned.type}`, `converts ${column.name} to ${planned.type}`, `${column.name}_to_${planned.type}`);
    }
  }
  const added: string[] = [];
  for (const column of columns) {
    if (byName.has(column.name)) continue;
    if (column.name === "id" || column.name === "guild_id") refuse(spec, `has no ${column.name} column`, `adds ${column.name}`, `add_${column.name}`);
    const definition = column.name === "revision" ? sql`integer not null default 1` : sqlType(column.type);
    await sql`alter table ${sql.id(spec.table)} add column ${sql.id(column.name)} ${definition}`.execute(db);
    added.push(`added ${spec.table}.${column.name}`);
  }
  return added;
}
