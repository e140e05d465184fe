import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { InteractionEndpoint } from "../discord/endpoint";
import { DiscordPlatform } from "../platform/discord";
import { named, s } from "./support/openapi/components";

// Discord's Interactions Endpoint URL (POST /api/interactions): the route — its raw body, its schema, the interactions'
// own limits (./support/interaction-limits.ts) — over the Discord door's endpoint (server/discord/endpoint.ts: the
// signature, each interaction once, the answer within Discord's three seconds).

export default async function discordInteractionRoutes(fastify: FastifyInstance) {
  const app = fastify;
  const endpoint = new InteractionEndpoint({
    db: app.db,
    router: app.discord.router,
    // Read on every interaction, as the configuration says now.
    get publicKey() {
      return app.config.discordPublicKey;
    },
    get deferMs() {
      return app.config.interactionDeferMs;
    },
    limits: (interaction) => app.interactionLimits.check(interaction),
    editReply: (token, message, files) =>
      app.platform instanceof DiscordPlatform ? app.platform.editInteractionReply(token, message, files) : Promise.resolve(),
    log: app.log,
  });
  const afterSent = new WeakMap<object, () => Promise<void>>();
  // The raw bytes are what Discord signed: this plugin keeps them (its own parser, only here).
  app.removeAllContentTypeParsers();
  app.addContentTypeParser("*", { parseAs: "buffer", bodyLimit: 1024 * 1024 }, (_request, body, done) => done(null, body));

  app.post(
    "/interactions",
    {
      config: { discordSigned: true, interaction: true },
      onResponse: async (request) => {
        const next = afterSent.get(request);
        afterSent.delete(request);
        if (next) void next();
      },
      schema: {
        tags: ["Bot"],
        summary: "Discord's Interactions Endpoint URL (signed by Discord)",
        response: { 200: named("InteractionResponse", z.record(z.string(), z.unknown())), 400: s.error, 401: s.error },
      },
    },
    async (request, reply) => {
      const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const answer = await endpoint.answer(request.headers, body);
      // A deferral's edit starts once the deferral has left (Discord has an answer to edit by then).
      if (answer.afterSent) afterSent.set(request, answer.afterSent);
      return reply.code(answer.status).send(answer.body);
    },
  );
}
