import { type Compilable, CompiledQuery } from "kysely";
import { type DialectName, dialectOf } from "./dialect";
import type { Db } from "./schema";

// Building a Kysely query (immutable, frozen operation nodes) and compiling it to SQL costs more CPU than running
// a short query on SQLite: about 20 µs of a 30 µs session lookup, more for a joined, filtered list. The hot
// queries of every request (the session, the paged lists) are therefore built and compiled once per dialect and
// query shape, then run with the request's values bound in the same places.
//
// How: the builder receives, instead of values, placeholders (unique marker strings, or arrays of them) and
// must use them only as values (where, limit, offset, sql`${...}` parameters). Compiling records which parameter
// is which placeholder; each run substitutes the real values. Whatever the builder branches on (a filter present
// or not) comes in its third argument, the shape, which keys the compiled SQL with the lengths of the arrays.

const MARK = "\u0000prepared-slot:";
const MAX_SHAPES = 256;

// On PostgreSQL the same SQL text is also a named (server-side) prepared statement of each pooled connection: parsed
// and analysed once per connection instead of on every run (the database's CPU per query about halves). The pool's
// clients look the name up by text (server/db/client.ts). Bounded: beyond MAX_STATEMENT_NAMES texts (long `in (...)`
// lists of every length), the others run unnamed.
const MAX_STATEMENT_NAMES = 200;
const statementNames = new Map<string, string>();

/** The statement name of a prepared query's PostgreSQL text, or undefined (an ad-hoc query). */
export const statementNameOf = (sqlText: string) => statementNames.get(sqlText);

function nameStatement(sqlText: string): void {
  if (statementNames.has(sqlText) || statementNames.size >= MAX_STATEMENT_NAMES) return;
  statementNames.set(sqlText, `ticketeer_${statementNames.size + 1}`);
}

type Part = { slot: string; index?: number } | { value: unknown };
interface Template {
  sql: string;
  parts: Part[];
}

/** Values of a prepared query: scalars, or arrays of scalars (an `in (...)` list); an undefined one is left out. */
export type PreparedValues = object;

/** What a builder may branch on: small flags (JSON-serialisable). */
export type PreparedShape = Record<string, string | number | boolean> | undefined;

export interface PreparedQuery<V extends PreparedValues, S extends PreparedShape, R> {
  execute(db: Db, values: V, shape: S): Promise<R[]>;
  executeTakeFirst(db: Db, values: V, shape: S): Promise<R | undefined>;
}

const slotOf = (name: string, index?: number) => (index === undefined ? `${MARK}${name}` : `${MARK}${name}[${index}]`);

function placeholders<V extends PreparedValues>(values: V): V {
  const out: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(values as Record<string, unknown>)) {
    if (value === undefined) continue;
    out[name] = Array.isArray(value) ? value.map((_, i) => slotOf(name, i)) : slotOf(name);
  }
  return out as V;
}

function compileTemplate<V extends PreparedValues, S extends PreparedShape>(
  db: Db,
  values: V,
  shape: S,
  build: (db: Db, slots: V, shape: S) => Compilable<unknown>,
): Template {
  const compiled = build(db, placeholders(values), shape).compile();
  const used = new Set<string>();
  const parts: Part[] = compiled.parameters.map((p) => {
    if (typeof p !== "string" || !p.includes(MARK)) return { value: p };
    const match = p.startsWith(MARK) ? /^([^[\]]+)(?:\[(\d+)\])?$/.exec(p.slice(MARK.length)) : null;
    if (!match) throw new Error(`prepared query: a placeholder was altered by the builder (${JSON.stringify(p)})`);
    used.add(match[1]);
    return { slot: match[1], index: match[2] === undefined ? undefined : Number(match[2]) };
  });
  if (compiled.sql.includes(MARK)) throw new Error("prepared query: a placeholder was inlined into the SQL text");
  for (const [name, v] of Object.entries(values as Record<string, unknown>)) {
    if (!used.has(name) && v !== undefined && !(Array.isArray(v) && v.length === 0))
      throw new Error(`prepared query: value "${name}" is not used as a parameter`);
  }
  return { sql: compiled.sql, parts };
}

const shapeKey = (dialect: DialectName, values: PreparedValues, shape: PreparedShape) => {
  let key = shape === undefined ? dialect : `${dialect}|${JSON.stringify(shape)}`;
  for (const [name, value] of Object.entries(values as Record<string, unknown>))
    if (Array.isArray(value)) key += `|${name}:${value.length}`;
  return key;
};

/**
 * A query compiled once per dialect and shape:
 *
 *   const sessionQuery = prepared((db, v: { hash: string }) => db.selectFrom("sessions").selectAll().where("token_hash", "=", v.hash));
 *   const row = await sessionQuery.executeTakeFirst(db, { hash }, undefined);
 */
export function prepared<V extends PreparedValues, R, S extends PreparedShape = undefined>(
  build: (db: Db, slots: V, shape: S) => Compilable<R>,
): PreparedQuery<V, S, R> {
  const templates = new Map<string, Template>();
  async function execute(db: Db, values: V, shape: S): Promise<R[]> {
    const key = shapeKey(dialectOf(db), values, shape);
    let template = templates.get(key);
    if (!template) {
      template = compileTemplate(db, values, shape, build);
      if (key.startsWith("postgres")) nameStatement(template.sql);
      if (templates.size >= MAX_SHAPES) templates.clear();
      templates.set(key, template);
    }
    const parameters = template.parts.map((part) => {
      if ("value" in part) return part.value;
      const value = (values as Record<string, unknown>)[part.slot];
      return part.index === undefined ? value : (value as unknown[])[part.index];
    });
    const result = await db.executeQuery<R>(CompiledQuery.raw(template.sql, parameters) as CompiledQuery<R>);
    return result.rows;
  }
  return {
    execute,
    async executeTakeFirst(db, values, shape) {
      return (await execute(db, values, shape))[0];
    },
  };
}
