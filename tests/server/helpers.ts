import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import pg from "pg";
import { afterAll, beforeAll } from "vitest";
import { buildApp } from "../../server/app";
import { type Config, loadConfig } from "../../server/config";
import { createDatabase, type DatabaseHandle } from "../../server/db/client";
import type { Db } from "../../server/db/schema";
import type { PlatformAdapter } from "../../server/platform/adapter";
import { DEMO_ADMIN_ID, DEMO_STAFF_ID, DEMO_VISITOR_ID } from "../../server/platform/demo-fixtures";
import { runSeeds } from "../../server/seed";
import { installResponseChecker, type ResponseChecker } from "./response-checker";

export { DEMO_ADMIN_ID, DEMO_COMMUNITY_ID, DEMO_STAFF_ID, DEMO_VISITOR_ID, GAMING_HUB_ID } from "../../server/platform/demo-fixtures";

/** Set TEST_DATABASE_URL to run the API suites on PostgreSQL (scripts/with-postgres.sh does). */
export const testDatabaseUrl = process.env.TEST_DATABASE_URL || undefined;

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  config: Config;
  /** Signs in through the real demo flow (GET page, POST form); returns the bearer token. */
  signIn(userId: string): Promise<string>;
  /** Every answer checked against the OpenAPI document (response-checker.ts); close() fails on a mismatch. */
  responses: ResponseChecker;
  close(): Promise<void>;
}

export interface TestAppOptions {
  /** Extra environment (NODE_ENV, DEMO_MODE, DISCORD_*, ...). */
  env?: Record<string, string>;
  platform?: PlatformAdapter;
  distDir?: string;
  /** Run the demo seed steps (default true). */
  seed?: boolean;
  /** Check answers against the OpenAPI document (default true; off for suites that break the app on purpose). */
  checkResponses?: boolean;
  /** Told of every statement the app's database runs (its SQL text). */
  onQuery?: (sql: string) => void;
  /** Folders of more command files (a test's own command). */
  commandFolders?: string[];
}

/** A fresh app on its own database: a temp SQLite file, or a fresh PostgreSQL schema when TEST_DATABASE_URL is set. */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const cleanups: (() => Promise<void>)[] = [];
  const env: Record<string, string> = {
    NODE_ENV: "test",
    LOG_LEVEL: "silent",
    AUTH_RATE_LIMIT: "0",
    WRITE_RATE_LIMIT: "0",
    READ_RATE_LIMIT: "0",
    AUDITED_READ_RATE_LIMIT: "0",
    INGEST_RATE_LIMIT: "0",
    INTERACTION_RATE_LIMIT: "0",
    INTERACTION_GUILD_RATE_LIMIT: "0",
    TICKET_STREAM_SECONDS: "0",
    INTERACTION_DEFER_MS: "2500",
    ...options.env,
  };
  const place = await freshDatabaseEnv();
  Object.assign(env, place.env);
  cleanups.push(place.cleanup);
  const config = loadConfig(env);
  const distDir = options.distDir ?? path.join(os.tmpdir(), `ticketeer-no-dist-${randomBytes(4).toString("hex")}`);
  const onQuery = options.onQuery;
  const db = onQuery ? createDatabase(config, { log: (event) => void (event.level === "query" && onQuery(event.query.sql)) }) : undefined;
  if (db) cleanups.push(() => db.destroy());
  const app = await buildApp({ config, db, platform: options.platform, distDir, commandFolders: options.commandFolders });
  const responses = options.checkResponses === false ? { problems: [], checked: 0 } : installResponseChecker(app);
  if (options.seed !== false) await runSeeds(app.db);

  return {
    app,
    db: app.db,
    config,
    signIn: (userId) => signIn(app, userId),
    responses,
    async close() {
      await app.close();
      for (const cleanup of cleanups.reverse()) await cleanup();
      if (responses.problems.length) {
        throw new Error(`Answers that do not match the OpenAPI document:\n${[...new Set(responses.problems)].join("\n")}`);
      }
    },
  };
}

/** A database of its own: a fresh PostgreSQL schema when TEST_DATABASE_URL is set, else a temp SQLite directory. */
async function freshDatabaseEnv(prefix = "ticketeer-test-"): Promise<{ env: Record<string, string>; cleanup: () => Promise<void> }> {
  if (testDatabaseUrl) {
    const schema = `t_${randomBytes(6).toString("hex")}`;
    const client = new pg.Client({ connectionString: testDatabaseUrl });
    await client.connect();
    await client.query(`create schema ${schema}`);
    await client.end();
    return {
      env: { DATABASE_URL: testDatabaseUrl, DATABASE_SCHEMA: schema },
      async cleanup() {
        const c = new pg.Client({ connectionString: testDatabaseUrl });
        await c.connect();
        await c.query(`drop schema if exists ${schema} cascade`);
        await c.end();
      },
    };
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  return { env: { DATA_DIR: dir }, cleanup: async () => fs.rmSync(dir, { recursive: true, force: true }) };
}

/** A database of its own with no migration applied (run them step by step with migrateToLatest's `upTo`); close() destroys it. */
export async function createTestDatabase(): Promise<{ handle: DatabaseHandle; close(): Promise<void> }> {
  const place = await freshDatabaseEnv("ticketeer-migrations-");
  const handle = createDatabase(loadConfig({ NODE_ENV: "test", ...place.env }));
  return {
    handle,
    async close() {
      await handle.destroy();
      await place.cleanup();
    },
  };
}

/** The `name=value` pairs of a response's Set-Cookie headers, as a Cookie header. */
export function cookieHeader(response: LightMyRequestResponse): string {
  return response.cookies.map((c) => `${c.name}=${c.value}`).join("; ");
}

/** The state value of the demo sign-in page. */
export function stateFromPage(html: string): string {
  const match = /name="state" value="([^"]+)"/.exec(html);
  if (!match) throw new Error("no state on the demo sign-in page");
  return match[1];
}

/** Signs in through the real demo flow in one "browser": the page (state + cookie), the form post, the code exchange. */
export async function signIn(app: FastifyInstance, userId: string): Promise<string> {
  const page = await app.inject({ method: "GET", url: "/api/api/auth/demo" });
  if (page.statusCode !== 200) throw new Error(`demo page answered ${page.statusCode}`);
  const cookie = cookieHeader(page);
  const response = await app.inject({
    method: "POST",
    url: "/api/api/auth/demo",
    headers: { cookie, "content-type": "application/x-www-form-urlencoded" },
    payload: new URLSearchParams({ user_id: userId, state: stateFromPage(page.body) }).toString(),
  });
  const location = response.headers.location;
  if (response.statusCode !== 302 || typeof location !== "string") throw new Error(`demo sign-in answered ${response.statusCode}`);
  const code = new URL(location, "http://localhost").searchParams.get("token");
  if (!code) throw new Error("no code in the sign-in redirect");
  const exchanged = await app.inject({ method: "POST", url: "/api/api/auth/exchange", headers: { cookie }, payload: { code } });
  if (exchanged.statusCode !== 200) throw new Error(`the code exchange answered ${exchanged.statusCode}: ${exchanged.body}`);
  return (exchanged.json() as { token: string }).token;
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** A JSON answer as the suites read it: any field, checked by the test's own expectations. */
export type Json = Record<string, any>;

/** `api(method, url, token, payload?)` against the suite's app (`app()` once it is made): its status and JSON body ({} when empty). */
export function apiOn(app: () => TestApp) {
  return async (method: "GET" | "POST" | "PUT" | "DELETE", url: string, token: string, payload?: unknown) => {
    const res = await app().app.inject({
      method,
      url,
      headers: bearer(token),
      ...(payload === undefined ? {} : { payload: payload as Json }),
    });
    return { status: res.statusCode, body: res.body ? (res.json() as Json) : {} };
  };
}

/** Signs in the demo owner (admin), the support team member (staff) and the member without access (visitor). */
export async function signInDemoUsers(t: Pick<TestApp, "signIn">): Promise<Record<"admin" | "staff" | "visitor", string>> {
  return { admin: await t.signIn(DEMO_ADMIN_ID), staff: await t.signIn(DEMO_STAFF_ID), visitor: await t.signIn(DEMO_VISITOR_ID) };
}

/** Retries `check` every 20 ms until it holds; how long that took (ms), or an error after `ms`. */
export async function within(ms: number, check: () => Promise<boolean> | boolean): Promise<number> {
  const start = Date.now();
  while (!(await check())) {
    if (Date.now() - start > ms) throw new Error(`not within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 20));
  }
  return Date.now() - start;
}

/** PostgreSQL: ends the app's LISTEN connection on the channel `<prefix><schema>` (the app listens again within 2 s). */
export async function terminateListener(t: TestApp, prefix: string): Promise<void> {
  const admin = new pg.Client({ connectionString: testDatabaseUrl });
  await admin.connect();
  try {
    const { rows } = await admin.query("select count(pg_terminate_backend(pid))::int as n from pg_stat_activity where query = $1", [
      `listen ${prefix}${t.config.databaseSchema}`,
    ]);
    if (rows[0].n !== 1) throw new Error(`${rows[0].n} listening connections on ${prefix}${t.config.databaseSchema}`);
  } finally {
    await admin.end();
  }
}

/** The suite's app (made before its tests, closed after them) with the demo users signed in (signInDemoUsers). */
export function appForSuite(options: TestAppOptions = {}): { t: TestApp; tokens: Record<string, string> } {
  const suite = { t: undefined as unknown as TestApp, tokens: {} as Record<string, string> };
  beforeAll(async () => {
    suite.t = await createTestApp(options);
    suite.tokens = await signInDemoUsers(suite.t);
  });
  afterAll(async () => {
    await suite.t?.close();
  });
  return suite;
}
