// The gateway (DISCORD_GATEWAY=1; server/gateway/) against the fake Discord and its fake gateway of the test suites
// (tests/server/discord/fake-gateway.ts, Discord's gateway v10 with its sequence numbers, heartbeats and resumes):
//   - REST requests per watched ticket per minute: the help desk's live read with the gateway up, two instances,
//     watchers polling every 3 s over a simulated minute while members write (without the gateway: 20, bench/live-read.ts);
//   - the time from a member's message to the ticket page: the message sent in Discord, the ticket event the page
//     refreshes on, and the page's answer holding it (p50, p99, max);
//   - events one instance applies per second: a burst of members' messages over 20 tickets, each stored sealed with its
//     last activity, through the inbox, in order per channel (events/s, and each event's time from Discord to applied).
//   npx tsx bench/gateway.ts                  # SQLite (PostgreSQL when TEST_DATABASE_URL is set, as the test suites)
//   BENCH_ONLY_GATEWAY=1 npm run bench        # only this part of `npm run bench` (results.md untouched)
import { botPermissionBits } from "../src/schemas/bot-permissions";
import { createGatewayRunner } from "../server/gateway/runner";
import { LiveReader } from "../server/helpdesk/live-read";
import { findTicket, type TicketRow } from "../server/tickets/store";
import { FakeDiscord } from "../tests/server/discord/fake-discord";
import { FakeGateway } from "../tests/server/discord/fake-gateway";
import { ChannelType } from "../tests/server/discord/fake-world";
import { createTestApp, testDatabaseUrl, type TestApp } from "../tests/server/helpers";
import { ms, percentile } from "./lib";

const APP = "700000000000000996";
const G = "781000000000000001";
const OWNER = "781000000000000002";
const MEMBER = "781000000000000003";
const POLL_MS = 3000;

async function until(check: () => boolean | Promise<boolean>, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error("the gateway benchmark timed out");
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
}

export async function measureGateway() {
  const fake = await FakeDiscord.start({ applicationId: APP });
  fake.addUser({ id: OWNER, username: "owner" });
  fake.addUser({ id: MEMBER, username: "member" });
  fake.addGuild({ id: G, name: "Bench Guild", ownerId: OWNER, botPermissions: BigInt(botPermissionBits) });
  fake.addMember(G, MEMBER);
  const category = fake.addChannel(G, { name: "Tickets", type: ChannelType.GuildCategory }).id;
  const gateway = await FakeGateway.start({ discord: fake });
  const t = await createTestApp({
    env: {
      DISCORD_CLIENT_ID: APP,
      DISCORD_CLIENT_SECRET: fake.clientSecret,
      DISCORD_BOT_TOKEN: fake.botToken,
      DISCORD_API_BASE: fake.base,
      DISCORD_GATEWAY: "1",
    },
    seed: false,
    checkResponses: false,
  });
  const applied = new Map<string, number>();
  const applyMs = new Map<string, number>();
  const runner = createGatewayRunner(t.app, {
    onEvent: (e) => {
      applied.set(e.key, performance.now());
      applyMs.set(e.key, e.ms);
    },
  });
  console.log(`\nGateway (fake Discord gateway v10, ${testDatabaseUrl ? "PostgreSQL" : "SQLite"})`);
  try {
    await runner.start();
    await until(async () => (await t.app.gatewayCoverage!.coveredSince(G)) !== null);
    let number = 0;
    const openTicket = async (): Promise<TicketRow> => {
      const channelId = fake.addChannel(G, { name: `ticket-${++number}`, parentId: category }).id;
      const now = Date.now();
      await t.db
        .insertInto("tickets")
        .values({
          guild_id: G,
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
          opened_at: now,
          last_activity_at: now,
          first_response_at: null,
          closed_at: null,
          closed_by: null,
          closed_by_name: null,
          close_reason: null,
          rating: null,
          response_ms: null,
          resolution_ms: null,
        })
        .execute();
      return (await findTicket(t.db, G, number))!;
    };
    await measureReads(t, fake, openTicket, applied);
    await measureLatency(t, fake, openTicket);
    await measureThroughput(fake, openTicket, applied, applyMs);
  } finally {
    await runner.stop();
    await t.close();
    await gateway.close();
    await fake.close();
  }
}

/** The live read of watched tickets with the gateway up: Discord requests per watched ticket per minute. */
async function measureReads(t: TestApp, fake: FakeDiscord, openTicket: () => Promise<TicketRow>, applied: Map<string, number>) {
  for (const [tickets, watchers] of [
    [1, 1],
    [1, 10],
    [1, 50],
    [10, 5],
  ] as const) {
    let clock = 50_000_000;
    const deps = t.app.tickets.deps;
    const instances = [
      new LiveReader(deps, { holder: `ga${tickets}${watchers}`, now: () => clock }),
      new LiveReader(deps, { holder: `gb${tickets}${watchers}`, now: () => clock }),
    ];
    const rows: TicketRow[] = [];
    for (let i = 0; i < tickets; i++) rows.push(await openTicket());
    for (const row of rows) {
      const hello = fake.postAs(MEMBER, row.channel_id!, "hello");
      await until(() => applied.has(`message:${hello.id}`));
    }
    const polls: { at: number; ticket: number; instance: number }[] = [];
    for (let w = 0; w < tickets * watchers; w++) {
      const offset = Math.floor((w * 7919) % 3000);
      for (let at = offset; at < 60_000; at += POLL_MS) polls.push({ at, ticket: w % tickets, instance: w % 2 });
    }
    polls.sort((a, b) => a.at - b.at);
    const start = clock;
    const before = fake.callsTo("GET", "/channels/{channel_id}/messages").length;
    let nextWrite = 10_000;
    let shown = 0;
    let written = tickets;
    for (let i = 0; i < polls.length;) {
      const at = polls[i].at;
      clock = start + at;
      while (at >= nextWrite) {
        for (const row of rows) {
          const sent = fake.postAs(MEMBER, row.channel_id!, `still there? ${nextWrite}`);
          written++;
          await until(() => applied.has(`message:${sent.id}`));
        }
        nextWrite += 10_000;
      }
      const batch = [];
      while (i < polls.length && polls[i].at === at) batch.push(polls[i++]);
      const states = await Promise.all(batch.map((p) => instances[p.instance].read(rows[p.ticket])));
      shown = Math.max(shown, ...states.map((s) => s.messages.length));
    }
    const reads = fake.callsTo("GET", "/channels/{channel_id}/messages").length - before;
    console.log(
      `  ${String(tickets).padStart(2)} ticket(s), ${String(watchers).padStart(2)} staff watching each: ${String(polls.length).padStart(4)} page polls, ${written} messages → ` +
        `${String(reads).padStart(3)} Discord reads = ${(reads / tickets).toFixed(1)} requests per watched ticket per minute (without the gateway: 20)`,
    );
  }
}

/** A member's message to the ticket page: the page refreshes on the ticket event, and its answer holds the message. */
async function measureLatency(t: TestApp, fake: FakeDiscord, openTicket: () => Promise<TicketRow>) {
  const row = await openTicket();
  const times: number[] = [];
  for (let i = 0; i < 300; i++) {
    const started = performance.now();
    let heard = false;
    const unsubscribe = t.app.ticketEvents.subscribe(G, (e) => {
      if (e.ticket.TicketId === row.number) heard = true;
    });
    const sent = fake.postAs(MEMBER, row.channel_id!, `message ${i}`);
    await until(() => heard);
    await until(async () => (await t.app.helpdesk.messages(row)).messages.some((m) => m.MessageId === sent.id));
    unsubscribe();
    times.push(performance.now() - started);
  }
  console.log(
    `  a member's message to the ticket page (300, one at a time): p50 ${ms(percentile(times, 50))} ms, p99 ${ms(percentile(times, 99))} ms, max ${ms(Math.max(...times))} ms (goal p99 < 1 s)`,
  );
}

/** A burst of members' messages over 20 tickets: how many events one instance applies a second, and each one's time. */
async function measureThroughput(
  fake: FakeDiscord,
  openTicket: () => Promise<TicketRow>,
  applied: Map<string, number>,
  applyMs: Map<string, number>,
) {
  const rows: TicketRow[] = [];
  for (let i = 0; i < 20; i++) rows.push(await openTicket());
  const sentAt = new Map<string, number>();
  const total = 2000;
  const started = performance.now();
  for (let i = 0; i < total; i++) {
    const m = fake.postAs(MEMBER, rows[i % rows.length].channel_id!, `burst ${i}`);
    sentAt.set(`message:${m.id}`, performance.now());
  }
  await until(() => [...sentAt.keys()].every((key) => applied.has(key)), 120_000);
  const seconds = (Math.max(...[...sentAt.keys()].map((key) => applied.get(key)!)) - started) / 1000;
  const latencies = [...sentAt].map(([key, at]) => applied.get(key)! - at);
  const each = [...sentAt.keys()].map((key) => applyMs.get(key)!);
  console.log(
    `  one instance applying a burst of ${total} members' messages over ${rows.length} tickets: ${(total / seconds).toFixed(0)} events/s; ` +
      `applying one: p50 ${ms(percentile(each, 50))} ms, p99 ${ms(percentile(each, 99))} ms; ` +
      `from Discord to applied (the burst's queue included): p50 ${ms(percentile(latencies, 50))} ms, p99 ${ms(percentile(latencies, 99))} ms`,
  );
}

if (import.meta.url === `file://${process.argv[1]}`) await measureGateway();
