import { generateKeyPairSync, sign } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../../server/app";
import { botTexts } from "../../../server/discord/texts";
import { type TestApp, DEMO_COMMUNITY_ID, DEMO_STAFF_ID, GAMING_HUB_ID, bearer, createTestApp, testDatabaseUrl } from "../helpers";

// Interactions have their own limits — per member and per server, counted across instances on
// PostgreSQL — and never the dashboard's per-IP (or per-user) write limit. A member over their limit is answered
// ephemerally (type 4, flags 64) with when to try again; Discord never gets an HTTP 429.

const { publicKey, privateKey } = generateKeyPairSync("ed25519");
const publicKeyHex = publicKey.export({ format: "der", type: "spki" }).subarray(-32).toString("hex");
const env = { DISCORD_PUBLIC_KEY: publicKeyHex, WRITE_RATE_LIMIT: "2", INTERACTION_RATE_LIMIT: "3", INTERACTION_GUILD_RATE_LIMIT: "5" };

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env });
});
afterAll(async () => {
  await t?.close();
});

let n = 0;
function helpCommand(guildId: string, userId: string) {
  const body = JSON.stringify({
    type: 2,
    id: String(++n),
    application_id: "1",
    token: `token-${n}`,
    version: 1,
    guild_id: guildId,
    channel: { id: "812345678901234713", type: 0 },
    channel_id: "812345678901234713",
    member: {
      user: { id: userId, username: `user${userId.slice(-3)}`, global_name: null, avatar: null, discriminator: "0" },
      roles: [],
      permissions: "0",
      nick: null,
    },
    data: { id: "1", name: "help", type: 1 },
  });
  const timestamp = String(Math.floor(Date.now() / 1000));
  const headers = {
    "x-signature-ed25519": sign(null, Buffer.from(timestamp + body), privateKey).toString("hex"),
    "x-signature-timestamp": timestamp,
    "content-type": "application/json",
  };
  return { body, headers };
}
const send = (app: TestApp["app"], guildId: string, userId: string) => {
  const { body, headers } = helpCommand(guildId, userId);
  return app.inject({ method: "POST", url: "/api/interactions", headers, payload: body, remoteAddress: "203.0.113.7" });
};
const isHelp = (json: { type: number; data?: { content?: string } }) =>
  json.type === 4 && (json.data?.content ?? "").startsWith("Open a ticket with");

describe("Item 3 — interactions have their own limits, per member and per server", () => {
  it("a member past INTERACTION_RATE_LIMIT is told ephemerally to slow down and when (never a 429); other members and servers go on, past the write limit", async () => {
    const spammer = "900000000000000701";
    const answers = [];
    for (let i = 0; i < 5; i++) answers.push(await send(t.app, "812345678901234997", spammer));
    for (const a of answers) expect(a.statusCode).toBe(200);
    expect(answers.slice(0, 3).every((a) => isHelp(a.json()))).toBe(true);
    for (const a of answers.slice(3)) {
      const json = a.json();
      expect(json.type).toBe(4);
      expect(json.data.flags).toBe(64);
      expect(json.data.content).toMatch(/^You are going too fast\. Try again in \d+ seconds?\.$/);
      expect(json.data.allowed_mentions).toEqual({ parse: [] });
    }
    // WRITE_RATE_LIMIT is 2 per address, and every request came from one: interactions do not count there.
    const other = await send(t.app, GAMING_HUB_ID, "900000000000000702");
    expect(other.statusCode).toBe(200);
    expect(isHelp(other.json())).toBe(true);
  });

  it("a server past INTERACTION_GUILD_RATE_LIMIT is answered 'busy' for everyone in it; other servers are not", async () => {
    const guild = "812345678901234999";
    const results = [];
    for (let member = 0; member < 7; member++) results.push((await send(t.app, guild, `90000000000000080${member}`)).json());
    expect(results.slice(0, 5).every(isHelp)).toBe(true);
    for (const r of results.slice(5)) {
      expect(r).toMatchObject({ type: 4, data: { flags: 64 } });
      expect(r.data.content).toMatch(
        /^This server is sending the bot more requests than it can take right now\. Try again in \d+ seconds?\.$/,
      );
    }
    expect(isHelp((await send(t.app, "812345678901234998", "900000000000000809")).json())).toBe(true);
  });

  it("the Try-it view's interactions count the same way, not against the dashboard's write limit", async () => {
    const staff = await t.signIn(DEMO_STAFF_ID);
    const replies = [];
    for (let i = 0; i < 4; i++) {
      const res = await t.app.inject({
        method: "POST",
        url: `/api/${DEMO_COMMUNITY_ID}/demo/interactions`,
        headers: bearer(staff),
        payload: { kind: "command", channelId: "812345678901234713", name: "help", options: {} },
      });
      expect(res.statusCode, res.body).toBe(200);
      replies.push(res.json().ephemeral[0].content as string);
    }
    expect(replies.slice(0, 3).every((c) => c.startsWith("Open a ticket with"))).toBe(true);
    expect(replies[3]).toMatch(/^You are going too fast/);
    expect(botTexts.slowDown(1)).toBe("You are going too fast. Try again in 1 second.");
  });

  it("an address sending refused requests (forged signatures) past WRITE_RATE_LIMIT a minute is turned away; Discord's own are not", async () => {
    const { body, headers } = helpCommand("812345678901234996", "900000000000000710");
    const forged = { ...headers, "x-signature-ed25519": "ab".repeat(64) };
    const statuses = [];
    for (let i = 0; i < 3; i++)
      statuses.push(
        (await t.app.inject({ method: "POST", url: "/api/interactions", headers: forged, payload: body, remoteAddress: "198.51.100.9" }))
          .statusCode,
      );
    expect(statuses).toEqual([401, 401, 429]);
    expect(isHelp((await send(t.app, "812345678901234996", "900000000000000710")).json())).toBe(true);
  });

  it.runIf(Boolean(testDatabaseUrl))("PostgreSQL: two instances count one member's interactions together", async () => {
    const second = await buildApp({ config: t.config, distDir: "/nonexistent" });
    try {
      const member = "900000000000000901";
      const guild = "812345678901234990";
      const sent = [
        await send(t.app, guild, member),
        await send(second, guild, member),
        await send(t.app, guild, member),
        await send(second, guild, member),
      ];
      expect(sent.map((r) => isHelp(r.json()))).toEqual([true, true, true, false]);
      expect(sent[3].json().data.content).toMatch(/^You are going too fast/);
    } finally {
      await second.close();
    }
  });
});
