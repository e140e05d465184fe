// Fair shares between servers: one server's staff must not slow or starve another server's help desk.
//  (a) Live view: against the fake Discord of the test suites, one server's staff watch 200 tickets (every page polls
//      every 3 s) while another server's staff watch one; the instance reads at most 10 channels a second
//      (server/helpdesk/live-read.ts). Prints how old the other server's view is at each of its polls (fresh within
//      one poll: under 3 s), and what the busy server gets of the budget. A clock of its own: a simulated 2 minutes.
//  (b) Ticket page: a server with a large activity log (BENCH_FAIR_ACTIVITY entries, default 500,000, over two years)
//      and a ticket opened two years ago, whose page two loops request one after another, on a real server process;
//      prints another server's GET /tickets p50/p99/max alone and during those loops (and the page's own times).
//
//   npx tsx bench/fair-shares.ts                            # SQLite (and PostgreSQL when BENCH_DATABASE_URL is set)
//   BENCH_FAIR_ACTIVITY=100000 BENCH_FAIR_SECONDS=5 ...     # a smaller log, shorter phases (default 10 s)
//   BENCH_ONLY_FAIR=1 npm run bench                         # only this part of `npm run bench` (results.md untouched)
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { botPermissionBits } from "../src/schemas/bot-permissions";
import { loadConfig } from "../server/config";
import { createDatabase, migrateToLatest } from "../server/db/client";
import { DEMO_ADMIN_ID, DEMO_COMMUNITY_ID, GAMING_HUB_ID } from "../server/platform/demo-fixtures";
import { runSeeds } from "../server/seed";
import { LiveReader } from "../server/helpdesk/live-read";
import { findTicket, type TicketRow } from "../server/tickets/store";
import { FakeDiscord } from "../tests/server/discord/fake-discord";
import { testKeys } from "../tests/server/discord/interactions";
import { createTestApp } from "../tests/server/helpers";
import { type Poll, watchPages } from "../tests/server/tickets/live-read-sim";
import { benchDatabase, ms, percentile, signIn, startServer } from "./lib";

const APP = "700000000000000997";
const BUSY = "790000000000000001";
const QUIET = "790000000000000002";
const OWNER = "790000000000000003";
const MEMBER = "790000000000000004";
const POLL_MS = 3000;

const openTicket = (guildId: string, number: number, channelId: string | null, openedAt: number) => ({
  guild_id: guildId,
  number,
  panel_id: null,
  panel_name: "Unknown",
  opener_id: MEMBER,
  opener_name: "member",
  subject: null,
  status: "open",
  channel_id: channelId,
  claimed_by: null,
  claimed_by_name: null,
  form_answers_json: null,
  opened_at: openedAt,
  last_activity_at: openedAt,
  first_response_at: null,
  closed_at: null,
  closed_by: null,
  closed_by_name: null,
  close_reason: null,
  rating: null,
  response_ms: null,
  resolution_ms: null,
});

const ageLine = (ages: number[]) => `p50 ${ms(percentile(ages, 50) / 1000)} s, max ${ms(Math.max(...ages) / 1000)} s`;

/** (a) Another server's live view while one server watches 200 tickets. */
export async function measureLiveFairness(options: { busyTickets?: number; seconds?: number } = {}) {
  const busyTickets = options.busyTickets ?? 200;
  const seconds = options.seconds ?? 120;
  const fake = await FakeDiscord.start({ applicationId: APP });
  fake.addUser({ id: OWNER, username: "owner" });
  fake.addUser({ id: MEMBER, username: "member" });
  for (const id of [BUSY, QUIET]) {
    fake.addGuild({ id, name: id === BUSY ? "Busy Guild" : "Quiet Guild", ownerId: OWNER, botPermissions: BigInt(botPermissionBits) });
    fake.addMember(id, MEMBER);
  }
  const t = await createTestApp({
    env: {
      DISCORD_CLIENT_ID: APP,
      DISCORD_CLIENT_SECRET: fake.clientSecret,
      DISCORD_BOT_TOKEN: fake.botToken,
      DISCORD_PUBLIC_KEY: testKeys().publicKeyHex,
      DISCORD_API_BASE: fake.base,
    },
    seed: false,
  });
  console.log(
    `\nFair live reads (fake Discord, 10 reads/s, pages poll every 3 s; a simulated ${seconds} s): one server watches ${busyTickets} tickets, another one`,
  );
  try {
    let clock = 20_000_000;
    const reader = new LiveReader(t.app.tickets.deps, {
      pollMs: POLL_MS,
      maxReadsPerSecond: 10,
      holder: "bench",
      now: () => clock,
      wake: () => {},
    });
    const ticket = async (guildId: string, number: number): Promise<TicketRow> => {
      const channelId = fake.addChannel(guildId, { name: `ticket-${number}` }).id;
      fake.postAs(MEMBER, channelId, "hello");
      await t.db
        .insertInto("tickets")
        .values(openTicket(guildId, number, channelId, clock))
        .execute();
      return (await findTicket(t.db, guildId, number))!;
    };
    const busy: TicketRow[] = [];
    for (let i = 1; i <= busyTickets; i++) busy.push(await ticket(BUSY, i));
    const quiet = await ticket(QUIET, 1);
    const before = fake.callsTo("GET", "/channels/{channel_id}/messages").length;
    const polls: Poll[] = [];
    const start = clock;
    await watchPages({
      reader,
      setClock: (at) => (clock = at),
      start,
      durationMs: seconds * 1000,
      pollMs: POLL_MS,
      // The busy server's pages spread over the interval; the quiet one's polls late in a second.
      watches: [...busy.map((row, i) => ({ row, offsetMs: Math.floor((i * POLL_MS) / busyTickets) })), { row: quiet, offsetMs: 1_700 }],
      onPoll: (p) => polls.push(p),
    });
    const reads = fake.callsTo("GET", "/channels/{channel_id}/messages").length - before;
    const firstOf = new Map<number, Poll>();
    for (const p of polls) if (!firstOf.has(p.row.id)) firstOf.set(p.row.id, p);
    const later = polls.filter((p) => firstOf.get(p.row.id) !== p);
    const quietLater = later.filter((p) => p.row.id === quiet.id);
    const busyLater = later.filter((p) => p.row.id !== quiet.id && p.at - start >= 30_000);
    const firstWaits = [...firstOf.values()].map((p) => Math.max(0, p.state.readAt - p.at));
    const emptyFirsts = [...firstOf.values()].filter((p) => p.state.messages.length === 0).length;
    const views = (list: Poll[]) => {
      const read = list.filter((p) => p.state.readAt > 0).map((p) => p.at - p.state.readAt);
      const fresh = read.filter((a) => a < POLL_MS).length;
      return `${fresh} of ${list.length} polls shown a read under one poll (3 s) old, ${list.length - read.length} never read; age of the view ${read.length ? ageLine(read) : "-"}`;
    };
    console.log(`  other server's ticket: ${views(quietLater)}`);
    console.log(`  busy server's tickets (after the first 30 s): ${views(busyLater)}`);
    console.log(
      `  Discord reads ${reads} = ${(reads / seconds).toFixed(1)}/s of 10; first reads ${firstOf.size}: ${emptyFirsts} answered an empty conversation, longest wait for a slot ${ms(Math.max(...firstWaits) / 1000)} s`,
    );
    const quietAges = quietLater.map((p) => p.at - p.state.readAt);
    return { quietMaxAgeMs: Math.max(...quietAges), stale: quietAges.filter((a) => a >= POLL_MS).length, reads, emptyFirsts };
  } finally {
    await t.close();
    await fake.close();
  }
}

interface Loop {
  times: number[];
  stop(): Promise<void>;
}

/** Requests `url` one after another until stopped, recording each answer's time (ms). */
function loop(url: string, token: string): Loop {
  const times: number[] = [];
  let running = true;
  const done = (async () => {
    while (running) {
      const t0 = performance.now();
      const r = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
      await r.arrayBuffer();
      if (r.status !== 200) throw new Error(`${url} answered ${r.status}`);
      times.push(performance.now() - t0);
    }
  })();
  return {
    times,
    async stop() {
      running = false;
      await done;
    },
  };
}

const timesLine = (times: number[]) =>
  `p50 ${ms(percentile(times, 50))} ms, p99 ${ms(percentile(times, 99))} ms, max ${ms(Math.max(...times))} ms (${times.length} requests)`;

/** (b) Another server's ticket list while the ticket page of a server with a large activity log loops. */
export async function measureTicketPageFairness(options: { databaseUrl?: string; entries?: number; seconds?: number; port?: number } = {}) {
  const entries = options.entries ?? Number(process.env.BENCH_FAIR_ACTIVITY ?? 500_000);
  const seconds = options.seconds ?? Number(process.env.BENCH_FAIR_SECONDS ?? 10);
  const label = options.databaseUrl ? "PostgreSQL" : "SQLite";
  const dataDir = mkdtempSync(join(tmpdir(), "ticketeer-fair-"));
  const database = await benchDatabase(options.databaseUrl);
  const handle = createDatabase(loadConfig({ NODE_ENV: "test", DATA_DIR: dataDir, ...database.env }));
  let open = true;
  const closeHandle = async () => {
    if (open) await handle.destroy();
    open = false;
  };
  console.log(
    `\nTicket page of a server with ${entries} activity entries (${label}): another server's GET /tickets, one request after another`,
  );
  let server: Awaited<ReturnType<typeof startServer>> | undefined;
  try {
    // The log is written as it was before migration 026, so the migration's fill-in is measured on it too.
    await migrateToLatest(handle, "025_generated_count_triggers");
    const nowS = Math.floor(Date.now() / 1000);
    const actions = [
      "Ticket Opened",
      "Ticket Claimed",
      "Ticket Closed",
      "Ticket Renamed",
      "Ticket Member Added",
      "Ticket Priority Set",
      "Ticket Reply Sent",
    ];
    const t0 = performance.now();
    for (let first = 0; first < entries; first += 50_000) {
      await handle.db.transaction().execute(async (trx) => {
        for (let i = first; i < Math.min(first + 50_000, entries); i += 3000) {
          const rows = Array.from({ length: Math.min(3000, entries - i) }, (_, k) => {
            const n = i + k;
            return {
              guild_id: GAMING_HUB_ID,
              user_id: DEMO_ADMIN_ID,
              username: "Demo Admin",
              avatar: null,
              action: actions[n % actions.length],
              ip: "10.0.0.1",
              timestamp: nowS - 730 * 86_400 + Math.floor((n * 730 * 86_400) / entries),
              before_json: null,
              after_json: JSON.stringify({ TicketId: 1 + (n % 100_000), Status: "open" }),
            };
          });
          await trx.insertInto("activity").values(rows).execute();
        }
      });
    }
    const seeded = performance.now() - t0;
    const t1 = performance.now();
    const applied = await migrateToLatest(handle);
    const migrated = performance.now() - t1;
    await runSeeds(handle.db);
    const page = 900_001;
    await handle.db
      .insertInto("tickets")
      .values(openTicket(GAMING_HUB_ID, page, "823456789012345999", (nowS - 730 * 86_400) * 1000))
      .execute();
    console.log(
      `  seeded in ${(seeded / 1000).toFixed(0)} s; ${applied.length ? `${applied.join(", ")} applied in ${(migrated / 1000).toFixed(1)} s` : "no migration after 025"}`,
    );
    await closeHandle();

    server = await startServer(options.port ?? 3106, database.env, { dataDir });
    const token = await signIn(server.baseUrl, DEMO_ADMIN_ID);
    const list = `${server.baseUrl}/api/${DEMO_COMMUNITY_ID}/tickets`;
    const pageUrl = `${server.baseUrl}/api/${GAMING_HUB_ID}/tickets/${page}`;
    const phase = async (withPages: boolean) => {
      const pages = withPages ? [loop(pageUrl, token), loop(pageUrl, token)] : [];
      const listing = loop(list, token);
      await new Promise((r) => setTimeout(r, seconds * 1000));
      await listing.stop();
      for (const p of pages) await p.stop();
      // Alone, the first answers warm the server up; during the loops every answer counts (there may be few).
      return { list: withPages ? listing.times : listing.times.slice(3), page: pages.flatMap((p) => p.times) };
    };
    const alone = await phase(false);
    const contended = await phase(true);
    console.log(`  GET /tickets of another server, alone:               ${timesLine(alone.list)}`);
    console.log(`  … while two loops request the large server's page:  ${timesLine(contended.list)}`);
    console.log(`  the large server's ticket page (GET /tickets/{id}):  ${timesLine(contended.page)}`);
    return { alone: alone.list, contended: contended.list, page: contended.page };
  } finally {
    await server?.stop();
    await closeHandle();
    await database.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function measureFairShares() {
  await measureLiveFairness();
  await measureTicketPageFairness();
  if (process.env.BENCH_DATABASE_URL) await measureTicketPageFairness({ databaseUrl: process.env.BENCH_DATABASE_URL });
}

if (import.meta.url === `file://${process.argv[1]}`) await measureFairShares();
