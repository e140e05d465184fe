import BetterSqlite3 from "better-sqlite3";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_ADMIN_ID, DEMO_COMMUNITY_ID } from "../helpers";
import { authJson, faultDatabase, httpSignIn, type ServerProcess, startServerProcess, testDatabaseUrl } from "./process";

// The server killed with SIGKILL in the middle of a stream of writes, then restarted: every write it acknowledged
// (201) is there with its activity entry, nothing half-written is, and the database opens cleanly. On SQLite
// (WAL, synchronous=NORMAL) and, with TEST_DATABASE_URL, on PostgreSQL.

const g = DEMO_COMMUNITY_ID;
const WRITERS = 8;
/** Kill once this many writes were acknowledged (writes are still in flight then). */
const KILL_AFTER = 120;

describe(`SIGKILL during writes (${testDatabaseUrl ? "PostgreSQL" : "SQLite"})`, () => {
  let db: Awaited<ReturnType<typeof faultDatabase>>;
  let server: ServerProcess | undefined;

  beforeAll(async () => {
    db = await faultDatabase();
  });
  afterAll(async () => {
    await server?.kill9();
    await db.drop();
  });

  it("keeps every acknowledged tag (and its activity entry) and reopens cleanly", { timeout: 90_000 }, async () => {
    server = await startServerProcess(db.env);
    const token = await httpSignIn(server.baseUrl, DEMO_ADMIN_ID);
    const before = await (await fetch(`${server.baseUrl}/api/${g}/tags`, { headers: authJson(token) })).json();

    const acknowledged: { TagId: string; TagName: string }[] = [];
    const attempted = new Set<string>();
    // Writers go on sending while the kill is under way, so some writes are surely in flight when it lands.
    let killing = false;
    let killed = false;
    let seq = 0;
    const current = server;
    const writer = async (w: number) => {
      while (!killed) {
        const name = `kill-${w}-${seq++}`;
        attempted.add(name);
        try {
          const r = await fetch(`${current.baseUrl}/api/${g}/tags`, {
            method: "POST",
            headers: authJson(token),
            body: JSON.stringify({ TagName: name, Content: `written by writer ${w}` }),
          });
          if (r.status === 201) {
            const body = (await r.json()) as { tag: { TagId: string; TagName: string } };
            acknowledged.push(body.tag);
            if (acknowledged.length >= KILL_AFTER && !killing) {
              killing = true;
              await current.kill9();
              killed = true;
            }
          } else if (!killing) {
            throw new Error(`POST /tags answered ${r.status}: ${await r.text()}`);
          }
        } catch (error) {
          if (!killing) throw error; // connection reset after the kill is expected
        }
      }
    };
    await Promise.all(Array.from({ length: WRITERS }, (_, w) => writer(w)));
    expect(current.child.signalCode).toBe("SIGKILL");
    expect(acknowledged.length).toBeGreaterThanOrEqual(KILL_AFTER);
    // Writes were in flight when it died (sent, never answered).
    expect(attempted.size).toBeGreaterThan(acknowledged.length);

    // Before anything else touches it: the database file is sound.
    if (!testDatabaseUrl) {
      const sqlite = new BetterSqlite3(path.join(db.dataDir, "ticketeer.sqlite"));
      try {
        expect(sqlite.pragma("integrity_check", { simple: true })).toBe("ok");
        expect(sqlite.pragma("foreign_key_check")).toEqual([]);
      } finally {
        sqlite.close();
      }
    } else {
      const client = new pg.Client({ connectionString: testDatabaseUrl, options: `-c search_path=${db.schema}` });
      await client.connect();
      try {
        // The killed process's connections are gone with their open transactions (nothing left holding locks).
        const { rows } = await client.query("select count(*)::int as n from tags");
        expect(rows[0].n).toBeGreaterThanOrEqual(before.tags.length + acknowledged.length);
        for (let i = 0; i < 50; i++) {
          const open = await client.query(
            "select count(*)::int as n from pg_stat_activity where datname = current_database() and state like 'idle in transaction%'",
          );
          if (open.rows[0].n === 0) break;
          await new Promise((r) => setTimeout(r, 100));
        }
      } finally {
        await client.end();
      }
    }

    server = await startServerProcess(db.env);
    // The session made before the crash still works after it.
    const tags = (await (await fetch(`${server.baseUrl}/api/${g}/tags`, { headers: authJson(token) })).json()) as {
      tags: { TagId: string; TagName: string }[];
    };
    const stored = new Map(tags.tags.map((t) => [t.TagId, t.TagName]));
    const lost = acknowledged.filter((t) => stored.get(t.TagId) !== t.TagName);
    expect(lost, `${lost.length} acknowledged tags lost`).toEqual([]);
    // Unacknowledged writes may or may not have committed, but nothing appeared that was never sent.
    const created = tags.tags.filter((t) => t.TagName.startsWith("kill-"));
    for (const t of created) expect(attempted.has(t.TagName)).toBe(true);

    // Each stored tag has its "Tag Created" entry: the tag and its activity commit together or not at all.
    const logged = new Set<string | undefined>();
    for (let page = 1; ; page++) {
      const activity = (await (
        await fetch(`${server.baseUrl}/api/${g}/activity?page=${page}&per_page=100&action=${encodeURIComponent("Tag Created")}`, {
          headers: authJson(token),
        })
      ).json()) as { activity: { After?: { TagId?: string } }[] };
      for (const a of activity.activity) logged.add(a.After?.TagId);
      if (activity.activity.length < 100) break;
    }
    const unlogged = created.filter((t) => !logged.has(t.TagId));
    expect(unlogged, "tags stored without their activity entry").toEqual([]);

    // And the restarted server takes writes again.
    const again = await fetch(`${server.baseUrl}/api/${g}/tags`, {
      method: "POST",
      headers: authJson(token),
      body: JSON.stringify({ TagName: "after-restart", Content: "still writable" }),
    });
    expect(again.status).toBe(201);
  });
});
