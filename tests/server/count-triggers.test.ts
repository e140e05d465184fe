import { afterAll, beforeAll, describe, it } from "vitest";
import { expectCountersMatch as countersMatch } from "./counter-checks";
import { type TestApp, createTestApp } from "./helpers";

// The counters kept by triggers are generated from one declaration each (server/db/count-triggers.ts, migration
// 025): whatever is inserted, deleted or renumbered — one row or many in one statement — each counter's table holds
// what a recount of its rows gives (a set of seen values at least those), on SQLite and on PostgreSQL.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const G1 = "812345678901234567";
const G2 = "823456789012345678";
const expectCountersMatch = () => countersMatch(t);
const bytes = (n: number) => new Uint8Array(n).fill(7);

const activity = (guild: string, user: string, action: string) => ({
  guild_id: guild,
  user_id: user,
  username: `User ${user}`,
  avatar: null,
  action,
  ip: "198.51.100.1",
  timestamp: Date.now(),
  before_json: null,
  after_json: null,
});
const transcript = (guild: string, ticket: number, size: number) => ({
  guild_id: guild,
  ticket_id: ticket,
  author_id: "900000000000000001",
  author_username: "Demo Admin",
  close_reason: null,
  panel_id: null,
  panel_name: "Unknown",
  rating: null,
  closed_at: Date.now(),
  message_count: 1,
  body_enc: bytes(size),
  iv: bytes(12),
  tag: bytes(16),
  created_at: Date.now(),
});

describe("generated count triggers", () => {
  it("keep every counter equal to a recount through inserts, deletes and renumbering", async () => {
    await expectCountersMatch(); // the seeded data
    // Many rows in one statement (PostgreSQL's statement-level triggers), and one at a time.
    await t.db
      .insertInto("activity")
      .values([activity(G1, "1", "Tag Created"), activity(G1, "2", "Tag Created"), activity(G2, "1", "Form Deleted")])
      .execute();
    await t.db
      .insertInto("activity")
      .values(activity(G2, "3", "Panel Resent"))
      .execute();
    await t.db
      .insertInto("transcripts")
      .values([transcript(G1, 90_001, 100), transcript(G1, 9_000, 50), transcript(G2, 70_000, 10)])
      .execute();
    await expectCountersMatch();
    await t.db.deleteFrom("activity").where("action", "=", "Tag Created").execute();
    await t.db.deleteFrom("transcripts").where("ticket_id", "=", 9_000).execute();
    await expectCountersMatch();
    // A renumbered row moves between blocks.
    await t.db.updateTable("transcripts").set({ ticket_id: 5 }).where("ticket_id", "=", 90_001).execute();
    await expectCountersMatch();
  });
});
