import WebSocket from "ws";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { checkResponse } from "./contract";
import { FakeDiscord } from "./fake-discord";
import { ApplicationFlags, FakeGateway, type GatewayPayload, GatewayCloseCodes, GatewayOpcodes, Intents, shardOf } from "./fake-gateway";
import { ChannelType, MESSAGE_CONTENT_LIMITED } from "./fake-world";

// The fake gateway speaks Discord's gateway v10 as documented and refuses what Discord refuses. Driven here by a raw
// WebSocket client, frame by frame, so every rule is seen as a client meets it: the opcodes, the close codes, the
// sequence numbers, resuming, the identify limits, intents (a privileged one the application lacks closes with 4014).

const APP = "720000000000000001";
const OWNER = "720000000000000002";
const MEMBER = "720000000000000003";
// Two guilds on different shards of two: (id >> 22) % 2 is 0 for one and 1 for the other.
const G0 = String((4n << 22n) | 1n);
const G1 = String((5n << 22n) | 1n);

let fake: FakeDiscord;
let gateway: FakeGateway;
let clock = 1_000_000;
const clients: RawClient[] = [];

/** A raw gateway client: sends frames, collects what comes back, waits for a frame or the close. */
class RawClient {
  readonly received: GatewayPayload[] = [];
  readonly closed: Promise<{ code: number }>;
  private waiters: (() => void)[] = [];

  private constructor(readonly socket: WebSocket) {
    this.closed = new Promise((resolve) => socket.on("close", (code: number) => resolve({ code })));
    socket.on("message", (data: WebSocket.RawData) => {
      this.received.push(JSON.parse(String(data)) as GatewayPayload);
      for (const wake of this.waiters.splice(0)) wake();
    });
  }

  static async connect(url: string, query = "?v=10&encoding=json"): Promise<RawClient> {
    const socket = new WebSocket(`${url}${query}`);
    const client = new RawClient(socket);
    clients.push(client);
    await new Promise<void>((resolve, reject) => {
      socket.once("open", () => resolve());
      socket.once("error", reject);
    });
    return client;
  }

  send(op: number, d: unknown) {
    this.socket.send(JSON.stringify({ op, d }));
  }

  /** The first frame (from `from` on) that matches, waiting for it. */
  async next(match: (p: GatewayPayload) => boolean, from = 0): Promise<GatewayPayload> {
    for (;;) {
      const found = this.received.slice(from).find(match);
      if (found) return found;
      await new Promise<void>((resolve) => this.waiters.push(resolve));
    }
  }

  dispatch(t: string, from = 0) {
    return this.next((p) => p.op === GatewayOpcodes.Dispatch && p.t === t, from);
  }

  /** HELLO, then IDENTIFY (once the last identify's 5 s window has passed on the gateway's clock); the READY. */
  async identify(d: Record<string, unknown> = {}): Promise<{ session_id: string; resume_gateway_url: string; shard?: [number, number] }> {
    await this.next((p) => p.op === GatewayOpcodes.Hello);
    clock += 5_000;
    this.send(GatewayOpcodes.Identify, {
      token: fake.botToken,
      intents: Intents.GUILDS | Intents.GUILD_MESSAGES,
      properties: { os: "linux", browser: "test", device: "test" },
      ...d,
    });
    return (await this.dispatch("READY")).d as { session_id: string; resume_gateway_url: string; shard?: [number, number] };
  }
}

/** Polls until `cond` holds (the gateway noticing a socket gone happens a moment after the client's side). */
async function until(cond: () => boolean) {
  while (!cond()) await new Promise((resolve) => setTimeout(resolve, 5));
}

const identifyAs = (shard: [number, number], intents = Intents.GUILDS | Intents.GUILD_MESSAGES) => ({ shard, intents });

beforeAll(async () => {
  fake = await FakeDiscord.start({ applicationId: APP });
  fake.addUser({ id: OWNER, username: "owner" });
  fake.addUser({ id: MEMBER, username: "member" });
  fake.addGuild({ id: G0, name: "Shard zero", ownerId: OWNER });
  fake.addGuild({ id: G1, name: "Shard one", ownerId: OWNER });
  fake.addMember(G0, MEMBER);
  fake.addMember(G1, MEMBER);
  gateway = await FakeGateway.start({ discord: fake, shards: 2, now: () => clock, sessionStartLimit: { total: 1000, maxConcurrency: 1 } });
});
afterEach(() => {
  for (const c of clients.splice(0)) c.socket.terminate();
  fake.applicationFlags = MESSAGE_CONTENT_LIMITED;
  clock += 10_000; // every test starts outside the last one's identify window
});
afterAll(async () => {
  await gateway?.close();
  await fake?.close();
});

describe("Get Gateway Bot (gateway.mdx)", () => {
  it("names the gateway, the recommended shards and the session start limit, as Discord's API description says", async () => {
    const res = await fetch(`${fake.base}/gateway/bot`, { headers: { authorization: `Bot ${fake.botToken}` } });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(checkResponse("GET", "/gateway/bot", 200, body)).toEqual([]);
    expect(body).toMatchObject({ url: gateway.url, shards: 2, session_start_limit: { total: 1000, max_concurrency: 1 } });
    expect(body.session_start_limit.reset_after).toBeGreaterThan(0);
    // It requires the bot's token.
    expect((await fetch(`${fake.base}/gateway/bot`)).status).toBe(401);
    // The checker itself: a shape Discord would not send is reported.
    expect(checkResponse("GET", "/gateway/bot", 200, { url: gateway.url, shards: "2" })).not.toEqual([]);
  });
});

describe("connecting, identifying, heartbeating", () => {
  it("HELLO with the heartbeat interval; a heartbeat is acknowledged", async () => {
    const c = await RawClient.connect(gateway.url);
    expect(await c.next((p) => p.op === GatewayOpcodes.Hello)).toEqual({
      op: 10,
      d: { heartbeat_interval: gateway.heartbeatIntervalMs },
      s: null,
      t: null,
    });
    c.send(GatewayOpcodes.Heartbeat, null);
    expect(await c.next((p) => p.op === GatewayOpcodes.HeartbeatAck)).toEqual({ op: 11, d: null, s: null, t: null });
  });

  it("IDENTIFY is answered by READY (session id, resume URL, shard, application), then the shard's guilds, in sequence", async () => {
    const c = await RawClient.connect(gateway.url);
    const ready = await c.identify(identifyAs([1, 2], Intents.GUILDS));
    expect(ready).toMatchObject({ v: 10, shard: [1, 2], application: { id: APP }, guilds: [{ id: G1, unavailable: true }] });
    expect(ready.session_id).toMatch(/^[0-9a-f]{32}$/);
    expect(ready.resume_gateway_url).toBe(`${gateway.url}/resume`);
    const guild = await c.dispatch("GUILD_CREATE");
    expect(guild.d).toMatchObject({ id: G1, unavailable: false, name: "Shard one" });
    expect(c.received.filter((p) => p.op === 0).map((p) => [p.t, p.s])).toEqual([
      ["READY", 1],
      ["GUILD_CREATE", 2],
    ]);
  });

  it("a member's message goes to the guild's shard only, with the next sequence number; without Message Content its text is blank", async () => {
    expect([shardOf(G0, 2), shardOf(G1, 2)]).toEqual([0, 1]);
    const zero = await RawClient.connect(gateway.url);
    await zero.identify(identifyAs([0, 2], Intents.GUILDS | Intents.GUILD_MESSAGES | Intents.MESSAGE_CONTENT));
    const one = await RawClient.connect(gateway.url);
    await one.identify(identifyAs([1, 2], Intents.GUILDS | Intents.GUILD_MESSAGES));
    const channel0 = fake.addChannel(G0, { name: "general" });
    const channel1 = fake.addChannel(G1, { name: "general" });
    const sent = fake.postAs(MEMBER, channel0.id, "hello shard zero");
    fake.postAs(MEMBER, channel1.id, "hello shard one");
    const onZero = await zero.dispatch("MESSAGE_CREATE");
    expect(onZero.d).toMatchObject({
      id: sent.id,
      channel_id: channel0.id,
      guild_id: G0,
      content: "hello shard zero",
      author: { id: MEMBER },
      channel_type: 0,
      member: { roles: [] },
    });
    expect(onZero.s).toBe(zero.received.filter((p) => p.op === 0).length);
    const onOne = await one.dispatch("MESSAGE_CREATE");
    expect(onOne.d).toMatchObject({ channel_id: channel1.id, content: "" }); // no MESSAGE_CONTENT intent
    expect(zero.received.some((p) => p.t === "MESSAGE_CREATE" && (p.d as { guild_id: string }).guild_id === G1)).toBe(false);
  });

  it("events need their intent: no GUILD_MESSAGES, no messages; no GUILD_MEMBERS, no member leaving; GUILDS brings channel deletes", async () => {
    fake.applicationFlags = MESSAGE_CONTENT_LIMITED | ApplicationFlags.GATEWAY_GUILD_MEMBERS_LIMITED;
    const withMembers = await RawClient.connect(gateway.url);
    await withMembers.identify(identifyAs([0, 2], Intents.GUILDS | Intents.GUILD_MEMBERS));
    clock += 10_000;
    const plain = await RawClient.connect(gateway.url);
    await plain.identify(identifyAs([0, 2], Intents.GUILDS));
    const channel = fake.addChannel(G0, { name: "to-delete" });
    fake.postAs(MEMBER, channel.id, "not for you");
    fake.addMember(G0, "720000000000000009");
    fake.removeMember(G0, "720000000000000009");
    fake.removeChannel(channel.id);
    const left = await withMembers.dispatch("GUILD_MEMBER_REMOVE");
    expect(left.d).toMatchObject({ guild_id: G0, user: { id: "720000000000000009" } });
    const deleted = await plain.dispatch("CHANNEL_DELETE");
    expect(deleted.d).toMatchObject({ id: channel.id, guild_id: G0, type: ChannelType.GuildText });
    expect(plain.received.map((p) => p.t)).not.toContain("GUILD_MEMBER_REMOVE");
    expect(plain.received.map((p) => p.t)).not.toContain("MESSAGE_CREATE");
    expect(withMembers.received.map((p) => p.t)).not.toContain("MESSAGE_CREATE");
  });

  it("a deleted thread is told as THREAD_DELETE with its id, guild, parent and type; the bot removed as GUILD_DELETE without unavailable", async () => {
    const c = await RawClient.connect(gateway.url);
    await c.identify(identifyAs([1, 2], Intents.GUILDS));
    const parent = fake.addChannel(G1, { name: "support" });
    const thread = fake.addChannel(G1, { name: "ticket-1", type: ChannelType.PrivateThread, parentId: parent.id });
    thread.threadMembers = new Set([APP]);
    fake.removeChannel(thread.id);
    expect((await c.dispatch("THREAD_DELETE")).d).toEqual({
      id: thread.id,
      guild_id: G1,
      parent_id: parent.id,
      type: ChannelType.PrivateThread,
    });
    const guild = fake.addGuild({ name: "Leaving", ownerId: OWNER, id: String((7n << 22n) | 3n) });
    await c.next((p) => p.t === "GUILD_CREATE" && (p.d as { id: string }).id === guild.id);
    fake.removeBot(guild.id);
    expect((await c.dispatch("GUILD_DELETE")).d).toEqual({ id: guild.id });
  });
});

describe("what Discord refuses (topics/opcodes-and-status-codes.mdx)", () => {
  const closesWith = async (run: (c: RawClient) => void | Promise<void>, query?: string) => {
    const c = await RawClient.connect(gateway.url, query);
    await run(c);
    return (await c.closed).code;
  };
  const identify = (d: Record<string, unknown>) => async (c: RawClient) => {
    await c.next((p) => p.op === GatewayOpcodes.Hello);
    c.send(GatewayOpcodes.Identify, {
      token: fake.botToken,
      intents: Intents.GUILDS,
      properties: { os: "linux", browser: "t", device: "t" },
      ...d,
    });
  };

  it("4004 a wrong token, 4013 an unknown intent bit, 4010 an invalid shard, 4012 another API version", async () => {
    expect(await closesWith(identify({ token: "not-the-token" }))).toBe(GatewayCloseCodes.AuthenticationFailed);
    expect(await closesWith(identify({ intents: 1 << 30 }))).toBe(GatewayCloseCodes.InvalidIntents);
    expect(await closesWith(identify({ shard: [2, 2] }))).toBe(GatewayCloseCodes.InvalidShard);
    expect(await closesWith(identify({ shard: [0, 0] }))).toBe(GatewayCloseCodes.InvalidShard);
    expect(await closesWith(() => undefined, "?v=9&encoding=json")).toBe(GatewayCloseCodes.InvalidAPIVersion);
  });

  it("4014 a privileged intent the application has not enabled: GUILD_MEMBERS, MESSAGE_CONTENT; allowed once its flag is on", async () => {
    fake.applicationFlags = 0;
    expect(await closesWith(identify({ intents: Intents.GUILDS | Intents.MESSAGE_CONTENT }))).toBe(GatewayCloseCodes.DisallowedIntents);
    fake.applicationFlags = MESSAGE_CONTENT_LIMITED;
    expect(await closesWith(identify({ intents: Intents.GUILDS | Intents.GUILD_MEMBERS }))).toBe(GatewayCloseCodes.DisallowedIntents);
    expect(await closesWith(identify({ intents: Intents.GUILD_PRESENCES }))).toBe(GatewayCloseCodes.DisallowedIntents);
    expect(gateway.identifies.slice(-3).map((i) => i.outcome)).toEqual([{ closed: 4014 }, { closed: 4014 }, { closed: 4014 }]);
    fake.applicationFlags = MESSAGE_CONTENT_LIMITED | ApplicationFlags.GATEWAY_GUILD_MEMBERS;
    const c = await RawClient.connect(gateway.url);
    expect((await c.identify({ intents: Intents.GUILDS | Intents.GUILD_MEMBERS | Intents.MESSAGE_CONTENT })).session_id).toBeTruthy();
  });

  it("4003 a payload before identifying, 4005 a second IDENTIFY, 4001 an unknown opcode, 4002 a payload that is not JSON or over 4096 bytes", async () => {
    expect(await closesWith((c) => c.send(GatewayOpcodes.RequestGuildMembers, { guild_id: G0, query: "", limit: 0 }))).toBe(
      GatewayCloseCodes.NotAuthenticated,
    );
    expect(
      await closesWith(async (c) => {
        await c.identify(identifyAs([0, 2]));
        c.send(GatewayOpcodes.Identify, { token: fake.botToken, intents: 1, properties: {} });
      }),
    ).toBe(GatewayCloseCodes.AlreadyAuthenticated);
    expect(await closesWith((c) => c.send(5, {}))).toBe(GatewayCloseCodes.UnknownOpcode);
    expect(await closesWith((c) => c.socket.send("{not json"))).toBe(GatewayCloseCodes.DecodeError);
    expect(await closesWith((c) => c.send(GatewayOpcodes.Heartbeat, "x".repeat(4100)))).toBe(GatewayCloseCodes.DecodeError);
  });

  it("4008 past 120 payloads in a minute", async () => {
    expect(
      await closesWith((c) => {
        for (let i = 0; i < 121; i++) c.send(GatewayOpcodes.Heartbeat, null);
      }),
    ).toBe(GatewayCloseCodes.RateLimited);
  });

  it("4009 a connection that stops heartbeating; its session can still be resumed", async () => {
    const quick = await FakeGateway.start({ discord: fake, heartbeatIntervalMs: 150, heartbeatGraceMs: 100 });
    try {
      const c = await RawClient.connect(quick.url);
      const ready = await c.identify();
      expect((await c.closed).code).toBe(GatewayCloseCodes.SessionTimedOut);
      const again = await RawClient.connect(quick.url);
      await again.next((p) => p.op === GatewayOpcodes.Hello);
      again.send(GatewayOpcodes.Resume, { token: fake.botToken, session_id: ready.session_id, seq: 1 });
      expect((await again.dispatch("RESUMED")).t).toBe("RESUMED");
    } finally {
      await quick.close();
      fake.attachGateway(gateway);
    }
  });

  it("INVALID_SESSION (d: false) for a second IDENTIFY of a max_concurrency bucket within 5 s; another bucket may", async () => {
    const first = await RawClient.connect(gateway.url);
    await first.identify(identifyAs([0, 2]));
    clock += 4_999;
    const second = await RawClient.connect(gateway.url);
    await second.next((p) => p.op === GatewayOpcodes.Hello);
    second.send(GatewayOpcodes.Identify, { token: fake.botToken, intents: 1, properties: {}, shard: [1, 2] });
    expect(await second.next((p) => p.op === GatewayOpcodes.InvalidSession)).toEqual({ op: 9, d: false, s: null, t: null });
    clock += 1;
    second.send(GatewayOpcodes.Identify, { token: fake.botToken, intents: 1, properties: {}, shard: [1, 2] });
    expect(await second.dispatch("READY")).toBeTruthy();
    // With max_concurrency 2, shards 0 and 1 are two buckets: both may start at once.
    gateway.sessionStartLimit.maxConcurrency = 2;
    try {
      clock += 10_000;
      const a = await RawClient.connect(gateway.url);
      const b = await RawClient.connect(gateway.url);
      await Promise.all([a.identify(identifyAs([0, 2])), b.identify(identifyAs([1, 2]))]);
    } finally {
      gateway.sessionStartLimit.maxConcurrency = 1;
    }
  });

  it("past the session start limit every session ends and the token is reset (REST refuses the old one too)", async () => {
    const local = await FakeDiscord.start({ applicationId: APP });
    local.addGuild({ id: G0, name: "Only", ownerId: OWNER });
    const limited = await FakeGateway.start({ discord: local, sessionStartLimit: { total: 2, maxConcurrency: 16 } });
    try {
      const ident = async () => {
        const c = await RawClient.connect(limited.url);
        await c.next((p) => p.op === GatewayOpcodes.Hello);
        c.send(GatewayOpcodes.Identify, { token: local.botToken, intents: 1, properties: {}, shard: [limited.identifies.length % 16, 16] });
        return c;
      };
      const oldToken = local.botToken;
      const a = await ident();
      await a.dispatch("READY");
      const b = await ident();
      await b.dispatch("READY");
      expect((limited.botInfo().session_start_limit as { remaining: number }).remaining).toBe(0);
      const c = await ident();
      expect((await Promise.all([a.closed, b.closed, c.closed])).map((x) => x.code)).toEqual([4004, 4004, 4004]);
      expect(local.botToken).not.toBe(oldToken);
      expect((await fetch(`${local.base}/gateway/bot`, { headers: { authorization: `Bot ${oldToken}` } })).status).toBe(401);
    } finally {
      await limited.close();
      await local.close();
    }
  });
});

describe("resuming (gateway.mdx, Resuming)", () => {
  it("a dropped connection is resumed on the resume URL: the missed dispatches after the client's sequence, in order, then RESUMED", async () => {
    const c = await RawClient.connect(gateway.url);
    const ready = await c.identify(identifyAs([0, 2], Intents.GUILDS | Intents.GUILD_MESSAGES | Intents.MESSAGE_CONTENT));
    const channel = fake.addChannel(G0, { name: "resume-here" });
    fake.postAs(MEMBER, channel.id, "before");
    const before = await c.next((p) => p.t === "MESSAGE_CREATE" && (p.d as { content: string }).content === "before");
    gateway.dropConnection(ready.session_id);
    await c.closed;
    const missed = ["one", "two", "three"].map((text) => fake.postAs(MEMBER, channel.id, text).id);
    const back = await RawClient.connect(ready.resume_gateway_url);
    await back.next((p) => p.op === GatewayOpcodes.Hello);
    back.send(GatewayOpcodes.Resume, { token: fake.botToken, session_id: ready.session_id, seq: before.s });
    const resumed = await back.dispatch("RESUMED");
    const replayed = back.received.filter((p) => p.op === 0 && p.t !== "RESUMED");
    expect(replayed.map((p) => (p.d as { id: string }).id)).toEqual(missed);
    expect(replayed.map((p) => p.s)).toEqual([before.s! + 1, before.s! + 2, before.s! + 3]);
    expect(resumed.s).toBe(before.s! + 4);
    expect(gateway.resumes.at(-1)).toMatchObject({
      sessionId: ready.session_id,
      seq: before.s,
      viaResumeUrl: true,
      outcome: { replayed: 3 },
    });
    // From here on, new events arrive as usual.
    fake.postAs(MEMBER, channel.id, "after");
    expect((await back.next((p) => p.t === "MESSAGE_CREATE" && (p.d as { content: string }).content === "after")).s).toBe(before.s! + 5);
  });

  it("4007 a RESUME with a sequence the session never reached; INVALID_SESSION false for a session closed with 1000 or past its window", async () => {
    const c = await RawClient.connect(gateway.url);
    const ready = await c.identify(identifyAs([0, 2]));
    gateway.dropConnection(ready.session_id);
    await c.closed;
    const bad = await RawClient.connect(ready.resume_gateway_url);
    await bad.next((p) => p.op === GatewayOpcodes.Hello);
    bad.send(GatewayOpcodes.Resume, { token: fake.botToken, session_id: ready.session_id, seq: 999 });
    expect((await bad.closed).code).toBe(GatewayCloseCodes.InvalidSeq);

    clock += 10_000;
    const closed = await RawClient.connect(gateway.url);
    const second = await closed.identify(identifyAs([0, 2]));
    closed.socket.close(1000);
    await closed.closed;
    const late = await RawClient.connect(second.resume_gateway_url);
    await late.next((p) => p.op === GatewayOpcodes.Hello);
    late.send(GatewayOpcodes.Resume, { token: fake.botToken, session_id: second.session_id, seq: 1 });
    expect(await late.next((p) => p.op === GatewayOpcodes.InvalidSession)).toMatchObject({ op: 9, d: false });

    clock += 10_000;
    const third = await RawClient.connect(gateway.url);
    const ready3 = await third.identify(identifyAs([0, 2]));
    third.socket.terminate();
    await until(() => gateway.connectedSessions(0).every((x) => x.id !== ready3.session_id));
    clock += 10 * 60_000; // past the resume window
    const tooLate = await RawClient.connect(ready3.resume_gateway_url);
    await tooLate.next((p) => p.op === GatewayOpcodes.Hello);
    tooLate.send(GatewayOpcodes.Resume, { token: fake.botToken, session_id: ready3.session_id, seq: 1 });
    expect(await tooLate.next((p) => p.op === GatewayOpcodes.InvalidSession)).toMatchObject({ op: 9, d: false });
  });

  it("RECONNECT (op 7) and INVALID_SESSION (d: true) ask the client to resume; (d: false) ends the session", async () => {
    const c = await RawClient.connect(gateway.url);
    const ready = await c.identify(identifyAs([0, 2]));
    gateway.reconnect(ready.session_id);
    expect(await c.next((p) => p.op === GatewayOpcodes.Reconnect)).toEqual({ op: 7, d: null, s: null, t: null });
    gateway.invalidate(ready.session_id, true);
    expect(await c.next((p) => p.op === GatewayOpcodes.InvalidSession)).toMatchObject({ d: true });
    expect(gateway.liveSessions(0).map((s) => s.id)).toContain(ready.session_id);
    gateway.invalidate(ready.session_id, false);
    expect(await c.next((p) => p.op === GatewayOpcodes.InvalidSession && p.d === false)).toBeTruthy();
    expect(gateway.liveSessions(0).map((s) => s.id)).not.toContain(ready.session_id);
  });
});
