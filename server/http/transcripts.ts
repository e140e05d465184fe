import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { resourcePermissions } from "../../src/schemas/access";
import { isGuildId } from "../../src/schemas/common";
import { transcriptIngestSchema, transcriptQuerySchema } from "../../src/schemas/transcript";
import { guard, guildIdOf } from "../access/guard";
import { requestActor } from "../activity/record";
import { requireBotKey } from "../auth/bot-keys";
import { requireRecentSignIn } from "../auth/recent-sign-in";
import { notFound } from "../errors";
import { panelsVisibleTo } from "./support/visible-panels";
import { botKeyActor, transcriptNotStored, transcriptStored } from "../transcripts/service";
import { s } from "./support/openapi/components";
import { guildParams, idParams } from "./support/route-schemas";

// Transcripts: the paged list and the view for staff (ViewTranscripts), the ingest for bots (per-guild bot key), and
// the bot key itself (EditSettings) — over app.transcripts (server/transcripts/service.ts).

/** A whole ticket can be long: the ingest accepts bigger bodies than the rest of the API. */
export const INGEST_BODY_LIMIT = 8 * 1024 * 1024;

/**
 * onRequest of the ingest: the guild's bot key, before the body is read (a caller without it never gets a big body
 * parsed). `botKey` tells the route table and the API document how the route is protected.
 */
const botKeyCheck = Object.assign(
  async function botKeyCheck(request: FastifyRequest): Promise<void> {
    const { guildId } = request.params as { guildId: string };
    if (!isGuildId(guildId)) throw notFound();
    await requireBotKey(request.server.db, request, guildId);
  },
  { botKey: true as const },
);

export default async function transcriptRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const perms = resourcePermissions.transcripts;
  const tags = ["Transcripts"];

  app.get(
    "/:guildId(^\\d+$)/transcripts",
    {
      onRequest: guard(perms.list),
      // From memory while the guild is unchanged; not for staff, whose view may depend on their roles (panelsVisibleTo).
      config: { responseCache: (request) => request.access?.level !== "staff" },
      schema: {
        tags,
        summary: "List transcripts",
        params: guildParams,
        querystring: transcriptQuerySchema,
        response: { 200: s.transcriptList },
      },
    },
    async (request) => app.transcripts.list(guildIdOf(request), request.query, await panelsVisibleTo(app, request)),
  );

  // The Ticket Type filter's choices, readable by whoever may read transcripts (not only panel viewers).
  app.get(
    "/:guildId(^\\d+$)/transcript-panels",
    {
      onRequest: guard(perms.list),
      schema: { tags, summary: "Panel names for the Ticket Type filter", params: guildParams, response: { 200: s.transcriptPanels } },
    },
    async (request) => ({ panels: await app.transcripts.panelNames(guildIdOf(request)) }),
  );

  app.get(
    "/:guildId(^\\d+$)/transcripts/:transcriptId",
    {
      onRequest: guard(perms.show),
      config: { audited: true },
      schema: {
        tags,
        summary: "One transcript as HTML (addressed by ticket number)",
        params: idParams("transcriptId"),
        querystring: s.transcriptViewQuery,
        response: { 200: s.transcript },
      },
    },
    async (request) => {
      const theme = request.query.theme === "dark" ? "dark" : "light";
      const { transcriptId } = request.params;
      const visibleTo = () => panelsVisibleTo(app, request);
      return { transcript_html: await app.transcripts.view(guildIdOf(request), transcriptId, theme, visibleTo, requestActor(request)) };
    },
  );

  app.post(
    "/:guildId(^\\d+$)/transcripts",
    {
      bodyLimit: INGEST_BODY_LIMIT,
      onRequest: botKeyCheck,
      // Per guild: a bot (or a leaked key) cannot flood one server's storage or the log.
      config:
        app.config.ingestRateLimit > 0
          ? {
              rateLimit: {
                max: app.config.ingestRateLimit,
                timeWindow: 60_000,
                keyGenerator: (request) => `ingest:${(request.params as { guildId: string }).guildId}`,
              },
            }
          : {},
      schema: {
        tags,
        summary: "Store a closed ticket's transcript (bots)",
        params: guildParams,
        body: transcriptIngestSchema,
        response: {
          201: s.transcriptStored,
          200: s.transcriptStored.describe("Not stored: the server does not keep transcripts"),
          400: s.error,
          409: s.error,
          507: s.error.describe("The server's transcript storage quota is used up"),
        },
      },
    },
    async (request, reply) => {
      const stored = await app.transcripts.ingest(request.params.guildId, request.body, botKeyActor(request.ip));
      if (!stored) return reply.code(200).send({ message: transcriptNotStored });
      return reply.code(201).send({ message: transcriptStored, TicketId: request.body.TicketId });
    },
  );

  // The guild's bot API key: whether one exists (ViewSettings); create or rotate it, shown once (EditSettings).
  app.get(
    "/:guildId(^\\d+$)/bot-key",
    {
      onRequest: guard(resourcePermissions.settings.list),
      schema: { tags, summary: "Whether the server has a bot key", params: guildParams, response: { 200: s.botKeyState } },
    },
    async (request) => app.transcripts.botKeyState(guildIdOf(request)),
  );

  app.post(
    "/:guildId(^\\d+$)/bot-key",
    {
      onRequest: [guard(resourcePermissions.settings.edit), requireRecentSignIn],
      schema: { tags, summary: "Create or rotate the bot key", params: guildParams, response: { 201: s.botKeyCreated } },
    },
    async (request, reply) => {
      const key = await app.transcripts.createBotKey(guildIdOf(request), requestActor(request));
      return reply.code(201).send({ key, message: "Bot key created. Copy it now: it is shown only once." });
    },
  );

  app.delete(
    "/:guildId(^\\d+$)/bot-key",
    {
      onRequest: guard(resourcePermissions.settings.edit),
      schema: { tags, summary: "Revoke the bot key", params: guildParams, response: { 200: s.message } },
    },
    async (request) => {
      await app.transcripts.revokeBotKey(guildIdOf(request), requestActor(request));
      return { message: "Bot key revoked" };
    },
  );
}
