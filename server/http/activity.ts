import { Readable } from "node:stream";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { resourcePermissions } from "../../src/schemas/access";
import { activityQuerySchema } from "../../src/schemas/activity";
import { guard, guildIdOf } from "../access/guard";
import { notFound } from "../errors";
import { panelsVisibleTo } from "./support/visible-panels";
import { s } from "./support/openapi/components";
import { guildParams, idParams } from "./support/route-schemas";

// The activity log: GET /{guildId}/activity (pages), …/activity/actions (the filter's names), …/activity/{id} and
// …/activity.csv — over app.activity (server/activity/log.ts), limited to what the caller may read (panelsVisibleTo).

const csv = { description: "CSV download (formula-like cells neutralised)", content: { "text/csv": { schema: z.string() } } };

export default async function activityRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const perm = resourcePermissions.activity.list;
  const tags = ["Activity"];

  app.get(
    "/:guildId(^\\d+$)/activity",
    {
      onRequest: guard(perm),
      // From memory while the guild is unchanged; not for staff, whose view may depend on their roles (panelsVisibleTo).
      config: { responseCache: (request) => request.access?.level !== "staff" },
      schema: {
        tags,
        summary: "Activity log, newest first",
        params: guildParams,
        querystring: activityQuerySchema,
        response: { 200: s.activity },
      },
    },
    async (request) => app.activity.page(guildIdOf(request), request.query, await panelsVisibleTo(app, request)),
  );

  app.get(
    "/:guildId(^\\d+$)/activity/actions",
    {
      onRequest: guard(perm),
      schema: {
        tags,
        summary: "Action names of the server's log (for the filter)",
        params: guildParams,
        response: { 200: s.activityActions },
      },
    },
    async (request) => ({ actions: await app.activity.actions(guildIdOf(request)) }),
  );

  app.get(
    "/:guildId(^\\d+$)/activity/:activityId",
    {
      onRequest: guard(perm),
      schema: {
        tags,
        summary: "One entry with its whole Before and After",
        params: idParams("activityId"),
        response: { 200: s.activityEntry },
      },
    },
    async (request) => {
      const raw = request.params.activityId;
      const id = /^\d{1,15}$/.test(raw) ? Number(raw) : Number.NaN;
      if (!Number.isSafeInteger(id) || id > 2_147_483_647) throw notFound("Activity entry not found"); // integer column
      return { entry: await app.activity.entry(guildIdOf(request), id, await panelsVisibleTo(app, request)) };
    },
  );

  app.get(
    "/:guildId(^\\d+$)/activity.csv",
    {
      onRequest: guard(perm),
      schema: { tags, summary: "Activity log as CSV", params: guildParams, querystring: activityQuerySchema, response: { 200: csv } },
    },
    async (request, reply) => {
      const guildId = guildIdOf(request);
      const lines = await app.activity.csv(guildId, request.query, await panelsVisibleTo(app, request));
      return reply
        .header("content-type", "text/csv; charset=utf-8")
        .header("content-disposition", `attachment; filename="activity-${guildId}.csv"`)
        .header("cache-control", "no-store")
        .send(Readable.from(lines) as never);
    },
  );
}
