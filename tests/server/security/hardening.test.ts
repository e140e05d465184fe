import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ConfigError, loadConfig, trustProxySetting } from "../../../server/config";
import { createDatabase } from "../../../server/db/client";
import { KEY_FILE_NAME, loadOrCreateKeyFile } from "../../../server/crypto";
import { DEMO_ADMIN_ID, DEMO_COMMUNITY_ID, type TestApp, bearer, createTestApp, testDatabaseUrl } from "../helpers";

// Regression tests of the hardening review (issue "Hardening"): each fails on the code before it.

describe("TRUST_PROXY: a hop count or the proxies' addresses, never 'trust everything'", () => {
  it("parses hop counts and address lists, and refuses a bare 'true'", () => {
    expect(trustProxySetting(undefined)).toBe(false);
    expect(trustProxySetting("0")).toBe(false);
    expect(trustProxySetting("1")).toBe(1);
    expect(trustProxySetting("10.0.0.0/8, 127.0.0.1,loopback")).toEqual(["10.0.0.0/8", "127.0.0.1", "loopback"]);
    for (const bad of ["true", "yes", "10.0.0.0/33", "not-an-ip", "1.2.3"]) expect(() => trustProxySetting(bad), bad).toThrow(ConfigError);
  });

  it("behind one proxy, a client cannot pick its own address by sending X-Forwarded-For", async () => {
    const t = await createTestApp({ env: { TRUST_PROXY: "1" } });
    try {
      const token = await t.signIn(DEMO_ADMIN_ID);
      // The client claims 6.6.6.6; our proxy appended the address it really came from, 203.0.113.9.
      const res = await t.app.inject({
        method: "POST",
        url: `/api/${DEMO_COMMUNITY_ID}/tags`,
        headers: { ...bearer(token), "x-forwarded-for": "6.6.6.6, 203.0.113.9" },
        remoteAddress: "127.0.0.1",
        payload: { TagName: "proxied", Content: "x" },
      });
      expect(res.statusCode).toBe(201);
      const entry = await t.db.selectFrom("activity").select("ip").orderBy("id", "desc").executeTakeFirstOrThrow();
      expect(entry.ip).toBe("203.0.113.9");
    } finally {
      await t.close();
    }
  });

  it("with the proxies' addresses, only hops through them are believed", async () => {
    const t = await createTestApp({ env: { TRUST_PROXY: "10.0.0.0/8" } });
    try {
      const token = await t.signIn(DEMO_ADMIN_ID);
      const send = (remoteAddress: string, name: string) =>
        t.app.inject({
          method: "POST",
          url: `/api/${DEMO_COMMUNITY_ID}/tags`,
          headers: { ...bearer(token), "x-forwarded-for": "6.6.6.6" },
          remoteAddress,
          payload: { TagName: name, Content: "x" },
        });
      expect((await send("10.1.2.3", "via-proxy")).statusCode).toBe(201);
      expect((await send("198.51.100.7", "direct")).statusCode).toBe(201);
      const ips = await t.db.selectFrom("activity").select("ip").orderBy("id", "desc").limit(2).execute();
      expect(ips.map((r) => r.ip)).toEqual(["198.51.100.7", "6.6.6.6"]);
    } finally {
      await t.close();
    }
  });
});

describe("authentication before the body", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it("4 MB of junk to the import without a session is a 401, not a 400 or 413", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: `/api/${DEMO_COMMUNITY_ID}/config/import`,
      headers: { "content-type": "application/json" },
      payload: `{"config":${"[".repeat(10)}${"x".repeat(4 * 1024 * 1024)}`,
    });
    expect(res.statusCode).toBe(401);
  });

  it("a multi-panel naming one panel twice as 1 and 01 is a 400, not a 500", async () => {
    const token = await t.signIn(DEMO_ADMIN_ID);
    const panel = await t.db
      .selectFrom("panels")
      .select("id")
      .where("guild_id", "=", DEMO_COMMUNITY_ID)
      .where("kind", "=", "single")
      .executeTakeFirstOrThrow();
    const before = await t.db.selectFrom("panels").select("id").execute();
    const res = await t.app.inject({
      method: "POST",
      url: `/api/${DEMO_COMMUNITY_ID}/panels`,
      headers: bearer(token),
      payload: { MultiPanel: { PanelChannelId: "812345678901234714", Panels: [String(panel.id), `0${panel.id}`], PanelTitle: "Twice" } },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe("A panel can be listed only once");
    expect(await t.db.selectFrom("panels").select("id").execute()).toEqual(before);
  });
});

describe.skipIf(!!testDatabaseUrl)("files in DATA_DIR (SQLite)", () => {
  const dirs: string[] = [];
  const tempDir = () => {
    const parent = fs.mkdtempSync(path.join(os.tmpdir(), "ticketeer-perm-"));
    dirs.push(parent);
    return path.join(parent, "data");
  };
  afterAll(() => {
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  });
  const mode = (file: string) => fs.statSync(file).mode & 0o777;

  it("creates DATA_DIR 0700, the database 0600 and the key 0600", async () => {
    const dataDir = tempDir();
    const handle = createDatabase({ dataDir });
    await handle.destroy();
    loadOrCreateKeyFile(dataDir);
    expect(mode(dataDir)).toBe(0o700);
    expect(mode(path.join(dataDir, "ticketeer.sqlite"))).toBe(0o600);
    expect(mode(path.join(dataDir, KEY_FILE_NAME))).toBe(0o600);
  });

  it("tightens a database file others could read", async () => {
    const dataDir = tempDir();
    fs.mkdirSync(dataDir, { recursive: true });
    fs.writeFileSync(path.join(dataDir, "ticketeer.sqlite"), "", { mode: 0o644 });
    const handle = createDatabase({ dataDir });
    await handle.destroy();
    expect(mode(path.join(dataDir, "ticketeer.sqlite"))).toBe(0o600);
  });

  it("refuses a key file other users can read, saying what to do", () => {
    const dataDir = tempDir();
    loadOrCreateKeyFile(dataDir);
    const file = path.join(dataDir, KEY_FILE_NAME);
    fs.chmodSync(file, 0o644);
    expect(() => loadOrCreateKeyFile(dataDir)).toThrow(
      `The transcript key file ${file} can be read by other users (mode 0644): run chmod 600 ${file}, or set TRANSCRIPT_KEY instead`,
    );
  });
});

describe("where the demo listens", () => {
  it("only on this machine unless HOST says otherwise; with Discord on every interface", () => {
    expect(loadConfig({}).host).toBe("127.0.0.1");
    expect(loadConfig({ HOST: "0.0.0.0" }).host).toBe("0.0.0.0");
    expect(loadConfig({ DISCORD_CLIENT_ID: "a", DISCORD_CLIENT_SECRET: "b", DISCORD_BOT_TOKEN: "c" }).host).toBe("0.0.0.0");
  });
});
