import { sql } from "kysely";
import type { DialectHelpers, DialectName, SchemaFreeDb } from "./dialect";

// The tables of spec'd resources (src/schemas/resource-spec.ts), as their migrations make them. A resource's
// migration is written by `npm run new-resource-migration <name>` (scripts/new-resource-migration.ts) with its columns
// spelled out, so it never changes once shipped; these helpers are what every such migration runs, so what they make
// must not change either (a different table is a new helper). Every table has the engine's own columns: id,
// guild_id, created_at, updated_at and revision, around the spec's fields.
//
// A database made before the tables came from migrations (the server made them at start from the specs) already has
// them: a migration leaves an existing table or column as it is, once its columns are the ones it would make.

export type ColumnType = "text" | "integer" | "bigint";

/** A spec'd resource's table as its migration writes it down. */
export interface ResourceTable {
  table: string;
  /** The id column: an auto-incrementing integer, or a text uuid the server makes. */
  key: "serial" | "uuid";
  /** The spec's fields' columns, in order. */
  columns: [name: string, type: ColumnType][];
  /** Unique indexes of the guild's rows: their name and columns (text compared without case). */
  unique?: { index: string; columns: string[] }[];
}

export interface ExistingColumn {
  name: string;
  dataType: string;
}

/** A table's columns as the database has them, or undefined when there is no such table. */
export async function tableColumns(db: SchemaFreeDb, dialect: DialectName, table: string): Promise<ExistingColumn[] | undefined> {
  if (dialect === "postgres") {
    const { rows } = await sql<ExistingColumn>`
      select column_name as "name", udt_name as "dataType" from information_schema.columns
      where table_schema = current_schema() and table_name = ${table} order by ordinal_position`.execute(db);
    return rows.length ? rows : undefined;
  }
  const { rows } = await sql<{ name: string; type: string }>`select name, type from pragma_table_info(${table})`.execute(db);
  return rows.length ? rows.map((r) => ({ name: r.name, dataType: r.type })) : undefined;
}

/** The database's names for a type, reduced to ours (SQLite keeps what the table was created with). */
export function normaliseType(dataType: string): ColumnType | string {
  const t = dataType.toLowerCase();
  if (t === "text" || t.startsWith("varchar") || t.startsWith("character varying")) return "text";
  if (t === "integer" || t === "int" || t === "int4" || t === "serial") return "integer";
  if (t === "bigint" || t === "int8" || t === "bigserial") return "bigint";
  return t;
}

/** Whether a column the database has holds what `wanted` says (a wider integer holds an integer). */
export const holds = (dataType: string, wanted: ColumnType) => {
  const actual = normaliseType(dataType);
  return actual === wanted || (wanted === "integer" && actual === "bigint");
};

/** Every column of a resource's table, the engine's own included, in the order they are made. */
export function allColumns(t: Pick<ResourceTable, "key" | "columns">): [string, ColumnType][] {
  const id: ColumnType = t.key === "uuid" ? "text" : "integer";
  return [["id", id], ["guild_id", "text"], ...t.columns, ["created_at", "bigint"], ["updated_at", "bigint"], ["revision", "integer"]];
}

/** How an existing table differs from the columns wanted: one line per problem, none when it holds them all. */
export function columnProblems(existing: ExistingColumn[], wanted: [string, ColumnType][]): string[] {
  const problems: string[] = [];
  for (const [name, type] of wanted) {
    const column = existing.find((c) => c.name === name);
    if (!column) problems.push(`has no column ${name}`);
    else if (!holds(column.dataType, type)) problems.push(`has ${name} as ${column.dataType} where ${type} is wanted`);
  }
  for (const column of existing)
    if (!wanted.some(([name]) => name === column.name)) problems.push(`has a column ${column.name} that is not wanted`);
  return problems;
}

const refuse = (table: string, problems: string[]): never => {
  throw new Error(`The resource table ${table} ${problems.join(", ")}: write the migration that makes it what its spec says by hand.`);
};

/**
 * Creates a resource's table with its index on (guild_id, id) and its unique indexes; a table already there (made by
 * the server at start before migrations did it) is left as it is when its columns are these, refused otherwise.
 */
export async function createResourceTable(db: SchemaFreeDb, d: DialectHelpers, t: ResourceTable): Promise<void> {
  const existing = await tableColumns(db, d.name, t.table);
  if (existing) {
    const problems = columnProblems(existing, allColumns(t));
    if (problems.length) refuse(t.table, problems);
    return;
  }
  let builder = db.schema.createTable(t.table);
  builder = t.key === "uuid" ? builder.addColumn("id", "text", (c) => c.primaryKey()) : d.autoId(builder, "id");
  builder = builder.addColumn("guild_id", "text", (c) => c.notNull());
  for (const [name, type] of t.columns) builder = builder.addColumn(name, sql.raw(type));
  builder = builder
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("updated_at", "bigint")
    .addColumn("revision", "integer", (c) => c.notNull().defaultTo(1));
  await builder.execute();
  await sql`create index ${sql.id(`${t.table}_guild`)} on ${sql.id(t.table)} (guild_id, id)`.execute(db);
  for (const unique of t.unique ?? []) {
    const parts = unique.columns.map((name) =>
      t.columns.find(([c]) => c === name)?.[1] === "text" ? sql`lower(${sql.id(name)})` : sql.id(name),
    );
    await sql`create unique index ${sql.id(unique.index)} on ${sql.id(t.table)} (guild_id, ${sql.join(parts)})`.execute(db);
  }
}

/**
 * Adds columns to a resource's table (a field added to its spec, or the engine's own on a table that predates the
 * engine); a column already there with that type is left as it is.
 */
export async function addResourceColumns(
  db: SchemaFreeDb,
  d: DialectHelpers,
  table: string,
  columns: [name: string, type: ColumnType][],
): Promise<void> {
  const existing = (await tableColumns(db, d.name, table)) ?? refuse(table, ["does not exist"]);
  for (const [name, type] of columns) {
    const column = existing.find((c) => c.name === name);
    if (column) {
      if (!holds(column.dataType, type)) refuse(table, [`has ${name} as ${column.dataType} where ${type} is wanted`]);
      continue;
    }
    const definition = name === "revision" ? sql`integer not null default 1` : sql.raw(type);
    await sql`alter table ${sql.id(table)} add column ${sql.id(name)} ${definition}`.execute(db);
  }
}
