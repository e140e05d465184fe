import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { futureTicket, transcriptActions, transcriptQuotaFull } from "../../../server/transcripts/service";
import { DEMO_ADMIN_ID, GAMING_HUB_ID, bearer, createTestApp } from "../helpers";

// A guild's bot key cannot flood it: a storage quota, an ingest rate, an activity entry per transcript, and no ticket
// number the bot has not handed out yet.

const G = GAMING_HUB_ID;
const transcript = (ticketId: number, content = "Thanks, solved!") => ({
  TicketId: ticketId,
  AuthorId: "123456789012345678",
  AuthorUsername: "someone",
  ClosedAt: 1_717_000_000,
  messages: [{ author: "someone", content, timestamp: 1_717_000_000 }],
});

async function appWithKey(env: Record<string, string> = {}) {
  const t = await createTestApp({ env });
  const owner = await t.signIn(DEMO_ADMIN_ID);
  const key = (await t.app.inject({ method: "POST", url: `/api/${G}/bot-key`, headers: bearer(owner) })).json().key as string;
  const ingest = (payload: unknown) =>
    t.app.inject({
      method: "POST",
      url: `/api/${G}/transcripts`,
      headers: { authorization: `Bot ${key}` },
      payload: payload as object,
      remoteAddress: "203.0.113.50",
    });
  return { t, ingest };
}

describe("transcript ingest limits", () => {
  it("records each stored transcript in the activity log, by the bot key", async () => {
    const { t, ingest } = await appWithKey();
    try {
      expect((await ingest(transcript(9001))).statusCode).toBe(201);
      const entry = await t.db.selectFrom("activity").selectAll().where("guild_id", "=", G).orderBy("id", "desc").executeTakeFirstOrThrow();
      expect(entry).toMatchObject({ action: transcriptActions.stored, user_id: "0", username: "Bot key", ip: "203.0.113.50" });
      expect(JSON.parse(entry.after_json!)).toEqual({ TicketId: 9001, AuthorUsername: "someone", PanelName: "Unknown", Messages: 1 });
    } finally {
      await t.close();
    }
  });

  it("refuses a ticket number beyond the ones the bot handed out, once it numbers the server's tickets", async () => {
    const { t, ingest } = await appWithKey();
    try {
      // Before the bot numbers tickets here, any number is the other bot's business.
      expect((await ingest(transcript(50))).statusCode).toBe(201);
      await t.db.insertInto("guild_ticket_counters").values({ guild_id: G, last_number: 60 }).execute();
      expect((await ingest(transcript(60))).statusCode).toBe(201);
      const future = await ingest(transcript(61));
      expect(future.statusCode).toBe(400);
      expect(future.json().error).toBe(futureTicket(61, 60));
      expect(
        await t.db.selectFrom("transcripts").select("id").where("guild_id", "=", G).where("ticket_id", "=", 61).executeTakeFirst(),
      ).toBeUndefined();
    } finally {
      await t.close();
    }
  });

  it("answers 507 once a transcript no longer fits the guild's storage quota, storing nothing more (never past the quota)", async () => {
    const { t, ingest } = await appWithKey({ TRANSCRIPT_QUOTA_MB: "1" });
    try {
      // Random text does not compress: each transcript seals to about 3,700 bytes per message.
      const big = (id: number) => ({
        ...transcript(id),
        messages: Array.from({ length: 60 }, () => ({
          author: "x",
          content: randomBytes(1900).toString("hex").slice(0, 3800),
          timestamp: 1,
        })),
      });
      let id = 1;
      let res = await ingest(big(id));
      while (res.statusCode === 201 && id < 20) res = await ingest(big(++id));
      expect(res.statusCode).toBe(507);
      expect(res.json().error).toBe(transcriptQuotaFull(1));
      const [{ bytes }] = await t.db.selectFrom("transcript_counts").select("bytes").where("guild_id", "=", G).execute();
      // Kept only while it fits: the refused one would have taken the guild past its quota.
      expect(Number(bytes)).toBeLessThanOrEqual(1024 * 1024);
      expect(Number(bytes)).toBeGreaterThan(1024 * 1024 - 300_000);
      expect(
        await t.db.selectFrom("transcripts").select("id").where("guild_id", "=", G).where("ticket_id", "=", id).executeTakeFirst(),
      ).toBeUndefined();
    } finally {
      await t.close();
    }
  });

  it("answers 429 past INGEST_RATE_LIMIT transcripts a minute for one guild", async () => {
    const { t, ingest } = await appWithKey({ INGEST_RATE_LIMIT: "2" });
    try {
      expect((await ingest(transcript(1))).statusCode).toBe(201);
      expect((await ingest(transcript(2))).statusCode).toBe(201);
      const limited = await ingest(transcript(3));
      expect(limited.statusCode).toBe(429);
      expect(Number(limited.headers["retry-after"])).toBeGreaterThan(0);
    } finally {
      await t.close();
    }
  });
});
