import { afterEach, describe, expect, it } from "vitest";
import type { FastifyBaseLogger } from "fastify";
import { G, G1, type GatewayWorld, gatewayWorld, MEMBER, openTicket, readyShards, until } from "./world";

// Shards shared by instances on one database (docs/decisions/011-gateway.md): each shard held by exactly one instance
// at a time, the fair share of each; a shard given back is RESUMED by the next holder (not identified again); every
// event applied once, by whichever instance holds its shard; identifies within Discord's limits across instances — one
// per max_concurrency bucket per window, none when no session start is left. Two runners over one database here;
// tests/server/gateway/takeover.test.ts kills a real server process.

let w: GatewayWorld;
afterEach(async () => {
  await w?.close();
});

const holders = async () =>
  (await w.t.db.selectFrom("gateway_shards").select(["shard_id", "holder"]).orderBy("shard_id").execute()).map((r) => r.holder);

describe("two instances share the shards", () => {
  it("a second instance takes its share: the first gives a shard back, the second resumes it; each event is applied once", async () => {
    w = await gatewayWorld({ gateway: { shards: 2, sessionStartLimit: { maxConcurrency: 2 } } });
    const a = w.runner();
    await a.start();
    await until(() => readyShards(a).length === 2, "A to hold both shards");
    expect(w.gateway.identifies.map((i) => i.shard).sort()).toEqual([
      [0, 2],
      [1, 2],
    ]);
    const sessionOne = a.status().find((s) => s.shardId === 1)!.sessionId;

    const b = w.runner();
    await b.start();
    await until(() => readyShards(a).length === 1 && readyShards(b).length === 1, "one shard each");
    expect(readyShards(a)).toEqual([0]);
    expect(readyShards(b)).toEqual([1]);
    expect(await holders()).toEqual([a.instanceId, b.instanceId]);
    // Shard 1 changed hands by RESUME: no identify beyond the first two, and Discord kept the session.
    expect(w.gateway.identifies).toHaveLength(2);
    expect(w.gateway.resumes.at(-1)).toMatchObject({
      sessionId: sessionOne,
      viaResumeUrl: true,
      outcome: { replayed: expect.any(Number) },
    });
    expect(w.gateway.clientCloses.find((c) => c.sessionId === sessionOne)?.code).toBe(4200);

    // A message in each server: applied once, by the instance holding its shard.
    const zero = await openTicket(w, G);
    const one = await openTicket(w, G1);
    const m0 = w.fake.postAs(MEMBER, zero.channel_id!, "to shard zero");
    const m1 = w.fake.postAs(MEMBER, one.channel_id!, "to shard one");
    await until(
      () => a.events.some((e) => e.key === `message:${m0.id}`) && b.events.some((e) => e.key === `message:${m1.id}`),
      "both applied",
    );
    expect(a.events.filter((e) => e.key === `message:${m1.id}`)).toEqual([]);
    expect(b.events.filter((e) => e.key === `message:${m0.id}`)).toEqual([]);

    // B stops: A takes shard 1 back, resuming it again, and carries on.
    await b.stop();
    await until(() => readyShards(a).length === 2, "A to hold both again");
    expect(w.gateway.identifies).toHaveLength(2);
    const later = w.fake.postAs(MEMBER, one.channel_id!, "still there");
    await until(() => a.events.some((e) => e.key === `message:${later.id}` && e.outcome === "applied"), "A to apply shard 1's message");
    const stored = await w.t.db.selectFrom("ticket_messages").select("message_id").orderBy("message_id").execute();
    expect(stored.map((r) => r.message_id).sort()).toEqual([m0.id, m1.id, later.id].sort());
  });
});

describe("identify limits across instances (gateway.mdx, Max Concurrency; session start limit)", () => {
  it("two instances identifying in one bucket are spaced by Discord's window; Discord never answers INVALID_SESSION", async () => {
    w = await gatewayWorld({ gateway: { shards: 2, identifyWindowMs: 400, sessionStartLimit: { maxConcurrency: 1 } } });
    // Both instances known from the start, so each takes one shard and both identify at once.
    const a = w.runner({ instanceId: "instance-a", identifyIntervalMs: 450 });
    const b = w.runner({ instanceId: "instance-b", identifyIntervalMs: 450 });
    for (const id of ["instance-a", "instance-b"])
      await w.t.db.insertInto("gateway_instances").values({ instance_id: id, seen_at: Date.now() }).execute();
    await Promise.all([a.start(), b.start()]);
    await until(() => readyShards(a).length === 1 && readyShards(b).length === 1, "a shard each");
    expect(w.gateway.identifies.map((i) => i.outcome).every((o) => "session" in o)).toBe(true);
    expect(w.gateway.identifies).toHaveLength(2);
    expect(Math.abs(w.gateway.identifies[1].at - w.gateway.identifies[0].at)).toBeGreaterThanOrEqual(400);
    expect([...a.throttler.granted, ...b.throttler.granted].map((g) => g.bucket)).toEqual([0, 0]);
  });

  it("with no session start left the gateway waits for Discord's reset instead of identifying (past the limit Discord resets the token)", async () => {
    w = await gatewayWorld({ gateway: { sessionStartLimit: { total: 1000, remaining: 0 } } });
    const warnings: string[] = [];
    const log = Object.assign(Object.create(w.t.app.log) as FastifyBaseLogger, {
      warn: (_detail: unknown, message?: string) => void warnings.push(String(message)),
    });
    const runner = w.runner({ log });
    // Discord's reset counted from the runner's start, not from the world's (an app takes a while on a loaded machine).
    w.gateway.sessionStartLimit.resetAt = Date.now() + 3000;
    await runner.start();
    await until(() => warnings.some((m) => m.includes("no session starts left today")), "the wait");
    expect(w.gateway.identifies).toEqual([]);
    expect(runner.throttler.granted).toEqual([]);
    // Discord's reset comes (3 s here): the shard identifies.
    await until(() => readyShards(runner).length === 1, "the shard once the limit reset");
    expect(w.gateway.identifies).toHaveLength(1);
  });
});
