import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { apiErrorSchema, messageResponseSchema } from "../../src/schemas/common";
import { resourceListParams } from "../../src/schemas/resource-spec";
import { guard, guildIdOf } from "../access/guard";
import { requestActor } from "../activity/record";
import { fieldColumnsOf } from "../resources/columns";
import type { ServerResource } from "../resources/resource";
import { type Input, type Item, resourceStore } from "../resources/store";
import { pascal, recordKeyOf } from "./support/resource-keys";
import { idParams, guildParams } from "./support/route-schemas";
import { named } from "./support/openapi/components";

// The guarded CRUD routes of a spec'd resource (src/schemas/resource-spec.ts), generated:
//   GET    /{guildId}/<name>          the guild's records in the spec's order, all of them (at most its limit), or
//                                     one page with ?page&per_page (then with total); ?sort=<field>&order=asc|desc
//                                     and ?<field>=<value> (equality) on the spec's fields (resourceListParams)
//   POST   /{guildId}/<name>          create: 201 {message, <one>}; 409 on a unique clash or past the limit
//   PUT    /{guildId}/<name>/{id}     update: {message, <one>}; 409 when Revision names an older revision
//   DELETE /{guildId}/<name>/{id}     {message}
// Each route parses, guards, calls the resource's store (server/resources/store.ts: the guild's rows, one
// transaction per mutation with its activity entry) and answers; bodies and answers go through the spec's schemas
// (and so into the OpenAPI document).

export function registerResourceRoutes(fastify: FastifyInstance, { spec, hooks }: ServerResource): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const fieldColumns = fieldColumnsOf(spec);
  const base = `/:guildId(^\\d+$)/${spec.name}`;
  const tags = [spec.doc.tag];
  const title = pascal(spec.name);

  // Schemas of the routes, named in the API document.
  const record = spec.exposeRevision ? spec.record.extend({ Revision: z.number().int() }) : spec.record;
  const listResponse = named(
    `${title}List`,
    z.object({
      [spec.api.listKey]: z.array(record),
      total: z.number().int().optional().describe("With ?page: how many records there are"),
      page: z.number().int().optional(),
      per_page: z.number().int().optional(),
    }),
  );
  const oneResponse = named(`${title}Saved`, messageResponseSchema.extend({ [spec.api.oneKey]: record }));
  const createBody = named(`${title}`, spec.input);
  const revision = z.number().int().min(1).optional().describe("The revision you edited: an older one is refused (409)");
  const updateBody = named(`${title}Update`, spec.input.extend({ Revision: revision }));
  // Sorting by one field and equality filters on the input fields, named as the dashboard's data provider sends
  // them (resourceListParams); a filter's text is parsed as its column holds it.
  const listParams = resourceListParams(spec);
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
    sort: z
      .enum(listParams.sort.fields as [string, ...string[]])
      .optional()
      .describe("Sort by this field (then by the id) instead of the list's own order"),
    order: z.enum(["asc", "desc"]).optional().describe("With sort: ascending (default) or descending"),
    ...Object.fromEntries(
      filterColumns.map((column) => [
        column.field!,
        filterSchema(column).optional().describe(`Only records whose ${column.field} equals this`),
      ]),
    ),
  });
  // The path names the id as the API's field does: TagId → {tagId}.
  const idName = `${spec.key.field[0].toLowerCase()}${spec.key.field.slice(1)}`;
  const itemParams = idParams(idName);
  const idOf = (request: FastifyRequest) => keyOf((request.params as Record<string, string>)[idName]);

  const store = resourceStore(app.db, spec);
  const present = (request: FastifyRequest, guildId: string) => (items: Item[]) =>
    hooks.present ? hooks.present(items, { app, request, guildId }) : Promise.resolve(items);

  const keyOf = recordKeyOf(spec);

  app.get(
    base,
    // Served from memory while the guild is unchanged (server/http/support/response-cache.ts), unless presenting asks more.
    {
      onRequest: guard(spec.permissions.list),
      config: { responseCache: !hooks.present },
      schema: { tags, summary: `List ${spec.doc.summary}`, params: guildParams, querystring: listQuery, response: { 200: listResponse } },
    },
    async (request) => {
      const guildId = guildIdOf(request);
      const query = request.query as { page?: number; per_page?: number; sort?: string; order?: "asc" | "desc" } & Record<string, unknown>;
      const { page, per_page, sort, order } = query;
      const paged = page !== undefined || per_page !== undefined;
      const limit = per_page ?? spec.limit.max;
      const filters = Object.fromEntries(filterColumns.map((column) => [column.field!, query[column.field!]]));
      const { items, total } = await store.list(guildId, {
        limit,
        offset: ((page ?? 1) - 1) * limit,
        withTotal: paged,
        sort: sort ? { field: sort, order: order ?? "asc" } : undefined,
        filters,
      });
      const presented = await present(request, guildId)(items);
      return paged ? { [spec.api.listKey]: presented, total, page: page ?? 1, per_page: limit } : { [spec.api.listKey]: presented };
    },
  );

  app.post(
    base,
    {
      onRequest: guard(spec.permissions.create),
      schema: {
        tags,
        summary: `Create one of ${spec.doc.summary}`,
        params: guildParams,
        body: createBody,
        response: { 201: oneResponse, 400: apiErrorSchema, 409: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const guildId = guildIdOf(request);
      const input = request.body as Input;
      await hooks.check?.(input, { app, request, guildId });
      const created = await store.create(guildId, input, requestActor(request), present(request, guildId));
      return reply.code(201).send({ message: spec.api.messages.created, [spec.api.oneKey]: created } as never);
    },
  );

  app.put(
    `${base}/:${idName}`,
    {
      onRequest: guard(spec.permissions.edit),
      schema: {
        tags,
        summary: `Update one of ${spec.doc.summary}`,
        params: itemParams,
        body: updateBody,
        response: { 200: oneResponse, 400: apiErrorSchema, 409: apiErrorSchema },
      },
    },
    async (request) => {
      const guildId = guildIdOf(request);
      const id = idOf(request);
      const { Revision: expected, ...input } = request.body as Input & { Revision?: number };
      await hooks.check?.(input, { app, request, guildId });
      const updated = await store.update(guildId, id, input, expected, requestActor(request), present(request, guildId));
      return { message: spec.api.messages.updated, [spec.api.oneKey]: updated } as never;
    },
  );

  app.delete(
    `${base}/:${idName}`,
    {
      onRequest: guard(spec.permissions.delete),
      schema: { tags, summary: `Delete one of ${spec.doc.summary}`, params: itemParams, response: { 200: messageResponseSchema } },
    },
    async (request) => {
      await store.remove(guildIdOf(request), idOf(request), requestActor(request));
      return { message: spec.api.messages.deleted };
    },
  );
}
