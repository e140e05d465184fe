import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../../server/app";
import { loadConfig } from "../../../server/config";
import { createGatewayRunner, type GatewayRunner } from "../../../server/gateway/runner";
import { findTicket } from "../../../server/tickets/store";
import { botPermissionBits } from "../../../src/schemas/bot-permissions";
import { FakeDiscord } from "../discord/fake-discord";
import { FakeGateway } from "../discord/fake-gateway";
import { faultDatabase, type ServerProcess, startServerProcess, testDatabaseUrl } from "../faults/process";
import { until } from "./world";

// The instance holding a shard is killed (SIGKILL: a real server process, `server/index.ts` with DISCORD_GATEWAY=1)
// while members keep writing; another instance takes the shard over within its lease and RESUMEs the session — Discord
// replays what came after the sequence the dead one had stored — and every event is applied exactly once: none lost
// (written before, during or after the kill), none applied again by the new holder. The lease is 2 s here
// (GATEWAY_LEASE_MS; 20 s by default, so a takeover comes within 25 s). On PostgreSQL the second instance runs all
// along, as a deployment's second replica does; on SQLite (one instance runs every shard) it is the restart.

const APP = "740000000000000001";
const G = "740000000000000100";
const OWNER = "740000000000000002";
const MEMBER = "740000000000000003";
const LEASE_MS = 2000;
const TICK_MS = LEASE_MS / 4;

describe(`killing the instance that holds a shard (${testDatabaseUrl ? "PostgreSQL, a second instance running" : "SQLite, the next start"})`, () => {
  let fake: FakeDiscord;
  let gateway: FakeGateway;
  let data: Awaited<ReturnType<typeof faultDatabase>>;
  let a: ServerProcess | undefined;
  let b: Awaited<ReturnType<typeof buildApp>>;
  let runnerB: GatewayRunner | undefined;
  const eventsB: { key: string; outcome: string }[] = [];

  beforeAll(async () => {
    fake = await FakeDiscord.start({ applicationId: APP });
    fake.addUser({ id: OWNER, username: "owner" });
    fake.addUser({ id: MEMBER, username: "member" });
    fake.addGuild({ id: G, name: "Takeover Guild", ownerId: OWNER, botPermissions: BigInt(botPermissionBits) });
    fake.addMember(G, MEMBER);
    gateway = await FakeGateway.start({ discord: fake });
    data = await faultDatabase();
  });
  afterAll(async () => {
    await a?.kill9();
    await runnerB?.stop().catch(() => undefined);
    await b?.close();
    await gateway?.close();
    await fake?.close();
    await data?.drop();
  });

  it("another instance resumes the shard within the lease, and no event is lost or applied twice", { timeout: 120_000 }, async () => {
    const env = {
      ...data.env,
      DISCORD_CLIENT_ID: APP,
      DISCORD_CLIENT_SECRET: fake.clientSecret,
      DISCORD_BOT_TOKEN: fake.botToken,
      DISCORD_API_BASE: fake.base,
      DISCORD_GATEWAY: "1",
      GATEWAY_LEASE_MS: String(LEASE_MS),
    };
    b = await buildApp({ config: loadConfig({ NODE_ENV: "test", LOG_LEVEL: "silent", ...env }) });
    const db = b.db;
    const channel = fake.addChannel(G, { name: "ticket-1" });
    const now = Date.now();
    await db
      .insertInto("tickets")
      .values({
        guild_id: G,
        number: 1,
        panel_id: null,
        panel_name: "Unknown",
        opener_id: MEMBER,
        opener_name: "member",
        subject: null,
        status: "open",
        channel_id: channel.id,
        claimed_by: null,
        claimed_by_name: null,
        form_answers_json: null,
        opened_at: now,
        last_activity_at: now,
        first_response_at: null,
        closed_at: null,
        closed_by: null,
        closed_by_name: null,
        close_reason: null,
        rating: null,
        response_ms: null,
        resolution_ms: null,
      })
      .execute();
    const ticket = (await findTicket(db, G, 1))!;
    const startB = async () => {
      runnerB = createGatewayRunner(b, { tickMs: TICK_MS, onEvent: (e) => eventsB.push(e) });
      await runnerB.start();
    };

    a = await startServerProcess(env, 60_000);
    const held = await until(
      async () => (await db.selectFrom("gateway_shards").selectAll().where("ready_at", "is not", null).executeTakeFirst()) ?? null,
      "A to hold the shard",
      30_000,
    );
    const holderA = held.holder!;
    const sessionA = held.session_id!;
    // On PostgreSQL a second instance runs alongside; it holds nothing while A holds the only shard.
    if (testDatabaseUrl) {
      await startB();
      expect(runnerB!.status()).toEqual([]);
    }

    const stored = () => db.selectFrom("ticket_messages").selectAll().where("ticket_id", "=", ticket.id).execute();
    const history = () =>
      db
        .selectFrom("ticket_message_history")
        .select(["message_id", "kind"])
        .where("ticket_id", "=", ticket.id)
        .orderBy("message_id")
        .execute();
    const before = ["m1", "m2", "m3", "m4"].map((text) => fake.postAs(MEMBER, channel.id, text));
    fake.editAs(MEMBER, before[0].id, "m1, edited");
    await until(async () => (await stored()).length === 4 && (await history()).length === 1, "A to apply the first events");

    // More events, and A killed while they are on their way.
    const racing = ["m5", "m6"].map((text) => fake.postAs(MEMBER, channel.id, text));
    const killedAt = Date.now();
    await a.kill9();
    // While nobody holds the shard: Discord keeps the session's events for its resume.
    const during = ["m7", "m8"].map((text) => fake.postAs(MEMBER, channel.id, text));
    fake.editAs(MEMBER, racing[0].id, "m5, edited");
    fake.deleteMessage(before[1].id);
    if (!testDatabaseUrl) await startB();

    await until(() => runnerB!.status().some((s) => s.ready), "another instance to take the shard over", 30_000);
    const takeover = Date.now() - killedAt;
    // Within the lease and a couple of heartbeats (at the defaults, 20 s + 5 s: under 30 s).
    expect(takeover).toBeLessThan(LEASE_MS + 2 * TICK_MS + 1500);
    // RESUMED, not identified again: Discord's only identify is A's, and the resume was of A's session.
    expect(gateway.identifies).toHaveLength(1);
    expect(gateway.resumes.at(-1)).toMatchObject({ sessionId: sessionA, outcome: { replayed: expect.any(Number) } });

    const after = fake.postAs(MEMBER, channel.id, "m9");
    await until(async () => (await stored()).length === 9 && (await history()).length === 3, "every event applied");
    await runnerB!.idle();

    // Nothing lost: every message, both edits and the deletion.
    const rows = await stored();
    expect(rows.map((r) => r.message_id).sort()).toEqual([...before, ...racing, ...during, after].map((m) => m.id).sort());
    expect(rows.find((r) => r.message_id === before[1].id)!.deleted_at).not.toBeNull();
    expect(await history()).toEqual(
      [
        { message_id: before[0].id, kind: "edit" },
        { message_id: before[1].id, kind: "delete" },
        { message_id: racing[0].id, kind: "edit" },
      ].sort((x, y) => (x.message_id < y.message_id ? -1 : 1)),
    );
    // Nothing applied twice: what A applied, B recognised in the replay and left alone.
    const byA = (
      await db.selectFrom("gateway_inbox").select("event_key").where("holder", "=", holderA).where("status", "=", "done").execute()
    ).map((r) => r.event_key);
    const appliedByB = eventsB.filter((e) => e.outcome === "applied").map((e) => e.key);
    expect(byA.length).toBeGreaterThanOrEqual(5);
    expect(appliedByB.filter((key) => byA.includes(key))).toEqual([]);
    expect(eventsB.filter((e) => e.outcome === "duplicate").every((e) => byA.includes(e.key))).toBe(true);
    expect(await db.selectFrom("gateway_inbox").select("event_key").where("status", "!=", "done").execute()).toEqual([]);
    const keys = [...byA, ...appliedByB];
    expect(new Set(keys).size).toBe(keys.length);
  });
});
