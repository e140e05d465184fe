// The statistics query (GET /{guildId}/statistics, /stats in Discord) for 90 days over 100,000 tickets: p50 and p95
// of guildStatistics() on a fresh database (SQLite, or PostgreSQL with a database URL). Prints numbers; the
// budget is the (p95 < 100 ms).
//   npx tsx bench/statistics.ts                      # SQLite
//   BENCH_DATABASE_URL=postgres://… npx tsx bench/statistics.ts
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { loadConfig } from "../server/config";
import { createDatabase, migrateToLatest } from "../server/db/client";
import { guildStatistics } from "../server/statistics/figures";
import { benchDatabase, percentile } from "./lib";

const GUILD = "870000000000000001";
const DAY = 86_400_000;

export async function measureStatistics(options: { databaseUrl?: string; tickets?: number; runs?: number } = {}) {
  const tickets = options.tickets ?? 100_000;
  const runs = options.runs ?? 30;
  const bench = await benchDatabase(options.databaseUrl);
  const dataDir = mkdtempSync(join(tmpdir(), "ticketeer-stats-"));
  const config = loadConfig({ NODE_ENV: "test", DATA_DIR: dataDir, LOG_LEVEL: "silent", ...bench.env });
  const handle = createDatabase(config);
  try {
    await migrateToLatest(handle);
    const now = Date.now();
    const staff = Array.from({ length: 20 }, (_, i) => `8700000000000001${String(i).padStart(2, "0")}`);
    const started = Date.now();
    for (let i = 0; i < tickets; i += 1000) {
      const rows = [];
      for (let n = i; n < Math.min(tickets, i + 1000); n++) {
        // Spread over 120 days; 2% still open; response 1–120 min; resolution 1–72 h; a rating on half.
        const opened = now - Math.floor((((n * 7919) % 120_000) / 1000) * DAY) - (n % 1000) * 60_000;
        const open = n % 50 === 0;
        const response = (((n * 31) % 120) + 1) * 60_000;
        const resolution = (((n * 17) % 72) + 1) * 3_600_000;
        const who = staff[n % staff.length]!;
        rows.push({
          guild_id: GUILD,
          number: n + 1,
          panel_id: (n % 12) + 1,
          panel_name: `Panel ${(n % 12) + 1}`,
          opener_id: "870000000000000900",
          opener_name: "Opener",
          subject: null,
          status: open ? "open" : "closed",
          channel_id: null,
          claimed_by: n % 3 ? who : null,
          claimed_by_name: n % 3 ? `Staff ${n % 20}` : null,
          form_answers_json: null,
          opened_at: opened,
          last_activity_at: opened,
          first_response_at: opened + response,
          closed_at: open ? null : opened + resolution,
          closed_by: open ? null : who,
          closed_by_name: open ? null : `Staff ${n % 20}`,
          close_reason: null,
          rating: !open && n % 2 ? (n % 5) + 1 : null,
          response_ms: open ? null : response,
          resolution_ms: open ? null : resolution,
        });
      }
      await handle.db.insertInto("tickets").values(rows).execute();
    }
    // What a live database has: planner statistics and, on PostgreSQL, a visibility map (autovacuum keeps both; a
    // bulk load just before the measurement has neither, and every index-only scan would then read the table too).
    const { sql: rawSql } = await import("kysely");
    await (options.databaseUrl ? rawSql`vacuum analyze` : rawSql`analyze`).execute(handle.db);
    const seeded = Date.now() - started;
    const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
    const query = { from: day(now - 89 * DAY), to: day(now), tz: "Europe/Madrid" };
    await guildStatistics(handle.db, GUILD, query); // warm
    const times: number[] = [];
    for (let r = 0; r < runs; r++) {
      const t0 = performance.now();
      await guildStatistics(handle.db, GUILD, query);
      times.push(performance.now() - t0);
    }
    const label = options.databaseUrl ? "PostgreSQL" : "SQLite";
    console.log(
      `\nStatistics, 90 days over ${tickets.toLocaleString("en-US")} tickets (${label}; seeded in ${(seeded / 1000).toFixed(1)} s): p50 ${percentile(times, 50).toFixed(1)} ms, p95 ${percentile(times, 95).toFixed(1)} ms (budget p95 < 100 ms)`,
    );
    return { p50: percentile(times, 50), p95: percentile(times, 95) };
  } finally {
    await handle.destroy();
    await bench.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await measureStatistics({ databaseUrl: process.env.BENCH_DATABASE_URL });
}
