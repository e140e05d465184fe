import { describe, expect, it } from "vitest";
import { DEMO_ADMIN_ID, GAMING_HUB_ID, bearer, createTestApp } from "../helpers";

// A transcript's times are bounded at ingest (the shared transcript schema), so every stored
// transcript can be viewed.

const G = GAMING_HUB_ID;
/** The last millisecond of the year 9999. */
const LAST_MS = 253_402_300_799_999;

describe("Item 11 — transcript timestamps bounded at ingest", () => {
  it("refuses a message timestamp or ClosedAt past the year 9999 (above 8.64e15 included) with 400, storing nothing; the largest accepted one views", async () => {
    const t = await createTestApp();
    try {
      const owner = await t.signIn(DEMO_ADMIN_ID);
      const key = (await t.app.inject({ method: "POST", url: `/api/${G}/bot-key`, headers: bearer(owner) })).json().key as string;
      const ingest = (ticketId: number, closedAt: number, timestamp: number) =>
        t.app.inject({
          method: "POST",
          url: `/api/${G}/transcripts`,
          headers: { authorization: `Bot ${key}` },
          payload: {
            TicketId: ticketId,
            AuthorId: "123456789012345678",
            AuthorUsername: "someone",
            ClosedAt: closedAt,
            messages: [{ author: "someone", content: "hi", timestamp }],
          },
        });
      for (const [closedAt, timestamp] of [
        [1_717_000_000, 8.64e15 + 1],
        [1_717_000_000, 9e15],
        [9e15, 1_717_000_000],
        [1_717_000_000, LAST_MS + 1],
      ]) {
        const res = await ingest(7001, closedAt, timestamp);
        expect(res.statusCode, `${closedAt} ${timestamp}`).toBe(400);
      }
      expect(
        await t.db.selectFrom("transcripts").select("id").where("guild_id", "=", G).where("ticket_id", "=", 7001).executeTakeFirst(),
      ).toBeUndefined();
      expect((await ingest(7002, LAST_MS, LAST_MS)).statusCode).toBe(201);
      const view = await t.app.inject({ method: "GET", url: `/api/${G}/transcripts/7002`, headers: bearer(owner) });
      expect(view.statusCode, view.body).toBe(200);
      expect(view.json().transcript_html).toContain("9999-12-31");
    } finally {
      await t.close();
    }
  });
});
