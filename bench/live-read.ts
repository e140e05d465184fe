// The help desk's live read: while staff watch a ticket's page, the server reads its channel after the last
// known message, once per ticket per poll however many watch it (server/helpdesk/live-read.ts). Against the fake
// Discord of the test suites (every request checked against Discord's contract), two instances sharing one database,
// watchers polling every 3 s at their own offsets over a simulated minute: prints the Discord requests per watched
// ticket per minute (the budget: 20, one per 3 s poll, whatever the number of watchers).
//   npx tsx bench/live-read.ts
import { botPermissionBits } from "../src/schemas/bot-permissions";
import { LiveReader } from "../server/helpdesk/live-read";
import { findTicket, type TicketRow } from "../server/tickets/store";
import { FakeDiscord } from "../tests/server/discord/fake-discord";
import { ChannelType } from "../tests/server/discord/fake-world";
import { testKeys } from "../tests/server/discord/interactions";
import { createTestApp } from "../tests/server/helpers";

const APP = "700000000000000999";
const G = "780000000000000001";
const OWNER = "780000000000000002";
const MEMBER = "780000000000000003";
const POLL_MS = 3000;

export async function measureLiveRead() {
  const fake = await FakeDiscord.start({ applicationId: APP });
  fake.addUser({ id: OWNER, username: "owner" });
  fake.addUser({ id: MEMBER, username: "member" });
  fake.addGuild({ id: G, name: "Bench Guild", ownerId: OWNER, botPermissions: BigInt(botPermissionBits) });
  fake.addMember(G, MEMBER);
  const category = fake.addChannel(G, { name: "Tickets", type: ChannelType.GuildCategory }).id;
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
  console.log("\nLive read of watched tickets (fake Discord, 2 instances, polls every 3 s over a simulated minute)");
  try {
    let number = 0;
    for (const [tickets, watchers] of [
      [1, 1],
      [1, 10],
      [1, 50],
      [10, 5],
    ] as const) {
      let clock = 10_000_000 + number * 1_000_000;
      const now = () => clock;
      const deps = t.app.tickets.deps;
      const instances = [new LiveReader(deps, { holder: `a${number}`, now }), new LiveReader(deps, { holder: `b${number}`, now })];
      const rows: TicketRow[] = [];
      for (let i = 0; i < tickets; i++) {
        const channelId = fake.addChannel(G, { name: `ticket-${++number}`, parentId: category }).id;
        fake.postAs(MEMBER, channelId, "hello");
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
            opened_at: clock,
            last_activity_at: clock,
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
        rows.push((await findTicket(t.db, G, number))!);
      }
      // Each watcher polls every 3 s from its own offset; a member writes every 10 s.
      const polls: { at: number; ticket: number; instance: number }[] = [];
      for (let w = 0; w < tickets * watchers; w++) {
        const offset = Math.floor((w * 7919) % 3000);
        for (let at = offset; at < 60_000; at += POLL_MS) polls.push({ at, ticket: w % tickets, instance: w % 2 });
      }
      polls.sort((a, b) => a.at - b.at);
      const start = clock;
      const before = fake.callsTo("GET", "/channels/{channel_id}/messages").length;
      let nextWrite = 10_000;
      for (let i = 0; i < polls.length;) {
        const at = polls[i].at;
        clock = start + at;
        while (at >= nextWrite) {
          for (const row of rows) fake.postAs(MEMBER, row.channel_id!, `still there? ${nextWrite}`);
          nextWrite += 10_000;
        }
        const batch = [];
        while (i < polls.length && polls[i].at === at) batch.push(polls[i++]);
        await Promise.all(batch.map((p) => instances[p.instance].read(rows[p.ticket])));
      }
      const reads = fake.callsTo("GET", "/channels/{channel_id}/messages").length - before;
      console.log(
        `  ${String(tickets).padStart(2)} ticket(s), ${String(watchers).padStart(2)} staff watching each: ${String(polls.length).padStart(4)} page polls → ${String(reads).padStart(3)} Discord reads = ${(reads / tickets).toFixed(1)} requests per watched ticket per minute`,
      );
    }
  } finally {
    await t.close();
    await fake.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await measureLiveRead();
