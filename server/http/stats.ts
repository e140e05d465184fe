import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { Stats } from "../../src/schemas/stats";
import { countOpenedTickets } from "../tickets/store";
import { s } from "./support/openapi/components";

/**
 * How long this instance answers GET /stats from memory. The figures are a landing page's (members across the bot's
 * guilds, a count of every ticket): counting them on every request made /stats the slowest read on PostgreSQL (a
 * count over all tickets, the bot's guild list), for an answer browsers may keep a minute anyway (max-age=60).
 */
export const STATS_CACHE_MS = 10_000;

/** GET /stats: members across the guilds the bot is in, how many guilds and tickets, and whether this is the demo (landing page). */
export default async function statsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  let cached: { body: Stats; until: number } | null = null;
  // Requests arriving while the figures are read wait for that one reading.
  let reading: Promise<Stats> | null = null;

  async function readStats(): Promise<Stats> {
    const guilds = await app.platform.listBotGuilds();
    const tickets = await countOpenedTickets(app.db);
    return {
      total_member_count: guilds.reduce((sum, g) => sum + (Number.isFinite(g.member_count) ? g.member_count : 0), 0),
      total_guilds: guilds.length,
      total_tickets: tickets,
      // The landing offers the Try-it view only where it exists.
      demo: app.platform.kind === "demo",
    };
  }

  async function currentStats(): Promise<Stats> {
    if (cached && cached.until > Date.now()) return cached.body;
    if (!reading) {
      reading = readStats()
        .then((body) => {
          cached = { body, until: Date.now() + STATS_CACHE_MS };
          return body;
        })
        .finally(() => (reading = null));
    }
    return reading;
  }

  app.get(
    "/stats",
    { schema: { tags: ["Health"], summary: "Members and servers of the bot", response: { 200: s.stats } } },
    async (_request, reply) => {
      return reply.header("cache-control", "public, max-age=60").send(await currentStats());
    },
  );
}
