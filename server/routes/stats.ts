import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { Stats } from "../../src/schemas/stats";
import { s } from "../openapi/components";

/** GET /stats: members across the guilds the bot is in, and how many guilds that is (landing page). */
export default async function statsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get("/stats", { schema: { tags: ["Health"], summary: "Members and servers of the bot", response: { 200: s.stats } } }, async (_request, reply) => {
    const guilds = await app.platform.listBotGuilds();
    const body: Stats = {
      total_member_count: guilds.reduce((sum, g) => sum + (Number.isFinite(g.member_count) ? g.member_count : 0), 0),
      total_guilds: guilds.length,
    };
    return reply.header("cache-control", "public, max-age=60").send(body);
  });
}
