import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { prepared, statementNameOf } from "../../server/db/prepared";
import { DEMO_COMMUNITY_ID, GAMING_HUB_ID, type TestApp, createTestApp, testDatabaseUrl } from "./helpers";

// Queries compiled once and re-run with new values (server/db/prepared.ts) must answer exactly what the same
// query built afresh answers, for every shape, on SQLite and on PostgreSQL.

describe("prepared queries", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  const tagsOf = prepared((db, v: { guildId: string; names: string[]; pattern?: string }, s: { pattern: boolean }) => {
    let q = db.selectFrom("tags").select(["id", "name"]).where("guild_id", "=", v.guildId);
    if (v.names.length > 0) q = q.where("name", "in", v.names);
    if (s.pattern) q = q.where(sql<boolean>`lower(name) like ${v.pattern!}`);
    return q.orderBy("id");
  });
  const fresh = (guildId: string, names: string[], pattern?: string) => {
    let q = t.db.selectFrom("tags").select(["id", "name"]).where("guild_id", "=", guildId);
    if (names.length > 0) q = q.where("name", "in", names);
    if (pattern) q = q.where(sql<boolean>`lower(name) like ${pattern}`);
    return q.orderBy("id").execute();
  };

  it("answers like the query built afresh, whatever the values and shapes, in any order of calls", async () => {
    const cases: [string, string[], string | undefined][] = [
      [DEMO_COMMUNITY_ID, [], undefined],
      [GAMING_HUB_ID, [], undefined],
      [DEMO_COMMUNITY_ID, ["welcome"], undefined],
      [DEMO_COMMUNITY_ID, ["welcome", "rules"], undefined],
      [DEMO_COMMUNITY_ID, [], "%e%"],
      [DEMO_COMMUNITY_ID, ["rules", "nope"], "%u%"],
      [GAMING_HUB_ID, ["welcome"], undefined],
      [DEMO_COMMUNITY_ID, [], undefined],
    ];
    for (const [guildId, names, pattern] of cases) {
      const expected = await fresh(guildId, names, pattern);
      const actual = await tagsOf.execute(t.db, { guildId, names, pattern }, { pattern: pattern !== undefined });
      expect(actual).toEqual(expected);
    }
    expect((await fresh(DEMO_COMMUNITY_ID, [])).length).toBeGreaterThan(0);
  });

  it("runs inside a transaction and sees its uncommitted rows", async () => {
    await t.db
      .transaction()
      .execute(async (trx) => {
        await trx
          .insertInto("tags")
          .values({ id: "00000000-0000-4000-8000-000000000001", guild_id: GAMING_HUB_ID, name: "in-trx", content: "x", created_at: 1 })
          .execute();
        const rows = await tagsOf.execute(trx, { guildId: GAMING_HUB_ID, names: ["in-trx"] }, { pattern: false });
        expect(rows.map((r) => r.name)).toEqual(["in-trx"]);
        throw new Error("roll back");
      })
      .catch(() => {});
    expect(await tagsOf.execute(t.db, { guildId: GAMING_HUB_ID, names: ["in-trx"] }, { pattern: false })).toEqual([]);
  });

  it("refuses a builder that does not use a value as a parameter", async () => {
    const misused = prepared((db, v: { guildId: string; unused: string }) =>
      db.selectFrom("tags").select("id").where("guild_id", "=", v.guildId),
    );
    await expect(misused.execute(t.db, { guildId: DEMO_COMMUNITY_ID, unused: "x" }, undefined)).rejects.toThrow(/not used/);
    const altered = prepared((db, v: { name: string }) => db.selectFrom("tags").select("id").where("name", "=", v.name.toUpperCase()));
    await expect(altered.execute(t.db, { name: "x" }, undefined)).rejects.toThrow(/altered|not used/);
  });

  it.skipIf(!testDatabaseUrl)("PostgreSQL: runs as a named statement, and still answers after the table changed under it", async () => {
    const everyColumn = prepared((db, v: { guildId: string }) =>
      db.selectFrom("tags").selectAll().where("guild_id", "=", v.guildId).orderBy("id"),
    );
    const before = await everyColumn.execute(t.db, { guildId: DEMO_COMMUNITY_ID }, undefined);
    const { sql: text } = t.db.selectFrom("tags").selectAll().where("guild_id", "=", DEMO_COMMUNITY_ID).orderBy("id").compile();
    expect(statementNameOf(text)).toMatch(/^ticketeer_\d+$/);
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from pg_prepared_statements where statement = ${text}`.execute(
      t.db,
    );
    expect(rows[0]!.n).toBe(1);
    // Another instance's migration adds a column: the connection's plan of `select *` is stale ("cached plan must
    // not change result type"); the query runs again unnamed.
    await sql`alter table tags add column added_later text`.execute(t.db);
    try {
      for (let i = 0; i < 3; i++) {
        const after = await everyColumn.execute(t.db, { guildId: DEMO_COMMUNITY_ID }, undefined);
        expect(after.map((r) => r.id)).toEqual(before.map((r) => r.id));
        expect(after[0]).toHaveProperty("added_later", null);
      }
    } finally {
      await sql`alter table tags drop column added_later`.execute(t.db);
    }
  });
});
