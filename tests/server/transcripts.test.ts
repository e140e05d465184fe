import fs from "node:fs";
import path from "node:path";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authMessages, transcriptMessages } from "../../src/schemas/messages";
import { noPermissions } from "../../src/schemas/team";
import { duplicateTranscript, transcriptActions, transcriptNotStored } from "../../server/transcripts/service";
import { invalidBotKey } from "../../server/auth/bot-keys";
import { createKeyring, keyringFor, parseTranscriptKey } from "../../server/crypto";
import { XSS_DEMO_TICKET } from "../../server/transcripts/demo";
import { TRANSCRIPT_CSP } from "../../server/transcripts/render";
import {
  DEMO_ADMIN_ID,
  DEMO_COMMUNITY_ID,
  DEMO_STAFF_ID,
  DEMO_VISITOR_ID,
  GAMING_HUB_ID,
  type TestApp,
  bearer,
  createTestApp,
  testDatabaseUrl,
} from "./helpers";

// Phrases that only ever appear inside transcript messages (never in metadata columns).
const SECRET_PHRASES = [
  "charged twice for the Premium upgrade",
  "Acme Robotics Ltd, VAT GB123456789",
  "using an aimbot on the EU-2 server",
  "window.__xss",
  "<script>alert(1)</script>",
  "zebrafish quartz ultraviolet",
  "statement.png",
];

const message = (author: string, content: string, extra: Record<string, unknown> = {}) => ({
  author,
  content,
  timestamp: 1_717_000_000_000,
  ...extra,
});

describe("transcripts API", () => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  let communityKey = "";
  let gamingKey = "";
  const list = (query = "", guildId = DEMO_COMMUNITY_ID, who = "admin") =>
    t.app.inject({ method: "GET", url: `/api/${guildId}/transcripts${query}`, headers: who ? bearer(tokens[who]) : {} });
  const view = (id: string | number, guildId = DEMO_COMMUNITY_ID, who = "admin") =>
    t.app.inject({ method: "GET", url: `/api/${guildId}/transcripts/${id}`, headers: who ? bearer(tokens[who]) : {} });
  const ingest = (payload: unknown, key: string | undefined, guildId = DEMO_COMMUNITY_ID, authorization?: string) =>
    t.app.inject({
      method: "POST",
      url: `/api/${guildId}/transcripts`,
      headers: authorization !== undefined ? { authorization } : key ? { authorization: `Bot ${key}` } : {},
      payload: payload as object,
    });
  const createKey = (guildId: string, who = "admin") =>
    t.app.inject({ method: "POST", url: `/api/${guildId}/bot-key`, headers: who ? bearer(tokens[who]) : {} });
  const count = async (guildId?: string) => {
    let q = t.db.selectFrom("transcripts").select((eb) => eb.fn.countAll<number>().as("n"));
    if (guildId) q = q.where("guild_id", "=", guildId);
    return Number((await q.executeTakeFirstOrThrow()).n);
  };
  const termCount = async () =>
    Number(
      (
        await t.db
          .selectFrom("transcript_terms")
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const setSupportPermissions = async (permissions: Record<string, boolean>) => {
    await t.db
      .updateTable("teams")
      .set({ permissions_json: JSON.stringify({ ...noPermissions(), ...permissions }) })
      .where("guild_id", "=", DEMO_COMMUNITY_ID)
      .where("name", "=", "Support Team")
      .execute();
  };
  const setStoreTranscripts = async (guildId: string, value: boolean | undefined) => {
    const data_json = JSON.stringify(value === undefined ? {} : { StoreTranscripts: value });
    await t.db
      .insertInto("guild_settings")
      .values({ guild_id: guildId, data_json, revision: 1, updated_at: Date.now() })
      .onConflict((oc) => oc.column("guild_id").doUpdateSet({ data_json }))
      .execute();
  };

  beforeAll(async () => {
    t = await createTestApp();
    tokens.admin = await t.signIn(DEMO_ADMIN_ID);
    tokens.staff = await t.signIn(DEMO_STAFF_ID);
    tokens.visitor = await t.signIn(DEMO_VISITOR_ID);
    communityKey = (await createKey(DEMO_COMMUNITY_ID)).json().key;
    gamingKey = (await createKey(GAMING_HUB_ID)).json().key;
    const stored = await ingest(
      {
        TicketId: 5000,
        AuthorId: "555000000000000001",
        AuthorUsername: "Quartz_Owner",
        CloseReason: "Searched",
        PanelId: null,
        Rating: 4,
        ClosedAt: 1_717_000_500_000,
        messages: [
          message("Quartz_Owner", "My zebrafish quartz ultraviolet lamp is broken"),
          message("Helper", "Café crème, Ångström! see https://example.com/a?b=1&c=2"),
        ],
      },
      communityKey,
    );
    expect(stored.statusCode).toBe(201);
  });
  afterAll(async () => {
    await t?.close();
  });

  describe("list", () => {
    it("pages the demo transcripts newest first, 25 by default", async () => {
      const res = await list();
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.total).toBe(81);
      expect(body.page).toBe(1);
      expect(body.per_page).toBe(25);
      expect(body.transcripts).toHaveLength(25);
      const ids = body.transcripts.map((x: { TicketId: number }) => x.TicketId);
      expect(ids.slice(0, 3)).toEqual([5000, 1080, 1079]);
      expect([...ids].sort((a, b) => b - a)).toEqual(ids);
      expect(Object.keys(body.transcripts[1]).sort()).toEqual(
        ["AuthorId", "AuthorUsername", "ClosedAt", "CloseReason", "PanelId", "PanelName", "Rating", "TicketId"].sort(),
      );
      const last = (await list("?page=4&per_page=25")).json();
      expect(last.transcripts.map((x: { TicketId: number }) => x.TicketId)).toEqual([1006, 1005, 1004, 1003, 1002, 1001]);
      expect((await list("?page=5")).json().transcripts).toEqual([]);
      expect((await list("?per_page=100")).json().transcripts).toHaveLength(81);
      const gaming = (await list("", GAMING_HUB_ID)).json();
      expect(gaming.total).toBe(20);
      expect(gaming.transcripts.every((x: { TicketId: number }) => x.TicketId >= 201 && x.TicketId <= 220)).toBe(true);
    });

    it("demo data has ratings, missing ratings, close reasons, missing reasons and Unknown panels", async () => {
      const all = (await list("?per_page=100")).json().transcripts as {
        Rating: number | null;
        CloseReason: string | null;
        PanelName: string;
        PanelId: number | null;
      }[];
      expect(all.some((x) => x.Rating === null)).toBe(true);
      expect(all.every((x) => x.Rating === null || (x.Rating >= 1 && x.Rating <= 5))).toBe(true);
      expect(all.some((x) => x.CloseReason === null)).toBe(true);
      expect(all.some((x) => x.PanelName === "Unknown" && x.PanelId === null)).toBe(true);
      const panel = await t.db
        .selectFrom("panels")
        .select("id")
        .where("guild_id", "=", DEMO_COMMUNITY_ID)
        .where("name", "=", "Billing")
        .executeTakeFirstOrThrow();
      expect(all.some((x) => x.PanelName === "Billing" && x.PanelId === panel.id)).toBe(true);
    });

    it("filters by ticket id, username (substring, any case) and panel, combined with pages", async () => {
      const one = (await list("?ticket_id=1042")).json();
      expect(one.total).toBe(1);
      expect(one.transcripts[0]).toMatchObject({ TicketId: 1042, AuthorUsername: XSS_DEMO_TICKET.author });
      expect((await list("?ticket_id=999999")).json().total).toBe(0);
      expect((await list("?ticket_id=99999999999")).json().total).toBe(0);

      const byName = (await list("?username=CURIOUS")).json();
      expect(byName.transcripts.map((x: { AuthorUsername: string }) => x.AuthorUsername)).toEqual([XSS_DEMO_TICKET.author]);
      const partial = (await list("?username=a&per_page=100")).json();
      expect(partial.total).toBeGreaterThan(1);
      expect(partial.transcripts.every((x: { AuthorUsername: string }) => x.AuthorUsername.toLowerCase().includes("a"))).toBe(true);
      // LIKE wildcards in the box are literal characters.
      expect((await list("?username=%25")).json().total).toBe(0);
      expect((await list("?username=_")).json().transcripts.every((x: { AuthorUsername: string }) => x.AuthorUsername.includes("_"))).toBe(
        true,
      );

      const billing = (await list("?panel=Billing&per_page=100")).json();
      expect(billing.total).toBeGreaterThan(0);
      expect(billing.transcripts.every((x: { PanelName: string }) => x.PanelName === "Billing")).toBe(true);
      const unknown = (await list("?panel=Unknown&per_page=100")).json();
      expect(unknown.total).toBeGreaterThan(0);
      expect(unknown.transcripts.every((x: { PanelName: string }) => x.PanelName === "Unknown")).toBe(true);
      const pageTwo = (await list(`?panel=Billing&per_page=25&page=2`)).json();
      expect(pageTwo.total).toBe(billing.total);
      expect(pageTwo.transcripts).toEqual(billing.transcripts.slice(25, 50));
    });

    it("400 for invalid filters or page sizes", async () => {
      for (const q of ["?ticket_id=-1", "?ticket_id=abc", "?per_page=10", "?per_page=30", "?page=0", `?q=${"x".repeat(201)}`]) {
        const res = await list(q);
        expect(res.statusCode, q).toBe(400);
        expect(res.json().error, q).toBeTypeOf("string");
      }
      expect((await list("?per_page=10")).json().error).toBe("Per page must be 25, 50, 75 or 100");
    });

    it("searches words inside transcripts through keyed hashes", async () => {
      const ids = async (q: string) =>
        (await list(`?q=${encodeURIComponent(q)}&per_page=100`)).json().transcripts.map((x: { TicketId: number }) => x.TicketId);
      expect(await ids("zebrafish")).toEqual([5000]);
      expect(await ids("ZEBRAFISH ultraviolet")).toEqual([5000]);
      expect(await ids("cafe angstrom")).toEqual([5000]);
      expect(await ids("zebrafish nonexistentword")).toEqual([]);
      expect(await ids("platypusthatisnotthere")).toEqual([]);
      expect(await ids("aimbot")).toEqual([]); // a Gaming Hub word, not found in Demo Community
      expect((await list("?q=aimbot", GAMING_HUB_ID)).json().total).toBeGreaterThan(0);
      const refunded = await ids("refunded duplicate");
      expect(refunded.length).toBeGreaterThan(0);
      expect(await ids("refunded duplicate")).toEqual(
        (await list(`?q=refunded&per_page=100`)).json().transcripts.map((x: { TicketId: number }) => x.TicketId),
      );
      // Combined with a filter.
      expect((await list("?q=zebrafish&username=quartz")).json().total).toBe(1);
      expect((await list("?q=zebrafish&panel=Billing")).json().total).toBe(0);
    });

    it("keyset pages: the page before or after a ticket is the page an offset gives (plain, filtered, searched)", async () => {
      const page = async (query: string) => {
        const body = (await list(query)).json();
        return { ids: body.transcripts.map((x: { TicketId: number }) => x.TicketId) as number[], total: body.total as number };
      };
      for (const filter of ["", "&panel=Billing", "&q=thanks"]) {
        const p1 = await page(`?per_page=25&page=1${filter}`);
        const p2 = await page(`?per_page=25&page=2${filter}`);
        expect(p1.ids.length, filter).toBeGreaterThan(0);
        expect(await page(`?per_page=25&page=2&before=${p1.ids.at(-1)}${filter}`), filter).toEqual(p2);
        if (p2.ids.length) expect(await page(`?per_page=25&page=1&after=${p2.ids[0]}${filter}`), filter).toEqual(p1);
      }
      // The unfiltered total comes from the counts the triggers keep: it follows an ingest.
      const before = (await page("?per_page=25")).total;
      expect(before).toBe(await count(DEMO_COMMUNITY_ID));
    });

    it("the terms table holds only keyed hashes, different per guild", async () => {
      const rows = await t.db.selectFrom("transcript_terms").select(["guild_id", "term_hash"]).execute();
      expect(rows.length).toBeGreaterThan(100);
      for (const row of rows) expect(row.term_hash).toMatch(/^[0-9a-f]{32}$/);
      const keyring = keyringFor(t.config);
      const hash = keyring.termHash(DEMO_COMMUNITY_ID, "zebrafish");
      expect(rows.some((r) => r.term_hash === hash && r.guild_id === DEMO_COMMUNITY_ID)).toBe(true);
      expect(keyring.termHash(GAMING_HUB_ID, "zebrafish")).not.toBe(hash);
      // Not a plain (unkeyed) hash of the word either.
      const { createHash } = await import("node:crypto");
      expect(createHash("sha256").update("zebrafish").digest("hex").slice(0, 32)).not.toBe(hash);
    });

    it("Ticket Type choices: the guild's panels and stored names, Unknown last", async () => {
      const res = await t.app.inject({ method: "GET", url: `/api/${DEMO_COMMUNITY_ID}/transcript-panels`, headers: bearer(tokens.admin) });
      expect(res.statusCode).toBe(200);
      const panels = res.json().panels as string[];
      expect(panels).toContain("General Support");
      expect(panels).toContain("Billing");
      expect(panels.at(-1)).toBe("Unknown");
      expect(panels.filter((p) => p === "Unknown")).toHaveLength(1);
      const gaming = (
        await t.app.inject({ method: "GET", url: `/api/${GAMING_HUB_ID}/transcript-panels`, headers: bearer(tokens.admin) })
      ).json();
      expect(gaming.panels).toEqual(["Player Reports", "Technical Help", "Unknown"]);
    });
  });

  describe("view", () => {
    it("renders a complete, escaped HTML document under a restrictive CSP and records the view", async () => {
      const res = await view(5000, DEMO_COMMUNITY_ID);
      expect(res.statusCode).toBe(200);
      const html: string = res.json().transcript_html;
      expect(html.startsWith("<!doctype html>")).toBe(true);
      expect(html).toContain(`<meta http-equiv="Content-Security-Policy" content="${TRANSCRIPT_CSP}">`);
      expect(TRANSCRIPT_CSP).toBe("default-src 'none'; img-src https: data:; style-src 'unsafe-inline'");
      expect(html).toContain("My zebrafish quartz ultraviolet lamp is broken");
      expect(html).toContain('<a href="https://example.com/a?b=1&amp;c=2" rel="noopener noreferrer nofollow">');
      expect(html).toContain("Quartz_Owner");
      const entry = await t.db.selectFrom("activity").selectAll().orderBy("id", "desc").executeTakeFirstOrThrow();
      expect(entry).toMatchObject({ guild_id: DEMO_COMMUNITY_ID, user_id: DEMO_ADMIN_ID, action: transcriptActions.viewed });
      expect(JSON.parse(entry.after_json!)).toEqual({ TicketId: 5000, AuthorUsername: "Quartz_Owner", PanelName: "Unknown" });
    });

    it("shows hostile content as text: no script, no event handler, no javascript: link", async () => {
      const html: string = (await view(XSS_DEMO_TICKET.ticketId)).json().transcript_html;
      expect(html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
      expect(html).toContain("&lt;img src=x onerror=alert(1)&gt;");
      expect(html).toContain("&lt;svg onload=alert(1)&gt;.png");
      expect(html).not.toMatch(/<script/i);
      expect(html).not.toMatch(/<img/i);
      expect(html).not.toMatch(/<iframe/i);
      expect(html).not.toMatch(/<svg/i);
      expect(html).not.toMatch(/<b /i);
      expect(html).not.toMatch(/href="javascript:/i);
      expect(html).not.toContain("background:url(x)");
      // Every attribute-bearing tag is one we wrote.
      const tags = [...html.matchAll(/<([a-z0-9]+)[\s>]/gi)].map((m) => m[1]!.toLowerCase());
      const allowed = new Set([
        "html",
        "head",
        "meta",
        "title",
        "style",
        "body",
        "header",
        "h1",
        "dl",
        "div",
        "dt",
        "dd",
        "main",
        "article",
        "span",
        "time",
        "ul",
        "li",
        "a",
        "strong",
        "code",
      ]);
      expect(tags.filter((tag) => !allowed.has(tag))).toEqual([]);
    });

    it("renders a dark variant on request", async () => {
      const html: string = (
        await t.app.inject({ method: "GET", url: `/api/${DEMO_COMMUNITY_ID}/transcripts/1001?theme=dark`, headers: bearer(tokens.admin) })
      ).json().transcript_html;
      expect(html).toContain('<meta name="color-scheme" content="dark">');
    });

    it("404 with the spec's message for unknown, malformed or another guild's transcripts", async () => {
      for (const [id, guildId] of [
        ["999999", DEMO_COMMUNITY_ID],
        ["abc", DEMO_COMMUNITY_ID],
        ["-1", DEMO_COMMUNITY_ID],
        ["99999999999", DEMO_COMMUNITY_ID],
        ["1001", GAMING_HUB_ID],
        ["201", DEMO_COMMUNITY_ID],
      ] as const) {
        const res = await view(id, guildId);
        expect(res.statusCode, `${guildId}/${id}`).toBe(404);
        expect(res.json(), `${guildId}/${id}`).toEqual({ error: transcriptMessages.notFound });
      }
    });

    it("a tampered or moved record answers 404, never 500", async () => {
      const row = await t.db
        .selectFrom("transcripts")
        .selectAll()
        .where("guild_id", "=", DEMO_COMMUNITY_ID)
        .where("ticket_id", "=", 1003)
        .executeTakeFirstOrThrow();
      const flipped = Buffer.from(row.body_enc);
      flipped[0] = flipped[0]! ^ 0xff;
      await t.db.updateTable("transcripts").set({ body_enc: flipped }).where("id", "=", row.id).execute();
      const res = await view(1003);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: transcriptMessages.notFound });

      // A sealed body copied into another ticket's row does not open there (bound to guild and ticket).
      const other = await t.db
        .selectFrom("transcripts")
        .selectAll()
        .where("guild_id", "=", DEMO_COMMUNITY_ID)
        .where("ticket_id", "=", 1004)
        .executeTakeFirstOrThrow();
      await t.db
        .updateTable("transcripts")
        .set({ body_enc: other.body_enc, iv: other.iv, tag: other.tag })
        .where("ticket_id", "=", 1005)
        .where("guild_id", "=", DEMO_COMMUNITY_ID)
        .execute();
      expect((await view(1005)).statusCode).toBe(404);
      expect((await view(1004)).statusCode).toBe(200);

      // A bad tag too.
      await t.db
        .updateTable("transcripts")
        .set({ tag: Buffer.alloc(16) })
        .where("ticket_id", "=", 1006)
        .where("guild_id", "=", DEMO_COMMUNITY_ID)
        .execute();
      expect((await view(1006)).statusCode).toBe(404);
    });
  });

  describe("encryption at rest", () => {
    it("no message text anywhere in the database (every table, every column)", async () => {
      await view(XSS_DEMO_TICKET.ticketId); // views are logged: the log must not copy message text either
      const tables = testDatabaseUrl
        ? (
            await sql<{
              name: string;
            }>`select table_name as name from information_schema.tables where table_schema = current_schema()`.execute(t.db)
          ).rows
        : (await sql<{ name: string }>`select name from sqlite_master where type = 'table'`.execute(t.db)).rows;
      expect(tables.map((x) => x.name)).toContain("transcripts");
      let cells = 0;
      for (const { name } of tables) {
        const rows = (await sql<Record<string, unknown>>`select * from ${sql.table(name)}`.execute(t.db)).rows;
        for (const row of rows) {
          for (const value of Object.values(row)) {
            const text = Buffer.isBuffer(value) || value instanceof Uint8Array ? Buffer.from(value).toString("latin1") : String(value);
            cells++;
            for (const phrase of SECRET_PHRASES) expect(text.includes(phrase), `${name}: ${phrase}`).toBe(false);
          }
        }
      }
      expect(cells).toBeGreaterThan(1000);
    });

    it.skipIf(Boolean(testDatabaseUrl))("no message text in the SQLite file bytes", async () => {
      await sql`pragma wal_checkpoint(TRUNCATE)`.execute(t.db);
      const dir = t.config.dataDir;
      const files = fs.readdirSync(dir).filter((f) => f.startsWith("ticketeer.sqlite"));
      expect(files).toContain("ticketeer.sqlite");
      const bytes = Buffer.concat(files.map((f) => fs.readFileSync(path.join(dir, f))));
      expect(bytes.length).toBeGreaterThan(10_000);
      // The scan works: metadata columns are in plain text.
      expect(bytes.includes(Buffer.from(XSS_DEMO_TICKET.author))).toBe(true);
      for (const phrase of SECRET_PHRASES) {
        expect(bytes.includes(Buffer.from(phrase, "utf8")), phrase).toBe(false);
        expect(bytes.includes(Buffer.from(phrase, "utf16le")), phrase).toBe(false);
      }
    });

    it("the key file is generated once with mode 0600 and reused", async () => {
      const file = path.join(t.config.dataDir, "transcript.key");
      expect(fs.existsSync(file)).toBe(true);
      if (process.platform !== "win32") expect(fs.statSync(file).mode & 0o777).toBe(0o600);
      const key = parseTranscriptKey(fs.readFileSync(file, "utf8"))!;
      expect(key).toHaveLength(32);
      // The stored transcripts open with that key: it is the one in use.
      const row = await t.db.selectFrom("transcripts").selectAll().where("ticket_id", "=", 5000).executeTakeFirstOrThrow();
      const text = createKeyring(key).open({ ciphertext: row.body_enc, iv: row.iv, tag: row.tag }, `transcript:${DEMO_COMMUNITY_ID}:5000`);
      expect(JSON.parse(text).messages[0].content).toBe("My zebrafish quartz ultraviolet lamp is broken");
      expect(row.iv).toHaveLength(12);
      expect(row.tag).toHaveLength(16);
    });
  });

  describe("ingest and bot keys", () => {
    const valid = (ticketId: number, extra: Record<string, unknown> = {}) => ({
      TicketId: ticketId,
      AuthorId: "555000000000000002",
      AuthorUsername: "ingest_user",
      ClosedAt: 1_717_100_000,
      messages: [message("ingest_user", "hello from the bot")],
      ...extra,
    });

    it("401 without the guild's bot key; a user session cannot ingest", async () => {
      const before = await count();
      const cases: [string, Promise<{ statusCode: number; json: () => { error: string } }>][] = [
        ["no header", ingest(valid(6001), undefined)],
        ["wrong key", ingest(valid(6001), "tkb_wrong")],
        ["other guild's key", ingest(valid(6001), gamingKey)],
        ["user session", ingest(valid(6001), undefined, DEMO_COMMUNITY_ID, `Bearer ${tokens.admin}`)],
        ["session token as bot key", ingest(valid(6001), tokens.admin)],
        ["empty bot key", ingest(valid(6001), undefined, DEMO_COMMUNITY_ID, "Bot ")],
        ["guild without a key", ingest(valid(6001), communityKey, "834567890123456789")],
      ];
      for (const [name, pending] of cases) {
        const res = await pending;
        expect(res.statusCode, name).toBe(401);
        expect(res.json(), name).toEqual({ error: invalidBotKey });
      }
      expect(await count()).toBe(before);
    });

    it("201 with the right key; the panel name comes from the panels table, else Unknown", async () => {
      const panel = await t.db
        .selectFrom("panels")
        .select(["id", "name"])
        .where("guild_id", "=", DEMO_COMMUNITY_ID)
        .where("kind", "=", "single")
        .executeTakeFirstOrThrow();
      const res = await ingest(valid(6002, { PanelId: panel.id, Rating: 5, CloseReason: "Done" }), communityKey);
      expect(res.statusCode).toBe(201);
      expect(res.json().message).toBeTypeOf("string");
      const row = (await list("?ticket_id=6002")).json().transcripts[0];
      expect(row).toMatchObject({
        TicketId: 6002,
        PanelId: panel.id,
        PanelName: panel.name,
        Rating: 5,
        CloseReason: "Done",
        AuthorUsername: "ingest_user",
      });
      expect(row.ClosedAt).toBe(1_717_100_000_000); // seconds are read as seconds

      expect((await ingest(valid(6003, { PanelId: 987654 }), communityKey)).statusCode).toBe(201);
      expect((await list("?ticket_id=6003")).json().transcripts[0]).toMatchObject({ PanelName: "Unknown" });
      // Another guild's panel id is not this guild's panel.
      expect((await ingest(valid(301, { PanelId: panel.id }), gamingKey, GAMING_HUB_ID)).statusCode).toBe(201);
      expect((await list("?ticket_id=301", GAMING_HUB_ID)).json().transcripts[0].PanelName).toBe("Unknown");
      expect((await view(6002)).json().transcript_html).toContain("hello from the bot");
    });

    it("the panel column follows the panel: renamed → new name, deleted → Unknown (shown as 'Deleted panel')", async () => {
      const now = Date.now();
      const panel = await t.db
        .insertInto("panels")
        .values({
          guild_id: DEMO_COMMUNITY_ID,
          kind: "single",
          name: "Short-lived",
          form_id: null,
          team_id: null,
          data_json: "{}",
          message_id: null,
          created_at: now,
          updated_at: now,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      expect((await ingest(valid(6040, { PanelId: panel.id }), communityKey)).statusCode).toBe(201);
      expect((await list("?ticket_id=6040")).json().transcripts[0]).toMatchObject({ PanelId: panel.id, PanelName: "Short-lived" });
      expect((await list("?panel=Short-lived")).json().total).toBe(1);

      await t.db.updateTable("panels").set({ name: "Renamed" }).where("id", "=", panel.id).execute();
      expect((await list("?ticket_id=6040")).json().transcripts[0].PanelName).toBe("Renamed");
      expect((await list("?panel=Renamed")).json().total).toBe(1);

      await t.db.deleteFrom("panels").where("id", "=", panel.id).execute();
      expect((await list("?ticket_id=6040")).json().transcripts[0].PanelName).toBe("Unknown");
      const unknown = (await list("?panel=Unknown&per_page=100")).json().transcripts.map((x: { TicketId: number }) => x.TicketId);
      expect(unknown).toContain(6040);
      expect((await list("?panel=Renamed")).json().total).toBe(0);
      const choices = (
        await t.app.inject({ method: "GET", url: `/api/${DEMO_COMMUNITY_ID}/transcript-panels`, headers: bearer(tokens.admin) })
      ).json().panels;
      expect(choices).not.toContain("Renamed");
      expect(choices).not.toContain("Short-lived");
      expect((await view(6040)).json().transcript_html).toContain("<dt>Panel</dt><dd>Deleted panel</dd>");
    });

    it("400 for invalid bodies and 409 for a ticket already stored, nothing stored", async () => {
      const before = { transcripts: await count(), terms: await termCount() };
      for (const payload of [
        {},
        valid(6010, { messages: [] }),
        valid(6010, { TicketId: -1 }),
        valid(6010, { TicketId: 3_000_000_000 }),
        valid(6010, { Rating: 6 }),
        valid(6010, { AuthorId: "abc" }),
        valid(6010, { messages: [message("x", "y", { attachments: [{ name: "a", url: "not a url" }] })] }),
      ]) {
        const res = await ingest(payload, communityKey);
        expect(res.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
        expect(res.json().error).toBeTypeOf("string");
      }
      const bad = await t.app.inject({
        method: "POST",
        url: `/api/${DEMO_COMMUNITY_ID}/transcripts`,
        headers: { authorization: `Bot ${communityKey}`, "content-type": "application/json" },
        payload: "{nope",
      });
      expect(bad.statusCode).toBe(400);
      const dup = await ingest(valid(5000), communityKey);
      expect(dup.statusCode).toBe(409);
      expect(dup.json()).toEqual({ error: duplicateTranscript(5000) });
      expect({ transcripts: await count(), terms: await termCount() }).toEqual(before);
    });

    it("StoreTranscripts false: answers 200 and stores nothing; missing key means true", async () => {
      await setStoreTranscripts(DEMO_COMMUNITY_ID, false);
      const before = { transcripts: await count(), terms: await termCount() };
      const res = await ingest(valid(6020), communityKey);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ message: transcriptNotStored });
      expect({ transcripts: await count(), terms: await termCount() }).toEqual(before);
      await setStoreTranscripts(DEMO_COMMUNITY_ID, undefined);
      expect((await ingest(valid(6020), communityKey)).statusCode).toBe(201);
      await setStoreTranscripts(DEMO_COMMUNITY_ID, true);
      expect((await ingest(valid(6021), communityKey)).statusCode).toBe(201);
    });

    it("bot key: shown once, stored hashed, rotation revokes the old key, logged without the key", async () => {
      const first = await createKey(GAMING_HUB_ID);
      expect(first.statusCode).toBe(201);
      const key: string = first.json().key;
      expect(key).toMatch(/^tkb_[A-Za-z0-9_-]{43}$/);
      const row = await t.db.selectFrom("bot_keys").selectAll().where("guild_id", "=", GAMING_HUB_ID).executeTakeFirstOrThrow();
      expect(row.key_hash).toMatch(/^[0-9a-f]{64}$/);
      expect(row.key_hash).not.toContain(key);
      const entry = await t.db.selectFrom("activity").selectAll().orderBy("id", "desc").executeTakeFirstOrThrow();
      expect(entry.action).toBe(transcriptActions.botKeyRotated);
      expect(`${entry.before_json}${entry.after_json}`).not.toContain(key.slice(4, 20));
      expect((await ingest(valid(302), gamingKey, GAMING_HUB_ID)).statusCode).toBe(401);
      expect((await ingest(valid(302), key, GAMING_HUB_ID)).statusCode).toBe(201);
      gamingKey = key;
      const status = await t.app.inject({ method: "GET", url: `/api/${GAMING_HUB_ID}/bot-key`, headers: bearer(tokens.admin) });
      expect(status.json()).toEqual({ exists: true, created_at: Number(row.created_at) });
      expect(JSON.stringify(status.json())).not.toContain("tkb_");
    });

    it("bot key access: anonymous 401, visitor 403, staff without EditSettings 403", async () => {
      expect((await createKey(DEMO_COMMUNITY_ID, "")).statusCode).toBe(401);
      expect((await createKey(DEMO_COMMUNITY_ID, "visitor")).statusCode).toBe(403);
      const staff = await createKey(DEMO_COMMUNITY_ID, "staff");
      expect(staff.statusCode).toBe(403);
      expect(staff.json()).toEqual({ error: authMessages.accessDenied });
      // The community key still works: the refused calls changed nothing.
      expect((await ingest(valid(6030), communityKey)).statusCode).toBe(201);
      await setSupportPermissions({ ViewTranscripts: true, EditSettings: true });
      expect((await createKey(DEMO_COMMUNITY_ID, "staff")).statusCode).toBe(201);
      expect((await ingest(valid(6031), communityKey)).statusCode).toBe(401);
      await setSupportPermissions({ ViewTag: true, ViewSinglePanel: true, ViewMultiPanel: true, ViewForm: true, ViewTranscripts: true });
    });
  });

  describe("access", () => {
    const routes = (g: string) => [`/api/${g}/transcripts`, `/api/${g}/transcripts/1001`, `/api/${g}/transcript-panels`];

    it("anonymous 401, Demo Visitor 403, everywhere", async () => {
      for (const g of [DEMO_COMMUNITY_ID, GAMING_HUB_ID]) {
        for (const url of routes(g)) {
          const anon = await t.app.inject({ method: "GET", url });
          expect(anon.statusCode, url).toBe(401);
          const visitor = await t.app.inject({ method: "GET", url, headers: bearer(tokens.visitor) });
          expect(visitor.statusCode, url).toBe(403);
          expect(visitor.json()).toEqual({ error: authMessages.accessDenied });
        }
      }
    });

    it("staff: allowed with ViewTranscripts, 403 without it, 403 in a guild they do not staff", async () => {
      const get = (url: string) => t.app.inject({ method: "GET", url, headers: bearer(tokens.staff) });
      expect((await get(`/api/${DEMO_COMMUNITY_ID}/transcripts`)).statusCode).toBe(200);
      expect((await get(`/api/${DEMO_COMMUNITY_ID}/transcripts/1001`)).statusCode).toBe(200);
      expect((await get(`/api/${DEMO_COMMUNITY_ID}/transcript-panels`)).statusCode).toBe(200);
      for (const url of routes(GAMING_HUB_ID)) expect((await get(url)).statusCode, url).toBe(403);
      await setSupportPermissions({ ViewTag: true, ViewSinglePanel: true });
      try {
        for (const url of routes(DEMO_COMMUNITY_ID)) {
          const res = await get(url);
          expect(res.statusCode, url).toBe(403);
          expect(res.json()).toEqual({ error: authMessages.accessDenied });
        }
      } finally {
        await setSupportPermissions({ ViewTag: true, ViewSinglePanel: true, ViewMultiPanel: true, ViewForm: true, ViewTranscripts: true });
      }
    });

    it("owner: 200 in both guilds", async () => {
      for (const url of [...routes(DEMO_COMMUNITY_ID), `/api/${GAMING_HUB_ID}/transcripts`, `/api/${GAMING_HUB_ID}/transcripts/201`]) {
        expect((await t.app.inject({ method: "GET", url, headers: bearer(tokens.admin) })).statusCode, url).toBe(200);
      }
    });
  });
});

describe("transcript keys", () => {
  it("parses TRANSCRIPT_KEY as 64 hex characters or base64 of 32 bytes, refuses anything else", () => {
    const raw = Buffer.alloc(32, 7);
    expect(parseTranscriptKey(raw.toString("hex"))).toEqual(raw);
    expect(parseTranscriptKey(raw.toString("base64"))).toEqual(raw);
    expect(parseTranscriptKey(raw.toString("base64url"))).toEqual(raw);
    expect(parseTranscriptKey("abc")).toBeNull();
    expect(parseTranscriptKey(Buffer.alloc(16).toString("base64"))).toBeNull();
    expect(parseTranscriptKey("z".repeat(64))).toBeNull();
  });

  it("a configured TRANSCRIPT_KEY is used instead of a key file; a malformed one stops the start", async () => {
    const key = Buffer.alloc(32, 9).toString("hex");
    const app = await createTestApp({ env: { TRANSCRIPT_KEY: key }, seed: true });
    try {
      if (!testDatabaseUrl) expect(fs.existsSync(path.join(app.config.dataDir, "transcript.key"))).toBe(false);
      const row = await app.db
        .selectFrom("transcripts")
        .selectAll()
        .where("guild_id", "=", GAMING_HUB_ID)
        .where("ticket_id", "=", 201)
        .executeTakeFirstOrThrow();
      const text = createKeyring(Buffer.from(key, "hex")).open(
        { ciphertext: row.body_enc, iv: row.iv, tag: row.tag },
        `transcript:${GAMING_HUB_ID}:201`,
      );
      expect(JSON.parse(text).messages.length).toBeGreaterThan(1);
    } finally {
      await app.close();
    }
    await expect(createTestApp({ env: { TRANSCRIPT_KEY: "not-a-key" } })).rejects.toThrow(/TRANSCRIPT_KEY/);
  });

  it("seal/open round-trip; each record gets its own IV; the wrong AAD or key fails", () => {
    const ring = createKeyring(Buffer.alloc(32, 1));
    const a = ring.seal("secret words", "transcript:1:1");
    const b = ring.seal("secret words", "transcript:1:1");
    expect(a.iv.equals(b.iv)).toBe(false);
    expect(a.ciphertext.equals(b.ciphertext)).toBe(false);
    expect(ring.open(a, "transcript:1:1")).toBe("secret words");
    expect(() => ring.open(a, "transcript:1:2")).toThrow();
    expect(() => createKeyring(Buffer.alloc(32, 2)).open(a, "transcript:1:1")).toThrow();
  });
});
