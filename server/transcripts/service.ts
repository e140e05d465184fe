import type { FastifyBaseLogger, FastifyInstance } from "fastify";
import { authMessages, transcriptMessages } from "../../src/schemas/messages";
import type { TranscriptIngest, TranscriptQuery } from "../../src/schemas/transcript";
import { type ActivityActor, recordActivityOf } from "../activity/record";
import { hashBotKey, newBotKey } from "../auth/bot-keys";
import { recordBotProblem } from "../bot-setup/problems";
import { keyringFor, TranscriptDecryptError, type TranscriptKeyring } from "../crypto";
import { isUniqueViolation } from "../db/errors";
import type { Db } from "../db/schema";
import { HttpError, notFound } from "../errors";
import { deleteTranscripts, downloadTranscripts } from "./bulk";
import { rememberKeyId } from "./keys";
import { renderTranscriptHtml, type TranscriptTheme } from "./render";
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
} from "./store";
import { queueWebhookEvent } from "../webhooks/queue";

// Transcripts: the paged list and the view for staff, the ingest for bots (per-guild bot key), and the bot key
// itself. Bodies are sealed at rest (server/crypto.ts); a view writes an activity entry.

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
export const transcriptQuotaFull = (mb: number) =>
  `This server's transcript storage is full (${mb} MB). Ask its owner to delete old transcripts or raise the quota.`;
export const futureTicket = (ticketId: number, last: number) =>
  `TicketId ${ticketId} is beyond this server's ticket numbers (the last is ${last})`;
/** Who the activity log names for a bot's ingest. */
export const botKeyActor = (ip: string): ActivityActor => ({ id: "0", username: "Bot key", avatar: null, ip });

/** "all", or the panels whose transcripts the caller may read (TranscriptsPanelPermission). */
type VisiblePanels = "all" | number[];

export class TranscriptsService {
  constructor(private readonly deps: { db: Db; keyring: TranscriptKeyring; log: FastifyBaseLogger; transcriptQuotaMb: number }) {}

  list(guildId: string, q: TranscriptQuery, visible: VisiblePanels) {
    return listTranscripts(this.deps.db, this.deps.keyring, guildId, q, visible);
  }

  /** The list's bulk delete: final, all or none (./bulk.ts). */
  removeMany(guildId: string, ids: readonly number[], visible: VisiblePanels, actor: ActivityActor): Promise<number> {
    return deleteTranscripts(this.deps.db, guildId, ids, visible, actor);
  }

  /** The list's bulk download: one HTML document of every transcript named, all or none (./bulk.ts). */
  downloadMany(guildId: string, ids: readonly number[], visible: VisiblePanels, theme: TranscriptTheme, actor: ActivityActor) {
    return downloadTranscripts(this.deps, guildId, ids, visible, theme, actor);
  }

  /** The Ticket Type filter's choices. */
  panelNames(guildId: string): Promise<string[]> {
    return transcriptPanelNames(this.deps.db, guildId);
  }

  /**
   * One transcript as HTML (addressed by its ticket number), with the activity entry of the view. `visibleTo` is asked
   * only once the transcript is found (it may ask the platform who the caller is).
   */
  async view(
    guildId: string,
    ticketId: string,
    theme: TranscriptTheme,
    visibleTo: () => Promise<VisiblePanels>,
    actor: ActivityActor,
  ): Promise<string> {
    const { db, keyring } = this.deps;
    if (!/^\d{1,10}$/.test(ticketId) || Number(ticketId) > MAX_INT32) throw notFound(transcriptMessages.notFound);
    let opened;
    try {
      opened = await openTranscript(db, keyring, guildId, Number(ticketId));
    } catch (error) {
      if (!(error instanceof TranscriptDecryptError) && !(error instanceof SyntaxError)) throw error;
      this.deps.log.warn({ guildId, transcriptId: ticketId }, "transcript did not open (wrong key or altered record)");
      throw notFound(transcriptMessages.notFound);
    }
    if (!opened) throw notFound(transcriptMessages.notFound);
    const visible = await visibleTo();
    if (visible !== "all" && (opened.meta.panelId === null || !visible.includes(opened.meta.panelId)))
      throw new HttpError(403, authMessages.accessDenied);
    const { meta, messages } = opened;
    await recordActivityOf(db, actor, {
      guildId,
      action: transcriptActions.viewed,
      after: { TicketId: meta.ticketId, AuthorUsername: meta.authorUsername, PanelName: meta.panelName },
    });
    return renderTranscriptHtml({ guildId, ...meta }, messages, theme);
  }

  /**
   * The transcript of a member's own ticket as HTML ("My tickets"): found only when they were its opener (its author);
   * another member's is answered as missing, so a member learns nothing of it.
   */
  async viewOwn(guildId: string, ticketId: number, userId: string, theme: TranscriptTheme): Promise<string> {
    const { db, keyring } = this.deps;
    const row = await db
      .selectFrom("transcripts")
      .select("author_id")
      .where("guild_id", "=", guildId)
      .where("ticket_id", "=", ticketId)
      .executeTakeFirst();
    if (!row || row.author_id !== userId) throw notFound(transcriptMessages.notFound);
    const opened = await openTranscript(db, keyring, guildId, ticketId).catch((error: unknown) => {
      if (error instanceof TranscriptDecryptError || error instanceof SyntaxError) return undefined;
      throw error;
    });
    if (!opened) throw notFound(transcriptMessages.notFound);
    return renderTranscriptHtml({ guildId, ...opened.meta }, opened.messages, theme);
  }

  /**
   * Stores a closed ticket's transcript sent by a bot: false when the server keeps none. 400 for a ticket number the
   * bot has not handed out, 409 for one stored already, 507 past the storage quota.
   */
  async ingest(guildId: string, input: TranscriptIngest, actor: ActivityActor): Promise<boolean> {
    const { db, keyring, transcriptQuotaMb } = this.deps;
    if (input.TicketId > MAX_INT32) throw new HttpError(400, `TicketId must be at most ${MAX_INT32}`);
    if (!(await storesTranscripts(db, guildId))) return false;
    // Sealed and hashed before the transaction, in pieces (a long transcript never holds the event loop or, on
    // SQLite, the one connection for that work).
    const prepared = await prepareTranscript(keyring, guildId, input.TicketId, input.messages);
    try {
      await db.transaction().execute(async (trx) => {
        if (await transcriptExists(trx, guildId, input.TicketId)) throw new HttpError(409, duplicateTranscript(input.TicketId));
        // Once the bot numbers this server's tickets, a transcript cannot claim a number it has not handed out.
        const counter = await trx
          .selectFrom("guild_ticket_counters")
          .select("last_number")
          .where("guild_id", "=", guildId)
          .executeTakeFirst();
        if (counter && input.TicketId > counter.last_number) throw new HttpError(400, futureTicket(input.TicketId, counter.last_number));
        const PanelName = await resolvePanelName(trx, guildId, input.PanelId);
        const id = await storePreparedTranscript(trx, guildId, { ...input, PanelName }, prepared, {
          bytes: quotaBytesOf(transcriptQuotaMb),
        });
        await indexTranscriptTerms(trx, guildId, id, input.TicketId, prepared.hashes);
        await recordActivityOf(trx, actor, {
          guildId,
          action: transcriptActions.stored,
          after: { TicketId: input.TicketId, AuthorUsername: input.AuthorUsername, PanelName, Messages: input.messages.length },
        });
        await queueWebhookEvent(trx, keyring.secrets, this.deps.log, {
          guildId,
          event: "transcript.stored",
          at: Date.now(),
          data: {
            transcript: {
              ticket_id: input.TicketId,
              panel_name: PanelName,
              author: { id: input.AuthorId, username: input.AuthorUsername },
            },
            actor: { id: actor.id, username: actor.username },
          },
        });
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw new HttpError(409, duplicateTranscript(input.TicketId));
      if (error instanceof TranscriptQuotaExceeded) {
        // The owner sees it on Bot setup (one row however often the bot retries; no activity entry per retry).
        await recordBotProblem(db, guildId, {
          kind: "transcriptQuota",
          usedBytes: error.usedBytes,
          quotaBytes: error.quotaBytes,
          ticketNumber: input.TicketId,
          seenAt: null,
        }).catch((problem) => this.deps.log.warn({ err: problem }, "bot problem not recorded"));
        throw new HttpError(507, transcriptQuotaFull(transcriptQuotaMb));
      }
      throw error;
    }
    return true;
  }

  // ---- the guild's bot key: whether one exists; created or rotated (shown once); revoked ----

  async botKeyState(guildId: string): Promise<{ exists: boolean; created_at: number | null }> {
    const row = await this.deps.db.selectFrom("bot_keys").select("created_at").where("guild_id", "=", guildId).executeTakeFirst();
    return { exists: row !== undefined, created_at: row ? Number(row.created_at) : null };
  }

  /** A new key for the guild (the previous one stops working); returns it, the only time it is seen. */
  async createBotKey(guildId: string, actor: ActivityActor): Promise<string> {
    const key = newBotKey();
    const now = Date.now();
    await this.deps.db.transaction().execute(async (trx) => {
      const old = await trx.selectFrom("bot_keys").select("created_at").where("guild_id", "=", guildId).executeTakeFirst();
      await trx
        .insertInto("bot_keys")
        .values({ guild_id: guildId, key_hash: hashBotKey(key), created_at: now })
        .onConflict((oc) => oc.column("guild_id").doUpdateSet({ key_hash: hashBotKey(key), created_at: now }))
        .execute();
      // The key itself is never logged: only when the previous and the new one were made.
      await recordActivityOf(trx, actor, {
        guildId,
        action: old ? transcriptActions.botKeyRotated : transcriptActions.botKeyCreated,
        before: old ? { CreatedAt: Number(old.created_at) } : undefined,
        after: { CreatedAt: now },
      });
    });
    return key;
  }

  async revokeBotKey(guildId: string, actor: ActivityActor): Promise<void> {
    await this.deps.db.transaction().execute(async (trx) => {
      const old = await trx.selectFrom("bot_keys").select("created_at").where("guild_id", "=", guildId).executeTakeFirst();
      if (!old) throw notFound("No bot key");
      await trx.deleteFrom("bot_keys").where("guild_id", "=", guildId).execute();
      await recordActivityOf(trx, actor, {
        guildId,
        action: transcriptActions.botKeyRevoked,
        before: { CreatedAt: Number(old.created_at) },
      });
    });
  }
}

declare module "fastify" {
  interface FastifyInstance {
    transcripts: TranscriptsService;
  }
}

/** Decorates app.transcripts; records which key seals this database's transcripts (./keys.ts). */
export async function registerTranscripts(app: FastifyInstance): Promise<void> {
  const keyring = keyringFor(app.config);
  await rememberKeyId(app.db, keyring, app.log);
  app.decorate(
    "transcripts",
    new TranscriptsService({ db: app.db, keyring, log: app.log, transcriptQuotaMb: app.config.transcriptQuotaMb }),
  );
}
