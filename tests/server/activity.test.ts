import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { csvCell } from "../../server/activity/log";
import { DEMO_ADMIN_ID, DEMO_STAFF_ID, GAMING_HUB_ID, type TestApp, bearer, createTestApp } from "./helpers";

// Activity of Gaming Hub, built directly so pages and filters are predictable.
describe("activity log", () => {
  let t: TestApp;
  let token: string;
  const url = `/api/${GAMING_HUB_ID}/activity`;
  const base = 1_700_000_000;
  beforeAll(async () => {
    t = await createTestApp({ seed: false });
    token = await t.signIn(DEMO_ADMIN_ID);
    const rows = Array.from({ length: 30 }, (_, i) => ({
      guild_id: GAMING_HUB_ID,
      user_id: i % 3 === 0 ? DEMO_STAFF_ID : DEMO_ADMIN_ID,
      username: i % 3 === 0 ? "Demo Staff" : "Demo Admin",
      avatar: "/images/default-avatar.svg",
      action: i % 2 === 0 ? "Tag Created" : "Tag Deleted",
      ip: `10.0.0.${i}`,
      timestamp: base + i * 100,
      before_json: null,
      after_json: JSON.stringify({ n: i }),
    }));
    await t.db.insertInto("activity").values(rows).execute();
    await t.db
      .insertInto("activity")
      .values({
        guild_id: GAMING_HUB_ID,
        user_id: DEMO_ADMIN_ID,
        username: '=HYPERLINK("http://evil")',
        avatar: null,
        action: "+SUM(1,2)",
        ip: "-1",
        timestamp: base + 5000,
        before_json: '{"a":"x,y"}',
        after_json: "@cmd\nline",
      })
      .execute();
  });
  afterAll(async () => {
    await t?.close();
  });
  const get = (query: string) => t.app.inject({ method: "GET", url: `${url}${query}`, headers: bearer(token) });

  it("pages newest first", async () => {
    const first = (await get("?per_page=10")).json();
    expect(first.total).toBe(31);
    expect(first.page).toBe(1);
    expect(first.per_page).toBe(10);
    expect(first.activity).toHaveLength(10);
    const ids = first.activity.map((e: { ActivityId: number }) => e.ActivityId);
    expect([...ids].sort((a, b) => b - a)).toEqual(ids);
    const entry = first.activity[1];
    expect(entry).toEqual({
      ActivityId: entry.ActivityId,
      Action: "Tag Deleted",
      Timestamp: base + 29 * 100,
      UserId: DEMO_ADMIN_ID,
      Avatar: "/images/default-avatar.svg",
      Username: "Demo Admin",
      IpAddress: "10.0.0.29",
      After: { n: 29 },
    });
    const last = (await get("?per_page=10&page=4")).json();
    expect(last.activity).toHaveLength(1);
    expect(last.activity[0].IpAddress).toBe("10.0.0.0");
    expect((await get("?per_page=10&page=5")).json().activity).toEqual([]);
  });

  it("filters by user (id or name), action and time range", async () => {
    const byId = (await get(`?user=${DEMO_STAFF_ID}&per_page=100`)).json();
    expect(byId.total).toBe(10);
    expect(byId.activity.every((e: { UserId: string }) => e.UserId === DEMO_STAFF_ID)).toBe(true);
    expect((await get("?user=demo%20staff")).json().total).toBe(10);
    expect((await get("?action=Tag%20Created")).json().total).toBe(15);
    const range = (await get(`?from=${base + 1000}&to=${base + 1900}`)).json();
    expect(range.activity.map((e: { IpAddress: string }) => e.IpAddress)).toEqual(
      ["19", "18", "17", "16", "15", "14", "13", "12", "11", "10"].map((n) => `10.0.0.${n}`),
    );
    const combined = (await get(`?user=${DEMO_STAFF_ID}&action=Tag%20Created&from=${base}&to=${base + 1200}`)).json();
    expect(combined.activity.map((e: { IpAddress: string }) => e.IpAddress)).toEqual(["10.0.0.12", "10.0.0.6", "10.0.0.0"]);
  });

  it("400 for an invalid query", async () => {
    for (const q of ["?page=0", "?per_page=501", "?from=yesterday", "?page=abc"]) {
      const res = await get(q);
      expect(res.statusCode, q).toBe(400);
      expect(res.json().error).toBeTypeOf("string");
    }
  });

  it("exports CSV with the same filters, quoted and with formulas neutralised", async () => {
    const res = await t.app.inject({ method: "GET", url: `/api/${GAMING_HUB_ID}/activity.csv`, headers: bearer(token) });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^text\/csv/);
    expect(res.headers["content-disposition"]).toBe(`attachment; filename="activity-${GAMING_HUB_ID}.csv"`);
    const text = res.body.replace(/^\ufeff/, "");
    const lines = text.split("\r\n");
    expect(lines[0]).toBe("ActivityId,Action,Timestamp,Time,UserId,Username,IpAddress,Before,After");
    expect(lines[1]).toBe(
      `31,"'+SUM(1,2)",${base + 5000},${new Date((base + 5000) * 1000).toISOString()},${DEMO_ADMIN_ID},` +
        `"'=HYPERLINK(""http://evil"")",'-1,"{""a"":""x,y""}","'@cmd\nline"`,
    );
    expect(text.endsWith("\r\n")).toBe(true);

    const filtered = await t.app.inject({
      method: "GET",
      url: `/api/${GAMING_HUB_ID}/activity.csv?user=${DEMO_STAFF_ID}`,
      headers: bearer(token),
    });
    expect(filtered.body.trim().split("\r\n")).toHaveLength(11);
  });

  it("csvCell escapes every dangerous lead character", () => {
    expect(csvCell("=1")).toBe("'=1");
    expect(csvCell("+1")).toBe("'+1");
    expect(csvCell("-1")).toBe("'-1");
    expect(csvCell("@a")).toBe("'@a");
    expect(csvCell("\tx")).toBe("'\tx");
    expect(csvCell("\rx")).toBe(`"'\rx"`);
    expect(csvCell('a"b')).toBe('"a""b"');
    expect(csvCell("plain")).toBe("plain");
    expect(csvCell(null)).toBe("");
    expect(csvCell(42)).toBe("42");
  });
});

// A page is bounded in bytes as well as rows; the CSV streams however long the log is.
describe("bounded activity reads", () => {
  let t: TestApp;
  let token: string;
  const url = `/api/${GAMING_HUB_ID}/activity`;
  beforeAll(async () => {
    t = await createTestApp({ seed: false });
    token = await t.signIn(DEMO_ADMIN_ID);
    const big = JSON.stringify({ Content: "x".repeat(150_000) });
    const rows = Array.from({ length: 2_600 }, (_, i) => ({
      guild_id: GAMING_HUB_ID,
      user_id: DEMO_ADMIN_ID,
      username: "Demo Admin",
      avatar: null,
      action: "Tag Created",
      ip: "10.0.0.1",
      timestamp: 1_700_000_000 + i,
      before_json: i % 1000 === 0 ? big : null,
      after_json: JSON.stringify({ n: i }),
    }));
    for (let i = 0; i < rows.length; i += 200)
      await t.db
        .insertInto("activity")
        .values(rows.slice(i, i + 200))
        .execute();
  });
  afterAll(async () => {
    await t?.close();
  });
  const get = (path: string) => t.app.inject({ method: "GET", url: `${url}${path}`, headers: bearer(token) });

  it("at most 100 entries a page; a big change is left out of the list and served on its own", async () => {
    expect((await get("?per_page=101")).statusCode).toBe(400);
    const page = await get("?per_page=100&page=16");
    expect(page.statusCode).toBe(200);
    const entries = page.json().activity as { ActivityId: number; Before?: unknown; After?: unknown; ChangesOmitted?: boolean }[];
    expect(entries).toHaveLength(100);
    const omitted = entries.filter((e) => e.ChangesOmitted);
    // Entries 0, 1000 and 2000 (counted from the oldest) carry 150 KB each; page 16 holds entries 1099 to 1000.
    expect(omitted).toHaveLength(1);
    expect(omitted[0].Before).toBeUndefined();
    expect(omitted[0].After).toBeUndefined();
    expect(page.body.length).toBeLessThan(64 * 1024);
    const detail = await get(`/${omitted[0].ActivityId}`);
    expect(detail.statusCode).toBe(200);
    expect((detail.json().entry.Before as { Content: string }).Content).toHaveLength(150_000);
    expect(detail.json().entry.After).toEqual({ n: 1000 });
    // Another guild's entry is not found there.
    const other = await t.app.inject({
      method: "GET",
      url: `/api/812345678901234567/activity/${omitted[0].ActivityId}`,
      headers: bearer(token),
    });
    expect(other.statusCode).toBe(404);
  });

  it("streams the CSV in batches: every row, newest first", async () => {
    const res = await get(".csv");
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("text/csv; charset=utf-8");
    const lines = res.body.trimEnd().split("\r\n");
    expect(lines).toHaveLength(2_601);
    const ids = lines.slice(1).map((line) => Number(line.split(",")[0]));
    expect(new Set(ids).size).toBe(2_600);
    expect([...ids].sort((a, b) => b - a)).toEqual(ids);
  });
});

describe("keyset pages of the activity log", () => {
  let t: TestApp;
  let token: string;
  const url = `/api/${GAMING_HUB_ID}/activity`;
  beforeAll(async () => {
    t = await createTestApp({ seed: false });
    token = await t.signIn(DEMO_ADMIN_ID);
    const rows = Array.from({ length: 45 }, (_, i) => ({
      guild_id: GAMING_HUB_ID,
      user_id: DEMO_ADMIN_ID,
      username: "Demo Admin",
      avatar: null,
      action: i % 2 ? "Tag Created" : "Tag Deleted",
      ip: "10.0.0.1",
      timestamp: 1_700_000_000 + i,
      before_json: null,
      after_json: null,
    }));
    await t.db.insertInto("activity").values(rows).execute();
  });
  afterAll(async () => {
    await t?.close();
  });
  const ids = async (query: string) => {
    const res = await t.app.inject({ method: "GET", url: `${url}?${query}`, headers: bearer(token) });
    expect(res.statusCode, res.body).toBe(200);
    return { ids: (res.json().activity as { ActivityId: number }[]).map((e) => e.ActivityId), total: res.json().total as number };
  };

  it("the page before or after an entry is the page an offset gives, filters included, with the same total", async () => {
    for (const filter of ["", "&action=Tag%20Created"]) {
      const p1 = await ids(`per_page=10&page=1${filter}`);
      const p2 = await ids(`per_page=10&page=2${filter}`);
      const p3 = await ids(`per_page=10&page=3${filter}`);
      expect(await ids(`per_page=10&page=2&before=${p1.ids.at(-1)}${filter}`)).toEqual(p2);
      expect(await ids(`per_page=10&page=3&before=${p2.ids.at(-1)}${filter}`)).toEqual(p3);
      expect(await ids(`per_page=10&page=1&after=${p2.ids[0]}${filter}`)).toEqual(p1);
    }
  });
});
