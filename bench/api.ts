// API under load: requests per second and p50/p99 latency at 50 connections, each endpoint measured in the
// same run as a bare endpoint of the same server (GET /api/ping), and reported as a ratio to it. Prints figures
// only; the targets (every list ≥ 0.15 of bare, /guilds, tags and settings ≥ 0.3; p99 < 25 ms on both databases)
// are compared in the output.
//
//   npx tsx bench/api.ts                                   # SQLite
//   BENCH_DATABASE_URL=postgres://... npx tsx bench/api.ts # PostgreSQL too (a fresh schema, dropped after)
//   BENCH_SECONDS=10 BENCH_PRODUCTION=1 ...                # longer runs; NODE_ENV=production (request logs on)
//   BENCH_API_ONLY=stats ...                               # only the rows whose name contains "stats" (and bare)
import autocannon from "autocannon";
import { benchDatabase, demo, processCpuMs, signIn, startServer } from "./lib";

interface Target {
  name: string;
  path: string;
  method?: "GET" | "POST" | "PUT";
  body?: string;
  auth?: boolean;
  /** A list: held to this ratio of the bare endpoint's req/s. */
  minRatio?: number;
  /** Every request a new URL (autocannon's [<id>]): never answered by the response cache. */
  unique?: boolean;
}

const g = demo.community;
const lists: Target[] = [
  { name: "bare (GET /api/ping)", path: "/api/ping" },
  { name: "GET /guilds", path: "/api/guilds", auth: true, minRatio: 0.3 },
  { name: "GET /{guildId}/tags", path: `/api/${g}/tags`, auth: true, minRatio: 0.3 },
  { name: "GET /{guildId}/settings", path: `/api/${g}/settings`, auth: true, minRatio: 0.3 },
  { name: "GET /{guildId}/transcripts p1", path: `/api/${g}/transcripts?page=1&per_page=25`, auth: true, minRatio: 0.15 },
  {
    name: "GET /{guildId}/transcripts filtered",
    path: `/api/${g}/transcripts?page=1&per_page=25&panel=${encodeURIComponent("General Support")}&username=a`,
    auth: true,
    minRatio: 0.15,
  },
  { name: "GET /{guildId}/activity p1", path: `/api/${g}/activity?page=1&per_page=50`, auth: true, minRatio: 0.15 },
  // The landing page's figures (public): answered from a 10 s cache (server/http/stats.ts).
  { name: "GET /stats (public)", path: "/api/stats", minRatio: 0.3 },
];
// The same guild lists computed on every request (a query parameter the routes ignore makes each URL new): what a
// read right after a write costs. Reported, not held to the targets.
const misses: Target[] = lists
  .filter((t) => t.path.startsWith(`/api/${g}/`))
  .map((t) => ({
    name: `${t.name} (miss)`,
    path: `${t.path}${t.path.includes("?") ? "&" : "?"}uncached=[<id>]`,
    auth: true,
    unique: true,
  }));
const allTargets: Target[] = [
  ...lists,
  ...misses,
  // A write in a transaction with its activity entry (rotating the bot key). Creating tags would reach the server's
  // limit of 500 within the first second.
  { name: "POST /{guildId}/bot-key", path: `/api/${g}/bot-key`, method: "POST", auth: true },
];
// BENCH_API_ONLY=<text>: only the rows whose name contains it (and the bare endpoint they are compared with).
const only = process.env.BENCH_API_ONLY;
const targets: Target[] = only ? allTargets.filter((t, i) => i === 0 || t.name.includes(only)) : allTargets;

function run(url: string, target: Target, token: string, seconds: number) {
  return new Promise<autocannon.Result>((resolve, reject) => {
    autocannon(
      {
        url: url + target.path,
        method: target.method ?? "GET",
        body: target.body,
        idReplacement: Boolean(target.body) || Boolean(target.unique),
        connections: 50,
        duration: seconds,
        headers: {
          "content-type": "application/json",
          ...(target.auth ? { authorization: `Bearer ${token}` } : {}),
        },
      },
      (err, result) => (err ? reject(err) : resolve(result)),
    );
  });
}

export interface ApiRow {
  name: string;
  rps: number;
  ratio: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
  /** The ratio a list is held to (undefined: none). */
  minRatio?: number;
  /** Server CPU time per request (µs): steadier than req/s on a busy machine. */
  cpuUs: number;
}

export async function measureApi(
  options: { port?: number; seconds?: number; databaseUrl?: string; label?: string; production?: boolean } = {},
): Promise<ApiRow[]> {
  const {
    port = 3320,
    seconds = Number(process.env.BENCH_SECONDS ?? 5),
    databaseUrl,
    production = process.env.BENCH_PRODUCTION === "1",
  } = options;
  const label = options.label ?? (databaseUrl ? "PostgreSQL" : "SQLite (embedded default)");
  const p99Target = 25;
  const database = await benchDatabase(databaseUrl);
  // Production mode logs one line per request at info level (as a real deployment does); demo sign-in then needs DEMO_MODE.
  const modeEnv: Record<string, string> = production ? { NODE_ENV: "production", DEMO_MODE: "1", LOG_LEVEL: "info" } : {};
  const server = await startServer(port, { ...database.env, ...modeEnv });
  try {
    const token = await signIn(server.baseUrl, demo.admin);
    const raw: Omit<ApiRow, "ratio">[] = [];
    for (const t of targets) {
      await run(server.baseUrl, t.method ? targets[0] : t, token, 1); // warm-up (JIT, caches, pool)
      const cpu0 = processCpuMs(server.pid);
      const r = await run(server.baseUrl, t, token, seconds);
      const cpuUs = ((processCpuMs(server.pid) - cpu0) * 1000) / Math.max(1, r.requests.total);
      raw.push({
        name: t.name,
        cpuUs,
        rps: r.requests.average,
        p50: r.latency.p50,
        p99: r.latency.p99,
        non2xx: r.non2xx,
        errors: r.errors,
        minRatio: t.minRatio,
      });
    }
    const bare = raw[0].rps || 1;
    const rows = raw.map((r) => ({ ...r, ratio: r.rps / bare }));
    console.log(
      `\nAPI under load — ${label}${production ? ", NODE_ENV=production (request logging on)" : ""}: 50 connections, ${seconds} s each, one after another` +
        "\n(the lists repeat one URL with no write between: after the first, each is answered by the response cache, docs/decisions/003;" +
        "\n the (miss) rows make every URL new, so each is computed, as a read right after a write is)",
    );
    console.log(
      "endpoint".padEnd(44),
      "req/s".padStart(8),
      "ratio".padStart(7),
      "p50 ms".padStart(8),
      "p99 ms".padStart(8),
      "non-2xx".padStart(8),
      "CPU µs/req".padStart(11),
      "CPU ratio".padStart(10),
      "  targets (lists: ratio ≥ 0.15, /guilds, tags, settings ≥ 0.3; p99 < " + p99Target + " ms)",
    );
    for (const r of rows) {
      const verdicts: string[] = [];
      if (r.minRatio !== undefined) verdicts.push(r.ratio >= r.minRatio ? `ratio ≥ ${r.minRatio} met` : `ratio ≥ ${r.minRatio} MISSED`);
      // The targets are the lists'; the write is reported (50 connections rotating one key, a transaction each).
      if (r.minRatio !== undefined) verdicts.push(r.p99 < p99Target ? "p99 met" : "p99 MISSED");
      else if (r.name !== targets[0].name) verdicts.push("reported");
      console.log(
        r.name.padEnd(44),
        r.rps.toFixed(0).padStart(8),
        r.ratio.toFixed(2).padStart(7),
        String(r.p50).padStart(8),
        String(r.p99).padStart(8),
        String(r.non2xx + r.errors).padStart(8),
        r.cpuUs.toFixed(0).padStart(11),
        (rows[0].cpuUs / r.cpuUs).toFixed(2).padStart(10),
        " ",
        verdicts.join(", "),
      );
    }
    return rows;
  } finally {
    await server.stop();
    await database.drop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await measureApi();
  if (process.env.BENCH_DATABASE_URL) await measureApi({ port: 3321, databaseUrl: process.env.BENCH_DATABASE_URL });
}
