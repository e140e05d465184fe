import type { ColumnDefinitionBuilder, CreateTableBuilder, Kysely } from "kysely";
import { PostgresAdapter, sql } from "kysely";

export type DialectName = "sqlite" | "postgres";

/** Which database a Kysely instance talks to. */
export function dialectOf(db: Kysely<any>): DialectName {
  return db.getExecutor().adapter instanceof PostgresAdapter ? "postgres" : "sqlite";
}

/**
 * Column helpers that differ between the two databases. Migrations receive them as their second argument,
 * so one migration file serves both.
 */
export interface DialectHelpers {
  name: DialectName;
  /** Adds an auto-incrementing integer primary key column. */
  autoId<T extends string, C extends string>(table: CreateTableBuilder<T, C>, column: string): CreateTableBuilder<T, any>;
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
