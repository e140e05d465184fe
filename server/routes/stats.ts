import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { Stats } from "../../src/schemas/stats";
import { s } from "../openapi/components";

/** GET /stats: members across the guilds the bot is in, how many guilds and tickets, and whether this is the demo (landing page). */
export default async function statsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get("/stats", { schema: { tags: ["Health"], summary: "Members and servers of the bot", response: { 200: s.stats } } }, async (_request, reply) => {
    const guilds = await app.platform.listBotGuilds();
    const tickets = await app.db.selectFrom("tickets").select((eb) => eb.fn.countAll<number>().as("n")).where("status", "!=", "opening").executeTakeFirstOrThrow();
    const body: Stats = {
      total_member_count: guilds.reduce((sum, g) => sum + (Number.isFinite(g.member_count) ? g.member_count : 0), 0),
      total_guilds: guilds.length,
      total_tickets: Number(tickets.n),
      // The landing offers the Try-it view only where it exists.
      demo: app.platform.kind === "demo",
    };
    return reply.header("cache-control", "public, max-age=60").send(body);
  });
}
