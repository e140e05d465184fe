// Large data: the Large Guild (scripts/seed-large.ts: 100,000 transcripts, 1,000,000 activity entries, 200 tags,
// 50 panels) and the p50/p95 of the paged, filtered lists and the transcript word search, each request through the
// whole app (guard, validation, queries, JSON) one after another; then the query plans of the SQL those very
// requests ran (captured from the app's own Kysely instance), proving which indexes they use.
//
//   npx tsx bench/large-data.ts                               # SQLite in a temp dir (seeds first: a few minutes)
//   BENCH_LARGE_DATA_DIR=/tmp/large npx tsx bench/large-data.ts   # keep / reuse a seeded SQLite directory
//   BENCH_DATABASE_URL=postgres://... npx tsx bench/large-data.ts # PostgreSQL (a fresh schema, dropped after)
//   BENCH_LARGE_SCALE=0.1 ...                                 # a tenth of the rows (quick look)
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import BetterSqlite3 from "better-sqlite3";
import { type CompiledQuery, Kysely, PostgresDialect, SqliteDialect } from "kysely";
import pg from "pg";
import { buildApp } from "../server/app";
import { loadConfig } from "../server/config";
import { createDatabase, type DatabaseHandle, migrateToLatest } from "../server/db/client";
import type { Database } from "../server/db/schema";
import { LARGE_GUILD_ID, LARGE_GUILD_SEEDED_META } from "../server/platform/demo-fixtures";
import { keyringFor } from "../server/crypto";
import { rememberKeyId } from "../server/transcripts/keys";
import { largeSearchWords, largeSeedDefaults, seedLarge } from "../scripts/seed-large";
import { signIn } from "../tests/server/helpers";
import { benchDatabase, ms, percentile } from "./lib";

interface Case {
  name: string;
  url: string;
  /** Show this case's query plans. */
  plan?: boolean;
}

const g = LARGE_GUILD_ID;
const DAY = 86_400;

/** Where keyset pages start: the last entry of the page before (what a client paging through holds). */
interface Cursors {
  /** ActivityId ending page `deepPage - 1` of the activity (50 a page). */
  activityDeep: number;
  /** TicketId ending the page before the last page of transcripts (25 a page). */
  transcriptsLast: number;
  transcriptsLastPage: number;
}

function cases(activityRows: number, nowS: number, cursors: Cursors): Case[] {
  const deepPage = Math.max(1, Math.floor(activityRows / 50 / 2));
  const lastPage = Math.max(1, Math.ceil(activityRows / 50));
  const monthAgo = nowS - 30 * DAY;
  const q = (params: Record<string, string | number>) =>
    new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)])).toString();
  return [
    { name: "transcripts page 1 (25)", url: `/api/${g}/transcripts?${q({ page: 1, per_page: 25 })}`, plan: true },
    { name: "transcripts page 2000 (25)", url: `/api/${g}/transcripts?${q({ page: 2000, per_page: 25 })}` },
    {
      name: `transcripts last page ${cursors.transcriptsLastPage} (25, keyset)`,
      url: `/api/${g}/transcripts?${q({ page: cursors.transcriptsLastPage, per_page: 25, before: cursors.transcriptsLast })}`,
      plan: true,
    },
    { name: "transcripts filtered: panel", url: `/api/${g}/transcripts?${q({ page: 1, per_page: 25, panel: "Panel 07" })}`, plan: true },
    {
      name: "transcripts filtered: panel + user, p3",
      url: `/api/${g}/transcripts?${q({ page: 3, per_page: 25, panel: "Panel 07", username: "alpha" })}`,
      plan: true,
    },
    { name: "transcripts filtered: ticket id", url: `/api/${g}/transcripts?${q({ page: 1, per_page: 25, ticket_id: 4242 })}` },
    {
      name: `transcripts search "${largeSearchWords.common}" (1 in 8)`,
      url: `/api/${g}/transcripts?${q({ page: 1, per_page: 25, q: largeSearchWords.common })}`,
      plan: true,
    },
    {
      name: `transcripts search "${largeSearchWords.rare}" (1 in 1000)`,
      url: `/api/${g}/transcripts?${q({ page: 1, per_page: 25, q: largeSearchWords.rare })}`,
    },
    {
      name: "transcripts search 2 words + panel",
      url: `/api/${g}/transcripts?${q({ page: 1, per_page: 25, q: `${largeSearchWords.common} premium`, panel: "Panel 07" })}`,
      plan: true,
    },
    { name: "activity page 1 (50)", url: `/api/${g}/activity?${q({ page: 1, per_page: 50 })}`, plan: true },
    { name: `activity deep page ${deepPage} (50)`, url: `/api/${g}/activity?${q({ page: deepPage, per_page: 50 })}`, plan: true },
    {
      name: `activity page ${deepPage} (50, keyset)`,
      url: `/api/${g}/activity?${q({ page: deepPage, per_page: 50, before: cursors.activityDeep })}`,
      plan: true,
    },
    { name: `activity last page ${lastPage} (50)`, url: `/api/${g}/activity?${q({ page: lastPage, per_page: 50 })}` },
    {
      name: "activity filtered: user id",
      url: `/api/${g}/activity?${q({ page: 1, per_page: 50, user: "860000000000000007" })}`,
      plan: true,
    },
    { name: "activity filtered: user name part", url: `/api/${g}/activity?${q({ page: 1, per_page: 50, user: "bravo_2" })}`, plan: true },
    {
      name: "activity filtered: user never seen",
      url: `/api/${g}/activity?${q({ page: 1, per_page: 50, user: "nobody-here" })}`,
      plan: true,
    },
    { name: "activity action choices", url: `/api/${g}/activity/actions` },
    { name: "activity filtered: action", url: `/api/${g}/activity?${q({ page: 1, per_page: 50, action: "Panel Deleted" })}`, plan: true },
    {
      name: "activity filtered: last 30 days",
      url: `/api/${g}/activity?${q({ page: 1, per_page: 50, from: monthAgo, to: nowS })}`,
      plan: true,
    },
    {
      name: "activity filtered: user + action + 30 days",
      url: `/api/${g}/activity?${q({ page: 1, per_page: 50, user: "860000000000000007", action: "Panel Updated", from: monthAgo, to: nowS })}`,
      plan: true,
    },
  ];
}

/** A database handle whose Kysely instance reports every query it runs (to explain exactly those). */
function capturingHandle(
  base: DatabaseHandle,
  config: ReturnType<typeof loadConfig>,
  sink: { on: boolean; queries: CompiledQuery[] },
): DatabaseHandle {
  const log = (event: { level: string; query: CompiledQuery }) => {
    if (sink.on && event.level === "query") sink.queries.push(event.query);
  };
  if (base.dialect === "sqlite") {
    const sqlite = new BetterSqlite3(base.location);
    sqlite.pragma("busy_timeout = 5000");
    const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }), log });
    return { db, dialect: "sqlite", location: base.location, destroy: () => db.destroy() };
  }
  const pool = new pg.Pool({
    connectionString: config.databaseUrl,
    max: 10,
    options: config.databaseSchema ? `-c search_path=${config.databaseSchema}` : undefined,
    types: {
      getTypeParser: (oid: number, format?: any) => (oid === 20 ? (v: string) => Number(v) : (pg.types.getTypeParser as any)(oid, format)),
    } as any,
  });
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), log });
  return { db, dialect: "postgres", location: base.location, destroy: () => db.destroy() };
}

async function explain(handle: DatabaseHandle, query: CompiledQuery): Promise<string[]> {
  if (handle.dialect === "sqlite") {
    const { rows } = await handle.db.executeQuery<{ id: number; parent: number; detail: string }>({
      ...query,
      sql: `explain query plan ${query.sql}`,
    } as CompiledQuery);
    const depth = new Map<number, number>();
    return rows.map((row) => {
      const d = (depth.get(row.parent) ?? -1) + 1;
      depth.set(row.id, d);
      return `${"  ".repeat(d)}${row.detail}`;
    });
  }
  const { rows } = await handle.db.executeQuery<{ "QUERY PLAN": string }>({
    ...query,
    sql: `explain (analyze, costs off, timing off, summary on) ${query.sql}`,
  } as CompiledQuery);
  return rows.map((r) => r["QUERY PLAN"]);
}

export async function measureLargeData(options: { databaseUrl?: string; scale?: number; requests?: number } = {}) {
  const scale = options.scale ?? Number(process.env.BENCH_LARGE_SCALE ?? 1);
  const requests = options.requests ?? Number(process.env.BENCH_LARGE_REQUESTS ?? 40);
  const keepDir = options.databaseUrl ? undefined : process.env.BENCH_LARGE_DATA_DIR;
  const dataDir = keepDir ?? mkdtempSync(join(tmpdir(), "ticketeer-large-"));
  const database = await benchDatabase(options.databaseUrl);
  const config = loadConfig({ NODE_ENV: "test", LOG_LEVEL: "silent", AUTH_RATE_LIMIT: "0", DATA_DIR: dataDir, ...database.env });
  const label = options.databaseUrl ? "PostgreSQL" : "SQLite";
  const counts = {
    transcripts: Math.round(largeSeedDefaults.transcripts * scale),
    activity: Math.round(largeSeedDefaults.activity * scale),
    tags: largeSeedDefaults.tags,
    panels: largeSeedDefaults.panels,
  };

  const base = createDatabase(config);
  const sink = { on: false, queries: [] as CompiledQuery[] };
  let app: Awaited<ReturnType<typeof buildApp>> | undefined;
  let capturing: DatabaseHandle | undefined;
  try {
    await migrateToLatest(base);
    const seeded = await base.db.selectFrom("meta").select("value").where("key", "=", LARGE_GUILD_SEEDED_META).executeTakeFirst();
    const seededCounts = seeded ? (JSON.parse(seeded.value) as typeof counts) : undefined;
    console.log(
      `\nLarge data — ${label}: Large Guild with ${counts.transcripts} transcripts, ${counts.activity} activity entries, ${counts.tags} tags, ${counts.panels} panels`,
    );
    if (!seededCounts || seededCounts.transcripts !== counts.transcripts || seededCounts.activity !== counts.activity) {
      const keyring = keyringFor(config);
      await rememberKeyId(base.db, keyring);
      const t0 = performance.now();
      const timings = await seedLarge(base.db, base.dialect, keyring, counts);
      console.log(
        `seeded in ${((performance.now() - t0) / 1000).toFixed(0)} s (${Object.entries(timings)
          .map(([k, v]) => `${k}: ${v.toFixed(0)} s`)
          .join("; ")})`,
      );
    } else {
      console.log(`(already seeded in ${base.location})`);
    }

    capturing = capturingHandle(base, config, sink);
    app = await buildApp({ config, db: capturing, distDir: join(tmpdir(), "ticketeer-no-dist") });
    const token = await signIn(app, "900000000000000001");
    const headers = { authorization: `Bearer ${token}` };
    const guilds = await app.inject({ url: "/api/guilds", headers });
    if (!guilds.body.includes(LARGE_GUILD_ID)) throw new Error("the Large Guild is not listed for Demo Admin");

    const nowS = Math.floor(Date.now() / 1000);
    const deepPage = Math.max(1, Math.floor(counts.activity / 50 / 2));
    const lastTranscriptPage = Math.max(1, Math.ceil(counts.transcripts / 25));
    const activityDeep = await base.db
      .selectFrom("activity")
      .select("id")
      .where("guild_id", "=", g)
      .orderBy("id", "desc")
      .limit(1)
      .offset((deepPage - 1) * 50 - 1)
      .executeTakeFirstOrThrow();
    const transcriptsLast = await base.db
      .selectFrom("transcripts")
      .select("ticket_id")
      .where("guild_id", "=", g)
      .orderBy("ticket_id", "desc")
      .limit(1)
      .offset((lastTranscriptPage - 1) * 25 - 1)
      .executeTakeFirstOrThrow();
    const list = cases(counts.activity, nowS, {
      activityDeep: activityDeep.id,
      transcriptsLast: transcriptsLast.ticket_id,
      transcriptsLastPage: lastTranscriptPage,
    });
    const rows: { name: string; p50: number; p95: number; total: number; returned: number }[] = [];
    const plans: { name: string; queries: CompiledQuery[] }[] = [];
    for (const c of list) {
      const times: number[] = [];
      let body: { total?: number; transcripts?: unknown[]; activity?: unknown[] } = {};
      for (let i = 0; i < requests + 3; i++) {
        sink.on = i === 0 && !!c.plan;
        const t0 = performance.now();
        const r = await app.inject({ url: c.url, headers });
        const t = performance.now() - t0;
        sink.on = false;
        if (r.statusCode !== 200) throw new Error(`${c.url} answered ${r.statusCode}: ${r.body.slice(0, 200)}`);
        if (i === 0) body = r.json();
        if (i >= 3) times.push(t);
      }
      if (c.plan)
        plans.push({ name: c.name, queries: sink.queries.filter((q) => !/from "(sessions|meta|users)"|"sessions" as/.test(q.sql)) });
      sink.queries = [];
      rows.push({
        name: c.name,
        p50: percentile(times, 50),
        p95: percentile(times, 95),
        total: body.total ?? 0,
        returned: (body.transcripts ?? body.activity ?? []).length,
      });
    }

    // The stored transcripts open through the real read path (sealed by the real write path).
    const sample = await app.inject({ url: `/api/${g}/transcripts/4242`, headers });
    if (sample.statusCode !== 200 || !sample.body.includes("Ticket 4242 opened by")) throw new Error("transcript 4242 did not open");

    console.log(`${requests} requests each, one after another, through the whole app (in-process inject)`);
    console.log("request".padEnd(46), "p50 ms".padStart(8), "p95 ms".padStart(8), "total".padStart(9), "rows".padStart(5));
    for (const r of rows)
      console.log(
        r.name.padEnd(46),
        ms(r.p50).padStart(8),
        ms(r.p95).padStart(8),
        String(r.total).padStart(9),
        String(r.returned).padStart(5),
      );

    console.log(
      `\nQuery plans (${label}${options.databaseUrl ? ": EXPLAIN ANALYZE" : ": EXPLAIN QUERY PLAN"}) of the SQL those requests ran`,
    );
    for (const p of plans) {
      console.log(`\n▸ ${p.name}`);
      for (const q of p.queries) {
        console.log(`  ${q.sql.replace(/\s+/g, " ").slice(0, 220)}`);
        for (const line of await explain(base, q)) console.log(`    ${line}`);
      }
    }
    return rows;
  } finally {
    await app?.close();
    await capturing?.destroy();
    await base.destroy();
    await database.drop();
    if (!keepDir) rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  if (process.env.BENCH_DATABASE_URL && process.env.BENCH_LARGE_ONLY_PG === "1") {
    await measureLargeData({ databaseUrl: process.env.BENCH_DATABASE_URL });
  } else {
    await measureLargeData();
    if (process.env.BENCH_DATABASE_URL) await measureLargeData({ databaseUrl: process.env.BENCH_DATABASE_URL });
  }
}
