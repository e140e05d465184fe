import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GUILDS_PER_SWEEP, PER_GUILD, sweepRetention } from "../../../server/retention/sweep";
import { sweep } from "../../../server/tickets/scheduler";
import { expectCountersMatch, expectRollupsMatch } from "../counter-checks";
import { type Json, type TestApp, DEMO_ADMIN_ID, DEMO_COMMUNITY_ID, GAMING_HUB_ID, apiOn, createTestApp } from "../helpers";

// Retention settings (server/retention/sweep.ts): a server's closed tickets, transcripts and activity past its windows
// are deleted by the scheduler's sweep, a fair share per server per sweep, and every running total still equals a
// recount of what is left — on SQLite and on PostgreSQL (the same file under scripts/with-postgres.sh).

const G = DEMO_COMMUNITY_ID;
const GH = GAMING_HUB_ID;
const DAY = 86_400_000;
const NOW = Date.now();
let t: TestApp;
let admin: string;
const api = apiOn(() => t);

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signIn(DEMO_ADMIN_ID);
});
afterAll(async () => {
  await t?.close();
});

const saveSettings = async (guildId: string, patch: Json) => {
  const current = await api("GET", `/api/${guildId}/settings`, admin);
  return api("PUT", `/api/${guildId}/settings`, admin, { ...patch, Revision: current.body.Revision });
};

let nextNumber = 90_000;
const bytes = (n: number) => new Uint8Array(n).fill(7);
/** A closed ticket and its transcript, closed `daysAgo` days before NOW. */
const closedTicketRows = (guildId: string, daysAgo: number) => {
  const number = nextNumber++;
  const closedAt = NOW - daysAgo * DAY;
  const ticket = {
    guild_id: guildId,
    number,
    panel_id: null,
    panel_name: "Unknown",
    opener_id: "700000000000000001",
    opener_name: "Member",
    subject: null,
    status: "closed",
    channel_id: null,
    claimed_by: "700000000000000031",
    claimed_by_name: "Carol",
    form_answers_json: null,
    opened_at: closedAt - 3_600_000,
    last_activity_at: closedAt,
    first_response_at: closedAt - 1_800_000,
    closed_at: closedAt,
    closed_by: "700000000000000031",
    closed_by_name: "Carol",
    close_reason: "done",
    rating: 4,
    response_ms: 1_800_000,
    resolution_ms: 3_600_000,
  };
  const transcript = {
    guild_id: guildId,
    ticket_id: number,
    author_id: "700000000000000001",
    author_username: "Member",
    close_reason: "done",
    panel_id: null,
    panel_name: "Unknown",
    rating: 4,
    closed_at: closedAt,
    message_count: 1,
    body_enc: bytes(32),
    iv: bytes(12),
    tag: bytes(16),
    created_at: closedAt,
  };
  return { ticket, transcript };
};
async function closedTickets(guildId: string, daysAgo: number, count: number) {
  const rows = Array.from({ length: count }, () => closedTicketRows(guildId, daysAgo));
  for (let i = 0; i < rows.length; i += 100) {
    await t.db
      .insertInto("tickets")
      .values(rows.slice(i, i + 100).map((r) => r.ticket))
      .execute();
    await t.db
      .insertInto("transcripts")
      .values(rows.slice(i, i + 100).map((r) => r.transcript))
      .execute();
  }
}
const activityRow = (guildId: string, daysAgo: number) => ({
  guild_id: guildId,
  user_id: DEMO_ADMIN_ID,
  username: "Demo Admin",
  avatar: null,
  action: "retention-test",
  ip: "198.51.100.1",
  timestamp: Math.floor((NOW - daysAgo * DAY) / 1000),
  before_json: null,
  after_json: null,
});
const countOf = async (table: "tickets" | "transcripts" | "activity", guildId: string, extra?: (q: any) => any) => {
  let q = t.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("guild_id", "=", guildId);
  if (extra) q = extra(q);
  return Number((await q.executeTakeFirstOrThrow()).n);
};
const oldClosed = (q: any) => q.where("closed_at", "<", NOW - 30 * DAY);

describe("data retention", () => {
  it("is off by default (0: kept forever) and refuses a window beyond ten years with nothing stored", async () => {
    const settings = await api("GET", `/api/${G}/settings`, admin);
    expect(settings.body.RetentionTicketsDays).toBe(0);
    expect(settings.body.RetentionActivityDays).toBe(0);
    const refused = await saveSettings(G, { RetentionTicketsDays: 3651 });
    expect(refused.status).toBe(400);
    expect((await api("GET", `/api/${G}/settings`, admin)).body.RetentionTicketsDays).toBe(0);
    // Kept forever: a sweep deletes nothing of a server without a window.
    await closedTickets(G, 400, 2);
    const before = await countOf("transcripts", G);
    await sweepRetention(t.db, t.app.tickets.deps.clock, NOW, G);
    expect(await countOf("transcripts", G)).toBe(before);
  });

  it("the scheduler's sweep deletes what is past the windows, keeps the rest, and every counter equals a recount", async () => {
    await closedTickets(G, 45, 5);
    await closedTickets(G, 10, 3);
    await t.db
      .insertInto("tickets")
      .values({ ...closedTicketRows(G, 90).ticket, status: "open", closed_at: null, closed_by: null, closed_by_name: null })
      .execute();
    await t.db
      .insertInto("activity")
      .values([activityRow(G, 20), activityRow(G, 20), activityRow(G, 2)])
      .execute();
    expect((await saveSettings(G, { RetentionTicketsDays: 30, RetentionActivityDays: 7 })).status).toBe(200);
    const openBefore = await countOf("tickets", G, (q) => q.where("status", "=", "open"));
    const recentActivity = await countOf("activity", G, (q) => q.where("timestamp", ">=", Math.floor((NOW - 7 * DAY) / 1000)));

    const outcome = await sweep(t.app, NOW);
    expect(outcome.purged.transcripts).toBeGreaterThanOrEqual(7);
    expect(outcome.purged.tickets).toBeGreaterThanOrEqual(7);
    expect(outcome.purged.activity).toBeGreaterThanOrEqual(2);
    // The demo's seeded history is older than the windows too: the next sweeps take the rest, a share at a time.
    for (let i = 0; i < 10 && Object.values((await sweep(t.app, NOW)).purged).some((n) => n > 0); i++);
    expect(await countOf("transcripts", G, oldClosed)).toBe(0);
    expect(await countOf("tickets", G, (q) => oldClosed(q).where("status", "=", "closed"))).toBe(0);
    expect(await countOf("activity", G, (q) => q.where("timestamp", "<", Math.floor((NOW - 7 * DAY) / 1000)))).toBe(0);
    // What is within the windows, and open tickets however old, stay.
    expect(await countOf("transcripts", G, (q) => q.where("closed_at", ">=", NOW - 30 * DAY).where("ticket_id", ">=", 90_000))).toBe(3);
    expect(await countOf("tickets", G, (q) => q.where("status", "=", "open"))).toBe(openBefore);
    expect(await countOf("activity", G, (q) => q.where("timestamp", ">=", Math.floor((NOW - 7 * DAY) / 1000)))).toBe(recentActivity);
    // The running totals follow the deletes (triggers), statistics and deep-page counters alike.
    await expectCountersMatch(t);
    await expectRollupsMatch(t, [G, GH]);
  });

  it("gives every server its fair share: a huge backlog in one does not starve another's purge", async () => {
    await closedTickets(GH, 60, PER_GUILD * 2 + 10);
    await closedTickets(G, 60, 4);
    expect((await saveSettings(GH, { RetentionTicketsDays: 30 })).status).toBe(200);
    const backlog = await countOf("transcripts", GH, oldClosed);
    expect(backlog).toBeGreaterThanOrEqual(PER_GUILD * 2 + 10);

    await sweepRetention(t.db, t.app.tickets.deps.clock, NOW);
    // The quiet server's old transcripts are all gone on the first sweep; the busy one gave up exactly its share.
    expect(await countOf("transcripts", G, oldClosed)).toBe(0);
    expect(await countOf("transcripts", GH, oldClosed)).toBe(backlog - PER_GUILD);
    await expectCountersMatch(t);
    await expectRollupsMatch(t, [G, GH]);

    // Later sweeps finish the backlog.
    await sweepRetention(t.db, t.app.tickets.deps.clock, NOW);
    await sweepRetention(t.db, t.app.tickets.deps.clock, NOW);
    expect(await countOf("transcripts", GH, oldClosed)).toBe(0);
    expect(await countOf("tickets", GH, (q) => oldClosed(q).where("status", "=", "closed"))).toBe(0);
    await expectCountersMatch(t);
    await expectRollupsMatch(t, [G, GH]);
    expect(GUILDS_PER_SWEEP).toBeGreaterThan(1);
  });
});
