import type { FastifyInstance } from "fastify";
import type { Stats } from "../../src/schemas/stats";

/** GET /stats: members across the guilds the bot is in, and how many guilds that is (landing page). */
export default async function statsRoutes(app: FastifyInstance) {
  app.get("/stats", async (_request, reply) => {
    const guilds = await app.platform.listBotGuilds();
    const body: Stats = {
      total_member_count: guilds.reduce((sum, g) => sum + (Number.isFinite(g.member_count) ? g.member_count : 0), 0),
      total_guilds: guilds.length,
    };
    return reply.header("cache-control", "public, max-age=60").send(body);
  });
}
