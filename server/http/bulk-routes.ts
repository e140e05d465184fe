import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { bulkIdsMax, bulkMessages, type BulkTarget, resourceBulkResponseSchema, resourceBulkSchema } from "../../src/schemas/bulk";
import { apiErrorSchema } from "../../src/schemas/common";
import { guard, guildIdOf, requirePermission } from "../access/guard";
import { requestActor } from "../activity/record";
import { HttpError } from "../errors";
import { resourceBulk } from "../resources/bulk";
import { fieldColumnsOf } from "../resources/columns";
import type { ServerResource } from "../resources/resource";
import { resourceStore } from "../resources/store";
import { named } from "./support/openapi/components";
import { pascal, recordKeyOf } from "./support/resource-keys";
import { guildParams } from "./support/route-schemas";

// The bulk route of a spec'd resource that declares bulk actions (`bulk` of src/schemas/resource-spec.ts):
//   POST /{guildId}/<name>/bulk  {action: "delete", ids: [...]} or {action: "delete", allMatching: {<field>: <value>}}
//                                {action: "restore", token}
// A delete needs the resource's delete permission (the guard), a restore its create permission too (it adds rows).
// Every id must be one of this guild's records, else the whole request is refused (404) and nothing changes
// (server/resources/bulk.ts does the rest in one transaction).

export function registerResourceBulkRoute(fastify: FastifyInstance, { spec }: ServerResource): void {
  if (!spec.bulk?.length) return;
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const store = resourceStore(app.db, spec);
  const bulk = resourceBulk(app.db, spec, store);
  const fieldColumns = fieldColumnsOf(spec);
  const title = pascal(spec.name);

  const keyOf = recordKeyOf(spec);

  /** Every record the list's equality filters match (at most bulkIdsMax), as the list route reads them. */
  const matching = async (guildId: string, filter: Record<string, unknown>) => {
    for (const [field, value] of Object.entries(filter)) {
      const column = fieldColumns.find((c) => c.field === field);
      const fits =
        column &&
        (column.boolean ? typeof value === "boolean" : column.type === "text" ? typeof value === "string" : typeof value === "number");
      if (!fits) throw new HttpError(400, `Unknown filter: ${field}`);
    }
    const { items } = await store.list(guildId, { limit: bulkIdsMax + 1, offset: 0, withTotal: false, filters: filter });
    if (items.length > bulkIdsMax) throw new HttpError(400, bulkMessages.tooMany);
    return items.map((item) => item[spec.key.field] as string | number);
  };
  const idsOf = async (guildId: string, target: BulkTarget) =>
    (target.ids ?? (await matching(guildId, target.allMatching ?? {}))).map(keyOf);

  app.post(
    `/:guildId(^\\d+$)/${spec.name}/bulk`,
    {
      onRequest: guard(spec.permissions.delete),
      schema: {
        tags: [spec.doc.tag],
        summary: `Delete several of ${spec.doc.summary} at once, or undo that delete`,
        description:
          `Every id must be one of this server's; one that is not refuses the whole request (404) and nothing changes. ` +
          `At most ${bulkIdsMax} ids. A restore also needs the create permission.`,
        params: guildParams,
        body: named(`${title}Bulk`, resourceBulkSchema),
        response: { 200: named(`${title}BulkDone`, resourceBulkResponseSchema), 409: apiErrorSchema, 410: apiErrorSchema },
      },
    },
    async (request) => {
      const guildId = guildIdOf(request);
      const body = request.body;
      const actor = requestActor(request);
      if (body.action === "restore") {
        if (spec.permissions.create) requirePermission(request, spec.permissions.create);
        const { ids } = await bulk.restore(guildId, body.token, actor);
        return { message: `Restored ${ids.length} ${spec.limit.things}`, count: ids.length, ids };
      }
      const { ids, undoToken } = await bulk.remove(guildId, await idsOf(guildId, body), actor);
      return { message: `Deleted ${ids.length} ${spec.limit.things}`, count: ids.length, ids, undoToken };
    },
  );
}
