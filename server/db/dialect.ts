import type { ColumnDefinitionBuilder, CreateTableBuilder, Kysely } from "kysely";
import { PostgresAdapter, type RawBuilder, sql } from "kysely";

export type DialectName = "sqlite" | "postgres";

/**
 * A handle for tables named at run time (migrations, the tables of spec'd resources, trigger helpers): those tables
 * are not in the compiled schema, and Kysely spells a schema it does not know as `Kysely<any>`.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- Kysely's schema-free handle (its migrations' type)
export type SchemaFreeDb = Kysely<any>;

/** Which database a Kysely instance talks to. */
export function dialectOf(db: SchemaFreeDb): DialectName {
  return db.getExecutor().adapter instanceof PostgresAdapter ? "postgres" : "sqlite";
}

/**
 * Column helpers that differ between the two databases. Migrations receive them as their second argument,
 * so one migration file serves both.
 */
export interface DialectHelpers {
  name: DialectName;
  /** Adds an auto-incrementing integer primary key column. */
  autoId<T extends string, C extends string, K extends string>(table: CreateTableBuilder<T, C>, column: K): CreateTableBuilder<T, C | K>;
  /** Column type for epoch milliseconds and other large integers (bigint in both; parsed to number). */
  bigint: "bigint";
  /** Column type for booleans kept as 0/1. */
  boolean: "integer";
  /** Column type for JSON kept as text. */
  json: "text";
}

export function dialectHelpers(name: DialectName): DialectHelpers {
  return {
    name,
    autoId(table, column) {
      return name === "postgres"
        ? table.addColumn(column, "serial", (c: ColumnDefinitionBuilder) => c.primaryKey())
        : table.addColumn(column, "integer", (c: ColumnDefinitionBuilder) => c.primaryKey().autoIncrement());
    },
    bigint: "bigint",
    boolean: "integer",
    json: "text",
  };
}

/** Booleans are stored as 0/1. */
export const toDbBool = (v: boolean) => (v ? 1 : 0);
export const fromDbBool = (v: unknown) => v === 1 || v === true || v === "1";

/** JSON is stored as text. */
export const toDbJson = (v: unknown) => (v === undefined ? null : JSON.stringify(v));
export function fromDbJson<T = unknown>(v: string | null | undefined, fallback: T): T {
  if (v === null || v === undefined || v === "") return fallback;
  try {
    return JSON.parse(v) as T;
  } catch {
    return fallback;
  }
}

/** Case-insensitive equality that works in both databases. */
export const lowerEquals = (column: string, value: string) => sql<boolean>`lower(${sql.ref(column)}) = ${value.toLowerCase()}`;

/**
 * In SQL, the integer a JSON text column holds under a top-level key: null when it is absent or not a non-negative
 * integer, or the text is not JSON — a row that is not JSON never fails the statement. PostgreSQL (before 16) cannot
 * test text for JSON without failing, so there the number is read from the text as JSON.stringify writes it
 * (`"Key":123` followed by `,` or `}`; the same key inside a string value is escaped, `\"Key\"`, and does not match),
 * after the key found by split_part (an anchored pattern: a tenth of the cost of searching the whole text).
 */
export function jsonIntegerOf(dialect: DialectName, column: string, key: string): RawBuilder<number | null> {
  if (!/^[A-Za-z]+$/.test(key)) throw new Error(`jsonIntegerOf: not a plain key: ${key}`);
  const c = sql.ref(column);
  // Literals (the key is checked above), so the expression also serves in DDL, which takes no parameters.
  if (dialect === "postgres")
    return sql<number | null>`cast(substring(split_part(${c}, ${sql.lit(`"${key}":`)}, 2) from '^(\\d{1,10})[,}]') as bigint)`;
  const path = sql.lit(`$.${key}`);
  return sql<
    number | null
  >`case when json_valid(${c}) then case when json_type(${c}, ${path}) = 'integer' and json_extract(${c}, ${path}) >= 0 then json_extract(${c}, ${path}) end end`;
}

/** `value` when it is at most `max`, else null, in SQL — the value written once (evaluated once per row). */
export function atMost(dialect: DialectName, value: RawBuilder<number | null>, max: number): RawBuilder<number | null> {
  // least() skips nulls on PostgreSQL, min() returns null on SQLite: either way a null stays null.
  const over = sql.lit(max + 1);
  return sql<number | null>`nullif(${sql.raw(dialect === "postgres" ? "least" : "min")}(${value}, ${over}), ${over})`;
}
