import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import { guildLimitReached } from "../../src/schemas/limits";
import type { ResourceSpec } from "../../src/schemas/resource-spec";
import { type ActivityActor, recordActivityOf } from "../activity/record";
import { fromDbBool, type SchemaFreeDb, toDbBool } from "../db/dialect";
import { isUniqueViolation } from "../db/errors";
import { prepared } from "../db/prepared";
import type { Db } from "../db/schema";
import { HttpError, notFound } from "../errors";
import { fieldColumnsOf } from "./columns";

// The rows of a spec'd resource (src/schemas/resource-spec.ts), read and written from its spec: its records in the
// spec's order (a page with its total, a sort by one field, equality filters), and a create, update and delete that
// each run in one transaction with their activity entry (before/after). Every query names the guild, so another
// guild's id is simply not found; a unique clash, a stale revision and a guild past its limit are refused (409) and
// store nothing. The generic routes (server/http/resource-routes.ts) parse, guard, call and answer.

export type Item = Record<string, unknown>;
export type Input = Record<string, unknown>;
export type Row = Record<string, unknown> & { id: string | number; created_at: number | null; revision: number };

/** Completes records before they are answered and recorded (a resource's `present` hook, e.g. a role's name). */
export type Present = (items: Item[]) => Promise<Item[]>;

export interface ListQuery {
  limit: number;
  offset: number;
  /** Also count the guild's records that pass the filters (a page's total). */
  withTotal: boolean;
  /** Sort by this field (then by the id) instead of the spec's order. */
  sort?: { field: string; order: "asc" | "desc" };
  /** Equality on input fields, each value as its field holds it (a boolean as a boolean). */
  filters: Record<string, unknown>;
}

export interface ResourceStore {
  list(guildId: string, query: ListQuery): Promise<{ items: Item[]; total?: number }>;
  create(guildId: string, input: Input, actor: ActivityActor, present: Present): Promise<Item>;
  /** `expected`: the revision the caller edited (an older one is refused); the current one when undefined. */
  update(
    guildId: string,
    id: string | number,
    input: Input,
    expected: number | undefined,
    actor: ActivityActor,
    present: Present,
  ): Promise<Item>;
  remove(guildId: string, id: string | number, actor: ActivityActor): Promise<void>;
  /** How many records the guild has, read through `db` (a transaction's). */
  count(db: Db, guildId: string): Promise<number>;
}

// The table is named by the spec, not by the schema's types: its queries are typed loosely.
type AnyQuery = { where(...args: unknown[]): AnyQuery };
const loose = (db: Db) => db as unknown as SchemaFreeDb;

/** A spec's table as rows and records: what the store and the bulk actions (./bulk.ts) share. */
export function specTable(spec: ResourceSpec) {
  const fieldColumns = fieldColumnsOf(spec);
  const columnOf = (field: string) => fieldColumns.find((c) => c.field === field)!;
  const columnOfField = (field: string) =>
    field === spec.key.field ? "id" : field === spec.computed?.createdAt ? "created_at" : columnOf(field).name;

  const toItem = (row: Row): Item => {
    const item: Item = { [spec.key.field]: spec.key.kind === "serial" ? Number(row.id) : row.id };
    for (const column of fieldColumns) {
      const value = row[column.name];
      item[column.field!] = column.boolean ? fromDbBool(value) : value;
    }
    if (spec.computed?.createdAt) item[spec.computed.createdAt] = row.created_at ?? 0;
    if (spec.exposeRevision) item.Revision = row.revision;
    return item;
  };
  const toValues = (input: Input) => {
    const values: Record<string, unknown> = {};
    for (const column of fieldColumns) {
      const value = input[column.field!];
      values[column.name] = column.boolean ? toDbBool(value === true) : (value ?? null);
    }
    return values;
  };

  /** 409 with the spec's message when another record of the guild has the same unique fields. */
  async function assertUnique(db: Db, guildId: string, input: Input, exceptId?: string | number) {
    for (const unique of spec.unique ?? []) {
      let query = loose(db).selectFrom(spec.table).select("id").where("guild_id", "=", guildId);
      for (const field of unique.fields) {
        const column = columnOf(field);
        const value = input[field];
        const caseless = column.type === "text" && typeof value === "string";
        query = caseless
          ? query.where(sql<boolean>`lower(${sql.ref(column.name)}) = ${value.toLowerCase()}`)
          : query.where(column.name, "=", value);
      }
      if (exceptId !== undefined) query = query.where("id", "<>", exceptId);
      if (await query.executeTakeFirst()) throw new HttpError(409, unique.message(input as never));
    }
  }

  /** A unique index refused what the check before it let through (a concurrent write): the spec's 409. */
  async function clashesAs409<T>(input: Input, work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (isUniqueViolation(error)) throw new HttpError(409, spec.unique?.[0]?.message(input as never) ?? "Already exists");
      throw error;
    }
  }

  return { fieldColumns, columnOf, columnOfField, toItem, toValues, assertUnique, clashesAs409 };
}

export function resourceStore(db: Db, spec: ResourceSpec): ResourceStore {
  const { fieldColumns, columnOfField, toItem, toValues, assertUnique, clashesAs409 } = specTable(spec);
  const orderColumns = spec.order.map((o) => ({
    column: o.field === "createdAt" ? "created_at" : columnOfField(o.field),
    direction: o.direction,
  }));

  // The list runs on every visit: compiled once per shape (which filters, which sort) (server/db/prepared.ts). A
  // filter's value is `f_<field>`; the shape says which filters are present.
  type ListValues = { guildId: string; [filter: `f_${string}`]: unknown };
  type ListShape = Record<string, string | boolean>;
  const filtered = <Q>(query: Q, v: ListValues, shape: ListShape): Q => {
    let out = query as unknown as AnyQuery;
    for (const column of fieldColumns) if (shape[`f:${column.field}`]) out = out.where(column.name, "=", v[`f_${column.field}`]);
    return out as unknown as Q;
  };
  const listQuery = prepared((db: Db, v: ListValues & { limit: number; offset: number }, shape: ListShape) => {
    let query = filtered(loose(db).selectFrom(spec.table).selectAll().where("guild_id", "=", v.guildId), v, shape);
    const order = shape.sort
      ? [{ column: String(shape.sort), direction: shape.order === "desc" ? ("desc" as const) : ("asc" as const) }]
      : orderColumns;
    for (const o of order) query = query.orderBy(o.column, o.direction);
    // The id last (unless ordered by it already): a stable order between equal values.
    if (!order.some((o) => o.column === "id")) query = query.orderBy("id", "asc");
    return query.limit(v.limit).offset(v.offset);
  });
  const countQuery = prepared((db: Db, v: ListValues, shape: ListShape) =>
    filtered(
      loose(db)
        .selectFrom(spec.table)
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .where("guild_id", "=", v.guildId),
      v,
      shape,
    ),
  );

  const count = async (db: Db, guildId: string) => Number((await countQuery.executeTakeFirst(db, { guildId }, {}))?.n ?? 0);

  const findRow = (db: Db, guildId: string, id: string | number) =>
    loose(db).selectFrom(spec.table).selectAll().where("guild_id", "=", guildId).where("id", "=", id).executeTakeFirst() as Promise<
      Row | undefined
    >;

  return {
    count,

    async list(guildId, { limit, offset, withTotal, sort, filters }) {
      const values: ListValues = { guildId };
      const shape: ListShape = { sort: sort ? columnOfField(sort.field) : "", order: sort?.order ?? "asc" };
      for (const column of fieldColumns) {
        const value = filters[column.field!];
        if (value === undefined) continue;
        values[`f_${column.field}`] = column.boolean ? toDbBool(value === true) : value;
        shape[`f:${column.field}`] = true;
      }
      const [rows, count] = await Promise.all([
        listQuery.execute(db, { ...values, limit, offset }, shape),
        withTotal ? countQuery.executeTakeFirst(db, values, shape) : undefined,
      ]);
      return { items: (rows as Row[]).map(toItem), ...(withTotal ? { total: Number(count?.n ?? 0) } : {}) };
    },

    create: (guildId, input, actor, present) =>
      clashesAs409(input, () =>
        db.transaction().execute(async (trx) => {
          await assertUnique(trx, guildId, input);
          if ((await count(trx, guildId)) >= spec.limit.max) throw new HttpError(409, guildLimitReached(spec.limit.max, spec.limit.things));
          const now = Date.now();
          const values = { guild_id: guildId, ...toValues(input), created_at: now, updated_at: now, revision: 1 };
          const inserting = loose(trx)
            .insertInto(spec.table)
            .values(spec.key.kind === "uuid" ? { id: randomUUID(), ...values } : values);
          const row = (await inserting.returningAll().executeTakeFirstOrThrow()) as Row;
          const [item] = await present([toItem(row)]);
          await recordActivityOf(trx, actor, { guildId, action: spec.activity.created, after: item });
          return item;
        }),
      ),

    update: (guildId, id, input, expected, actor, present) =>
      clashesAs409(input, () =>
        db.transaction().execute(async (trx) => {
          const current = await findRow(trx, guildId, id);
          if (!current) throw notFound(spec.api.messages.notFound);
          if (expected !== undefined && expected !== current.revision) throw new HttpError(409, spec.api.messages.stale);
          await assertUnique(trx, guildId, input, id);
          const result = await loose(trx)
            .updateTable(spec.table)
            .set({ ...toValues(input), updated_at: Date.now(), revision: current.revision + 1 })
            .where("guild_id", "=", guildId)
            .where("id", "=", id)
            .where("revision", "=", current.revision)
            .executeTakeFirst();
          // A concurrent update got in first (compare-and-set on the revision).
          if (Number(result.numUpdatedRows) !== 1) throw new HttpError(409, spec.api.messages.stale);
          const [before, after] = await present([toItem(current), toItem((await findRow(trx, guildId, id))!)]);
          await recordActivityOf(trx, actor, { guildId, action: spec.activity.updated, before, after });
          return after;
        }),
      ),

    remove: (guildId, id, actor) =>
      db.transaction().execute(async (trx) => {
        const current = await findRow(trx, guildId, id);
        if (!current) throw notFound(spec.api.messages.notFound);
        await loose(trx).deleteFrom(spec.table).where("guild_id", "=", guildId).where("id", "=", id).execute();
        await recordActivityOf(trx, actor, { guildId, action: spec.activity.deleted, before: toItem(current) });
      }),
  };
}
