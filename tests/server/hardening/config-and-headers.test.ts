import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig, trustProxySetting } from "../../../server/config";
import { DEMO_ADMIN_ID, DEMO_COMMUNITY_ID, bearer, createTestApp } from "../helpers";

// The configuration check and the answers' headers.

describe("Item 12 — TRUST_PROXY that trusts every address is refused", () => {
  it("refuses 0.0.0.0/0 and ::/0 with a ConfigError naming the variable", () => {
    for (const value of ["0.0.0.0/0", "::/0", "10.0.0.0/8,0.0.0.0/0"]) {
      expect(() => trustProxySetting(value), value).toThrow(ConfigError);
      expect(() => trustProxySetting(value), value).toThrow(/TRUST_PROXY/);
    }
  });

  it("refuses ranges that together cover every IPv4 or every IPv6 address", () => {
    for (const value of [
      "0.0.0.0/1,128.0.0.0/1",
      "::/1,8000::/1",
      "0.0.0.0/2,64.0.0.0/2,128.0.0.0/1",
      "::ffff:0:0/96",
      "::ffff:0.0.0.0/97,128.0.0.0/1",
    ]) {
      expect(() => trustProxySetting(value), value).toThrow(/every address/);
    }
  });

  it("refuses prefixes written with leading zeros (the proxy library cannot read them)", () => {
    expect(() => trustProxySetting("10.0.0.0/08")).toThrow(ConfigError);
  });

  it("still accepts real proxy lists, and the app starts with them", async () => {
    expect(trustProxySetting("0.0.0.0/1")).toEqual(["0.0.0.0/1"]);
    expect(trustProxySetting("10.0.0.0/8,::1,fd00::/8,loopback")).toEqual(["10.0.0.0/8", "::1", "fd00::/8", "loopback"]);
    expect(() => loadConfig({ NODE_ENV: "test", TRUST_PROXY: "0.0.0.0/0" })).toThrow(ConfigError);
    // What the check accepts, the server starts with (no stack trace at start).
    for (const value of ["10.0.0.0/8,fd00::/8", "0.0.0.0/1", "128.0.0.0/2,::1/128"]) {
      const t = await createTestApp({ env: { TRUST_PROXY: value }, seed: false });
      try {
        expect((await t.app.inject({ method: "GET", url: "/api/health" })).statusCode, value).toBe(200);
      } finally {
        await t.close();
      }
    }
  });
});

describe("Item 13 — the event stream carries the security headers of every other answer", () => {
  it("GET /{guildId}/tickets/events answers with the same security headers as GET /{guildId}/tickets", async () => {
    const t = await createTestApp();
    try {
      const token = await t.signIn(DEMO_ADMIN_ID);
      const list = await t.app.inject({ method: "GET", url: `/api/${DEMO_COMMUNITY_ID}/tickets`, headers: bearer(token) });
      // TICKET_STREAM_SECONDS is 0 in the tests: the stream ends at once, so the whole answer is read.
      const stream = await t.app.inject({ method: "GET", url: `/api/${DEMO_COMMUNITY_ID}/tickets/events`, headers: bearer(token) });
      expect(stream.statusCode).toBe(200);
      expect(String(stream.headers["content-type"])).toContain("text/event-stream");
      const names = [
        "content-security-policy",
        "referrer-policy",
        "x-content-type-options",
        "x-frame-options",
        "cross-origin-opener-policy",
        "permissions-policy",
      ];
      for (const name of names) {
        expect(list.headers[name], name).toBeDefined();
        expect(stream.headers[name], name).toBe(list.headers[name]);
      }
      expect(stream.headers["cache-control"]).toBe("no-store");
    } finally {
      await t.close();
    }
  });
});

describe("Item 15 — the public /stats is served from a short cache", () => {
  it("answers repeated requests from memory: the platform and the tickets are read once per STATS_CACHE_MS", async () => {
    const t = await createTestApp();
    try {
      let reads = 0;
      const platform = t.app.platform;
      const original = platform.listBotGuilds.bind(platform);
      platform.listBotGuilds = () => {
        reads++;
        return original();
      };
      const first = await t.app.inject({ method: "GET", url: "/api/stats" });
      expect(first.statusCode).toBe(200);
      const answers = await Promise.all(Array.from({ length: 20 }, () => t.app.inject({ method: "GET", url: "/api/stats" })));
      for (const a of answers) expect(a.json()).toEqual(first.json());
      expect(reads).toBe(1);
      expect(first.headers["cache-control"]).toBe("public, max-age=60");
    } finally {
      await t.close();
    }
  });
});
