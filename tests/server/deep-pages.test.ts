import BetterSqlite3 from "better-sqlite3";
import { Kysely, Migrator, SqliteDialect, sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEEP_OFFSET } from "../../server/db/deep-pages";
import { dialectHelpers } from "../../server/db/dialect";
import { BLOCK_SIZE, type BlockList, blockLists } from "../../server/db/migrations/019_deep_page_blocks";
import { StaticMigrationProvider } from "../../server/db/migrations/index";
import { DEMO_ADMIN_ID, GAMING_HUB_ID, type TestApp, bearer, createTestApp, testDatabaseUrl } from "./helpers";

// Deep pages of the whole activity log and transcript list start from their block (migration 019): each must hold
// exactly the rows an offset over the whole list gives, whatever was deleted or renumbered, and the triggers' counts
// must equal a recount.
const OTHER_GUILD = "812345678901234567";
const PER_PAGE = 100;

type BlockRow = { guild_id: string; block: number; n: number };
const plain = (rows: BlockRow[]) => rows.map((r) => [r.guild_id, Number(r.block), Number(r.n)]);
/** A list's block counts as the triggers keep them, and as the rows say. */
async function blocksAndRecount(db: Kysely<any>, list: BlockList) {
  const { table, column, blocks } = blockLists[list];
  const kept = await sql<BlockRow>`select guild_id, block, n from ${sql.raw(blocks)} where n <> 0 order by guild_id, block`.execute(db);
  const recount = await sql<BlockRow>`
    select guild_id, ${sql.raw(column)} / ${sql.lit(BLOCK_SIZE)} as block, count(*) as n from ${sql.raw(table)}
    group by guild_id, ${sql.raw(column)} / ${sql.lit(BLOCK_SIZE)} order by guild_id, block`.execute(db);
  return { kept: plain(kept.rows), recount: plain(recount.rows) };
}

describe("deep pages from per-block counts", () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp({ seed: false });
    token = await t.signIn(DEMO_ADMIN_ID);
    // Activity: 18,000 entries of two guilds, interleaved (every third is the other guild's): five blocks of ids.
    const entries = Array.from({ length: 18_000 }, (_, i) => ({
      guild_id: i % 3 === 2 ? OTHER_GUILD : GAMING_HUB_ID,
      user_id: DEMO_ADMIN_ID,
      username: "Demo Admin",
      avatar: null,
      action: "Tag Created",
      ip: "10.0.0.1",
      timestamp: 1_700_000_000 + i,
      before_json: null,
      after_json: null,
    }));
    for (let i = 0; i < entries.length; i += 1000)
      await t.db
        .insertInto("activity")
        .values(entries.slice(i, i + 1000))
        .execute();
    // Transcripts: ticket numbers 1–15,000 of which every fifth is missing, and the other guild's own numbers.
    const sealed = {
      body_enc: new Uint8Array([1]),
      iv: new Uint8Array(12),
      tag: new Uint8Array(16),
      message_count: 1,
      created_at: 1_700_000_000_000,
    };
    const transcripts = Array.from({ length: 15_000 }, (_, i) => i + 1)
      .filter((n) => n % 5 !== 0)
      .flatMap((n) =>
        [GAMING_HUB_ID, ...(n % 4 === 0 ? [OTHER_GUILD] : [])].map((guild_id) => ({
          guild_id,
          ticket_id: n,
          author_id: DEMO_ADMIN_ID,
          author_username: "Demo Admin",
          close_reason: null,
          panel_id: null,
          panel_name: "Support",
          rating: null,
          closed_at: 1_700_000_000_000 + n,
          ...sealed,
        })),
      );
    for (let i = 0; i < transcripts.length; i += 1000)
      await t.db
        .insertInto("transcripts")
        .values(transcripts.slice(i, i + 1000))
        .execute();

    // Deletions: a run in the middle of a block, and every seventh of another stretch; renumbered transcripts.
    const activityIds = (await t.db.selectFrom("activity").select("id").where("guild_id", "=", GAMING_HUB_ID).orderBy("id").execute()).map(
      (r) => r.id,
    );
    await t.db.deleteFrom("activity").where("id", "in", activityIds.slice(2000, 2600)).execute();
    await t.db
      .deleteFrom("activity")
      .where(
        "id",
        "in",
        activityIds.slice(5000, 9000).filter((_, i) => i % 7 === 0),
      )
      .execute();
    await t.db
      .deleteFrom("transcripts")
      .where("guild_id", "=", GAMING_HUB_ID)
      .where("ticket_id", ">", 9000)
      .where("ticket_id", "<=", 9800)
      .execute();
    await t.db
      .updateTable("transcripts")
      .set({ ticket_id: sql`ticket_id + 40000` })
      .where("guild_id", "=", GAMING_HUB_ID)
      .where("ticket_id", "<", 300)
      .execute();
  });
  afterAll(async () => {
    await t?.close();
  });

  const lists = {
    activity: { url: "activity", key: "activity", id: "ActivityId", order: "id" },
    transcripts: { url: "transcripts", key: "transcripts", id: "TicketId", order: "ticket_id" },
  } as const;

  for (const list of ["activity", "transcripts"] as const) {
    const { url, key, id, order } = lists[list];
    const page = async (n: number) => {
      const res = await t.app.inject({
        method: "GET",
        url: `/api/${GAMING_HUB_ID}/${url}?per_page=${PER_PAGE}&page=${n}`,
        headers: bearer(token),
      });
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json() as Record<string, Record<string, number>[]> & { total: number };
      return { ids: body[key]!.map((row) => row[id]), total: body.total };
    };

    it(`${list}: the triggers' block counts equal a recount after inserts, deletes and renumbering`, async () => {
      const { kept, recount } = await blocksAndRecount(t.db, list);
      expect(kept).toEqual(recount);
      expect(recount.filter(([guild]) => guild === GAMING_HUB_ID).length).toBeGreaterThanOrEqual(4);
    });

    it(`${list}: every deep page holds the rows an offset over the whole list gives, to the last and past it`, async () => {
      const all = (
        await sql<{
          v: number;
        }>`select ${sql.raw(order)} as v from ${sql.raw(list)} where guild_id = ${GAMING_HUB_ID} order by ${sql.raw(order)} desc`.execute(
          t.db,
        )
      ).rows.map((r) => Number(r.v));
      expect(all.length).toBe(list === "activity" ? 12_000 - 600 - 572 : 12_000 - 640);
      const last = Math.ceil(all.length / PER_PAGE);
      const firstFromBlock = Math.ceil(DEEP_OFFSET / PER_PAGE) + 1;
      // Shallow pages, the first page served from its block, and pages across block edges, gaps and renumbering.
      for (const n of [1, firstFromBlock - 1, firstFromBlock, firstFromBlock + 1, 90, 97, 100, 105, last]) {
        const p = await page(n);
        expect(p.ids, `page ${n}`).toEqual(all.slice((n - 1) * PER_PAGE, n * PER_PAGE));
        expect(p.total).toBe(all.length);
      }
      expect((await page(last + 1)).ids).toEqual([]);
    });
  }
});

it.skipIf(Boolean(testDatabaseUrl))(
  "SQLite: a log and transcripts kept before migration 019 get their blocks from their rows",
  async () => {
    const db = new Kysely<any>({ dialect: new SqliteDialect({ database: new BetterSqlite3(":memory:") }) });
    try {
      const migrator = new Migrator({ db, provider: new StaticMigrationProvider(dialectHelpers("sqlite")) });
      expect((await migrator.migrateTo("018_guild_change_notifications")).error).toBeUndefined();
      const guild = (i: number) => (i % 3 ? GAMING_HUB_ID : OTHER_GUILD);
      for (let i = 0; i < 10_000; i += 1000) {
        await db
          .insertInto("activity")
          .values(
            Array.from({ length: 1000 }, (_, k) => ({
              guild_id: guild(i + k),
              user_id: "1",
              username: "a",
              action: "x",
              ip: "",
              timestamp: 0,
            })),
          )
          .execute();
      }
      await db
        .insertInto("transcripts")
        .values(
          Array.from({ length: 900 }, (_, k) => ({
            guild_id: guild(k),
            ticket_id: k * 23,
            author_id: "1",
            author_username: "a",
            panel_name: "p",
            closed_at: 0,
            message_count: 0,
            body_enc: new Uint8Array([1]),
            iv: new Uint8Array(12),
            tag: new Uint8Array(16),
            created_at: 0,
          })),
        )
        .execute();
      expect((await migrator.migrateToLatest()).error).toBeUndefined();
      for (const list of ["activity", "transcripts"] as const) {
        const { kept, recount } = await blocksAndRecount(db, list);
        expect(kept).toEqual(recount);
        expect(kept.length).toBeGreaterThanOrEqual(4);
      }
    } finally {
      await db.destroy();
    }
  },
);
