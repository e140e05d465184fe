import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { panelsVisibleTo } from "../tickets/visibility";
import { authMessages } from "../../src/schemas/messages";
import { resourcePermissions } from "../../src/schemas/access";
import { isGuildId } from "../../src/schemas/common";
import { transcriptMessages } from "../../src/schemas/messages";
import { transcriptIngestSchema, transcriptQuerySchema } from "../../src/schemas/transcript";
import { guard, guildIdOf } from "../access/guard";
import { recordActivity, recordActivityOf } from "../activity/record";
import { HttpError, notFound } from "../errors";
import { guildParams, idParams } from "../http/support/route-schemas";
import { s } from "../http/support/openapi/components";
import { hashBotKey, newBotKey, requireBotKey } from "../transcripts/bot-keys";
import { keyringFor, TranscriptDecryptError } from "../crypto";
import { rememberKeyId } from "../transcripts/keys";
import { renderTranscriptHtml } from "../transcripts/render";
import { requireRecentSignIn } from "../auth/recent-sign-in";
import {
  indexTranscriptTerms,
  listTranscripts,
  MAX_INT32,
  openTranscript,
  prepareTranscript,
  quotaBytesOf,
  resolvePanelName,
  storePreparedTranscript,
  storesTranscripts,
  transcriptExists,
  transcriptPanelNames,
  TranscriptQuotaExceeded,
} from "../transcripts/store";
import { recordBotProblem } from "../bot-setup/problems";

// Transcripts: the paged list and the view for staff (ViewTranscripts), the ingest for bots (per-guild bot key),
// and the bot key itself (EditSettings). Bodies are sealed at rest (server/crypto.ts).

export const transcriptActions = {
  viewed: "Transcript Viewed",
  stored: "Transcript Stored",
  botKeyCreated: "Bot Key Created",
  botKeyRotated: "Bot Key Rotated",
  botKeyRevoked: "Bot Key Revoked",
} as const;

export const transcriptNotStored = "Transcript not stored: this server does not keep closed tickets";
export const transcriptStored = "Transcript stored";
export const duplicateTranscript = (ticketId: number) => `A transcript of ticket ${ticketId} already exists`;
/** A whole ticket can be long: the ingest accepts bigger bodies than the rest of the API. */
export const INGEST_BODY_LIMIT = 8 * 1024 * 1024;

export const transcriptQuotaFull = (mb: number) => `This server's transcript storage is full (${mb} MB). Ask its owner to delete old transcripts or raise the quota.`;
export const futureTicket = (ticketId: number, last: number) => `TicketId ${ticketId} is beyond this server's ticket numbers (the last is ${last})`;
/** Who the activity log names for a bot's ingest. */
export const botKeyActor = (ip: string) => ({ id: "0", username: "Bot key", avatar: null, ip });

const isUniqueViolation = (error: unknown) => {
  const code = (error as { code?: string })?.code;
  return code === "23505" || code === "SQLITE_CONSTRAINT_UNIQUE" || code === "SQLITE_CONSTRAINT_PRIMARYKEY";
};

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
  const keyring = keyringFor(app.config);
  await rememberKeyId(app.db, keyring, app.log);
  const perms = resourcePermissions.transcripts;
  const tags = ["Transcripts"];

  app.get(
    "/:guildId(^\\d+$)/transcripts",
    {
      onRequest: guard(perms.list),
      // From memory while the guild is unchanged; not for staff, whose view may depend on their roles (panelsVisibleTo).
      config: { responseCache: (request) => request.access?.level !== "staff" },
      schema: { tags, summary: "List transcripts", params: guildParams, querystring: transcriptQuerySchema, response: { 200: s.transcriptList } },
    },
    async (request) => listTranscripts(app.db, keyring, guildIdOf(request), request.query, await panelsVisibleTo(app, request)),
  );

  // The Ticket Type filter's choices, readable by whoever may read transcripts (not only panel viewers).
  app.get(
    "/:guildId(^\\d+$)/transcript-panels",
    { onRequest: guard(perms.list), schema: { tags, summary: "Panel names for the Ticket Type filter", params: guildParams, response: { 200: s.transcriptPanels } } },
    async (request) => ({ panels: await transcriptPanelNames(app.db, guildIdOf(request)) }),
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
    const { transcriptId } = request.params;
    const theme = request.query.theme === "dark" ? "dark" : "light";
    if (!/^\d{1,10}$/.test(transcriptId) || Number(transcriptId) > MAX_INT32) throw notFound(transcriptMessages.notFound);
    const guildId = guildIdOf(request);
    let opened;
    try {
      opened = await openTranscript(app.db, keyring, guildId, Number(transcriptId));
    } catch (error) {
      if (!(error instanceof TranscriptDecryptError) && !(error instanceof SyntaxError)) throw error;
      request.log.warn({ guildId, transcriptId }, "transcript did not open (wrong key or altered record)");
      throw notFound(transcriptMessages.notFound);
    }
    if (!opened) throw notFound(transcriptMessages.notFound);
    const visible = await panelsVisibleTo(app, request);
    if (visible !== "all" && (opened.meta.panelId === null || !visible.includes(opened.meta.panelId))) throw new HttpError(403, authMessages.accessDenied);
    const { meta, messages } = opened;
    await recordActivity(app.db, request, {
      action: transcriptActions.viewed,
      after: { TicketId: meta.ticketId, AuthorUsername: meta.authorUsername, PanelName: meta.panelName },
    });
    return { transcript_html: await renderTranscriptHtml({ guildId, ...meta }, messages, theme) };
    },
  );

  app.post(
    "/:guildId(^\\d+$)/transcripts",
    {
      bodyLimit: INGEST_BODY_LIMIT,
      onRequest: botKeyCheck,
      // Per guild: a bot (or a leaked key) cannot flood one server's storage or the log.
      config: app.config.ingestRateLimit > 0 ? { rateLimit: { max: app.config.ingestRateLimit, timeWindow: 60_000, keyGenerator: (request) => `ingest:${(request.params as { guildId: string }).guildId}` } } : {},
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
      const { guildId } = request.params;
      const input = request.body;
      if (input.TicketId > MAX_INT32) throw new HttpError(400, `TicketId must be at most ${MAX_INT32}`);
      if (!(await storesTranscripts(app.db, guildId))) return reply.code(200).send({ message: transcriptNotStored });
      // Sealed and hashed before the transaction, in pieces (a long transcript never holds the event loop or, on
      // SQLite, the one connection for that work).
      const prepared = await prepareTranscript(keyring, guildId, input.TicketId, input.messages);
      try {
        await app.db.transaction().execute(async (trx) => {
          if (await transcriptExists(trx, guildId, input.TicketId)) throw new HttpError(409, duplicateTranscript(input.TicketId));
          // Once the bot numbers this server's tickets, a transcript cannot claim a number it has not handed out.
          const counter = await trx.selectFrom("guild_ticket_counters").select("last_number").where("guild_id", "=", guildId).executeTakeFirst();
          if (counter && input.TicketId > counter.last_number) throw new HttpError(400, futureTicket(input.TicketId, counter.last_number));
          const PanelName = await resolvePanelName(trx, guildId, input.PanelId);
          const id = await storePreparedTranscript(trx, guildId, { ...input, PanelName }, prepared, { bytes: quotaBytesOf(app.config.transcriptQuotaMb) });
          await indexTranscriptTerms(trx, guildId, id, input.TicketId, prepared.hashes);
          await recordActivityOf(trx, botKeyActor(request.ip), {
            guildId,
            action: transcriptActions.stored,
            after: { TicketId: input.TicketId, AuthorUsername: input.AuthorUsername, PanelName, Messages: input.messages.length },
          });
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw new HttpError(409, duplicateTranscript(input.TicketId));
        if (error instanceof TranscriptQuotaExceeded) {
          // The owner sees it on Bot setup (one row however often the bot retries; no activity entry per retry).
          await recordBotProblem(app.db, guildId, { kind: "transcriptQuota", usedBytes: error.usedBytes, quotaBytes: error.quotaBytes, ticketNumber: input.TicketId, seenAt: null }).catch(
            (problem) => request.log.warn({ err: problem }, "bot problem not recorded"),
          );
          throw new HttpError(507, transcriptQuotaFull(app.config.transcriptQuotaMb));
        }
        throw error;
      }
      return reply.code(201).send({ message: transcriptStored, TicketId: input.TicketId });
    },
  );

  // The guild's bot API key: whether one exists (ViewSettings); create or rotate it, shown once (EditSettings).
  app.get(
    "/:guildId(^\\d+$)/bot-key",
    { onRequest: guard(resourcePermissions.settings.list), schema: { tags, summary: "Whether the server has a bot key", params: guildParams, response: { 200: s.botKeyState } } },
    async (request) => {
    const row = await app.db.selectFrom("bot_keys").select("created_at").where("guild_id", "=", guildIdOf(request)).executeTakeFirst();
    return { exists: row !== undefined, created_at: row ? Number(row.created_at) : null };
    },
  );

  app.post(
    "/:guildId(^\\d+$)/bot-key",
    { onRequest: [guard(resourcePermissions.settings.edit), requireRecentSignIn], schema: { tags, summary: "Create or rotate the bot key", params: guildParams, response: { 201: s.botKeyCreated } } },
    async (request, reply) => {
    const guildId = guildIdOf(request);
    const key = newBotKey();
    const now = Date.now();
    await app.db.transaction().execute(async (trx) => {
      const old = await trx.selectFrom("bot_keys").select("created_at").where("guild_id", "=", guildId).executeTakeFirst();
      await trx
        .insertInto("bot_keys")
        .values({ guild_id: guildId, key_hash: hashBotKey(key), created_at: now })
        .onConflict((oc) => oc.column("guild_id").doUpdateSet({ key_hash: hashBotKey(key), created_at: now }))
        .execute();
      // The key itself is never logged: only when the previous and the new one were made.
      await recordActivity(trx, request, {
        action: old ? transcriptActions.botKeyRotated : transcriptActions.botKeyCreated,
        before: old ? { CreatedAt: Number(old.created_at) } : undefined,
        after: { CreatedAt: now },
      });
    });
    return reply.code(201).send({ key, message: "Bot key created. Copy it now: it is shown only once." });
    },
  );

  app.delete(
    "/:guildId(^\\d+$)/bot-key",
    { onRequest: guard(resourcePermissions.settings.edit), schema: { tags, summary: "Revoke the bot key", params: guildParams, response: { 200: s.message } } },
    async (request) => {
    const guildId = guildIdOf(request);
    await app.db.transaction().execute(async (trx) => {
      const old = await trx.selectFrom("bot_keys").select("created_at").where("guild_id", "=", guildId).executeTakeFirst();
      if (!old) throw notFound("No bot key");
      await trx.deleteFrom("bot_keys").where("guild_id", "=", guildId).execute();
      await recordActivity(trx, request, { action: transcriptActions.botKeyRevoked, before: { CreatedAt: Number(old.created_at) } });
    });
    return { message: "Bot key revoked" };
    },
  );
}
