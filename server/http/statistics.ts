import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { statisticsMaxDays, statisticsQuerySchema, statisticsResponseSchema } from "../../src/schemas/statistics";
import { guard, guildIdOf } from "../access/guard";
import { HttpError } from "../errors";
import { datesBetween, guildStatistics } from "../statistics/figures";
import { named } from "./support/openapi/components";
import { guildParams } from "./support/route-schemas";
import { panelsVisibleTo } from "./support/visible-panels";

// GET /{guildId}/statistics: the ticket figures of a date range (server/statistics/figures.ts).

const statistics = named("Statistics", statisticsResponseSchema);

export default async function statisticsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    "/:guildId(^\\d+$)/statistics",
    {
      onRequest: guard("ViewTranscripts"),
      schema: {
        tags: ["Tickets"],
        summary: "Ticket statistics over a date range",
        params: guildParams,
        querystring: statisticsQuerySchema,
        response: { 200: statistics },
      },
    },
    async (request) => {
      const q = request.query;
      if (q.from > q.to) throw new HttpError(400, "The range must start on or before its end");
      if (datesBetween(q.from, q.to).length > statisticsMaxDays) throw new HttpError(400, `The range is at most ${statisticsMaxDays} days`);
      // TranscriptsPanelPermission: limited staff get the figures of their panels' tickets only.
      const panels = await panelsVisibleTo(app, request);
      return guildStatistics(app.db, guildIdOf(request), q, panels === "all" ? {} : { panels });
    },
  );
}
