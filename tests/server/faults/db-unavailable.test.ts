import { randomBytes } from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import BetterSqlite3 from "better-sqlite3";
import { Kysely, SqliteDialect } from "kysely";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../../server/app";
import { loadConfig } from "../../../server/config";
import type { DatabaseHandle } from "../../../server/db/client";
import type { Database } from "../../../server/db/schema";
import { runSeeds } from "../../../server/seed";
import { bearer, DEMO_ADMIN_ID, DEMO_COMMUNITY_ID, signIn, testDatabaseUrl } from "../helpers";

// The database unavailable: the API answers 503 {error} with a clear message (never a 500, never a hang), and
// recovers by itself once the database is back, without a restart.
//   PostgreSQL: the app reaches the database through a TCP proxy this test controls; the proxy is cut (every
//     connection closed, new ones refused) and restored; and, separately, the app's backends are terminated.
//   SQLite (an embedded file cannot "go away"): a real lock held by another connection (writes time out with
//     SQLITE_BUSY), and an injected database handle whose every statement fails with SQLITE_IOERR.

const g = DEMO_COMMUNITY_ID;
const UNAVAILABLE = "Database unavailable. Please try again later.";
const noDist = path.join(os.tmpdir(), "ticketeer-no-dist");

/** Retries `fn` until it returns true (at most `ms`). */
async function eventually(fn: () => Promise<boolean>, ms = 15_000) {
  const deadline = Date.now() + ms;
  while (!(await fn())) {
    if (Date.now() > deadline) throw new Error("did not recover in time");
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** A TCP proxy to PostgreSQL that can be cut (all connections closed, new ones refused) and restored. */
class CuttableProxy {
  private server?: net.Server;
  private sockets = new Set<net.Socket>();
  private upstreams = new Set<net.Socket>();
  port = 0;
  constructor(private readonly target: { host: string; port: number }) {}

  async start(): Promise<void> {
    this.server = net.createServer((client) => {
      const upstream = net.connect(this.target);
      this.sockets.add(client).add(upstream);
      this.upstreams.add(upstream);
      const drop = () => {
        client.destroy();
        upstream.destroy();
        this.sockets.delete(client);
        this.sockets.delete(upstream);
        this.upstreams.delete(upstream);
      };
      client.on("error", drop).on("close", drop);
      upstream.on("error", drop).on("close", drop);
      client.pipe(upstream).pipe(client);
    });
    await new Promise<void>((resolve, reject) => {
      this.server!.once("error", reject);
      this.server!.listen(this.port, "127.0.0.1", () => resolve());
    });
    this.port = (this.server.address() as net.AddressInfo).port;
  }

  /** The local ports of the proxy's connections to PostgreSQL: the app's backends show them as their client_port. */
  upstreamPorts(): number[] {
    return [...this.upstreams].map((s) => s.localPort).filter((p): p is number => p !== undefined);
  }

  async cut(): Promise<void> {
    const closed = new Promise<void>((resolve) => this.server!.close(() => resolve()));
    for (const s of this.sockets) s.destroy();
    this.sockets.clear();
    await closed;
  }
}

describe.skipIf(!testDatabaseUrl)("PostgreSQL unreachable: TCP proxy cut, backends terminated (runs only with TEST_DATABASE_URL)", () => {
  const schema = `u_${randomBytes(6).toString("hex")}`;
  let dataDir = "";
  const target = new URL(testDatabaseUrl ?? "postgres://localhost:5432/x");
  const proxy = new CuttableProxy({ host: target.hostname, port: Number(target.port || 5432) });
  let app: Awaited<ReturnType<typeof buildApp>>;
  let token: string;
  const admin = () => new pg.Client({ connectionString: testDatabaseUrl });

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "ticketeer-unavail-"));
    const c = admin();
    await c.connect();
    await c.query(`create schema ${schema}`);
    await c.end();
    await proxy.start();
    const viaProxy = new URL(testDatabaseUrl!);
    viaProxy.hostname = "127.0.0.1";
    viaProxy.port = String(proxy.port);
    const config = loadConfig({
      NODE_ENV: "test",
      LOG_LEVEL: "silent",
      AUTH_RATE_LIMIT: "0",
      DATA_DIR: dataDir,
      DATABASE_URL: viaProxy.toString(),
      DATABASE_SCHEMA: schema,
    });
    app = await buildApp({ config, distDir: noDist });
    await runSeeds(app.db);
    token = await signIn(app, DEMO_ADMIN_ID);
  });

  afterAll(async () => {
    await app?.close();
    await proxy.cut().catch(() => {});
    const c = admin();
    await c.connect();
    await c.query(`drop schema if exists ${schema} cascade`);
    await c.end();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("answers 503 {error} while the database is unreachable and recovers by itself", { timeout: 60_000 }, async () => {
    expect((await app.inject({ url: `/api/${g}/tags`, headers: bearer(token) })).statusCode).toBe(200);

    await proxy.cut();
    for (const request of [
      { method: "GET" as const, url: `/api/${g}/tags` },
      { method: "GET" as const, url: `/api/${g}/activity?page=1&per_page=50` },
      { method: "GET" as const, url: "/api/guilds" },
      { method: "POST" as const, url: `/api/${g}/tags`, payload: { TagName: "during-outage", Content: "x" } },
    ]) {
      const r = await app.inject({ ...request, headers: bearer(token) });
      expect(r.statusCode, `${request.method} ${request.url}`).toBe(503);
      expect(r.json()).toEqual({ error: UNAVAILABLE });
    }
    const health = await app.inject({ url: "/api/health" });
    expect(health.statusCode).toBe(503);
    // The ping endpoint needs no database and keeps answering.
    expect((await app.inject({ url: "/api/ping" })).statusCode).toBe(200);

    await proxy.start(); // the database is back, on the same address
    await eventually(async () => (await app.inject({ url: `/api/${g}/tags`, headers: bearer(token) })).statusCode === 200);
    const write = await app.inject({
      method: "POST",
      url: `/api/${g}/tags`,
      headers: bearer(token),
      payload: { TagName: "after-outage", Content: "x" },
    });
    expect(write.statusCode).toBe(201);
    const tags = (await app.inject({ url: `/api/${g}/tags`, headers: bearer(token) })).json() as { tags: { TagName: string }[] };
    expect(tags.tags.map((t) => t.TagName)).toContain("after-outage");
    expect(tags.tags.map((t) => t.TagName)).not.toContain("during-outage");
    expect((await app.inject({ url: "/api/health" })).statusCode).toBe(200);
  });

  it("survives its connections being terminated by the server (failover, restart): never a 500", { timeout: 60_000 }, async () => {
    // Fill the pool with connections, then have PostgreSQL terminate all of them.
    await Promise.all(
      Array.from({ length: 10 }, () => app.inject({ url: `/api/${g}/activity?page=1&per_page=50`, headers: bearer(token) })),
    );
    const c = admin();
    await c.connect();
    try {
      const inFlight = Array.from({ length: 10 }, () => app.inject({ url: `/api/${g}/tags`, headers: bearer(token) }));
      // The app's backends only: other API test files use the same database at the same time.
      const { rows } = await c.query(
        "select count(pg_terminate_backend(pid))::int as n from pg_stat_activity where datname = current_database() and client_port = any($1::int[])",
        [proxy.upstreamPorts()],
      );
      expect(rows[0].n).toBeGreaterThan(0);
      for (const r of await Promise.all(inFlight)) {
        expect([200, 503]).toContain(r.statusCode);
        if (r.statusCode === 503) expect(r.json()).toEqual({ error: UNAVAILABLE });
      }
    } finally {
      await c.end();
    }
    await eventually(async () => (await app.inject({ url: `/api/${g}/tags`, headers: bearer(token) })).statusCode === 200);
    const after = await Promise.all(Array.from({ length: 20 }, () => app.inject({ url: `/api/${g}/tags`, headers: bearer(token) })));
    expect(after.map((r) => r.statusCode)).toEqual(after.map(() => 200));
  });
});

describe.skipIf(!!testDatabaseUrl)(
  "SQLite unavailable: a lock held elsewhere, an injected failing handle (runs on the SQLite pass)",
  () => {
    let dataDir = "";
    let app: Awaited<ReturnType<typeof buildApp>>;
    let handle: DatabaseHandle;
    let token: string;
    /** While true, every statement of the app's database fails like a failing disk. */
    let failing = false;

    beforeAll(async () => {
      dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "ticketeer-unavail-"));
      const file = path.join(dataDir, "ticketeer.sqlite");
      const config = loadConfig({ NODE_ENV: "test", LOG_LEVEL: "silent", AUTH_RATE_LIMIT: "0", DATA_DIR: dataDir });
      const sqlite = new BetterSqlite3(file);
      sqlite.pragma("journal_mode = WAL");
      sqlite.pragma("foreign_keys = ON");
      sqlite.pragma("busy_timeout = 1000");
      const ioError = () => Object.assign(new Error("disk I/O error"), { code: "SQLITE_IOERR_READ" });
      // The same database, behind a switch that makes every statement fail (what a lost disk looks like).
      const injected = {
        prepare(sqlText: string) {
          if (failing) throw ioError();
          return sqlite.prepare(sqlText);
        },
        close: () => sqlite.close(),
      };
      const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: injected as never }) });
      handle = { db, dialect: "sqlite", location: file, destroy: () => db.destroy() };
      app = await buildApp({ config, db: handle, distDir: noDist });
      await runSeeds(app.db);
      token = await signIn(app, DEMO_ADMIN_ID);
    });

    afterAll(async () => {
      await app?.close();
      await handle?.destroy();
      if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
    });

    it("answers 503 to writes while another process holds the write lock, and takes writes again after", { timeout: 30_000 }, async () => {
      const other = new BetterSqlite3(path.join(dataDir, "ticketeer.sqlite"));
      try {
        other.exec("begin exclusive");
        const r = await app.inject({
          method: "POST",
          url: `/api/${g}/tags`,
          headers: bearer(token),
          payload: { TagName: "locked-out", Content: "x" },
        });
        expect(r.statusCode).toBe(503);
        expect(r.json()).toEqual({ error: UNAVAILABLE });
        // Readers are not blocked (WAL).
        expect((await app.inject({ url: `/api/${g}/tags`, headers: bearer(token) })).statusCode).toBe(200);
        other.exec("rollback");
      } finally {
        other.close();
      }
      const again = await app.inject({
        method: "POST",
        url: `/api/${g}/tags`,
        headers: bearer(token),
        payload: { TagName: "unlocked", Content: "x" },
      });
      expect(again.statusCode).toBe(201);
      const names = (
        (await app.inject({ url: `/api/${g}/tags`, headers: bearer(token) })).json() as { tags: { TagName: string }[] }
      ).tags.map((t) => t.TagName);
      expect(names).toContain("unlocked");
      expect(names).not.toContain("locked-out");
    });

    it("answers 503 {error} while every statement fails (I/O error) and recovers when it stops", async () => {
      // A session this process has not seen yet: looking it up needs the database. (A session in the session cache,
      // server/auth/session-cache.ts, goes on answering what needs nothing else from the database, e.g. /guilds.)
      const unseen = await signIn(app, DEMO_ADMIN_ID);
      failing = true;
      try {
        for (const url of [`/api/${g}/tags`, `/api/${g}/activity?page=1&per_page=50`, "/api/guilds"]) {
          const r = await app.inject({ url, headers: bearer(url === "/api/guilds" ? unseen : token) });
          expect(r.statusCode, url).toBe(503);
          expect(r.json()).toEqual({ error: UNAVAILABLE });
        }
        const w = await app.inject({
          method: "POST",
          url: `/api/${g}/tags`,
          headers: bearer(token),
          payload: { TagName: "io-error", Content: "x" },
        });
        expect(w.statusCode).toBe(503);
        expect((await app.inject({ url: "/api/health" })).statusCode).toBe(503);
      } finally {
        failing = false;
      }
      expect((await app.inject({ url: `/api/${g}/tags`, headers: bearer(token) })).statusCode).toBe(200);
      expect((await app.inject({ url: "/api/health" })).statusCode).toBe(200);
    });
  },
);
