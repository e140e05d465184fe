import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { botPermissionBits } from "../../../src/schemas/bot-permissions";
import { LiveReader } from "../../../server/helpdesk/live-read";
import { replyAsStaff } from "../../../server/helpdesk/reply";
import { findTicket, type TicketRow } from "../../../server/tickets/store";
import { FakeDiscord } from "../discord/fake-discord";
import { ChannelType } from "../discord/fake-world";
import { testKeys } from "../discord/interactions";
import { type TestApp, createTestApp } from "../helpers";
import { type Poll, watchPages } from "./live-read-sim";

// The live read of the help desk on the Discord adapter against the fake Discord (every request checked
// against Discord's contract): however many staff watch a ticket, its channel is read once per poll — within an
// instance (concurrent watchers share one read) and across instances (the lease in ticket_live_reads) — and each
// read asks only for the messages after the last known one.

const APP = "700000000000000888";
const G = "770000000000000001";
const CATEGORY = "770000000000000100";
const OPENER = "770000000000000301";
const STAFF = "770000000000000302";
const OWNER = "770000000000000303";
/** Another server on the same instance. */
const OTHER = "770000000000000002";
const keys = testKeys();
let fake: FakeDiscord;
let t: TestApp;
let channelId: string;

const reads = () => fake.callsTo("GET", "/channels/{channel_id}/messages");
let nextNumber = 100;

/** An open ticket of the server in a new channel of its own, where its opener has written. */
async function ticketIn(guildId: string, opener: string): Promise<TicketRow> {
  const channel = fake.addChannel(guildId, { name: `ticket-${nextNumber}` }).id;
  fake.postAs(opener, channel, "hello, my order is late");
  const number = nextNumber++;
  const now = Date.now();
  await t.db
    .insertInto("tickets")
    .values({
      guild_id: guildId,
      number,
      panel_id: null,
      panel_name: "Unknown",
      opener_id: opener,
      opener_name: "opener",
      subject: null,
      status: "open",
      channel_id: channel,
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
  return (await findTicket(t.db, guildId, number))!;
}

beforeAll(async () => {
  fake = await FakeDiscord.start({ applicationId: APP });
  for (const [id, username] of [
    [OPENER, "opener"],
    [STAFF, "staffer"],
    [OWNER, "owner"],
  ])
    fake.addUser({ id, username });
  fake.addGuild({ id: G, name: "Stub Guild", ownerId: OWNER, botPermissions: BigInt(botPermissionBits) });
  fake.addMember(G, OPENER);
  fake.addMember(G, STAFF);
  fake.addGuild({ id: OTHER, name: "Other Guild", ownerId: OWNER, botPermissions: BigInt(botPermissionBits) });
  fake.addMember(OTHER, OPENER);
  fake.addChannel(G, { id: CATEGORY, name: "Tickets", type: ChannelType.GuildCategory });
  channelId = fake.addChannel(G, { name: "ticket-1", parentId: CATEGORY }).id;
  fake.postAs(OPENER, channelId, "hello, my order is late");
  t = await createTestApp({
    env: {
      DISCORD_CLIENT_ID: APP,
      DISCORD_CLIENT_SECRET: fake.clientSecret,
      DISCORD_BOT_TOKEN: fake.botToken,
      DISCORD_PUBLIC_KEY: keys.publicKeyHex,
      DISCORD_API_BASE: fake.base,
    },
    seed: false,
  });
  const now = Date.now();
  await t.db
    .insertInto("tickets")
    .values({
      guild_id: G,
      number: 1,
      panel_id: null,
      panel_name: "Unknown",
      opener_id: OPENER,
      opener_name: "opener",
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
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

describe("the live read of a watched ticket", () => {
  it("reads the channel once per poll however many staff watch it, on one instance and across two", async () => {
    let clock = 1_000_000;
    const now = () => clock;
    const deps = t.app.tickets.deps;
    const one = new LiveReader(deps, { pollMs: 3000, holder: "instance-a", now });
    const two = new LiveReader(deps, { pollMs: 3000, holder: "instance-b", now });
    const row = (await findTicket(t.db, G, 1))!;
    const before = reads().length;

    // Ten staff on instance A and ten on instance B open the page at once: one read of Discord.
    const first = await Promise.all([
      ...Array.from({ length: 10 }, () => one.read(row)),
      ...Array.from({ length: 10 }, () => two.read(row)),
    ]);
    expect(reads().length - before).toBe(1);
    for (const state of first) expect(state.messages.map((m) => m.content)).toEqual(["hello, my order is late"]);

    // Their polls within the same 3 s: no more reads.
    clock += 1500;
    await Promise.all(Array.from({ length: 20 }, (_, i) => (i % 2 ? one : two).read(row)));
    expect(reads().length - before).toBe(1);

    // The member writes; the next poll reads once, asking only for what came after the last known message.
    fake.postAs(OPENER, channelId, "are you there?");
    fake.postAs(STAFF, channelId, "on it");
    clock += 3000;
    const second = await Promise.all(Array.from({ length: 20 }, (_, i) => (i % 2 ? one : two).read(row)));
    expect(reads().length - before).toBe(2);
    const last = reads().at(-1)!;
    expect(last.query.get("after")).toBe(first[0].lastMessageId);
    for (const state of second)
      expect(state.messages.map((m) => m.content)).toEqual(["hello, my order is late", "are you there?", "on it"]);
    // The staff message it saw is the ticket's first response (Discord's messages are otherwise only read at close).
    expect((await findTicket(t.db, G, 1))!.first_response_at).not.toBeNull();

    // Over a minute of polls every 3 s by twenty watchers: twenty reads, one per poll.
    for (let i = 0; i < 20; i++) {
      clock += 3000;
      await Promise.all(Array.from({ length: 20 }, (_, k) => (k % 2 ? one : two).read(row)));
    }
    expect(reads().length - before).toBe(22);
  });

  it("a reply from the dashboard is one message Discord's contract accepts, under the staff member's name, pinging nobody", async () => {
    const before = fake.callsTo("POST", "/channels/{channel_id}/messages").length;
    const owner = { id: OWNER, username: "owner", avatar: null, roles: [], permissions: "8", owner: true };
    const replied = await replyAsStaff(t.app.tickets.deps, G, 1, owner, "On it @everyone");
    const messageId = "done" in replied && replied.done === "replied" ? replied.messageId : null;
    const sent = fake.callsTo("POST", "/channels/{channel_id}/messages").slice(before);
    expect(sent).toHaveLength(1);
    expect(messageId).toBeTruthy();
    const body = JSON.parse(sent[0].body) as { allowed_mentions: unknown; embeds: { author: { name: string }; description: string }[] };
    expect(body.allowed_mentions).toEqual({ parse: [] });
    expect(body.embeds[0].author.name).toBe("owner");
    expect(body.embeds[0].description).toBe("On it @everyone");
    expect(fake.violations).toEqual([]);
  });
});

describe("fair shares of the live read between servers", () => {
  const POLL = 3000;
  const SECOND = 1000;

  it("while one server watches 200 tickets, another server's ticket stays fresh within one poll, and the first keeps the rest", async () => {
    let clock = 50_000_000;
    const reader = new LiveReader(t.app.tickets.deps, {
      pollMs: POLL,
      maxReadsPerSecond: 10,
      holder: "fair",
      now: () => clock,
      wake: () => {},
    });
    const busy: TicketRow[] = [];
    for (let i = 0; i < 200; i++) busy.push(await ticketIn(G, OPENER));
    const quiet = await ticketIn(OTHER, OPENER);
    const before = reads().length;
    const start = clock;
    const polls: Poll[] = [];
    const posted: { at: number; content: string }[] = [];
    // The busy server's pages poll at offsets spread over the interval; the quiet one's late in a second, after the
    // busy server's first polls of that second.
    await watchPages({
      reader,
      setClock: (ms) => (clock = ms),
      start,
      durationMs: 60_000,
      pollMs: POLL,
      watches: [...busy.map((row, i) => ({ row, offsetMs: (i * 15) % POLL })), { row: quiet, offsetMs: 1_700 }],
      before: (at) => {
        if (at - start >= posted.length * 10_000)
          posted.push({ at, content: fake.postAs(OPENER, quiet.channel_id!, `still there? ${posted.length}`).content });
      },
      onPoll: (p) => polls.push(p),
    });
    const quietPolls = polls.filter((p) => p.row.id === quiet.id);
    // Its first read waited for its slot (a second at most) and was not empty; every later poll got a read less than a
    // poll old, so it shows every message written before the poll that read it.
    expect(quietPolls[0].state.messages.length).toBeGreaterThan(0);
    expect(quietPolls[0].state.readAt - quietPolls[0].at).toBeLessThanOrEqual(SECOND);
    for (const p of quietPolls.slice(1)) {
      expect(p.at - p.state.readAt, `poll at +${p.at - start}`).toBeLessThan(POLL);
      const shown = new Set(p.state.messages.map((m) => m.content));
      for (const m of posted.filter((m) => m.at <= p.at - POLL))
        expect(shown.has(m.content), `${m.content} at +${p.at - start}`).toBe(true);
    }
    expect(posted.length).toBe(6);

    // No first read answered an empty conversation, and the busy server used what the quiet one left: about the whole
    // budget, every ticket in turn (the one read longest ago first), none left behind.
    const busyPolls = polls.filter((p) => p.row.id !== quiet.id);
    expect(busyPolls.every((p) => p.state.messages.length > 0)).toBe(true);
    const total = reads().length - before;
    expect(total).toBeLessThanOrEqual(10 * 60 + 10);
    expect(total).toBeGreaterThanOrEqual(10 * 60 * 0.85);
    const afterWarmUp = busyPolls.filter((p) => p.at - start >= 30_000);
    expect(Math.max(...afterWarmUp.map((p) => p.at - p.state.readAt))).toBeLessThan((200 / 8) * SECOND + POLL);
  }, 120_000);

  it("a first read over the budget waits for its slot and is never an empty conversation", async () => {
    let clock = 80_000_000;
    const reader = new LiveReader(t.app.tickets.deps, {
      pollMs: POLL,
      maxReadsPerSecond: 2,
      holder: "first",
      now: () => clock,
      wake: () => {},
    });
    const [a, b, c] = [await ticketIn(G, OPENER), await ticketIn(G, OPENER), await ticketIn(OTHER, OPENER)];
    await Promise.all([reader.read(a), reader.read(b)]);
    // This second's two reads are spent: the other server's first page waits for the next second's.
    let answered: Awaited<ReturnType<LiveReader["read"]>> | undefined;
    const first = reader.read(c).then((state) => (answered = state));
    await reader.settled();
    expect(answered).toBeUndefined();
    clock += SECOND;
    await reader.read(a); // any poll starts the reads the new second allows
    await reader.settled();
    await first;
    expect(answered!.messages.map((m) => m.content)).toEqual(["hello, my order is late"]);
    expect(answered!.readAt).toBe(clock);
  });
});
