import type { FastifyInstance } from "fastify";
import { resourcePermissions } from "../../src/schemas/access";
import { isGuildId } from "../../src/schemas/common";
import { transcriptMessages } from "../../src/schemas/messages";
import { transcriptIngestSchema, transcriptQuerySchema } from "../../src/schemas/transcript";
import { guard, guildIdOf } from "../access/guard";
import { recordActivity } from "../activity";
import { HttpError, notFound, zodErrorBody } from "../errors";
import { hashBotKey, newBotKey, requireBotKey } from "../transcripts/bot-keys";
import { keyringFor, TranscriptDecryptError } from "../transcripts/crypto";
import { rememberKeyId } from "../transcripts/keys";
import { renderTranscriptHtml } from "../transcripts/render";
import {
  insertTranscript,
  listTranscripts,
  MAX_INT32,
  openTranscript,
  resolvePanelName,
  storesTranscripts,
  transcriptExists,
  transcriptPanelNames,
} from "../transcripts/store";

// Transcripts: the paged list and the view for staff (ViewTranscripts), the ingest for bots (per-guild bot key),
// and the bot key itself (EditSettings). Bodies are sealed at rest (server/transcripts/crypto.ts).

export const transcriptActions = {
  viewed: "Transcript Viewed",
  botKeyCreated: "Bot Key Created",
  botKeyRotated: "Bot Key Rotated",
  botKeyRevoked: "Bot Key Revoked",
} as const;

export const transcriptNotStored = "Transcript not stored: this server does not keep closed tickets";
export const transcriptStored = "Transcript stored";
export const duplicateTranscript = (ticketId: number) => `A transcript of ticket ${ticketId} already exists`;
/** A whole ticket can be long: the ingest accepts bigger bodies than the rest of the API. */
export const INGEST_BODY_LIMIT = 8 * 1024 * 1024;

const isUniqueViolation = (error: unknown) => {
  const code = (error as { code?: string })?.code;
  return code === "23505" || code === "SQLITE_CONSTRAINT_UNIQUE" || code === "SQLITE_CONSTRAINT_PRIMARYKEY";
};

export default async function transcriptRoutes(app: FastifyInstance) {
  const keyring = keyringFor(app.config);
  await rememberKeyId(app.db, keyring, app.log);
  const perms = resourcePermissions.transcripts;

  app.get("/:guildId(^\\d+$)/transcripts", { preHandler: guard(perms.list) }, async (request, reply) => {
    const parsed = transcriptQuerySchema.safeParse(request.query);
    if (!parsed.success) return reply.code(400).send(zodErrorBody(parsed.error));
    return listTranscripts(app.db, keyring, guildIdOf(request), parsed.data);
  });

  // The Ticket Type filter's choices, readable by whoever may read transcripts (not only panel viewers).
  app.get("/:guildId(^\\d+$)/transcript-panels", { preHandler: guard(perms.list) }, async (request) => ({
    panels: await transcriptPanelNames(app.db, guildIdOf(request)),
  }));

  app.get("/:guildId(^\\d+$)/transcripts/:transcriptId", { preHandler: guard(perms.show) }, async (request) => {
    const { transcriptId } = request.params as { transcriptId: string };
    const theme = (request.query as { theme?: string }).theme === "dark" ? "dark" : "light";
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
    const { meta, messages } = opened;
    await recordActivity(app.db, request, {
      action: transcriptActions.viewed,
      after: { TicketId: meta.ticketId, AuthorUsername: meta.authorUsername, PanelName: meta.panelName },
    });
    return { transcript_html: renderTranscriptHtml({ guildId, ...meta }, messages, theme) };
  });

  app.post(
    "/:guildId(^\\d+$)/transcripts",
    {
      bodyLimit: INGEST_BODY_LIMIT,
      // Before the body is read: a caller without this guild's bot key never gets a big body parsed.
      onRequest: async (request) => {
        const { guildId } = request.params as { guildId: string };
        if (!isGuildId(guildId)) throw notFound();
        await requireBotKey(app.db, request, guildId);
      },
    },
    async (request, reply) => {
      const { guildId } = request.params as { guildId: string };
      const parsed = transcriptIngestSchema.safeParse(request.body);
      if (!parsed.success) return reply.code(400).send(zodErrorBody(parsed.error));
      const input = parsed.data;
      if (input.TicketId > MAX_INT32) throw new HttpError(400, `TicketId must be at most ${MAX_INT32}`);
      if (!(await storesTranscripts(app.db, guildId))) return reply.code(200).send({ message: transcriptNotStored });
      try {
        await app.db.transaction().execute(async (trx) => {
          if (await transcriptExists(trx, guildId, input.TicketId)) throw new HttpError(409, duplicateTranscript(input.TicketId));
          const PanelName = await resolvePanelName(trx, guildId, input.PanelId);
          await insertTranscript(trx, keyring, guildId, { ...input, PanelName });
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw new HttpError(409, duplicateTranscript(input.TicketId));
        throw error;
      }
      return reply.code(201).send({ message: transcriptStored, TicketId: input.TicketId });
    },
  );

  // The guild's bot API key: whether one exists (ViewSettings); create or rotate it, shown once (EditSettings).
  app.get("/:guildId(^\\d+$)/bot-key", { preHandler: guard(resourcePermissions.settings.list) }, async (request) => {
    const row = await app.db.selectFrom("bot_keys").select("created_at").where("guild_id", "=", guildIdOf(request)).executeTakeFirst();
    return { exists: row !== undefined, created_at: row ? Number(row.created_at) : null };
  });

  app.post("/:guildId(^\\d+$)/bot-key", { preHandler: guard(resourcePermissions.settings.edit) }, async (request, reply) => {
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
  });

  app.delete("/:guildId(^\\d+$)/bot-key", { preHandler: guard(resourcePermissions.settings.edit) }, async (request) => {
    const guildId = guildIdOf(request);
    await app.db.transaction().execute(async (trx) => {
      const old = await trx.selectFrom("bot_keys").select("created_at").where("guild_id", "=", guildId).executeTakeFirst();
      if (!old) throw notFound("No bot key");
      await trx.deleteFrom("bot_keys").where("guild_id", "=", guildId).execute();
      await recordActivity(trx, request, { action: transcriptActions.botKeyRevoked, before: { CreatedAt: Number(old.created_at) } });
    });
    return { message: "Bot key revoked" };
  });
}
