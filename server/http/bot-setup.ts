import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { resourcePermissions } from "../../src/schemas/access";
import { guard, guildIdOf } from "../access/guard";
import { guildParams } from "./support/route-schemas";
import { s } from "./support/openapi/components";

// GET /{guildId}/bot-setup: the Bot setup card of Server info, from app.botSetup (server/bot-setup/service.ts). Not
// in the response cache: its facts come from the platform (cached there about 30 s per guild), which no write of ours
// moves.

export default async function botSetupRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    "/:guildId(^\\d+$)/bot-setup",
    {
      onRequest: guard(resourcePermissions["bot-setup"].list),
      schema: {
        tags: ["Bot setup"],
        summary: "What the bot lacks on this server",
        description:
          "The bot's permissions server-wide and where each is needed (panel channels, ticket and overflow categories, the archive channel), the Message Content intent, full categories and the server's 500 channels, the registered commands, transcript storage, and the refusals the bot met while working (last 7 days). `fresh=true` re-reads the platform unless its facts are a few seconds old.",
        params: guildParams,
        querystring: s.botSetupQuery,
        response: { 200: s.botSetup },
      },
    },
    async (request) => {
      const fresh = request.query.fresh === true;
      return app.botSetup.check(guildIdOf(request), { fresh });
    },
  );
}
