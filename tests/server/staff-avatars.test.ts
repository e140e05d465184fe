import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PlatformAdapter } from "../../server/platform/adapter";
import { contentSecurityPolicy } from "../../server/http/support/security";
import { iconUrlOf } from "../../server/helpdesk/reply";
import { type TestApp, DEMO_ADMIN_ID, DEMO_COMMUNITY_ID, DEMO_STAFF_ID, bearer, createTestApp } from "./helpers";

// A staff member's face next to their reply: the app listens on 127.0.0.1 while PUBLIC_URL defaults to
// http://localhost:<port>, two origins for the browser. On the demo platform the avatar must be a same-origin path,
// and the page's CSP must let in what the server itself serves.

const G = DEMO_COMMUNITY_ID;
let t: TestApp;
let admin: string;
let staff: string;

beforeAll(async () => {
  t = await createTestApp();
  [admin, staff] = await Promise.all([t.signIn(DEMO_ADMIN_ID), t.signIn(DEMO_STAFF_ID)]);
});
afterAll(async () => {
  await t?.close();
});

const platformOf = (kind: "demo" | "discord") => ({ kind }) as PlatformAdapter;

describe("a staff reply's avatar", () => {
  it("on the demo platform is stored as the same-origin path of the staff member's avatar, not on PUBLIC_URL", async () => {
    const panel = await t.db
      .selectFrom("panels")
      .selectAll()
      .where("guild_id", "=", G)
      .where("name", "=", "General Support")
      .executeTakeFirstOrThrow();
    const opened = await t.app.inject({
      method: "POST",
      url: `/api/${G}/demo/interactions`,
      headers: bearer(admin),
      payload: { kind: "button", channelId: "812345678901234714", messageId: panel.message_id, customId: `panel:${panel.id}` },
    });
    expect(opened.statusCode, opened.body).toBe(200);
    const ticket = await t.db
      .selectFrom("tickets")
      .selectAll()
      .where("guild_id", "=", G)
      .where("status", "=", "open")
      .orderBy("number", "desc")
      .executeTakeFirstOrThrow();
    const reply = await t.app.inject({
      method: "POST",
      url: `/api/${G}/tickets/${ticket.number}/reply`,
      headers: bearer(staff),
      payload: { content: "On it." },
    });
    expect(reply.statusCode, reply.body).toBe(200);
    const sent = await t.db.selectFrom("demo_messages").selectAll().where("id", "=", reply.json().message_id).executeTakeFirstOrThrow();
    expect(JSON.parse(sent.embeds_json ?? "[]")[0].author).toEqual({ name: "Demo Staff", icon_url: "/images/default-avatar.svg" });
    expect(t.config.publicUrl).toMatch(/^http:\/\/localhost:/);
  });

  it("on Discord is absolute: a local image on PUBLIC_URL (Discord fetches it), a CDN avatar as it is", () => {
    const deps = { publicUrl: "https://tickets.example.org/", platform: platformOf("discord") };
    expect(iconUrlOf(deps, "/images/default-avatar.svg")).toBe("https://tickets.example.org/images/default-avatar.svg");
    const cdn = "https://cdn.discordapp.com/avatars/900000000000000002/abc.png?size=1024";
    expect(iconUrlOf(deps, cdn)).toBe(cdn);
    // Anything else (a protocol-relative or a javascript: value) is no icon at all.
    for (const odd of ["//evil.example/a.png", "javascript:alert(1)"]) {
      expect(iconUrlOf({ ...deps, platform: platformOf("demo") }, odd), odd).toBeNull();
    }
  });
});

describe("the page's content policy for images", () => {
  const imgSrc = (csp: string) =>
    csp
      .split(";")
      .map((d) => d.trim().split(/\s+/))
      .find(([name]) => name === "img-src")
      ?.slice(1) ?? [];

  it("lets in the server's own images at any address ('self'), its public origin, data: and Discord's CDN", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/health" });
    const sources = imgSrc(String(res.headers["content-security-policy"]));
    expect(sources).toEqual(["'self'", new URL(t.config.publicUrl).origin, "data:", "https://cdn.discordapp.com"]);
    expect(imgSrc(contentSecurityPolicy({ publicUrl: "https://tickets.example.org/base" }))).toEqual([
      "'self'",
      "https://tickets.example.org",
      "data:",
      "https://cdn.discordapp.com",
    ]);
  });
});
