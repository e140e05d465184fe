import path from "node:path";
import BetterSqlite3 from "better-sqlite3";
import pg from "pg";
import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { authMessages } from "../../src/schemas/messages";
import { GuildGenerations, attachPgGuildTriggers } from "../../server/db/guild-changes";
import { applyChange } from "../../server/db/pg-listen";
import { ResponseCache } from "../../server/http/support/response-cache";
import {
  DEMO_ADMIN_ID,
  DEMO_COMMUNITY_ID,
  GAMING_HUB_ID,
  appForSuite,
  bearer,
  terminateListener,
  testDatabaseUrl,
  within,
} from "./helpers";

// The response cache of guild lists (server/http/support/response-cache.ts) and the guild generations it relies on
// (server/db/guild-changes.ts): a write through the API is seen by the writer's next read; a write by anyone else
// (another instance, SQL, another process on the SQLite file) within the notification delay on PostgreSQL, at once on
// SQLite; the guard runs before anything is served. Two real processes: tests/server/faults/two-processes.test.ts.

const g = DEMO_COMMUNITY_ID;

describe("GuildGenerations and ResponseCache", () => {
  it("a generation moves with each change of its guild, all of them on a reset; none is trusted while disabled", () => {
    const generations = new GuildGenerations({ enabled: true });
    const a = generations.token("1");
    const b = generations.token("2");
    applyChange(generations, "g:1");
    expect(generations.token("1")).not.toBe(a);
    expect(generations.token("2")).toBe(b);
    applyChange(generations, "something else");
    expect(generations.token("2")).not.toBe(b);
    generations.reset(false);
    expect(generations.token("1")).toBeUndefined();
  });

  it("another writer (an external version that moved) moves every generation", () => {
    let version = 1;
    const generations = new GuildGenerations({ enabled: true });
    generations.watchExternalVersion(() => version);
    const a = generations.token("1");
    expect(generations.token("1")).toBe(a);
    version = 2;
    expect(generations.token("1")).not.toBe(a);
  });

  it("an answer is served only under the generation it was computed in, for its TTL, within the size bound", () => {
    const cache = new ResponseCache();
    cache.set("k", { token: "0.1", body: "[]", contentType: "application/json" }, 0);
    expect(cache.get("k", "0.1", 1)?.body).toBe("[]");
    expect(cache.get("k", "0.2", 1)).toBeUndefined();
    expect(cache.get("k", "0.1", 1)).toBeUndefined();
    cache.set("k", { token: "0.1", body: "[]", contentType: "application/json" }, 0);
    expect(cache.get("k", "0.1", 10_000)).toBeUndefined();
    for (let i = 0; i < 6000; i++) cache.set(`k${i}`, { token: "t", body: "x", contentType: "application/json" });
    expect(cache.size).toBe(5000);
  });
});

describe(`the response cache of an app (${testDatabaseUrl ? "PostgreSQL" : "SQLite"})`, () => {
  const suite = appForSuite();

  const get = (url: string, who = "admin") => suite.t.app.inject({ url, headers: bearer(suite.tokens[who]!) });
  const tagNames = async (who = "admin") =>
    ((await get(`/api/${g}/tags`, who)).json() as { tags: { TagName: string }[] }).tags.map((x) => x.TagName);
  /**
   * Database queries a request runs that match `pattern` (the session comes from memory once seen; the demo
   * platform's occasional look for the large guild's data, in `meta`, is not counted).
   */
  async function queriesOf(url: string, who = "admin", pattern = /./): Promise<number> {
    const executor = suite.t.db.getExecutor() as unknown as { executeQuery: (query: { sql: string }, ...rest: unknown[]) => unknown };
    const original = executor.executeQuery;
    let n = 0;
    executor.executeQuery = (query, ...rest) => {
      if (pattern.test(query.sql) && !query.sql.includes('"meta"')) n++;
      return original.call(executor, query, ...rest);
    };
    try {
      expect((await get(url, who)).statusCode).toBe(200);
    } finally {
      executor.executeQuery = original;
    }
    return n;
  }

  const cached = [
    `/api/${g}/tags`,
    `/api/${g}/settings`,
    `/api/${g}/transcripts?page=1&per_page=25`,
    `/api/${g}/activity?page=1&per_page=50`,
  ];

  it("a list asked again is answered from memory, the same bytes, without a database query", async () => {
    for (const url of cached) {
      const first = await get(url);
      expect(first.statusCode, url).toBe(200);
      const again = await get(url);
      expect(again.body, url).toBe(first.body);
      expect(again.headers["content-type"]).toBe(first.headers["content-type"]);
      expect(again.headers["cache-control"]).toBe("no-store");
      // (On PostgreSQL, once the notifications of the demo data's writes have come back.)
      await within(1000, async () => (await queriesOf(url)) === 0);
    }
  });

  it("the guard still runs first: no access, no session, no permission → the usual refusal, never the kept answer", async () => {
    for (const url of cached) expect((await get(url)).statusCode).toBe(200);
    for (const url of cached) {
      const visitor = await get(url, "visitor");
      expect(visitor.statusCode, url).toBe(403);
      expect((await suite.t.app.inject({ url })).statusCode, url).toBe(401);
    }
    // The support team may list tags but not settings or the activity log.
    expect((await get(`/api/${g}/settings`, "staff")).statusCode).toBe(403);
    const loggedOut = await suite.t.signIn(DEMO_ADMIN_ID);
    expect((await get(`/api/${g}/tags`, "admin")).statusCode).toBe(200);
    await suite.t.app.inject({ method: "POST", url: "/api/api/auth/logout", headers: bearer(loggedOut) });
    expect((await suite.t.app.inject({ url: `/api/${g}/tags`, headers: bearer(loggedOut) })).json()).toEqual({
      error: authMessages.authenticationFailed,
    });
  });

  it("a write through the API is seen by the next read (the writer's instance moves the guild's generation before answering)", async () => {
    expect(await tagNames()).not.toContain("cache-fresh");
    const created = await suite.t.app.inject({
      method: "POST",
      url: `/api/${g}/tags`,
      headers: bearer(suite.tokens.admin!),
      payload: { TagName: "cache-fresh", Content: "x" },
    });
    expect(created.statusCode).toBe(201);
    expect(await tagNames()).toContain("cache-fresh");

    const settings = (await get(`/api/${g}/settings`)).json() as { Revision: number; UserTicketLimit: number };
    const put = await suite.t.app.inject({
      method: "PUT",
      url: `/api/${g}/settings`,
      headers: bearer(suite.tokens.admin!),
      payload: { UserTicketLimit: settings.UserTicketLimit + 1, Revision: settings.Revision },
    });
    expect(put.statusCode).toBe(200);
    expect((await get(`/api/${g}/settings`)).json()).toMatchObject({
      UserTicketLimit: settings.UserTicketLimit + 1,
      Revision: settings.Revision + 1,
    });
    // Each write logged an activity entry: the log's first page shows it.
    const activity = (await get(`/api/${g}/activity?page=1&per_page=50`)).json() as { activity: { Action: string }[] };
    expect(activity.activity[0]!.Action).toBe("Settings Updated");
  });

  it("another guild's write does not drop this guild's answers", async () => {
    const url = `/api/${g}/tags`;
    // Kept (once the notifications of the writes before have come back, on PostgreSQL).
    await within(1000, async () => (await queriesOf(url)) === 0);
    const generations = suite.t.app.guildGenerations;
    const heard: string[] = [];
    const bump = generations.changed.g;
    generations.changed.g = (guildId) => {
      heard.push(guildId);
      bump(guildId);
    };
    try {
      const mine = generations.token(g);
      const theirs = generations.token(GAMING_HUB_ID);
      const other = await suite.t.app.inject({
        method: "POST",
        url: `/api/${GAMING_HUB_ID}/tags`,
        headers: bearer(suite.tokens.admin!),
        payload: { TagName: "elsewhere", Content: "x" },
      });
      expect(other.statusCode).toBe(201);
      // The other guild's change has reached this instance: at once (the writing connection's own report), and on
      // PostgreSQL its notification too — then this guild's answer is still the kept one.
      expect(generations.token(GAMING_HUB_ID)).not.toBe(theirs);
      if (testDatabaseUrl) await within(2000, () => heard.includes(GAMING_HUB_ID));
      expect(generations.token(g)).toBe(mine);
      expect(await queriesOf(url)).toBe(0);
    } finally {
      generations.changed.g = bump;
    }
  });

  it("a write by someone else (SQL on another connection: another instance, the ticket engine, an operator) is seen", async () => {
    expect(await tagNames()).not.toContain("from-sql");
    if (testDatabaseUrl) {
      const other = new pg.Client({ connectionString: testDatabaseUrl, options: `-c search_path=${suite.t.config.databaseSchema}` });
      await other.connect();
      try {
        await other.query(
          "insert into tags (id, guild_id, name, content, created_at) values ('00000000-0000-4000-8000-00000000c0de', $1, 'from-sql', 'x', 1)",
          [g],
        );
      } finally {
        await other.end();
      }
      // The triggers' notification, well within the TTL.
      await within(1000, async () => (await tagNames()).includes("from-sql"));
    } else {
      // Another process writing the SQLite file (PRAGMA data_version moves).
      const other = new BetterSqlite3(path.join(suite.t.config.dataDir, "ticketeer.sqlite"));
      try {
        other.pragma("busy_timeout = 5000");
        other
          .prepare(
            "insert into tags (id, guild_id, name, content, created_at) values ('00000000-0000-4000-8000-00000000c0de', ?, 'from-sql', 'x', 1)",
          )
          .run(g);
      } finally {
        other.close();
      }
      expect(await tagNames()).toContain("from-sql");
      // And the server's own connection, outside any route (what the ticket engine and the scheduler write).
      await suite.t.db.deleteFrom("tags").where("name", "=", "from-sql").execute();
      expect(await tagNames()).not.toContain("from-sql");
    }
  });

  it("staff's transcript list is not kept (it may depend on their roles); the admin's is", async () => {
    const url = `/api/${g}/transcripts?page=1&per_page=25`;
    for (const who of ["staff", "admin"]) expect((await get(url, who)).statusCode).toBe(200);
    expect(await queriesOf(url, "staff", /"transcripts"/)).toBeGreaterThan(0);
    await within(1000, async () => (await queriesOf(url, "admin", /"transcripts"/)) === 0);
  });

  it.skipIf(!testDatabaseUrl)(
    "PostgreSQL: this instance's own writes move the generation once committed, without waiting for the notification",
    async () => {
      const changed = suite.t.app.guildGenerations.changed;
      const bump = changed.g;
      changed.g = () => {}; // deaf to notifications: only the writing connection's notices count
      const generations = suite.t.app.guildGenerations;
      try {
        const before = generations.token(g);
        await suite.t.db.transaction().execute(async (trx) => {
          await trx
            .insertInto("tags")
            .values({ id: "00000000-0000-4000-8000-00000000beef", guild_id: g, name: "own-write", content: "x", created_at: 1 })
            .execute();
          expect(generations.token(g)).toBe(before);
        });
        const committed = generations.token(g);
        expect(committed).not.toBe(before);
        await suite.t.db.deleteFrom("tags").where("name", "=", "own-write").execute();
        expect(generations.token(g)).not.toBe(committed);
      } finally {
        changed.g = bump;
      }
    },
  );

  it.skipIf(!testDatabaseUrl)(
    "PostgreSQL: tables kept by other tables' triggers carry no change triggers (one left from before is dropped)",
    async () => {
      const db = suite.t.db;
      await sql`create trigger ticketeer_guild_ins after insert on activity_counts referencing new table as changed
      for each statement execute function ticketeer_guild_rows_changed()`.execute(db);
      await attachPgGuildTriggers(db);
      const { rows } = await sql<{ relname: string }>`
      select distinct c.relname from pg_trigger t join pg_class c on c.oid = t.tgrelid join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = current_schema() and t.tgname like 'ticketeer_guild_%' order by 1`.execute(db);
      const watched = rows.map((r) => r.relname);
      expect(watched).toEqual(expect.arrayContaining(["activity", "tags", "tickets", "transcripts"]));
      for (const derived of [
        "activity_counts",
        "activity_users",
        "activity_actions",
        "activity_blocks",
        "transcript_counts",
        "transcript_blocks",
        "ticket_rollups",
      ]) {
        expect(watched).not.toContain(derived);
      }
    },
  );

  it.skipIf(!testDatabaseUrl)(
    "PostgreSQL: while the LISTEN connection is down, nothing is served from memory",
    { timeout: 20_000 },
    async () => {
      const url = `/api/${g}/tags`;
      await within(1000, async () => (await queriesOf(url)) === 0);
      await terminateListener(suite.t, "ticketeer_guilds_");
      await within(2000, async () => suite.t.app.guildGenerations.token(g) === undefined);
      expect(await queriesOf(url)).toBeGreaterThan(0);
      expect(await queriesOf(url)).toBeGreaterThan(0);
      // Listening again (retried every 2 s): kept again.
      await within(8000, async () => (await queriesOf(url)) === 0);
    },
  );
});
