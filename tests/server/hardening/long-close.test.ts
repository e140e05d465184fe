import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type TestApp, DEMO_ADMIN_ID, DEMO_COMMUNITY_ID, bearer, createTestApp } from "../helpers";

// Closing a long ticket (5,000 messages) does not hold the event loop: reading, sealing and
// indexing its transcript run in chunks with the event loop turning between them, so other requests are answered
// meanwhile (the figures — /api/health's p99 during such a close — are printed by
// `BENCH_INTERACTIONS=long-close npx tsx bench/interactions.ts`; tests assert behaviour, not time).

const G = DEMO_COMMUNITY_ID;
let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signIn(DEMO_ADMIN_ID);
  const current = await t.app.inject({ method: "GET", url: `/api/${G}/settings`, headers: bearer(admin) });
  await t.app.inject({
    method: "PUT",
    url: `/api/${G}/settings`,
    headers: bearer(admin),
    payload: { UserTicketLimit: 0, TicketCloseConfirmation: false, EnableUserFeedback: false, Revision: current.json().Revision },
  });
});
afterAll(async () => {
  await t?.close();
});

describe("Item 9 — closing a 5,000-message ticket does not hold the event loop", () => {
  it("the event loop turns while the transcript is sealed and its words are hashed; the transcript is whole and searchable", async () => {
    const panel = await t.db
      .selectFrom("panels")
      .selectAll()
      .where("guild_id", "=", G)
      .where("name", "=", "General Support")
      .executeTakeFirstOrThrow();
    await t.app.inject({
      method: "POST",
      url: `/api/${G}/demo/interactions`,
      headers: bearer(admin),
      payload: { kind: "button", channelId: "812345678901234714", messageId: panel.message_id, customId: `panel:${panel.id}` },
    });
    const ticket = await t.db
      .selectFrom("tickets")
      .selectAll()
      .where("guild_id", "=", G)
      .where("status", "=", "open")
      .orderBy("number", "desc")
      .executeTakeFirstOrThrow();
    // 5,000 messages in the ticket's channel (written as the demo platform stores them), with many distinct words.
    const words = ["order", "refund", "invoice", "shipping", "tracking", "account", "password", "billing"];
    const rows = Array.from({ length: 4999 }, (_, i) => ({
      id: String(950000000000000000n + BigInt(i)),
      channel_id: ticket.channel_id!,
      author_id: DEMO_ADMIN_ID,
      author_name: "Demo Admin",
      author_avatar: null,
      author_bot: 0,
      content: `Message ${i}: ${Array.from({ length: 30 }, (_, k) => `${words[(i + k) % words.length]}${(i * 31 + k) % 1500}`).join(" ")}`,
      embeds_json: "[]",
      components_json: "[]",
      allowed_mentions_json: null,
      created_at: Date.now(),
      edited_at: null,
    }));
    for (let i = 0; i < rows.length; i += 250)
      await t.db
        .insertInto("demo_messages")
        .values(rows.slice(i, i + 250))
        .execute();

    // Count the turns of the event loop, and note the count at every word hashed.
    const keyring = t.app.tickets.deps.keyring;
    const original = keyring.termHash.bind(keyring);
    let turns = 0;
    let running = true;
    const turn = () => {
      turns++;
      if (running) setImmediate(turn);
    };
    setImmediate(turn);
    const atHash: number[] = [];
    keyring.termHash = (guildId: string, term: string) => {
      atHash.push(turns);
      return original(guildId, term);
    };
    try {
      const closed = await t.app.inject({
        method: "POST",
        url: `/api/${G}/tickets/${ticket.number}/close`,
        headers: bearer(admin),
        payload: { reason: "Done" },
      });
      expect(closed.statusCode, closed.body).toBe(200);
    } finally {
      running = false;
      keyring.termHash = original;
    }
    // Thousands of words: hashing them is work in chunks, the loop turning between them.
    expect(atHash.length).toBeGreaterThan(5000);
    expect(atHash.at(-1)! - atHash[0]).toBeGreaterThanOrEqual(5);

    const stored = await t.db
      .selectFrom("transcripts")
      .selectAll()
      .where("guild_id", "=", G)
      .where("ticket_id", "=", ticket.number)
      .executeTakeFirstOrThrow();
    expect(stored.message_count).toBe(5000);
    const search = await t.app.inject({
      method: "GET",
      url: `/api/${G}/transcripts?q=${encodeURIComponent("refund959 message")}`,
      headers: bearer(admin),
    });
    expect(search.json().transcripts.map((x: { TicketId: number }) => x.TicketId)).toContain(ticket.number);
    const view = await t.app.inject({ method: "GET", url: `/api/${G}/transcripts/${ticket.number}`, headers: bearer(admin) });
    expect(view.statusCode).toBe(200);
  });
});
