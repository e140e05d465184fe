import type { FastifyInstance } from "fastify";
import { type Selectable, type SelectQueryBuilder, sql } from "kysely";
import { type ActivityEntry, type ActivityQuery, type ActivityResponse, activityChangesInlineMax } from "../../src/schemas/activity";
import { fromDbJson } from "../db/dialect";
import { pageStart } from "../db/deep-pages";
import { prepared } from "../db/prepared";
import type { Database, Db } from "../db/schema";
import { notFound } from "../errors";

// Reading the activity log, newest first: pages, one entry, the action names, the CSV.
// Filters: user (id, or a case-insensitive substring of the username), action (exact), from/to (epoch seconds,
// inclusive). `visible`: "all", or the panels whose entries the caller may read (TranscriptsPanelPermission; entries
// about no ticket stay visible).

const CSV_MAX_ROWS = 100_000;
/** Rows read per query while the CSV streams out: memory stays flat however long the log is. */
const CSV_BATCH_ROWS = 1000;

type ActivityRow = Selectable<Database["activity"]>;

/** `%part%` for LIKE (lower-cased, wildcards escaped; used with `escape '\\'`). */
const containsPattern = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
/** Beyond this many matching user ids, the filter asks the database instead of listing them. */
const MAX_LISTED_USER_IDS = 500;

/**
 * The user filter's candidates: the typed text as an id, plus every user id that ever had a username containing it
 * (activity_users, kept by triggers: one row per user and name, small). Listing them lets the rows come through the
 * (guild_id, user_id) index instead of a scan of the whole log. Undefined when there are too many to list.
 */
async function userFilterIds(db: Db, guildId: string, q: ActivityQuery): Promise<string[] | undefined> {
  const user = q.user?.trim();
  if (!user) return undefined;
  const rows = await db
    .selectFrom("activity_users")
    .select("user_id")
    .distinct()
    .where("guild_id", "=", guildId)
    .where(sql<boolean>`username like ${containsPattern(user)} escape '\\'`)
    .limit(MAX_LISTED_USER_IDS + 1)
    .execute();
  if (rows.length > MAX_LISTED_USER_IDS) return undefined;
  return [...new Set([user, ...rows.map((r) => r.user_id)])];
}

/** An entry with its whole Before/After (the detail route), or with them left out when big (`inline`: the list). */
function toEntry(row: ActivityRow, inline = false): ActivityEntry {
  const entry: ActivityEntry = {
    ActivityId: row.id,
    Action: row.action,
    Timestamp: row.timestamp,
    UserId: row.user_id,
    Avatar: row.avatar,
    Username: row.username,
    IpAddress: row.ip,
  };
  if (inline && (row.before_json?.length ?? 0) + (row.after_json?.length ?? 0) > activityChangesInlineMax) {
    entry.ChangesOmitted = true;
    return entry;
  }
  if (row.before_json !== null) entry.Before = fromDbJson(row.before_json, null);
  if (row.after_json !== null) entry.After = fromDbJson(row.after_json, null);
  return entry;
}

/** One CSV cell: formula-like text is neutralised with a leading quote, then RFC 4180 quoting. */
export function csvCell(value: unknown): string {
  let text = value === null || value === undefined ? "" : typeof value === "string" ? value : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The values of the list's queries (server/db/prepared.ts); a filter's value is present only when it is used. */
interface ActivityListValues {
  guildId: string;
  /** TranscriptsPanelPermission: the panels whose entries the caller may read (when `restricted`). */
  visiblePanelIds: number[];
  user?: string;
  userPattern?: string;
  userIds: string[];
  action?: string;
  from?: number;
  to?: number;
}

/** `restricted`: staff limited to their panels' entries (entries about no ticket stay visible). */
type ActivityListShape = { user: boolean; userIds: boolean; action: boolean; from: boolean; to: boolean; restricted: boolean };

/** The filters' values and shape of a query string (`userIds`: from userFilterIds; `visible`: panelsVisibleTo). */
function listFilters(
  guildId: string,
  q: ActivityQuery,
  userIds: string[] | undefined,
  visible: "all" | number[],
): { values: ActivityListValues; shape: ActivityListShape } {
  const user = q.user?.trim() || undefined;
  const action = q.action?.trim() || undefined;
  return {
    values: {
      guildId,
      visiblePanelIds: visible === "all" ? [] : visible,
      user,
      userPattern: user ? containsPattern(user) : undefined,
      userIds: userIds ?? [],
      action,
      from: q.from,
      to: q.to,
    },
    shape: {
      user: Boolean(user),
      userIds: Boolean(user) && userIds !== undefined,
      action: Boolean(action),
      from: q.from !== undefined,
      to: q.to !== undefined,
      restricted: visible !== "all",
    },
  };
}

/** Entries a caller limited to some panels may read: those about no ticket, and those about a ticket of those panels. */
function visibleEntries<O>(query: SelectQueryBuilder<Database, "activity", O>, visiblePanelIds: number[]) {
  return query.where((eb) =>
    visiblePanelIds.length
      ? eb.or([eb("activity.scope_panel_id", "is", null), eb("activity.scope_panel_id", "in", visiblePanelIds)])
      : eb("activity.scope_panel_id", "is", null),
  );
}

/** Filters: user (listed ids when given, then id or username substring), action, from/to. Works on placeholders too. */
function applyListFilters<O>(query: SelectQueryBuilder<Database, "activity", O>, v: ActivityListValues, s: ActivityListShape) {
  let out = query.where("guild_id", "=", v.guildId);
  if (s.restricted) out = visibleEntries(out, v.visiblePanelIds);
  if (s.user) {
    if (s.userIds) out = out.where("activity.user_id", "in", v.userIds);
    out = out.where((eb) =>
      eb.or([eb("activity.user_id", "=", v.user!), sql<boolean>`lower(activity.username) like ${v.userPattern!} escape '\\'`]),
    );
  }
  if (s.action) out = out.where("action", "=", v.action!);
  if (s.from) out = out.where("timestamp", ">=", v.from!);
  if (s.to) out = out.where("timestamp", "<=", v.to!);
  return out;
}

/** The list's total: unfiltered, kept by triggers (activity_counts: no COUNT over the whole log); filtered, a count. */
const countOf = (db: Db, v: ActivityListValues, s: ActivityListShape) =>
  s.user || s.action || s.from || s.to || s.restricted
    ? applyListFilters(db.selectFrom("activity"), v, s).select((eb) => eb.fn.countAll<number>().as("n"))
    : db.selectFrom("activity_counts").select("n").where("guild_id", "=", v.guildId);

// Alone: for an empty page (which carries no total).
const activityCountQuery = prepared((db, v: ActivityListValues, s: ActivityListShape) => countOf(db, v, s));

// The page's ids first (skipping `offset` entries of an index, not of the table), then those rows, each with the
// total (a subquery run once, in the same statement: one round trip). A keyset page (`before`/`after` an id) starts
// where the last one ended: an index range, however deep.
const activityPageQuery = prepared(
  (
    db,
    v: ActivityListValues & { limit: number; offset: number; before?: number; after?: number },
    s: ActivityListShape & { cursor: "none" | "before" | "after" },
  ) =>
    db
      .selectFrom("activity")
      .selectAll()
      .select(() => countOf(db, v, s).as("total"))
      .where("id", "in", (eb) => {
        let ids = applyListFilters(eb.selectFrom("activity"), v, s).select("activity.id");
        if (s.cursor === "before") ids = ids.where("activity.id", "<", v.before!);
        if (s.cursor === "after") ids = ids.where("activity.id", ">", v.after!);
        return ids
          .orderBy("activity.id", s.cursor === "after" ? "asc" : "desc")
          .limit(v.limit)
          .offset(v.offset);
      })
      .orderBy("id", "desc"),
);

/** What the caller may read: every entry, or those about no ticket and about tickets of these panels. */
export type VisiblePanels = "all" | number[];

export class ActivityLog {
  constructor(private readonly db: Db) {}

  async page(guildId: string, q: ActivityQuery, visible: VisiblePanels): Promise<ActivityResponse> {
    const db = this.db;
    const { values, shape } = listFilters(guildId, q, await userFilterIds(db, guildId, q), visible);
    // A deep page of the whole log starts from its block of ids (server/db/deep-pages.ts).
    const start = await pageStart(
      db,
      "activity",
      guildId,
      q,
      !shape.user && !shape.action && !shape.from && !shape.to && !shape.restricted,
    );
    const rows = await activityPageQuery.execute(
      db,
      { ...values, limit: q.per_page, offset: start.offset, before: start.before, after: q.after },
      { ...shape, cursor: start.before !== undefined ? "before" : q.after !== undefined ? "after" : "none" },
    );
    const count = rows.length > 0 ? { n: rows[0].total } : await activityCountQuery.executeTakeFirst(db, values, shape);
    return { activity: rows.map((r) => toEntry(r, true)), total: Number(count?.n ?? 0), page: q.page, per_page: q.per_page };
  }

  /** The guild's action names, for the filter. activity_actions is kept by triggers: a DISTINCT over the whole log otherwise. */
  async actions(guildId: string): Promise<string[]> {
    const rows = await this.db.selectFrom("activity_actions").select("action").where("guild_id", "=", guildId).execute();
    return rows.map((r) => r.action).sort((a, b) => a.localeCompare(b));
  }

  /** One entry with its whole Before and After; 404 when the guild has none of that id the caller may read. */
  async entry(guildId: string, id: number, visible: VisiblePanels): Promise<ActivityEntry> {
    let query = this.db.selectFrom("activity").selectAll().where("guild_id", "=", guildId).where("id", "=", id);
    if (visible !== "all") query = visibleEntries(query, visible);
    const row = await query.executeTakeFirst();
    if (!row) throw notFound("Activity entry not found");
    return toEntry(row as ActivityRow);
  }

  /** The CSV, line by line in batches, newest first (keyset on the id): the file is never held in memory. */
  async csv(guildId: string, q: ActivityQuery, visible: VisiblePanels): Promise<AsyncGenerator<string>> {
    const db = this.db;
    // The filters before the first line: a failure is still an answer of its own, not a cut file.
    const { values, shape } = listFilters(guildId, q, await userFilterIds(db, guildId, q), visible);
    return csvLines(db, values, shape);
  }
}

/** The CSV's lines in batches, newest first (keyset on the id). */
async function* csvLines(db: Db, values: ActivityListValues, shape: ActivityListShape): AsyncGenerator<string> {
  const header = ["ActivityId", "Action", "Timestamp", "Time", "UserId", "Username", "IpAddress", "Before", "After"];
  yield `\ufeff${header.join(",")}\r\n`;
  let sent = 0;
  let below: number | undefined;
  while (sent < CSV_MAX_ROWS) {
    let query = applyListFilters(db.selectFrom("activity"), values, shape).selectAll();
    if (below !== undefined) query = query.where("activity.id", "<", below);
    const rows = (await query
      .orderBy("id", "desc")
      .limit(Math.min(CSV_BATCH_ROWS, CSV_MAX_ROWS - sent))
      .execute()) as ActivityRow[];
    if (rows.length === 0) return;
    let chunk = "";
    for (const r of rows) {
      chunk += `${[
        r.id,
        r.action,
        r.timestamp,
        new Date(r.timestamp * 1000).toISOString(),
        r.user_id,
        r.username,
        r.ip,
        r.before_json ?? "",
        r.after_json ?? "",
      ]
        .map(csvCell)
        .join(",")}\r\n`;
    }
    yield chunk;
    sent += rows.length;
    below = rows[rows.length - 1].id;
  }
}

declare module "fastify" {
  interface FastifyInstance {
    activity: ActivityLog;
  }
}

export function registerActivityLog(app: FastifyInstance): void {
  app.decorate("activity", new ActivityLog(app.db));
}
