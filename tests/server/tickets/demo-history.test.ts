import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { statisticsResponseSchema } from "../../../src/schemas/statistics";
import { seedDemoTicketHistory } from "../../../server/tickets/demo-history";
import { type TestApp, DEMO_ADMIN_ID, DEMO_COMMUNITY_ID, GAMING_HUB_ID, bearer, createTestApp } from "../helpers";

// A demo whose history adds up: on a fresh database the seeded 90 days of closed tickets are tickets,
// transcripts and activity at once — the Statistics screen's totals equal a recount of the Transcripts list, the
// closed tickets list holds them, each has its activity — and a second run of the step changes nothing.

let t: TestApp;
let admin: string;
type Json = Record<string, any>;
const get = async (url: string) => {
  const res = await t.app.inject({ method: "GET", url, headers: bearer(admin) });
  expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
  return res.json() as Json;
};
const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signIn(DEMO_ADMIN_ID);
});
afterAll(async () => {
  await t?.close();
});

describe("the demo's ticket history", () => {
  for (const guildId of [DEMO_COMMUNITY_ID, GAMING_HUB_ID]) {
    it(`Statistics over the seeded 90 days equal a recount of the Transcripts list (${guildId === DEMO_COMMUNITY_ID ? "Demo Community" : "Gaming Hub"})`, async () => {
      const transcripts: Json[] = [];
      for (let page = 1; ; page++) {
        const body = await get(`/api/${guildId}/transcripts?per_page=100&page=${page}`);
        transcripts.push(...body.transcripts);
        if (transcripts.length >= body.total) break;
      }
      expect(transcripts.length).toBeGreaterThan(guildId === DEMO_COMMUNITY_ID ? 50 : 10);
      const from = day(Date.now() - 100 * 86_400_000);
      const stats = statisticsResponseSchema.parse(await get(`/api/${guildId}/statistics?from=${from}&to=${day(Date.now())}`));
      const rated = transcripts.filter((x) => x.Rating !== null);
      expect(stats.totals.closed).toBe(transcripts.length);
      expect(stats.totals.opened).toBe(transcripts.length);
      expect(stats.ratings.count).toBe(rated.length);
      expect(stats.ratings.average).toBeCloseTo(rated.reduce((sum, x) => sum + x.Rating, 0) / rated.length, 1);
      for (let stars = 1; stars <= 5; stars++)
        expect(stats.ratings.distribution[stars - 1]).toBe(rated.filter((x) => x.Rating === stars).length);
      expect(stats.first_response.count).toBeGreaterThan(0);
      // Over about 90 days.
      const days = stats.days
        .filter((d) => d.closed > 0)
        .map((d) => d.date)
        .sort();
      expect((Date.parse(days.at(-1)!) - Date.parse(days[0])) / 86_400_000).toBeGreaterThan(80);

      // The closed tickets are the transcripts, with their reasons; each has its opened, claimed and closed entries.
      const closed = await get(`/api/${guildId}/tickets?status=closed&per_page=100`);
      expect(closed.total).toBe(transcripts.length);
      const byNumber = new Map(transcripts.map((x) => [x.TicketId, x]));
      for (const ticket of closed.tickets) expect(ticket.CloseReason).toBe(byNumber.get(ticket.TicketId)!.CloseReason);
      // Per priority: the closed tickets of every priority add up to the same total.
      const byPriority = await get(`/api/${guildId}/statistics/priorities?from=${from}&to=${day(Date.now())}`);
      expect(byPriority.priorities.reduce((sum: number, p: Json) => sum + p.Closed, 0)).toBe(transcripts.length);
      expect(byPriority.priorities.map((p: Json) => p.Priority)).toEqual(["urgent", "high", "normal", "low"]);
      const entries = await t.db
        .selectFrom("activity")
        .select(["action"])
        .where("guild_id", "=", guildId)
        .where("action", "in", ["Ticket Opened", "Ticket Claimed", "Ticket Closed"])
        .execute();
      expect(entries.length).toBe(3 * transcripts.length);
    });
  }

  it("runs once: a second run adds nothing, and the next ticket follows the history", async () => {
    expect(await seedDemoTicketHistory(t.db)).toBe(0);
    const max = await t.db
      .selectFrom("transcripts")
      .select((eb) => eb.fn.max("ticket_id").as("n"))
      .where("guild_id", "=", DEMO_COMMUNITY_ID)
      .executeTakeFirstOrThrow();
    const panel = await t.db
      .selectFrom("panels")
      .selectAll()
      .where("guild_id", "=", DEMO_COMMUNITY_ID)
      .where("name", "=", "General Support")
      .executeTakeFirstOrThrow();
    const res = await t.app.inject({
      method: "POST",
      url: `/api/${DEMO_COMMUNITY_ID}/demo/interactions`,
      headers: bearer(admin),
      payload: { kind: "button", channelId: "812345678901234714", messageId: panel.message_id, customId: `panel:${panel.id}` },
    });
    expect(res.statusCode).toBe(200);
    const opened = await t.db
      .selectFrom("tickets")
      .select("number")
      .where("guild_id", "=", DEMO_COMMUNITY_ID)
      .where("status", "=", "open")
      .executeTakeFirstOrThrow();
    expect(opened.number).toBe(Number(max.n) + 1);
  });
});
