import type { ColumnType, Generated } from "kysely";
import type { z } from "zod";
import type { ResourceSpec } from "../../src/schemas/resource-spec";
import type { resourceSpecs } from "../../src/schemas/resources";

// The Kysely types of the spec'd resources' tables (their migrations: server/resources/tables.ts), derived from the
// specs themselves: `db.selectFrom("<its table>")` is typed without anyone writing its columns down. The same rules
// as the engine: a field's column is the snake_case of its name unless the spec's `columns` says; strings and enums
// are text, numbers integers, booleans 0/1; every table also has id, guild_id, created_at, updated_at and revision.

type IsUpper<C extends string> = C extends Lowercase<C> ? false : true;
type IsLowerOrDigit<C extends string> = C extends "" ? false : C extends Uppercase<C> ? (C extends `${number}` ? true : false) : true;

/** TagName → tag_name, the engine's snake_case (an underscore before a capital that follows a small letter or digit). */
export type SnakeCase<S extends string, Prev extends string = ""> = S extends `${infer H}${infer T}`
  ? `${IsUpper<H> extends true ? (IsLowerOrDigit<Prev> extends true ? `_${Lowercase<H>}` : Lowercase<H>) : H}${SnakeCase<T, H>}`
  : "";

/** What a field's column holds: booleans as 0/1, the rest as the field's value; null only when the field may be
 * left out or null (the engine always writes a required field). */
type ColumnOf<V> =
  (NonNullable<V> extends boolean ? number : NonNullable<V> extends number ? number : string) | (V extends NonNullable<V> ? never : null);

type ColumnName<F extends string, Columns> = F extends keyof Columns
  ? Columns[F] extends string
    ? Columns[F]
    : SnakeCase<F>
  : SnakeCase<F>;

/** The row of a spec's table. */
export type SpecTable<S> =
  S extends ResourceSpec<infer Input, infer _Record, infer _Table, infer Columns, infer Key>
    ? {
        id: Key extends "uuid" ? string : Generated<number>;
        guild_id: string;
        created_at: number;
        updated_at: ColumnType<number | null, number | null | undefined, number | null>;
        revision: Generated<number>;
      } & { [F in keyof z.output<Input> & string as ColumnName<F, Columns>]: ColumnOf<z.output<Input>[F]> }
    : never;

type TableSpecs = Extract<(typeof resourceSpecs)[number], { table: string }>;

/** Every spec'd table by name. */
export type SpecTables = { [S in TableSpecs as S["table"]]: SpecTable<S> };
