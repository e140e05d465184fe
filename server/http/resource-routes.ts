import { randomUUID } from "node:crypto";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { sql } from "kysely";
import { z } from "zod";
import { apiErrorSchema, messageResponseSchema } from "../../src/schemas/common";
import { guildLimitReached } from "../../src/schemas/limits";
import { resourceListParams } from "../../src/schemas/resource-spec";
import { guard, guildIdOf } from "../access/guard";
import { recordActivity } from "../activity/record";
import { fromDbBool, toDbBool } from "../db/dialect";
import { prepared } from "../db/prepared";
import type { Db } from "../db/schema";
import { HttpError, notFound } from "../errors";
import { idParams, guildParams } from "./support/route-schemas";
import { named } from "./support/openapi/components";
import type { HookContext, ServerResource } from "../resources/resource";
import { plannedColumns } from "../resources/storage";

// The guarded CRUD routes of a spec'd resource (src/schemas/resource-spec.ts), generated:
//   GET    /{guildId}/<name>          the guild's records in the spec's order, all of them (at most its limit), or
//                                     one page with ?page&per_page (then with total); ?sort=<field>&order=asc|desc
//                                     and ?<field>=<value> (equality) on the spec's fields (resourceListParams)
//   POST   /{guildId}/<name>          create: 201 {message, <one>}; 409 on a unique clash or past the limit
//   PUT    /{guildId}/<name>/{id}     update: {message, <one>}; 409 when Revision names an older revision
//   DELETE /{guildId}/<name>/{id}     {message}
// Every query names the guild (another guild's id is a 404); each mutation is one transaction with its activity
// entry (before/after); bodies and answers go through the spec's schemas (and so into the OpenAPI document).

type Row = Record<string, unknown> & { id: string | number; created_at: number | null; revision: number };
type Input = Record<string, unknown>;
type Item = Record<string, unknown>;

const isUniqueViolation = (error: unknown) => {
  const code = (error as { code?: string })?.code;
  return code === "23505" || code === "SQLITE_CONSTRAINT_UNIQUE" || code === "SQLITE_CONSTRAINT_PRIMARYKEY";
};

const pascal = (name: string) => name.replace(/(^|[-_])([a-z])/g, (_, __, c: string) => c.toUpperCase());
const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function registerResourceRoutes(fastify: FastifyInstance, { spec, hooks }: ServerResource): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const columns = plannedColumns(spec);
  const fieldColumns = columns.filter((c) => c.field !== undefined);
  const orderColumns = spec.order.map((o) => ({
    column: o.field === "createdAt" ? "created_at" : o.field === spec.key.field ? "id" : fieldColumns.find((c) => c.field === o.field)!.name,
    direction: o.direction,
  }));
  const base = `/:guildId(^\\d+$)/${spec.name}`;
  const tags = [spec.doc.tag];
  const title = pascal(spec.name);

  // Schemas of the routes, named in the API document.
  const record = spec.exposeRevision ? spec.record.extend({ Revision: z.number().int() }) : spec.record;
  const listResponse = named(`${title}List`, z.object({
    [spec.api.listKey]: z.array(record),
    total: z.number().int().optional().describe("With ?page: how many records there are"),
    page: z.number().int().optional(),
    per_page: z.number().int().optional(),
  }));
  const oneResponse = named(`${title}Saved`, messageResponseSchema.extend({ [spec.api.oneKey]: record }));
  const createBody = named(`${title}`, spec.input);
  const updateBody = named(`${title}Update`, spec.input.extend({ Revision: z.number().int().min(1).optional().describe("The revision you edited: an older one is refused (409)") }));
  // Sorting by one field and equality filters on the input fields, named as the dashboard's data provider sends
  // them (resourceListParams); a filter's text is parsed as its column holds it.
  const listParams = resourceListParams(spec);
  const columnOfField = (field: string) =>
    field === spec.key.field ? "id" : field === spec.computed?.createdAt ? "created_at" : fieldColumns.find((c) => c.field === field)!.name;
  const filterColumns = listParams.filters.map((f) => fieldColumns.find((c) => c.field === f.field)!);
  const filterSchema = (column: (typeof fieldColumns)[number]) =>
    column.boolean
      ? z.enum(["true", "false"]).transform((v) => v === "true")
      : column.type === "text"
        ? z.string().max(2000)
        : z.coerce.number().int().min(-Number.MAX_SAFE_INTEGER).max(Number.MAX_SAFE_INTEGER);
  const listQuery = z.object({
    page: z.coerce.number().int().min(1).max(100_000).optional(),
    per_page: z.coerce.number().int().min(1).max(spec.limit.max).optional(),
    sort: z.enum(listParams.sort.fields as [string, ...string[]]).optional().describe("Sort by this field (then by the id) instead of the list's own order"),
    order: z.enum(["asc", "desc"]).optional().describe("With sort: ascending (default) or descending"),
    ...Object.fromEntries(filterColumns.map((column) => [column.field!, filterSchema(column).optional().describe(`Only records whose ${column.field} equals this`)])),
  });
  // The path names the id as the API's field does: TagId → {tagId}.
  const idName = `${spec.key.field[0].toLowerCase()}${spec.key.field.slice(1)}`;
  const itemParams = idParams(idName);
  const idOf = (request: FastifyRequest) => keyOf((request.params as Record<string, string>)[idName]);

  // ---- rows ↔ records ----
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
  const present = async (items: Item[], ctx: HookContext) => (hooks.present ? hooks.present(items, ctx) : items);

  const keyOf = (raw: string): string | number => {
    if (spec.key.kind === "uuid") {
      if (!uuidPattern.test(raw)) throw notFound(spec.api.messages.notFound);
      return raw.toLowerCase();
    }
    const id = /^\d{1,10}$/.test(raw) ? Number(raw) : Number.NaN;
    if (!Number.isSafeInteger(id) || id <= 0 || id > 2_147_483_647) throw notFound(spec.api.messages.notFound); // integer column
    return id;
  };

  // The list runs on every visit: compiled once per shape (which filters, which sort) (server/db/prepared.ts). A
  // filter's value is `f_<field>`; the shape says which filters are present.
  type ListValues = { guildId: string; [filter: `f_${string}`]: unknown };
  type ListShape = Record<string, string | boolean>;
  const filtered = <Q>(query: Q, v: ListValues, shape: ListShape): Q => {
    let out = query as unknown as { where(column: string, op: "=", value: unknown): typeof out };
    for (const column of filterColumns) if (shape[`f:${column.field}`]) out = out.where(column.name, "=", v[`f_${column.field}`]);
    return out as unknown as Q;
  };
  const listQueryCompiled = prepared((db: Db, v: ListValues & { limit: number; offset: number }, shape: ListShape) => {
    let query = filtered((db as unknown as Db).selectFrom(spec.table as never).selectAll().where("guild_id" as never, "=", v.guildId as never), v, shape);
    const order = shape.sort ? [{ column: String(shape.sort), direction: shape.order === "desc" ? ("desc" as const) : ("asc" as const) }] : orderColumns;
    for (const o of order) query = query.orderBy(o.column as never, o.direction);
    // The id last (unless ordered by it already): a stable order between equal values.
    if (!order.some((o) => o.column === "id")) query = query.orderBy("id" as never, "asc");
    return query.limit(v.limit).offset(v.offset);
  });
  const countQuery = prepared((db: Db, v: ListValues, shape: ListShape) =>
    filtered((db as unknown as Db).selectFrom(spec.table as never).select((eb) => eb.fn.countAll<number>().as("n")).where("guild_id" as never, "=", v.guildId as never), v, shape),
  );

  const findRow = (db: Db, guildId: string, id: string | number) =>
    (db as unknown as Db).selectFrom(spec.table as never).selectAll().where("guild_id" as never, "=", guildId as never).where("id" as never, "=", id as never).executeTakeFirst() as Promise<Row | undefined>;

  /** 409 with the spec's message when another record of the guild has the same unique fields. */
  async function assertUnique(db: Db, guildId: string, input: Input, exceptId?: string | number) {
    for (const unique of spec.unique ?? []) {
      let query = (db as unknown as Db).selectFrom(spec.table as never).select("id" as never).where("guild_id" as never, "=", guildId as never);
      for (const field of unique.fields) {
        const column = fieldColumns.find((c) => c.field === field)!;
        const value = input[field];
        query =
          column.type === "text" && typeof value === "string"
            ? query.where(sql<boolean>`lower(${sql.ref(column.name)}) = ${value.toLowerCase()}`)
            : query.where(column.name as never, "=", value as never);
      }
      if (exceptId !== undefined) query = query.where("id" as never, "<>", exceptId as never);
      if (await query.executeTakeFirst()) throw new HttpError(409, unique.message(input as never));
    }
  }

  const uniqueMessage = (input: Input) => spec.unique?.[0]?.message(input as never) ?? "Already exists";

  app.get(
    base,
    // Served from memory while the guild is unchanged (server/http/response-cache.ts), unless presenting asks more.
    { onRequest: guard(spec.permissions.list), config: { responseCache: !hooks.present }, schema: { tags, summary: `List ${spec.doc.summary}`, params: guildParams, querystring: listQuery, response: { 200: listResponse } } },
    async (request) => {
      const guildId = guildIdOf(request);
      const { page, per_page, sort, order } = request.query as { page?: number; per_page?: number; sort?: string; order?: "asc" | "desc" } & Record<string, unknown>;
      const paged = page !== undefined || per_page !== undefined;
      const limit = per_page ?? spec.limit.max;
      const offset = ((page ?? 1) - 1) * limit;
      const values: ListValues = { guildId };
      const shape: ListShape = { sort: sort ? columnOfField(sort) : "", order: order ?? "asc" };
      for (const column of filterColumns) {
        const value = (request.query as Record<string, unknown>)[column.field!];
        if (value === undefined) continue;
        values[`f_${column.field}`] = column.boolean ? toDbBool(value === true) : value;
        shape[`f:${column.field}`] = true;
      }
      const [rows, count] = await Promise.all([
        listQueryCompiled.execute(app.db, { ...values, limit, offset }, shape),
        paged ? countQuery.executeTakeFirst(app.db, values, shape) : undefined,
      ]);
      const items = await present((rows as Row[]).map(toItem), { app, request, guildId });
      return paged ? { [spec.api.listKey]: items, total: Number(count?.n ?? 0), page: page ?? 1, per_page: limit } : { [spec.api.listKey]: items };
    },
  );

  app.post(
    base,
    {
      onRequest: guard(spec.permissions.create),
      schema: { tags, summary: `Create one of ${spec.doc.summary}`, params: guildParams, body: createBody, response: { 201: oneResponse, 400: apiErrorSchema, 409: apiErrorSchema } },
    },
    async (request, reply) => {
      const guildId = guildIdOf(request);
      const input = request.body as Input;
      const ctx = { app, request, guildId };
      await hooks.check?.(input, ctx);
      const now = Date.now();
      let created: Item;
      try {
        created = await app.db.transaction().execute(async (trx) => {
          await assertUnique(trx, guildId, input);
          const count = await countQuery.executeTakeFirst(trx, { guildId }, {});
          if (Number(count?.n ?? 0) >= spec.limit.max) throw new HttpError(409, guildLimitReached(spec.limit.max, spec.limit.things));
          const values = { guild_id: guildId, ...toValues(input), created_at: now, updated_at: now, revision: 1 };
          const row = (await (trx as unknown as Db)
            .insertInto(spec.table as never)
            .values((spec.key.kind === "uuid" ? { id: randomUUID(), ...values } : values) as never)
            .returningAll()
            .executeTakeFirstOrThrow()) as Row;
          const [item] = await present([toItem(row)], ctx);
          await recordActivity(trx, request, { action: spec.activity.created, after: item });
          return item;
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw new HttpError(409, uniqueMessage(input));
        throw error;
      }
      return reply.code(201).send({ message: spec.api.messages.created, [spec.api.oneKey]: created } as never);
    },
  );

  app.put(
    `${base}/:${idName}`,
    {
      onRequest: guard(spec.permissions.edit),
      schema: { tags, summary: `Update one of ${spec.doc.summary}`, params: itemParams, body: updateBody, response: { 200: oneResponse, 400: apiErrorSchema, 409: apiErrorSchema } },
    },
    async (request) => {
      const guildId = guildIdOf(request);
      const id = idOf(request);
      const { Revision: expected, ...input } = request.body as Input & { Revision?: number };
      const ctx = { app, request, guildId };
      await hooks.check?.(input, ctx);
      let updated: Item;
      try {
        updated = await app.db.transaction().execute(async (trx) => {
          const current = await findRow(trx, guildId, id);
          if (!current) throw notFound(spec.api.messages.notFound);
          if (expected !== undefined && expected !== current.revision) throw new HttpError(409, spec.api.messages.stale);
          await assertUnique(trx, guildId, input, id);
          const result = await (trx as unknown as Db)
            .updateTable(spec.table as never)
            .set({ ...toValues(input), updated_at: Date.now(), revision: current.revision + 1 } as never)
            .where("guild_id" as never, "=", guildId as never)
            .where("id" as never, "=", id as never)
            .where("revision" as never, "=", current.revision as never)
            .executeTakeFirst();
          // A concurrent update got in first (compare-and-set on the revision).
          if (Number(result.numUpdatedRows) !== 1) throw new HttpError(409, spec.api.messages.stale);
          const [before, after] = await present([toItem(current), toItem((await findRow(trx, guildId, id))!)], ctx);
          await recordActivity(trx, request, { action: spec.activity.updated, before, after });
          return after;
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw new HttpError(409, uniqueMessage(input));
        throw error;
      }
      return { message: spec.api.messages.updated, [spec.api.oneKey]: updated } as never;
    },
  );

  app.delete(
    `${base}/:${idName}`,
    { onRequest: guard(spec.permissions.delete), schema: { tags, summary: `Delete one of ${spec.doc.summary}`, params: itemParams, response: { 200: messageResponseSchema } } },
    async (request) => {
      const guildId = guildIdOf(request);
      const id = idOf(request);
      await app.db.transaction().execute(async (trx) => {
        const current = await findRow(trx, guildId, id);
        if (!current) throw notFound(spec.api.messages.notFound);
        await (trx as unknown as Db).deleteFrom(spec.table as never).where("guild_id" as never, "=", guildId as never).where("id" as never, "=", id as never).execute();
        await recordActivity(trx, request, { action: spec.activity.deleted, before: toItem(current) });
      });
      return { message: spec.api.messages.deleted };
    },
  );
}
