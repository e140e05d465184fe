import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { Worker } from "node:worker_threads";
import BetterSqlite3 from "better-sqlite3";
import { Kysely, type Logger, Migrator, PostgresDialect, SqliteDialect, sql } from "kysely";
import pg, { type CustomTypesConfig } from "pg";
import type { Config } from "../config";
import { type DialectName, dialectHelpers } from "./dialect";
import { statementNameOf } from "./prepared";
import { StaticMigrationProvider } from "./migrations/index";
import type { Database, Db } from "./schema";

declare module "fastify" {
  interface FastifyInstance {
    db: Db;
    dbDialect: DialectName;
  }
}

export interface DatabaseHandle {
  db: Db;
  dialect: DialectName;
  /** SQLite: the connection itself (server/db/guild-changes.ts registers a function and triggers on it). */
  sqlite?: BetterSqlite3.Database;
  /** PostgreSQL: tells of each guild whose rows this pool wrote, once committed (server/db/guild-changes.ts). */
  onGuildWritten?(listener: (guildId: string) => void): void;
  /** Where the data lives (file path or a redacted URL), for logs. */
  location: string;
  destroy(): Promise<void>;
}

// PostgreSQL bigint (int8) and numeric counts come back as strings by default; every bigint we store is an
// epoch time or a count far below 2^53, so parse them to numbers for this pool only.
const pgTypes: CustomTypesConfig = {
  getTypeParser(oid, format) {
    if (oid === 20) return (v: string) => (v === null ? null : Number(v));
    return pg.types.getTypeParser(oid, format);
  },
};

const GUILD_CHANGED_NOTICE = /^ticketeer_guild_changed:(.+)$/;

/**
 * A pooled client's queries (those given as text, the way Kysely sends them):
 *   - the texts of prepared queries (server/db/prepared.ts) run as named statements. Should one fail as a named
 *     statement (its plan made stale by a schema change: "cached plan must not change result type"; or the statement
 *     gone), it runs again unnamed and this connection stops naming statements;
 *   - the guilds whose rows the connection wrote (the notices of migration 016's triggers) are reported once the
 *     write has committed (the connection is out of its transaction): this instance's next reads see them at once.
 */
function wrapClient(client: pg.PoolClient, onGuildsWritten: (guildIds: Iterable<string>) => void): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  let naming = true;
  const written = new Set<string>();
  client.on("notice", (notice) => {
    const match = GUILD_CHANGED_NOTICE.exec(notice.message ?? "");
    if (match) written.add(match[1]!);
  });
  const reportCommitted = () => {
    const status = client.getTransactionStatus();
    if (written.size === 0 || status === "T" || status === "E") return;
    onGuildsWritten([...written]);
    written.clear();
  };
  client.query = ((text: unknown, values?: unknown, callback?: unknown) => {
    if (typeof text !== "string" || callback !== undefined || typeof values === "function") return query(text, values, callback);
    const name = naming ? statementNameOf(text) : undefined;
    const run = name
      ? (query({ name, text, values }) as Promise<pg.QueryResult>).catch((error: { code?: string }) => {
          if (error?.code !== "0A000" && error?.code !== "26000") throw error;
          naming = false;
          return query(text, values);
        })
      : (query(text, values) as Promise<pg.QueryResult>);
    return run.finally(reportCommitted);
  }) as typeof client.query;
}

/** Opens the database of the configuration: PostgreSQL when DATABASE_URL is set, else SQLite in DATA_DIR. */
export function createDatabase(
  config: Pick<Config, "databaseUrl" | "databaseSchema" | "dataDir">,
  options: { log?: Logger } = {},
): DatabaseHandle {
  if (config.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: config.databaseUrl,
      max: 10,
      connectionTimeoutMillis: 5000,
      idleTimeoutMillis: 30_000,
      types: pgTypes,
      // Notices carry the guilds a write changed (wrapClient): whatever the database's default, they are sent.
      options: `-c client_min_messages=notice${config.databaseSchema ? ` -c search_path=${config.databaseSchema}` : ""}`,
    });
    // An idle client losing its connection must not crash the process; the next query reports it.
    pool.on("error", () => {});
    // Nor may a checked-out one (a transaction between two statements when the server goes away): pg emits
    // 'error' on the client, and with no listener that is an uncaught exception. Its queries still fail (→ 503)
    // and the pool drops the broken client when it is released.
    const guildWriteListeners = new Set<(guildId: string) => void>();
    pool.on("connect", (client) => {
      client.on("error", () => {});
      wrapClient(client, (guildIds) => {
        for (const guildId of guildIds) for (const listener of guildWriteListeners) listener(guildId);
      });
    });
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), log: options.log });
    return {
      db,
      dialect: "postgres",
      location: redactUrl(config.databaseUrl) + (config.databaseSchema ? ` (schema ${config.databaseSchema})` : ""),
      onGuildWritten: (listener) => guildWriteListeners.add(listener),
      destroy: () => db.destroy(),
    };
  }
  ensurePrivateDataDir(config.dataDir);
  const file = path.join(config.dataDir, "ticketeer.sqlite");
  // The database holds sessions, users and sealed secrets: readable by the server's own user only (SQLite gives
  // its -wal and -shm files the database file's mode).
  fs.closeSync(fs.openSync(file, "a", 0o600));
  fs.chmodSync(file, 0o600);
  const sqlite = new BetterSqlite3(file);
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("synchronous = NORMAL");
  sqlite.pragma("foreign_keys = ON");
  sqlite.pragma("busy_timeout = 5000");
  // Planner statistics (SQLite's advice for long-lived connections): at open, ANALYZE (sampled, quick) the
  // tables that never were or grew a lot; then every few hours. Without them a filter on a million-row log
  // can pick a full scan over an index (bench/large-data.ts).
  sqlite.pragma("optimize = 0x10002");
  const optimizer = setInterval(
    () => {
      try {
        sqlite.pragma("optimize");
      } catch {
        /* busy or closed: next time */
      }
    },
    3 * 60 * 60_000,
  );
  optimizer.unref();
  const checkpointer = startCheckpointer(sqlite, file);
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }), log: options.log });
  return {
    db,
    dialect: "sqlite",
    sqlite,
    location: file,
    destroy: async () => {
      clearInterval(optimizer);
      await checkpointer.stop();
      return db.destroy();
    },
  };
}

// The WAL's checkpoint (copying committed pages into the database file, then an fsync) runs by default inside
// the COMMIT that brings the log to 1000 pages: about one write in a hundred then blocks the event loop for
// 5–150 ms (measured here), stalling every request in flight. A worker thread with its own connection
// checkpoints every 250 ms instead (PASSIVE: it never waits for or blocks readers and the writer), so commits on
// the request path only append to the log. The log restarts from its beginning once the worker has copied all of
// it; under writes that never pause, the connection still checkpoints itself at CHECKPOINT_FALLBACK_PAGES (then
// copying only what the worker has not), which bounds the log. Should the worker fail, the default comes back.
const CHECKPOINT_EVERY_MS = 250;
const CHECKPOINT_FALLBACK_PAGES = 4000;

const checkpointWorkerSource = `
const { parentPort, workerData } = require("node:worker_threads");
const Database = require(workerData.driver);
const db = new Database(workerData.file);
const timer = setInterval(() => {
  try {
    db.pragma("wal_checkpoint(PASSIVE)");
  } catch {
    /* busy or closing: next time */
  }
}, workerData.everyMs);
parentPort.on("message", (message) => {
  if (message !== "stop") return;
  clearInterval(timer);
  db.close();
  parentPort.close();
});
`;

function startCheckpointer(sqlite: BetterSqlite3.Database, file: string): { stop(): Promise<void> } {
  let worker: Worker;
  try {
    worker = new Worker(checkpointWorkerSource, {
      eval: true,
      workerData: { driver: createRequire(import.meta.url).resolve("better-sqlite3"), file, everyMs: CHECKPOINT_EVERY_MS },
    });
  } catch {
    return { stop: async () => {} };
  }
  sqlite.pragma(`wal_autocheckpoint = ${CHECKPOINT_FALLBACK_PAGES}`);
  const exited = new Promise<void>((resolve) => worker.once("exit", () => resolve()));
  worker.once("error", () => {
    // Back to checkpointing on commit.
    try {
      sqlite.pragma("wal_autocheckpoint = 1000");
    } catch {
      /* closed */
    }
  });
  worker.unref();
  return {
    async stop() {
      worker.postMessage("stop");
      const timeout = setTimeout(() => void worker.terminate(), 2000);
      await exited;
      clearTimeout(timeout);
    },
  };
}

/**
 * Kysely's SQLite driver prepares every query anew; preparing costs about a third of a short query, so the
 * database handed to it keeps the most recent statements (keyed by SQL text). A statement still iterating
 * (a streamed query) is never handed out twice.
 */
function withStatementCache(sqlite: BetterSqlite3.Database, max = 500) {
  const cache = new Map<string, CachedStatement>();
  return {
    prepare(sqlText: string) {
      const cached = cache.get(sqlText);
      if (cached && !cached.busy) {
        cache.delete(sqlText);
        cache.set(sqlText, cached);
        return cached;
      }
      const statement = new CachedStatement(sqlite.prepare(sqlText));
      cache.set(sqlText, statement);
      if (cache.size > max) cache.delete(cache.keys().next().value!);
      return statement;
    },
    close() {
      cache.clear();
      sqlite.close();
    },
  };
}

/**
 * A statement as Kysely uses it. Rows of a query come from better-sqlite3 as arrays and are turned into objects
 * by a constructor made once per statement: the driver's own row objects cost a third more (measured: a 25-row
 * page of transcripts, 55 → 39 µs). The objects are the same (keys in column order; a repeated name keeps the
 * last value).
 */
class CachedStatement {
  readonly reader: boolean;
  private readonly makeRow?: (values: unknown[]) => unknown;

  constructor(private readonly statement: BetterSqlite3.Statement) {
    this.reader = statement.reader;
    if (statement.reader) {
      this.makeRow = rowConstructor(statement.columns().map((c) => c.name));
      if (this.makeRow) statement.raw(true);
    }
  }

  get busy(): boolean {
    return this.statement.busy;
  }

  all(parameters: ReadonlyArray<unknown>): unknown[] {
    const rows = this.statement.all(parameters) as unknown[];
    const makeRow = this.makeRow;
    if (!makeRow) return rows;
    for (let i = 0; i < rows.length; i++) rows[i] = makeRow(rows[i] as unknown[]);
    return rows;
  }

  run(parameters: ReadonlyArray<unknown>) {
    return this.statement.run(parameters);
  }

  *iterate(parameters: ReadonlyArray<unknown>): IterableIterator<unknown> {
    const makeRow = this.makeRow;
    for (const row of this.statement.iterate(parameters)) yield makeRow ? makeRow(row as unknown[]) : row;
  }
}

/** `(values) => ({ name0: values[0], ... })`, or undefined for names an object literal would treat specially. */
function rowConstructor(names: string[]): ((values: unknown[]) => unknown) | undefined {
  if (names.includes("__proto__")) return undefined;
  const fields = names.map((name, i) => `${JSON.stringify(name)}: values[${i}]`).join(", ");
  return new Function("values", `"use strict"; return { ${fields} };`) as (values: unknown[]) => unknown;
}

/** DATA_DIR, created readable by the server's own user only (0700) when it does not exist yet. */
export function ensurePrivateDataDir(dataDir: string): void {
  if (!fs.existsSync(dataDir)) fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
}

/** Applies every pending migration (up to `upTo` and including it, when named); throws with the failing migration's name. */
export async function migrateToLatest(handle: Pick<DatabaseHandle, "db" | "dialect">, upTo?: string): Promise<string[]> {
  let migrationTableSchema: string | undefined;
  if (handle.dialect === "postgres") {
    // Kysely looks for its migration tables in every schema unless told which one: name the current schema,
    // so databases holding other schemas (other apps, parallel test schemas) are not confused with ours.
    const { rows } = await sql<{ schema: string | null }>`select current_schema() as schema`.execute(handle.db);
    migrationTableSchema = rows[0]?.schema ?? undefined;
    if (!migrationTableSchema) throw new Error("PostgreSQL: no current schema (check DATABASE_SCHEMA / search_path)");
  }
  const migrator = new Migrator({
    db: handle.db,
    provider: new StaticMigrationProvider(dialectHelpers(handle.dialect)),
    migrationTableSchema,
  });
  const { error, results } = upTo === undefined ? await migrator.migrateToLatest() : await migrator.migrateTo(upTo);
  const failed = results?.find((r) => r.status === "Error");
  if (error || failed) {
    const reason = error instanceof Error ? error.message : String(error ?? "unknown error");
    throw new Error(`Migration ${failed?.migrationName ?? ""} failed: ${reason}`);
  }
  return (results ?? []).filter((r) => r.status === "Success").map((r) => r.migrationName);
}

/** True when the database answers a trivial query within `timeoutMs`. */
export async function pingDatabase(db: Db, timeoutMs = 2000): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      sql`select 1`.execute(db),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error("timeout")), timeoutMs);
      }),
    ]);
    return true;
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

function redactUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = "***";
    return u.toString();
  } catch {
    return "postgres";
  }
}
