import { type Kysely, sql } from "kysely";
import { type TranscriptIngest, type TranscriptQuery, type TranscriptSummary } from "../../src/schemas/transcript";
import { fromDbJson } from "../db/dialect";
import type { Database } from "../db/schema";
import type { TranscriptKeyring } from "./crypto";
import { parseDocument, serialiseDocument, transcriptAad, type TranscriptMessage } from "./document";
import { toEpochMs } from "./render";
import { queryTerms, transcriptTerms } from "./search";

// Reading and writing transcripts: sealing the messages, the word index, the paged and filtered list.
// Every query names the guild.

export const UNKNOWN_PANEL = "Unknown";
/** Ticket and panel ids are 32-bit integer columns. */
export const MAX_INT32 = 2_147_483_647;

type Db = Kysely<Database>;

/** The guild's "StoreTranscripts" setting; a missing row or key means true. */
export async function storesTranscripts(db: Db, guildId: string): Promise<boolean> {
  const row = await db.selectFrom("guild_settings").select("data_json").where("guild_id", "=", guildId).executeTakeFirst();
  const settings = fromDbJson<Record<string, unknown>>(row?.data_json, {});
  return settings?.StoreTranscripts !== false;
}

/** The name of the guild's panel `panelId`, or 'Unknown' when it is not given or no longer exists. */
export async function resolvePanelName(db: Db, guildId: string, panelId: number | null): Promise<string> {
  if (panelId === null || panelId < 0 || panelId > MAX_INT32) return UNKNOWN_PANEL;
  const row = await db.selectFrom("panels").select("name").where("guild_id", "=", guildId).where("id", "=", panelId).executeTakeFirst();
  return row?.name ?? UNKNOWN_PANEL;
}

export interface NewTranscript extends Omit<TranscriptIngest, "messages"> {
  PanelName: string;
  messages: TranscriptMessage[];
}

/** Seals and stores one transcript with its word index; returns the row id. Call inside a transaction. */
export async function insertTranscript(db: Db, keyring: TranscriptKeyring, guildId: string, t: NewTranscript): Promise<number> {
  const sealed = keyring.seal(serialiseDocument(t.messages), transcriptAad(guildId, t.TicketId));
  const row = await db
    .insertInto("transcripts")
    .values({
      guild_id: guildId,
      ticket_id: t.TicketId,
      author_id: t.AuthorId,
      author_username: t.AuthorUsername,
      close_reason: t.CloseReason?.trim() ? t.CloseReason : null,
      panel_id: t.PanelId,
      panel_name: t.PanelName,
      rating: t.Rating,
      closed_at: toEpochMs(t.ClosedAt),
      message_count: t.messages.length,
      body_enc: sealed.ciphertext,
      iv: sealed.iv,
      tag: sealed.tag,
      created_at: Date.now(),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  const hashes = [...new Set(transcriptTerms(t.messages).map((term) => keyring.termHash(guildId, term)))];
  // Batches stay below SQLite's 999 bound parameters (3 per row).
  for (let i = 0; i < hashes.length; i += 300) {
    await db
      .insertInto("transcript_terms")
      .values(hashes.slice(i, i + 300).map((term_hash) => ({ guild_id: guildId, transcript_id: row.id, term_hash })))
      .execute();
  }
  return row.id;
}

export async function transcriptExists(db: Db, guildId: string, ticketId: number): Promise<boolean> {
  const row = await db.selectFrom("transcripts").select("id").where("guild_id", "=", guildId).where("ticket_id", "=", ticketId).executeTakeFirst();
  return row !== undefined;
}

/** Escapes LIKE wildcards; the pattern is used with `escape '\'`. */
const likeContains = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export interface TranscriptPage {
  transcripts: TranscriptSummary[];
  total: number;
  page: number;
  per_page: number;
}

/**
 * The panel column: the panel's current name while it exists; 'Unknown' once it was deleted; the stored name
 * when the bot sent none of our panel ids (the name is then all we know).
 */
const livePanelName = sql<string>`coalesce(p.name, case when t.panel_id is null then t.panel_name else ${UNKNOWN_PANEL} end)`;

const withPanels = (db: Db, guildId: string) =>
  db
    .selectFrom("transcripts as t")
    .leftJoin("panels as p", (join) => join.onRef("p.id", "=", "t.panel_id").onRef("p.guild_id", "=", "t.guild_id"))
    .where("t.guild_id", "=", guildId);

/** Newest first (by ticket id); filters: ticket id, username substring (any case), panel name, words (all). */
export async function listTranscripts(db: Db, keyring: TranscriptKeyring, guildId: string, q: TranscriptQuery): Promise<TranscriptPage> {
  const empty: TranscriptPage = { transcripts: [], total: 0, page: q.page, per_page: q.per_page };
  if (q.ticket_id !== undefined && q.ticket_id > MAX_INT32) return empty;

  const username = q.username?.trim();
  const panel = q.panel?.trim();
  // The ids of the guild's panels of that name, listed (a literal list lets the index serve the filter).
  const panelIds = panel
    ? (await db.selectFrom("panels").select("id").where("guild_id", "=", guildId).where("name", "=", panel).execute()).map((r) => r.id)
    : [];
  const filter = (from: ReturnType<typeof withPanels>) => {
    let base = from;
    if (q.ticket_id !== undefined) base = base.where("t.ticket_id", "=", q.ticket_id);
    if (username) base = base.where(sql<boolean>`lower(t.author_username) like ${likeContains(username)} escape '\\'`);
    // The same rows as `livePanelName = panel`, in a form the (guild_id, panel_id, ticket_id) index can serve.
    if (panel) {
      base = base.where((eb) =>
        eb.or([
          // The guild's panel of that name, by its id.
          ...(panelIds.length > 0 ? [eb("t.panel_id", "in", panelIds)] : []),
          // No panel id was sent: the stored name is all we know.
          eb.and([eb("t.panel_id", "is", null), eb("t.panel_name", "=", panel)]),
          // 'Unknown' is also a panel id that is no (longer a) panel of this guild.
          ...(panel === UNKNOWN_PANEL ? [eb.and([eb("t.panel_id", "is not", null), eb("p.id", "is", null)])] : []),
        ]),
      );
    }
    for (const term of queryTerms(q.q)) {
      const hash = keyring.termHash(guildId, term);
      base = base.where("t.id", "in", (eb) =>
        eb.selectFrom("transcript_terms").select("transcript_id").where("guild_id", "=", guildId).where("term_hash", "=", hash),
      );
    }
    return base;
  };
  const base = filter(withPanels(db, guildId));
  // The total needs the panels join only for the 'Unknown' panel filter (a left join on a key adds no rows), and
  // without it the count is a covering-index scan instead of a join over every transcript of the guild.
  const countBase = panel === UNKNOWN_PANEL ? base : filter(db.selectFrom("transcripts as t").where("t.guild_id", "=", guildId) as unknown as ReturnType<typeof withPanels>);

  const [count, rows] = await Promise.all([
    countBase.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirst(),
    base
      .select(["t.ticket_id", "t.author_id", "t.author_username", "t.close_reason", "t.panel_id", "t.rating", "t.closed_at"])
      .select(livePanelName.as("panel_name"))
      .orderBy("t.ticket_id", "desc")
      .limit(q.per_page)
      .offset((q.page - 1) * q.per_page)
      .execute(),
  ]);
  return {
    transcripts: rows.map((r) => ({
      TicketId: Number(r.ticket_id),
      AuthorId: r.author_id,
      AuthorUsername: r.author_username,
      CloseReason: r.close_reason,
      PanelId: r.panel_id === null ? null : Number(r.panel_id),
      PanelName: r.panel_name,
      Rating: r.rating === null ? null : Number(r.rating),
      ClosedAt: Number(r.closed_at),
    })),
    total: Number(count?.n ?? 0),
    page: q.page,
    per_page: q.per_page,
  };
}

/** Panel names to filter by: the guild's panels, the names its transcripts carry, and always 'Unknown' last. */
export async function transcriptPanelNames(db: Db, guildId: string): Promise<string[]> {
  const [panels, stored] = await Promise.all([
    db.selectFrom("panels").select("name").where("guild_id", "=", guildId).where("kind", "=", "single").execute(),
    withPanels(db, guildId).select(livePanelName.as("name")).distinct().execute(),
  ]);
  const names = new Set<string>([...panels.map((p) => p.name), ...stored.map((s) => s.name)]);
  names.delete(UNKNOWN_PANEL);
  return [...[...names].sort((a, b) => a.localeCompare(b)), UNKNOWN_PANEL];
}

export interface OpenedTranscript {
  meta: {
    ticketId: number;
    authorUsername: string;
    panelName: string;
    closeReason: string | null;
    rating: number | null;
    closedAt: number;
  };
  messages: TranscriptMessage[];
}

/** The transcript of a ticket, decrypted; undefined when absent. Throws TranscriptDecryptError when tampered. */
export async function openTranscript(db: Db, keyring: TranscriptKeyring, guildId: string, ticketId: number): Promise<OpenedTranscript | undefined> {
  if (ticketId > MAX_INT32) return undefined;
  const row = await withPanels(db, guildId)
    .selectAll("t")
    .select(livePanelName.as("live_panel_name"))
    .where("t.ticket_id", "=", ticketId)
    .executeTakeFirst();
  if (!row) return undefined;
  const text = keyring.open({ ciphertext: row.body_enc, iv: row.iv, tag: row.tag }, transcriptAad(guildId, Number(row.ticket_id)));
  return {
    meta: {
      ticketId: Number(row.ticket_id),
      authorUsername: row.author_username,
      panelName: row.live_panel_name,
      closeReason: row.close_reason,
      rating: row.rating === null ? null : Number(row.rating),
      closedAt: Number(row.closed_at),
    },
    messages: parseDocument(text).messages,
  };
}
