import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { savedViewListQuerySchema, savedViewLists, savedViewMessages } from "../../src/schemas/saved-view";
import { guard, guildIdOf, requirePermission } from "../access/guard";
import type { ViewOwner } from "../views/service";
import { s } from "./support/openapi/components";
import { guildParams, idParams } from "./support/route-schemas";

// Saved views of a list, the caller's own (server/views/service.ts):
//   GET    /{guildId}/views?list=<name>      → their views of that list
//   POST   /{guildId}/views {list, name, state}
//   PATCH  /{guildId}/views/{viewId} {name?, state?}
//   DELETE /{guildId}/views/{viewId}
// Any access to the server lets a caller in; each request then needs the permission that reads the list (the list
// route's own), so nobody keeps views of a list they may not read.

const tags = ["Saved views"];
const listRule = "Also needs the permission that reads the list (the list route's own: ViewTranscripts for transcripts and tickets, …).";

/** The caller's views on the route's server. */
const ownerOf = (request: FastifyRequest): ViewOwner => ({ guildId: guildIdOf(request), userId: request.user!.id });

/** 403 unless the caller may read `list`. */
function requireListRead(request: FastifyRequest, list: string): void {
  const permission = savedViewLists[list];
  if (permission) requirePermission(request, permission);
}

/** A view's id as the path carries it: digits only, within the id column's range (anything else names no view: 404). */
const viewParams = idParams("viewId").extend({
  viewId: z
    .string()
    .regex(/^[1-9]\d{0,9}$/)
    .transform(Number)
    .refine((id) => id <= 2_147_483_647),
});

export default async function viewRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    "/:guildId(^\\d+$)/views",
    {
      onRequest: guard(),
      schema: {
        tags,
        summary: "My saved views of a list",
        description: listRule,
        params: guildParams,
        querystring: savedViewListQuerySchema,
        response: { 200: s.savedViews },
      },
    },
    async (request) => {
      requireListRead(request, request.query.list);
      return { views: await app.views.list(ownerOf(request), request.query.list) };
    },
  );

  app.post(
    "/:guildId(^\\d+$)/views",
    {
      onRequest: guard(),
      schema: {
        tags,
        summary: "Save a view of a list",
        description: `${listRule} At most 20 views per list; names are unique per list (any case).`,
        params: guildParams,
        body: s.savedViewCreate,
        response: { 201: s.savedViewSaved, 409: s.error },
      },
    },
    async (request, reply) => {
      const { list, name, state } = request.body;
      requireListRead(request, list);
      const view = await app.views.create(ownerOf(request), list, name, state);
      return reply.code(201).send({ message: savedViewMessages.created, view });
    },
  );

  app.patch(
    "/:guildId(^\\d+$)/views/:viewId",
    {
      onRequest: guard(),
      schema: {
        tags,
        summary: "Rename a saved view or replace its state",
        description: listRule,
        params: viewParams,
        body: s.savedViewUpdate,
        response: { 200: s.savedViewSaved, 409: s.error },
      },
    },
    async (request) => {
      const owner = ownerOf(request);
      requireListRead(request, (await app.views.get(owner, request.params.viewId)).List);
      return { message: savedViewMessages.updated, view: await app.views.update(owner, request.params.viewId, request.body) };
    },
  );

  app.delete(
    "/:guildId(^\\d+$)/views/:viewId",
    {
      onRequest: guard(),
      schema: { tags, summary: "Delete a saved view", description: listRule, params: viewParams, response: { 200: s.message } },
    },
    async (request) => {
      const owner = ownerOf(request);
      requireListRead(request, (await app.views.get(owner, request.params.viewId)).List);
      await app.views.remove(owner, request.params.viewId);
      return { message: savedViewMessages.deleted };
    },
  );
}
