import type BetterSqlite3 from "better-sqlite3";
import { sql } from "kysely";
import type { DatabaseHandle } from "./client";
import { type ChannelListener, followSchemaChannel } from "./pg-listen";
import type { Db } from "./schema";

declare module "fastify" {
  interface FastifyInstance {
    /** Which guilds' data changed. */
    guildGenerations: GuildGenerations;
  }
}

// Which guilds' data changed: a generation per guild, moved on by every write to a table with a guild_id column,
// whoever makes it. What the response cache (server/http/support/response-cache.ts) keeps is valid while its guild's
// generation has not moved.
//
//   - SQLite: the server's connection reports each row it writes (temporary triggers calling a function of this
//     process), at the moment of the write: a transaction holds the one connection until it commits, so a read that
//     sees the new generation also sees the committed rows. Writes by other processes (scripts/seed-large.ts, the
//     sqlite3 shell) move PRAGMA data_version, checked on each use: then every generation moves.
//   - PostgreSQL: triggers on those tables notify every instance of the guilds each statement changed, on commit
//     (migration 016; attached at start, the spec'd resources' tables included), and tell the writing connection at
//     once (a notice): its instance moves the generations as soon as the transaction has committed, before the code
//     that wrote goes on (server/db/client.ts), so whoever wrote through this instance reads it back. While the
//     LISTEN connection is down, nothing counts as unchanged.
//   - A database handed in without the means to watch it (tests' injected handles): nothing counts as unchanged.

const MAX_GUILDS = 100_000;

export class GuildGenerations {
  private readonly generations = new Map<string, number>();
  private epoch = 0;
  private enabled: boolean;
  private externalVersion?: () => unknown;
  private lastExternal: unknown;
  /** PostgreSQL: other instances' changes arrive as notifications (see `settle`). */
  notified = false;

  constructor(options: { enabled?: boolean } = {}) {
    this.enabled = options.enabled ?? false;
  }

  /**
   * Lets the notifications that have already arrived be applied first (PostgreSQL: the LISTEN connection's data waits
   * in the same turn of the event loop as the request): a write another instance has answered is as good as seen.
   */
  async settle(): Promise<void> {
    if (this.notified) await new Promise((resolve) => setImmediate(resolve));
  }

  /** The guild's current generation, or undefined while changes may go unseen (nothing may be served from memory). */
  token(guildId: string): string | undefined {
    if (!this.enabled) return undefined;
    if (this.externalVersion) {
      const version = this.externalVersion();
      if (version !== this.lastExternal) {
        this.lastExternal = version;
        this.reset();
      }
    }
    return `${this.epoch}.${this.generations.get(guildId) ?? 0}`;
  }

  bump(guildId: string): void {
    if (this.generations.size >= MAX_GUILDS && !this.generations.has(guildId)) this.reset();
    this.generations.set(guildId, (this.generations.get(guildId) ?? 0) + 1);
  }

  /** Every guild changed (and, with `enabled`, whether generations may be trusted from now on). */
  reset(enabled = this.enabled): void {
    this.epoch++;
    this.generations.clear();
    this.enabled = enabled;
  }

  /** The notifications of migration 016's triggers: `g:<guild id>`. */
  readonly changed = { g: (guildId: string) => this.bump(guildId) };

  /** SQLite: a value that moves when another connection commits (checked on each `token`). */
  watchExternalVersion(read: () => unknown): void {
    this.externalVersion = read;
    this.lastExternal = read();
  }
}

const PG_TRIGGER_LOCK = 774_201_003;

/** Tables written only alongside another guild table (by its triggers): their writes tell nothing new. */
export const DERIVED_TABLES = new Set([
  "ticket_rollups",
  "activity_counts",
  "activity_users",
  "activity_actions",
  "activity_blocks",
  "transcript_counts",
  "transcript_blocks",
]);

/** Tables of the current schema with a guild_id column (but the derived ones). */
export async function guildTables(db: Db, dialect: DatabaseHandle["dialect"]): Promise<string[]> {
  const { rows } =
    dialect === "postgres"
      ? await sql<{ name: string }>`
          select c.table_name as name from information_schema.columns c
          join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name and t.table_type = 'BASE TABLE'
          where c.table_schema = current_schema() and c.column_name = 'guild_id' order by 1`.execute(db)
      : await sql<{ name: string }>`
          select m.name from sqlite_master m join pragma_table_info(m.name) p
          where m.type = 'table' and p.name = 'guild_id' order by 1`.execute(db);
  return rows.map((r) => r.name).filter((name) => !DERIVED_TABLES.has(name));
}

/** The triggers each table gets: [name suffix, event, transition tables, function]. */
const pgTriggers = [
  ["ins", "insert", "new table as changed", "ticketeer_guild_rows_changed"],
  ["upd", "update", "old table as changed_before new table as changed", "ticketeer_guild_rows_updated"],
  ["del", "delete", "old table as changed", "ticketeer_guild_rows_changed"],
] as const;

/** PostgreSQL: migration 016's functions attached to every guild table that lacks them (instances take turns). */
export async function attachPgGuildTriggers(db: Db): Promise<string[]> {
  return db.transaction().execute(async (tx) => {
    await sql`select pg_advisory_xact_lock(${PG_TRIGGER_LOCK})`.execute(tx);
    const { rows } = await sql<{ tgname: string; relname: string }>`
      select t.tgname, c.relname from pg_trigger t join pg_class c on c.oid = t.tgrelid join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = current_schema() and t.tgname like 'ticketeer_guild_%'`.execute(tx);
    const existing = new Set(rows.map((r) => `${r.relname}.${r.tgname}`));
    // A table found to be derived since its triggers were attached keeps none.
    for (const r of rows.filter((row) => DERIVED_TABLES.has(row.relname))) {
      await sql`drop trigger ${sql.id(r.tgname)} on ${sql.id(r.relname)}`.execute(tx);
    }
    const added: string[] = [];
    for (const table of await guildTables(tx, "postgres")) {
      for (const [suffix, event, transition, fn] of pgTriggers) {
        const name = `ticketeer_guild_${suffix}`;
        if (existing.has(`${table}.${name}`)) continue;
        await sql`create trigger ${sql.id(name)} after ${sql.raw(event)} on ${sql.id(table)} referencing ${sql.raw(transition)} for each statement execute function ${sql.raw(fn)}()`.execute(
          tx,
        );
        added.push(`${table}.${name}`);
      }
    }
    return added;
  });
}

/** SQLite: the connection reports every row it writes to a guild table (temporary triggers, this connection only). */
async function attachSqliteGuildTriggers(db: Db, raw: BetterSqlite3.Database, generations: GuildGenerations): Promise<void> {
  raw.function("ticketeer_guild_changed", { deterministic: false }, (guildId: unknown) => {
    if (typeof guildId === "string") generations.bump(guildId);
    return null;
  });
  for (const table of await guildTables(db, "sqlite")) {
    const on = `main.${JSON.stringify(table)}`;
    raw.exec(`
      create temp trigger if not exists "ticketeer_guild_ins_${table}" after insert on ${on} begin select ticketeer_guild_changed(new.guild_id); end;
      create temp trigger if not exists "ticketeer_guild_upd_${table}" after update on ${on} begin select ticketeer_guild_changed(old.guild_id), ticketeer_guild_changed(new.guild_id); end;
      create temp trigger if not exists "ticketeer_guild_del_${table}" after delete on ${on} begin select ticketeer_guild_changed(old.guild_id); end;`);
  }
  const dataVersion = raw.prepare("pragma data_version").pluck();
  generations.watchExternalVersion(() => dataVersion.get());
}

/**
 * Starts watching the database's guild changes (after the migrations and the resources' tables). Returns what to
 * close with the app; without the means to watch (a handle without its SQLite connection, no URL to listen with),
 * the generations stay untrusted.
 */
export async function watchGuildChanges(
  handle: DatabaseHandle,
  connectionString: string | undefined,
  generations: GuildGenerations,
): Promise<ChannelListener | undefined> {
  if (handle.dialect === "sqlite") {
    if (!handle.sqlite) return undefined;
    await attachSqliteGuildTriggers(handle.db, handle.sqlite, generations);
    generations.reset(true);
    return undefined;
  }
  if (!connectionString || !handle.onGuildWritten) return undefined;
  await attachPgGuildTriggers(handle.db);
  handle.onGuildWritten((guildId) => generations.bump(guildId));
  generations.notified = true;
  return followSchemaChannel(handle.db, connectionString, "ticketeer_guilds_", generations);
}
