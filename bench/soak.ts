// A soak: SOAK_MINUTES (10) of mixed load on one server of the demo platform — dashboard reads, tag writes, tickets
// opened from a panel in the Try-it API and closed from the Tickets API, transcript views — on PostgreSQL when
// BENCH_DATABASE_URL is set (else SQLite). Prints, per minute, the requests answered, their p99 and the server's
// resident memory, then the first and last minute side by side. Memory must level off, not climb with time.
// Writes the table to bench/soak.md. Not part of `npm run bench` (it takes the minutes it says).
//   scripts/with-postgres.sh bash -c 'BENCH_DATABASE_URL=$TEST_DATABASE_URL npx tsx bench/soak.ts'
import { readFileSync, writeFileSync } from "node:fs";
import { cpus } from "node:os";
import { benchDatabase, demo, ms, percentile, signIn, startServer } from "./lib";

const g = demo.community;
const SUPPORT_CHANNEL = "812345678901234714";

/** Resident memory of a process in MB (Linux /proc), NaN elsewhere. */
function rssMb(pid: number): number {
  try {
    const line = readFileSync(`/proc/${pid}/status`, "utf8")
      .split("\n")
      .find((l) => l.startsWith("VmRSS:"));
    return line ? Number(line.replace(/\D+/g, "")) / 1024 : NaN;
  } catch {
    return NaN;
  }
}

export async function soak(options: { databaseUrl?: string; minutes?: number; port?: number } = {}) {
  const minutes = options.minutes ?? 10;
  const bench = await benchDatabase(options.databaseUrl);
  const server = await startServer(options.port ?? 3341, bench.env);
  const label = options.databaseUrl ? "PostgreSQL" : "SQLite";
  const windows: { latencies: number[]; errors: number; rss: number[]; opened: number; closed: number }[] = [];
  const started = Date.now();
  const end = started + minutes * 60_000;
  const window = () => {
    const i = Math.min(minutes - 1, Math.floor((Date.now() - started) / 60_000));
    return (windows[i] ??= { latencies: [], errors: 0, rss: [], opened: 0, closed: 0 });
  };
  try {
    const admin = await signIn(server.baseUrl, demo.admin);
    const staff = await signIn(server.baseUrl, demo.staff);
    const call = async (token: string, method: string, path: string, body?: unknown) => {
      const t0 = performance.now();
      const res = await fetch(`${server.baseUrl}/api${path}`, {
        method,
        headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { "content-type": "application/json" }) },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await res.text();
      const w = window();
      w.latencies.push(performance.now() - t0);
      if (!res.ok) w.errors++;
      return { status: res.status, json: text ? (JSON.parse(text) as any) : null };
    };

    // The panel button of #support, as the Try-it view shows it.
    const messages = (await call(staff, "GET", `/${g}/demo/channels/${SUPPORT_CHANNEL}/messages`)).json.messages as {
      id: string;
      components: { components: { custom_id?: string }[] }[];
    }[];
    const panelMessage = messages.find((m) => m.components.some((row) => row.components.some((c) => c.custom_id?.startsWith("panel:"))))!;
    const customId = panelMessage.components.flatMap((row) => row.components).find((c) => c.custom_id?.startsWith("panel:"))!.custom_id!;

    const readers = [
      "/guilds",
      `/${g}/tags`,
      `/${g}/transcripts?page=1&per_page=25`,
      `/${g}/activity?page=1&per_page=50`,
      `/${g}/tickets`,
      `/${g}/statistics?from=2026-01-01&to=2026-03-31&tz=UTC`,
    ];
    const sampler = setInterval(() => window().rss.push(rssMb(server.pid)), 5000);
    const until = () => Date.now() < end;
    await Promise.all([
      // Four dashboard readers.
      ...Array.from({ length: 4 }, async (_, r) => {
        for (let i = r; until(); i++) await call(admin, "GET", readers[i % readers.length]);
      }),
      // A tag made and deleted, again and again.
      (async () => {
        for (let i = 0; until(); i++) {
          const made = await call(admin, "POST", `/${g}/tags`, { TagName: `soak-${i}`, Content: `Soak tag ${i}` });
          if (made.status === 201) await call(admin, "DELETE", `/${g}/tags/${made.json.tag.TagId}`);
        }
      })(),
      // Tickets: Demo Staff opens one from the panel, the admin closes it with a reason and reads its transcript.
      (async () => {
        while (until()) {
          await call(staff, "POST", `/${g}/demo/interactions`, {
            kind: "button",
            channelId: SUPPORT_CHANNEL,
            messageId: panelMessage.id,
            customId,
          });
          const open = (await call(admin, "GET", `/${g}/tickets?per_page=100`)).json.tickets as { TicketId: number; OpenerId: string }[];
          const mine = open.filter((t) => t.OpenerId === demo.staff);
          if (mine.length) window().opened++;
          for (const ticket of mine) {
            const closed = await call(admin, "POST", `/${g}/tickets/${ticket.TicketId}/close`, { reason: "Soak" });
            if (closed.status === 200) {
              window().closed++;
              await call(admin, "GET", `/${g}/transcripts/${ticket.TicketId}`);
            }
          }
        }
      })(),
    ]);
    clearInterval(sampler);

    const lines = [
      `Soak — ${label}, ${minutes} min of mixed load (4 readers, 1 tag writer, 1 ticket loop), ${cpus().length} cores, Node ${process.version}`,
      "minute  requests  errors   p50 ms   p99 ms   tickets opened/closed   RSS MB (min–max)",
      ...windows.map((w, i) =>
        [
          String(i + 1).padStart(6),
          String(w.latencies.length).padStart(9),
          String(w.errors).padStart(7),
          ms(percentile(w.latencies, 50)).padStart(8),
          ms(percentile(w.latencies, 99)).padStart(8),
          `${w.opened}/${w.closed}`.padStart(23),
          `${Math.min(...w.rss).toFixed(0)}–${Math.max(...w.rss).toFixed(0)}`.padStart(18),
        ].join(" "),
      ),
    ];
    const first = windows[0];
    const last = windows[windows.length - 1];
    lines.push(
      `first minute: p99 ${ms(percentile(first.latencies, 99))} ms, RSS ${Math.max(...first.rss).toFixed(0)} MB; ` +
        `last minute: p99 ${ms(percentile(last.latencies, 99))} ms, RSS ${Math.max(...last.rss).toFixed(0)} MB`,
    );
    for (const line of lines) console.log(line);
    writeFileSync(
      new URL("./soak.md", import.meta.url),
      [
        "# Soak (`bench/soak.ts`)",
        "",
        `Run on ${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC.`,
        "",
        "```text",
        ...lines,
        "```",
        "",
      ].join("\n"),
    );
  } finally {
    await server.stop();
    await bench.drop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await soak({ databaseUrl: process.env.BENCH_DATABASE_URL, minutes: Number(process.env.SOAK_MINUTES ?? 10) });
}
