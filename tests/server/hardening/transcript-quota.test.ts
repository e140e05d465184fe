import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { recordedBotProblems } from "../../../server/bot-setup/problems";
import { seedDemoTranscripts } from "../../../server/transcripts/demo";
import { sweepTickets } from "../../../server/tickets/scheduler";
import { ticketActions } from "../../../server/tickets/step";
import { botTexts } from "../../../server/discord/texts";
import { type TestApp, DEMO_ADMIN_ID, DEMO_COMMUNITY_ID, createTestApp, apiOn } from "../helpers";

// Every path that stores a transcript honours TRANSCRIPT_QUOTA_MB (here 1 MB): the ingest, a close
// by a member, a scheduled close, the demo seed. A transcript is kept only when it fits (stored bytes + its sealed
// size ≤ the quota); a close past it still closes, keeps no transcript, tells the member, and shows it to the owner
// (Bot setup's refusals, and the activity log).

const G = DEMO_COMMUNITY_ID;
const QUOTA = 1024 * 1024;
const SUPPORT_CHANNEL = "812345678901234714";
let t: TestApp;
let admin: string;

const api = apiOn(() => t);
const usedBytes = async (guildId = G) =>
  Number((await t.db.selectFrom("transcript_counts").select("bytes").where("guild_id", "=", guildId).executeTakeFirst())?.bytes ?? 0);
const transcriptOf = (n: number) =>
  t.db.selectFrom("transcripts").select("id").where("guild_id", "=", G).where("ticket_id", "=", n).executeTakeFirst();

/** Takes the guild's stored bytes to `quota - room` with one filler row (its size is all that counts). */
async function fillTo(room: number, guildId = G) {
  const missing = QUOTA - room - (await usedBytes(guildId));
  if (missing <= 0) return;
  await t.db
    .insertInto("transcripts")
    .values({
      guild_id: guildId,
      ticket_id: 2_000_000_000 + Math.floor(Math.random() * 1e8),
      author_id: "1",
      author_username: "filler",
      close_reason: null,
      panel_id: null,
      panel_name: "Unknown",
      rating: null,
      closed_at: Date.now(),
      message_count: 1,
      body_enc: randomBytes(missing),
      iv: randomBytes(12),
      tag: randomBytes(16),
      created_at: Date.now(),
    })
    .execute();
}

async function openWithMessages() {
  const panel = await t.db
    .selectFrom("panels")
    .selectAll()
    .where("guild_id", "=", G)
    .where("name", "=", "General Support")
    .executeTakeFirstOrThrow();
  const res = await api("POST", `/api/${G}/demo/interactions`, admin, {
    kind: "button",
    channelId: SUPPORT_CHANNEL,
    messageId: panel.message_id,
    customId: `panel:${panel.id}`,
  });
  expect(res.status).toBe(200);
  const ticket = await t.db
    .selectFrom("tickets")
    .selectAll()
    .where("guild_id", "=", G)
    .where("status", "=", "open")
    .orderBy("number", "desc")
    .executeTakeFirstOrThrow();
  for (let i = 0; i < 3; i++) {
    expect(
      (await api("POST", `/api/${G}/demo/channels/${ticket.channel_id}/messages`, admin, { content: randomBytes(900).toString("hex") }))
        .status,
    ).toBe(201);
  }
  return ticket;
}

beforeAll(async () => {
  t = await createTestApp({ env: { TRANSCRIPT_QUOTA_MB: "1" } });
  admin = await t.signIn(DEMO_ADMIN_ID);
  const current = await api("GET", `/api/${G}/settings`, admin);
  expect(
    (await api("PUT", `/api/${G}/settings`, admin, { UserTicketLimit: 0, TicketCloseConfirmation: false, Revision: current.body.Revision }))
      .status,
  ).toBe(200);
});
afterAll(async () => {
  await t?.close();
});
beforeEach(async () => {
  await t.db.deleteFrom("transcripts").where("author_username", "=", "filler").execute();
  await t.db.deleteFrom("bot_problems").execute();
});

describe("Item 1 — the transcript quota on every write path", () => {
  it("a close that fits stores its transcript", async () => {
    const ticket = await openWithMessages();
    const closed = await api("POST", `/api/${G}/tickets/${ticket.number}/close`, admin, { reason: "Solved" });
    expect(closed.body.message).toBe(botTexts.closed(ticket.number));
    expect(await transcriptOf(ticket.number)).toBeDefined();
  });

  it("a close past the quota closes the channel, keeps no transcript, tells the member, and shows it to the owner", async () => {
    const ticket = await openWithMessages();
    await fillTo(200);
    const before = await usedBytes();
    const closed = await api("POST", `/api/${G}/tickets/${ticket.number}/close`, admin, { reason: "Solved" });
    expect(closed.status).toBe(200);
    expect(closed.body.message).toBe(botTexts.closedWithoutTranscript(ticket.number, 1));
    expect(closed.body.ticket).toMatchObject({ Status: "closed", CloseReason: "Solved" });
    expect(await t.db.selectFrom("demo_channels").select("id").where("id", "=", ticket.channel_id!).executeTakeFirst()).toBeUndefined();
    expect(await transcriptOf(ticket.number)).toBeUndefined();
    expect(await usedBytes()).toBe(before);
    // The owner sees it on Bot setup …
    const problems = await recordedBotProblems(t.db, G);
    expect(problems).toEqual([
      expect.objectContaining({ kind: "transcriptQuota", quotaBytes: QUOTA, usedBytes: before, ticketNumber: ticket.number }),
    ]);
    // … and in the activity log.
    const entry = await t.db
      .selectFrom("activity")
      .selectAll()
      .where("guild_id", "=", G)
      .where("action", "=", ticketActions.transcriptNotStored)
      .orderBy("id", "desc")
      .executeTakeFirstOrThrow();
    expect(JSON.parse(entry.after_json!)).toMatchObject({ TicketId: ticket.number, QuotaMB: 1 });
  });

  it("a scheduled close past the quota closes and keeps no transcript", async () => {
    const ticket = await openWithMessages();
    const current = await api("GET", `/api/${G}/settings`, admin);
    expect(
      (
        await api("PUT", `/api/${G}/settings`, admin, {
          AutoCloseEnabled: true,
          SinceLastMessageDays: 0,
          SinceLastMessageHours: 0,
          SinceLastMessageMinutes: 5,
          Revision: current.body.Revision,
        })
      ).status,
    ).toBe(200);
    try {
      await fillTo(200);
      expect(await sweepTickets(t.app, Date.now() + 10 * 60_000)).toBeGreaterThanOrEqual(1);
      expect(await t.db.selectFrom("tickets").select("status").where("id", "=", ticket.id).executeTakeFirstOrThrow()).toEqual({
        status: "closed",
      });
      expect(await transcriptOf(ticket.number)).toBeUndefined();
      expect(await usedBytes()).toBeLessThanOrEqual(QUOTA);
      expect(await recordedBotProblems(t.db, G)).toEqual([
        expect.objectContaining({ kind: "transcriptQuota", ticketNumber: ticket.number }),
      ]);
    } finally {
      const now = await api("GET", `/api/${G}/settings`, admin);
      await api("PUT", `/api/${G}/settings`, admin, { AutoCloseEnabled: false, Revision: now.body.Revision });
    }
  });

  it("the ingest keeps a transcript only when it fits (507 otherwise, and the owner is told)", async () => {
    const key = (await api("POST", `/api/${G}/bot-key`, admin)).body.key as string;
    await fillTo(2000);
    // A ticket number the bot handed out and nobody stored yet.
    await t.db
      .updateTable("guild_ticket_counters")
      .set((eb) => ({ last_number: eb("last_number", "+", 1) }))
      .where("guild_id", "=", G)
      .execute();
    const { last_number: last } = await t.db
      .selectFrom("guild_ticket_counters")
      .select("last_number")
      .where("guild_id", "=", G)
      .executeTakeFirstOrThrow();
    const res = await t.app.inject({
      method: "POST",
      url: `/api/${G}/transcripts`,
      headers: { authorization: `Bot ${key}` },
      payload: {
        TicketId: last,
        AuthorId: "1",
        AuthorUsername: "someone",
        ClosedAt: 1_717_000_000,
        messages: [{ author: "someone", content: randomBytes(2900).toString("base64").slice(0, 3900), timestamp: 1 }],
      },
    });
    // Under the quota before, over it with this one: refused, nothing stored.
    expect(res.statusCode).toBe(507);
    expect(await usedBytes()).toBeLessThanOrEqual(QUOTA);
    expect(await recordedBotProblems(t.db, G)).toEqual([expect.objectContaining({ kind: "transcriptQuota", ticketNumber: last })]);
  });

  it("the demo seed stores only what fits", async () => {
    const gaming = "823456789012345678";
    // The seed writes both demo guilds again: their seeded transcripts go first.
    await t.db.deleteFrom("transcripts").where("guild_id", "=", gaming).execute();
    await t.db.deleteFrom("transcripts").where("guild_id", "=", G).where("ticket_id", ">=", 1001).where("ticket_id", "<=", 1080).execute();
    await fillTo(3000, gaming);
    await seedDemoTranscripts(t.db);
    expect(await usedBytes(gaming)).toBeLessThanOrEqual(QUOTA);
    const kept = await t.db
      .selectFrom("transcripts")
      .select("id")
      .where("guild_id", "=", gaming)
      .where("author_username", "!=", "filler")
      .execute();
    expect(kept.length).toBeGreaterThan(0);
    expect(kept.length).toBeLessThan(20);
  });
});
