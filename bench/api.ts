// API under load: requests per second and p50/p99 latency at 50 connections, each list endpoint measured in the
// same run as a bare endpoint of the same server, and reported as a ratio to it. Prints figures only.
import autocannon from "autocannon";
import { demo, signIn, startServer } from "./lib";

interface Target {
  name: string;
  path: string;
  method?: "GET" | "POST";
  body?: string;
  auth?: boolean;
}

const g = demo.community;
const targets: Target[] = [
  { name: "bare (GET /api/ping)", path: "/api/ping" },
  { name: "GET /guilds", path: "/api/guilds", auth: true },
  { name: "GET /{guildId}/tags", path: `/api/${g}/tags`, auth: true },
  { name: "GET /{guildId}/transcripts p1", path: `/api/${g}/transcripts?page=1&per_page=25`, auth: true },
  { name: "GET /{guildId}/transcripts filtered", path: `/api/${g}/transcripts?page=1&per_page=25&username=demo&panel=Support`, auth: true },
  { name: "GET /{guildId}/activity p1", path: `/api/${g}/activity?page=1&per_page=50`, auth: true },
  { name: "POST /{guildId}/tags", path: `/api/${g}/tags`, method: "POST", body: '{"TagName":"bench-[<id>]","Content":"load test"}', auth: true },
];

function run(url: string, target: Target, token: string, seconds: number) {
  return new Promise<autocannon.Result>((resolve, reject) => {
    autocannon(
      {
        url: url + target.path,
        method: target.method ?? "GET",
        body: target.body,
        idReplacement: Boolean(target.body),
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

export async function measureApi(options: { port?: number; seconds?: number; env?: Record<string, string>; label?: string } = {}) {
  const { port = 3320, seconds = 5, env = {}, label = "SQLite (embedded default)" } = options;
  const server = await startServer(port, env);
  try {
    const token = await signIn(server.baseUrl, demo.admin);
    const results: { name: string; rps: number; p50: number; p99: number; non2xx: number }[] = [];
    for (const t of targets) {
      const r = await run(server.baseUrl, t, token, seconds);
      results.push({ name: t.name, rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, non2xx: r.non2xx });
    }
    const bare = results[0].rps || 1;
    console.log(`\nAPI under load — ${label}: 50 connections, ${seconds} s each, one after another`);
    console.log("endpoint".padEnd(38), "req/s".padStart(8), "ratio".padStart(7), "p50 ms".padStart(8), "p99 ms".padStart(8), "non-2xx".padStart(8));
    for (const r of results) {
      console.log(
        r.name.padEnd(38),
        r.rps.toFixed(0).padStart(8),
        (r.rps / bare).toFixed(2).padStart(7),
        String(r.p50).padStart(8),
        String(r.p99).padStart(8),
        String(r.non2xx).padStart(8),
      );
    }
    return results;
  } finally {
    await server.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await measureApi();
