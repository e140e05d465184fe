import { type Kysely, sql } from "kysely";
import { type TranscriptIngest, type TranscriptQuery, type TranscriptSummary } from "../../src/schemas/transcript";
import { dialectOf, fromDbJson } from "../db/dialect";
import { pageStart } from "../db/deep-pages";
import { prepared } from "../db/prepared";
import type { Database } from "../db/schema";
import type { TranscriptKeyring } from "../crypto";
import { parseDocument, transcriptAad, type TranscriptMessage } from "./document";
import { toEpochMs } from "./render";
import { MAX_TERMS_PER_TRANSCRIPT, queryTerms, transcriptTerms } from "./search";

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

/** TRANSCRIPT_QUOTA_MB in bytes. */
export const quotaBytesOf = (quotaMb: number) => quotaMb * 1024 * 1024;

/** A transcript that does not fit its guild's storage quota: nothing was stored. */
export class TranscriptQuotaExceeded extends Error {
  constructor(
    readonly usedBytes: number,
    readonly quotaBytes: number,
    /** The sealed size of the transcript that was refused. */
    readonly transcriptBytes: number,
  ) {
    super(`transcript of ${transcriptBytes} bytes does not fit: ${usedBytes} of ${quotaBytes} bytes used`);
  }
}

/**
 * The guild's stored transcript bytes (transcript_counts, kept by triggers). On PostgreSQL the row is locked until
 * the transaction ends, so two transcripts stored at once for one guild are checked one after the other.
 */
async function storedBytesLocked(db: Db, guildId: string): Promise<number> {
  if (dialectOf(db) === "postgres") {
    // The row must exist to be locked (the triggers add to it; a row of zero changes no count).
    await db
      .insertInto("transcript_counts")
      .values({ guild_id: guildId, n: 0, bytes: 0 })
      .onConflict((oc) => oc.column("guild_id").doNothing())
      .execute();
    const row = await db.selectFrom("transcript_counts").select("bytes").where("guild_id", "=", guildId).forUpdate().executeTakeFirst();
    return Number(row?.bytes ?? 0);
  }
  // SQLite: one connection, one transaction at a time.
  const row = await db.selectFrom("transcript_counts").select("bytes").where("guild_id", "=", guildId).executeTakeFirst();
  return Number(row?.bytes ?? 0);
}

/** A transcript sealed and its words hashed, ready to store (prepareTranscript). */
export interface PreparedTranscript {
  sealed: { ciphertext: Buffer; iv: Buffer; tag: Buffer };
  /** The keyed hashes of its words, each once, sorted (their index entries then go in in index order). */
  hashes: string[];
  messageCount: number;
}

/**
 * How a transcript is prepared without holding the event loop: the work goes in slices of at most SLICE_MS (the
 * event loop turns between two), and at least every MESSAGES_PER_PIECE messages or HASHES_PER_PIECE words.
 */
const SLICE_MS = 5;
const MESSAGES_PER_PIECE = 250;
const HASHES_PER_PIECE = 1000;
/** Index entries per transaction (and statement) when a long transcript is indexed in pieces. */
const TERMS_PER_TRANSACTION = 2400;
const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Yields to the event loop once the current slice has run SLICE_MS (checked every few items). */
function slices() {
  let started = performance.now();
  return {
    async next(force = false): Promise<void> {
      if (!force && performance.now() - started < SLICE_MS) return;
      await turn();
      started = performance.now();
    },
  };
}

/**
 * Seals a transcript and hashes its words in slices, the event loop turning between them (a 5,000-message ticket is
 * about 200 ms of work: done in one go it held every other request that long). Touches no database.
 */
export async function prepareTranscript(
  keyring: TranscriptKeyring,
  guildId: string,
  ticketId: number,
  messages: TranscriptMessage[],
): Promise<PreparedTranscript> {
  const slice = slices();
  // serialiseDocument, in slices.
  const parts: string[] = [];
  for (let i = 0; i < messages.length; i++) {
    if (i % 25 === 0) await slice.next(i > 0 && i % MESSAGES_PER_PIECE === 0);
    parts.push(JSON.stringify(messages[i]));
  }
  const text = `{"v":1,"messages":[${parts.join(",")}]}`;
  await slice.next(true);
  const sealed = await keyring.sealAsync(text, transcriptAad(guildId, ticketId));
  // transcriptTerms, in slices (the same words, in the same order, under the same cap).
  const terms = new Set<string>();
  const step = 25;
  for (let i = 0; i < messages.length && terms.size < MAX_TERMS_PER_TRANSCRIPT; i += step) {
    await slice.next(i > 0 && i % MESSAGES_PER_PIECE === 0);
    for (const term of transcriptTerms(messages.slice(i, i + step))) {
      if (terms.size >= MAX_TERMS_PER_TRANSCRIPT) break;
      terms.add(term);
    }
  }
  const hashes = new Set<string>();
  let n = 0;
  for (const term of terms) {
    if (n % 100 === 0) await slice.next(n > 0 && n % HASHES_PER_PIECE === 0);
    hashes.add(keyring.termHash(guildId, term));
    n++;
  }
  await slice.next(true);
  const sorted = [...hashes].sort();
  await slice.next(true);
  return { sealed: sealed as PreparedTranscript["sealed"], hashes: sorted, messageCount: messages.length };
}

/**
 * Stores a prepared transcript's row (not its word index: indexTranscriptTerms); returns its id. Call inside a
 * transaction. Every path that stores a transcript comes through here with its quota (TRANSCRIPT_QUOTA_MB): a
 * transcript is kept only when it fits (the guild's stored bytes plus its sealed size at most the quota); otherwise
 * TranscriptQuotaExceeded is thrown before anything is written (no statement failed: the transaction may go on).
 */
export async function storePreparedTranscript(
  db: Db,
  guildId: string,
  t: Omit<NewTranscript, "messages">,
  prepared: PreparedTranscript,
  quota: { bytes: number },
): Promise<number> {
  const { sealed } = prepared;
  const used = await storedBytesLocked(db, guildId);
  if (used + sealed.ciphertext.length > quota.bytes) throw new TranscriptQuotaExceeded(used, quota.bytes, sealed.ciphertext.length);
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
      message_count: prepared.messageCount,
      body_enc: sealed.ciphertext,
      iv: sealed.iv,
      tag: sealed.tag,
      created_at: Date.now(),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * The word index of a stored transcript: its sorted hashes, one statement for them all. `pieces`: in transactions of
 * their own (2,400 entries each, the event loop turning between them), so that on SQLite — one connection, every
 * statement on the main thread — a long transcript's 20,000 entries never hold the database for long; without it,
 * in the caller's transaction. An entry already there is kept (a repair may index a transcript again).
 */
export async function indexTranscriptTerms(
  db: Db,
  guildId: string,
  transcriptId: number,
  ticketId: number,
  hashes: string[],
  pieces = false,
): Promise<void> {
  // One statement a piece: the hashes as one array parameter (PostgreSQL: unnest; SQLite: json_each), in order
  // ("where true": SQLite reads an upsert after a select only so).
  const list =
    dialectOf(db) === "postgres"
      ? (slice: string[]) => sql`unnest(${slice}::text[]) as h(value)`
      : (slice: string[]) => sql`json_each(${JSON.stringify(slice)})`;
  const insert = async (into: Db, slice: string[]) => {
    if (slice.length === 0) return;
    await sql`
      insert into transcript_terms (guild_id, transcript_id, term_hash, ticket_id)
      select ${guildId}, ${transcriptId}, value, ${ticketId} from ${list(slice)} where true
      on conflict (transcript_id, term_hash) do nothing`.execute(into);
  };
  if (!pieces) return insert(db, hashes);
  for (let i = 0; i < hashes.length; i += TERMS_PER_TRANSACTION) {
    if (i > 0) await turn();
    await db.transaction().execute((tx) => insert(tx, hashes.slice(i, i + TERMS_PER_TRANSACTION)));
  }
}

/** Seals and stores one transcript with its word index, in the caller's transaction; returns the row id. */
export async function insertTranscript(
  db: Db,
  keyring: TranscriptKeyring,
  guildId: string,
  t: NewTranscript,
  quota: { bytes: number },
): Promise<number> {
  const prepared = await prepareTranscript(keyring, guildId, t.TicketId, t.messages);
  const id = await storePreparedTranscript(db, guildId, t, prepared, quota);
  await indexTranscriptTerms(db, guildId, id, t.TicketId, prepared.hashes);
  return id;
}

/**
 * Indexes a stored transcript's words again (what is there stays): the repair of a close cut short between storing
 * the transcript and its last index entries (server/tickets/scheduler.ts). False when it is not there.
 */
export async function reindexTranscript(db: Db, keyring: TranscriptKeyring, guildId: string, ticketId: number): Promise<boolean> {
  const row = await db
    .selectFrom("transcripts")
    .select(["id", "body_enc", "iv", "tag"])
    .where("guild_id", "=", guildId)
    .where("ticket_id", "=", ticketId)
    .executeTakeFirst();
  if (!row) return false;
  const { messages } = parseDocument(
    await keyring.openAsync({ ciphertext: row.body_enc, iv: row.iv, tag: row.tag }, transcriptAad(guildId, ticketId)),
  );
  const hashes = new Set<string>();
  for (const term of transcriptTerms(messages)) hashes.add(keyring.termHash(guildId, term));
  await indexTranscriptTerms(db, guildId, row.id, ticketId, [...hashes].sort(), true);
  return true;
}

export async function transcriptExists(db: Db, guildId: string, ticketId: number): Promise<boolean> {
  const row = await db
    .selectFrom("transcripts")
    .select("id")
    .where("guild_id", "=", guildId)
    .where("ticket_id", "=", ticketId)
    .executeTakeFirst();
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

/** The values of a list query (server/db/prepared.ts): each filter's value, present only when it is used. */
interface ListValues {
  guildId: string;
  ticketId?: number;
  /** `%part%` of the username filter. */
  usernamePattern?: string;
  panel?: string;
  /** The ids of the guild's panels named `panel`. */
  panelIds: number[];
  /** TranscriptsPanelPermission: the panels whose transcripts the caller may read (when `restricted`). */
  visiblePanelIds: number[];
  /** The first search word's keyed hash: its index entries drive the query (newest first). */
  firstTerm?: string;
  /** The other search words' hashes, each required. */
  otherTerms: string[];
  /** Keyset: tickets below this number (the next page), or above it (the previous page). */
  before?: number;
  after?: number;
}

/** Which filters a list query has (the values above are then present). */
type ListShape = {
  ticket: boolean;
  username: boolean;
  panel: boolean;
  /** The panel filter is 'Unknown'. */
  unknownPanel: boolean;
  /** Only the transcripts of some panels (TranscriptsPanelPermission). */
  restricted: boolean;
  /** Search words: the query starts from the word index. */
  words: boolean;
  cursor: "none" | "before" | "after";
  /** Ordered by rating (unrated last), then ticket number: pages by offset only. */
  byRating: false | "asc" | "desc";
};

/** The ticket number column the order and the cursors use: the word index's own copy when searching. */
const orderColumn = (s: ListShape) => (s.words ? "x.ticket_id" : "t.ticket_id");

/** The filters on a transcript's own columns (ticket, username, panel), on the transcripts table as `t`. */
function applyColumnFilters<Q extends ReturnType<typeof withPanels>>(query: Q, v: ListValues, s: ListShape, joinPanels: boolean): Q {
  let out = query;
  if (s.ticket) out = out.where("t.ticket_id", "=", v.ticketId!) as Q;
  if (s.restricted) out = out.where("t.panel_id", "in", v.visiblePanelIds) as Q;
  if (s.username) out = out.where(sql<boolean>`lower(t.author_username) like ${v.usernamePattern!} escape '\\'`) as Q;
  // The same rows as `livePanelName = panel`, in a form the (guild_id, panel_id, ticket_id) index can serve.
  if (s.panel) {
    out = out.where((eb) =>
      eb.or([
        // The guild's panel of that name, by its id.
        ...(v.panelIds.length > 0 ? [eb("t.panel_id", "in", v.panelIds)] : []),
        // No panel id was sent: the stored name is all we know.
        eb.and([eb("t.panel_id", "is", null), eb("t.panel_name", "=", v.panel!)]),
        // 'Unknown' is also a panel id that is no (longer a) panel of this guild (needs the panels join).
        ...(s.unknownPanel && joinPanels ? [eb.and([eb("t.panel_id", "is not", null), eb("p.id", "is", null)])] : []),
      ]),
    ) as Q;
  }
  return out;
}

/**
 * A word search reads the word index (guild, word hash, ticket number: newest first) and never the transcripts'
 * rows until the page's 25 are chosen: the other words are matched on ticket numbers of the same index (its entries
 * alone: PostgreSQL hashes one word's list against the other's), the column filters a set of ticket numbers of the
 * guild's transcripts. A count is then index entries only.
 */
function wordMatches(db: Db, v: ListValues, s: ListShape) {
  let out = db.selectFrom("transcript_terms as x").where("x.guild_id", "=", v.guildId).where("x.term_hash", "=", v.firstTerm!);
  for (const hash of v.otherTerms) {
    out = out.where((eb) =>
      eb.exists(
        eb
          .selectFrom("transcript_terms as y")
          .select("y.ticket_id")
          .where("y.guild_id", "=", v.guildId)
          .where("y.term_hash", "=", hash)
          .whereRef("y.ticket_id", "=", "x.ticket_id"),
      ),
    );
  }
  if (s.ticket || s.username || s.panel || s.restricted) {
    out = out.where("x.ticket_id", "in", (eb) =>
      applyColumnFilters(
        (s.unknownPanel
          ? withPanels(eb as unknown as Db, v.guildId)
          : (eb.selectFrom("transcripts as t").where("t.guild_id", "=", v.guildId) as unknown as ReturnType<
              typeof withPanels
            >)) as ReturnType<typeof withPanels>,
        v,
        s,
        s.unknownPanel,
      ).select("t.ticket_id"),
    );
  }
  return out;
}

/** Transcripts of the guild, filtered (through the word index when searching), with the panels for live names. */
function listSource(db: Db, v: ListValues, s: ListShape) {
  if (s.words) {
    return wordMatches(db, v, s)
      .innerJoin("transcripts as t", "t.id", "x.transcript_id")
      .leftJoin("panels as p", (join) =>
        join.onRef("p.id", "=", "t.panel_id").onRef("p.guild_id", "=", "t.guild_id"),
      ) as unknown as ReturnType<typeof withPanels>;
  }
  return applyColumnFilters(withPanels(db, v.guildId), v, s, true);
}

const isFiltered = (s: ListShape) => s.ticket || s.username || s.panel || s.words || s.restricted;

/** The list's total: unfiltered, kept by triggers (transcript_counts); filtered, a count of what the filters select. */
function countOf(db: Db, v: ListValues, s: ListShape) {
  if (!isFiltered(s)) return db.selectFrom("transcript_counts").select("n").where("guild_id", "=", v.guildId);
  if (s.words) return wordMatches(db, v, s).select((eb) => eb.fn.countAll<number>().as("n"));
  // Without the panels join (a left join on a key adds no rows) unless 'Unknown' needs it: a covering-index count.
  const from = s.unknownPanel
    ? withPanels(db, v.guildId)
    : (db.selectFrom("transcripts as t").where("t.guild_id", "=", v.guildId) as unknown as ReturnType<typeof withPanels>);
  return applyColumnFilters(from, v, s, s.unknownPanel).select((eb) => eb.fn.countAll<number>().as("n"));
}

// Alone: for an empty page (which carries no total).
const transcriptCountQuery = prepared((db, v: ListValues, s: ListShape) => countOf(db, v, s));

// The page with its total in each row (a subquery run once, in the same statement and snapshot: one round trip).
const transcriptPageQuery = prepared((db, v: ListValues & { limit: number; offset: number }, s: ListShape) => {
  let query = listSource(db, v, s)
    .select([
      "t.ticket_id",
      "t.author_id",
      "t.author_username",
      "t.close_reason",
      "t.panel_id",
      "t.rating",
      "t.closed_at",
      "t.rating_comment",
    ])
    .select(livePanelName.as("panel_name"))
    .select(() => countOf(db, v, s).as("total"));
  const column = orderColumn(s);
  if (s.byRating) {
    // Unrated last either way (a rating's absence is no low rating), then the newest first among equals.
    return query
      .orderBy(sql`case when t.rating is null then 1 else 0 end`)
      .orderBy("t.rating", s.byRating)
      .orderBy(sql.ref(column), "desc")
      .limit(v.limit)
      .offset(v.offset);
  }
  // Keyset pages read from where the last one ended (an index range), however deep; the page number only counts.
  if (s.cursor === "before") query = query.where(sql.ref(column), "<", v.before!);
  if (s.cursor === "after") query = query.where(sql.ref(column), ">", v.after!);
  return query
    .orderBy(sql.ref(column), s.cursor === "after" ? "asc" : "desc")
    .limit(v.limit)
    .offset(v.offset);
});

const panelIdsByNameQuery = prepared((db, v: { guildId: string; name: string }) =>
  db.selectFrom("panels").select("id").where("guild_id", "=", v.guildId).where("name", "=", v.name),
);

/**
 * Newest first (by ticket number), or by rating (`sort=rating&order`); filters: ticket id, username substring (any
 * case), panel name, words (all). A page is `page` (an offset), or, by ticket number, the one before/after a ticket
 * number (keyset: `before`, `after`).
 */
export async function listTranscripts(
  db: Db,
  keyring: TranscriptKeyring,
  guildId: string,
  q: TranscriptQuery,
  visiblePanels: "all" | number[] = "all",
): Promise<TranscriptPage> {
  const empty: TranscriptPage = { transcripts: [], total: 0, page: q.page, per_page: q.per_page };
  if (q.ticket_id !== undefined && q.ticket_id > MAX_INT32) return empty;
  if (visiblePanels !== "all" && visiblePanels.length === 0) return empty;

  const username = q.username?.trim();
  const panel = q.panel?.trim();
  // The ids of the guild's panels of that name, listed (a literal list lets the index serve the filter).
  const panelIds = panel ? (await panelIdsByNameQuery.execute(db, { guildId, name: panel }, undefined)).map((r) => r.id) : [];
  const [firstTerm, ...otherTerms] = queryTerms(q.q).map((term) => keyring.termHash(guildId, term));
  // A deep page of the whole list starts from its block of ticket numbers (server/db/deep-pages.ts).
  const byRating = q.sort === "rating" ? (q.order ?? "desc") : false;
  const whole = q.ticket_id === undefined && !username && !panel && firstTerm === undefined && visiblePanels === "all" && !byRating;
  // By rating, a page is its offset: the ticket-number cursors do not apply.
  const start = await pageStart(db, "transcripts", guildId, byRating ? { ...q, before: undefined, after: undefined } : q, whole);
  const cursor = start.before !== undefined ? "before" : q.after !== undefined && !byRating ? "after" : "none";
  const values: ListValues = {
    guildId,
    ticketId: q.ticket_id,
    usernamePattern: username ? likeContains(username) : undefined,
    panel: panel || undefined,
    panelIds,
    visiblePanelIds: visiblePanels === "all" ? [] : visiblePanels,
    firstTerm,
    otherTerms,
    before: start.before,
    after: q.after,
  };
  const shape: ListShape = {
    ticket: q.ticket_id !== undefined,
    username: Boolean(username),
    panel: Boolean(panel),
    unknownPanel: panel === UNKNOWN_PANEL,
    restricted: visiblePanels !== "all",
    words: firstTerm !== undefined,
    cursor,
    byRating,
  };
  const rows = await transcriptPageQuery.execute(db, { ...values, limit: q.per_page, offset: start.offset }, shape);
  const count =
    rows.length > 0
      ? { n: rows[0].total }
      : await transcriptCountQuery.executeTakeFirst(db, { ...values, before: undefined, after: undefined }, { ...shape, cursor: "none" });
  if (cursor === "after") rows.reverse();
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
      // The rating's comment only when the member left one (the §3 shape stays as it was otherwise).
      ...(r.rating_comment ? { RatingComment: r.rating_comment } : {}),
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
    /** The panel id the transcript was stored with (TranscriptsPanelPermission checks it). */
    panelId: number | null;
    authorUsername: string;
    panelName: string;
    closeReason: string | null;
    rating: number | null;
    closedAt: number;
  };
  messages: TranscriptMessage[];
}

/** The transcript of a ticket, decrypted; undefined when absent. Throws TranscriptDecryptError when tampered. */
export async function openTranscript(
  db: Db,
  keyring: TranscriptKeyring,
  guildId: string,
  ticketId: number,
): Promise<OpenedTranscript | undefined> {
  if (ticketId > MAX_INT32) return undefined;
  const row = await withPanels(db, guildId)
    .selectAll("t")
    .select(livePanelName.as("live_panel_name"))
    .where("t.ticket_id", "=", ticketId)
    .executeTakeFirst();
  if (!row) return undefined;
  const text = await keyring.openAsync(
    { ciphertext: row.body_enc, iv: row.iv, tag: row.tag },
    transcriptAad(guildId, Number(row.ticket_id)),
  );
  return {
    meta: {
      ticketId: Number(row.ticket_id),
      panelId: row.panel_id === null ? null : Number(row.panel_id),
      authorUsername: row.author_username,
      panelName: row.live_panel_name,
      closeReason: row.close_reason,
      rating: row.rating === null ? null : Number(row.rating),
      closedAt: Number(row.closed_at),
    },
    messages: parseDocument(text).messages,
  };
}
