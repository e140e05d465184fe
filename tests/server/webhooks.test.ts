import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { webhookEvents, webhookLimits } from "../../src/schemas/webhooks";
import { refusedAddress, type Resolve, systemResolve } from "../../server/webhooks/addresses";
import { retryDelayMs } from "../../server/webhooks/sender";
import { type Json, type TestApp, DEMO_ADMIN_ID, DEMO_COMMUNITY_ID, apiOn, createTestApp } from "./helpers";

// Signed webhooks (docs/webhooks.md) against a receiver in this suite: a local HTTP server reached as
// "receiver.test" (WEBHOOK_ALLOW_HOSTS=receiver.test; the suite's resolver names it 127.0.0.1). Every delivery is
// checked with the verification snippet of docs/webhooks.md itself. The sender is driven by calling its sweep with a
// chosen time, never by waiting.

const G = DEMO_COMMUNITY_ID;
const SUPPORT_CHANNEL = "812345678901234714";

interface Received {
  headers: http.IncomingHttpHeaders;
  body: string;
}

let t: TestApp;
let admin: string;
let staff: string;
const api = apiOn(() => t);
let receiver: http.Server;
let receiverUrl = "";
const received: Received[] = [];
/** Statuses the receiver answers with, in turn; 200 once they run out. */
const answers: number[] = [];
let verify: (secret: string, header: string | undefined, rawBody: string, now?: number) => boolean;

/** Names this suite resolves itself; anything else as the system does (localhost: /etc/hosts, no network). */
const names: Record<string, string> = {
  "receiver.test": "127.0.0.1",
  "internal.test": "10.20.30.40",
  "public.test": "93.184.216.34",
};
const resolve: Resolve = async (hostname) =>
  names[hostname] ? [{ address: names[hostname], family: names[hostname].includes(":") ? 6 : 4 }] : systemResolve(hostname);

/** The docs' verification snippet, run as it is written there. */
async function snippetFromDocs() {
  const doc = fs.readFileSync(path.resolve(import.meta.dirname, "../../docs/webhooks.md"), "utf8");
  const start = doc.indexOf("```js\n", doc.indexOf("### Verifying a delivery"));
  const code = doc.slice(start + 6, doc.indexOf("```", start + 6));
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "ticketeer-verify-")), "verify.mjs");
  fs.writeFileSync(file, code);
  return ((await import(file)) as { verifyTicketeerSignature: typeof verify }).verifyTicketeerSignature;
}

beforeAll(async () => {
  verify = await snippetFromDocs();
  receiver = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (c: Buffer) => chunks.push(c));
    request.on("end", () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString("utf8") });
      const status = answers.shift() ?? 200;
      response.writeHead(status, status === 302 ? { location: "http://127.0.0.1:1/" } : {}).end("ok");
    });
  });
  await new Promise<void>((done) => receiver.listen(0, "127.0.0.1", done));
  receiverUrl = `http://receiver.test:${(receiver.address() as AddressInfo).port}/hooks`;
  t = await createTestApp({ env: { WEBHOOK_ALLOW_HOSTS: "receiver.test" } });
  t.app.webhooks.sender.resolve = resolve;
  [admin, staff] = await Promise.all([t.signIn(DEMO_ADMIN_ID), t.signIn("900000000000000002")]);
});
afterAll(async () => {
  await t?.close();
  await new Promise((done) => receiver?.close(done));
});
beforeEach(async () => {
  await t.db.deleteFrom("webhook_deliveries").execute();
  await t.db.deleteFrom("webhook_endpoints").execute();
  await t.db.deleteFrom("ticket_members").execute();
  await t.db.deleteFrom("tickets").execute();
  received.length = 0;
  answers.length = 0;
});

const addEndpoint = async (body: Json = {}) => {
  const res = await api("POST", `/api/${G}/webhooks`, admin, { Url: receiverUrl, Events: [...webhookEvents], ...body });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { endpoint: Json; secret: string };
};
const interact = async (body: Json) => {
  const res = await api("POST", `/api/${G}/demo/interactions`, admin, body);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
};
const openTicket = async () => {
  const panel = await t.db
    .selectFrom("panels")
    .selectAll()
    .where("guild_id", "=", G)
    .where("name", "=", "General Support")
    .executeTakeFirstOrThrow();
  await interact({ kind: "button", channelId: SUPPORT_CHANNEL, messageId: panel.message_id!, customId: `panel:${panel.id}` });
  return t.db.selectFrom("tickets").selectAll().where("guild_id", "=", G).where("status", "=", "open").executeTakeFirstOrThrow();
};
const deliveries = async () => (await api("GET", `/api/${G}/webhook-deliveries`, admin)).body.deliveries as Json[];
const bodies = () => received.map((r) => JSON.parse(r.body) as Json);

describe("a ticket's life, delivered signed and in order", () => {
  it("sends opened, claimed, message, moved, closed, transcript stored and rated, each verified with the documented snippet", async () => {
    const { secret } = await addEndpoint();
    const ticket = await openTicket();
    expect((await api("POST", `/api/${G}/tickets/${ticket.number}/claim`, admin)).status).toBe(200);
    expect(
      (await api("POST", `/api/${G}/demo/channels/${ticket.channel_id}/messages`, admin, { content: "My order never came" })).status,
    ).toBe(201);
    const billing = await t.db
      .selectFrom("panels")
      .select("id")
      .where("guild_id", "=", G)
      .where("name", "=", "Billing")
      .executeTakeFirstOrThrow();
    expect((await api("POST", `/api/${G}/tickets/${ticket.number}/move`, admin, { panelId: billing.id })).status).toBe(200);
    expect((await api("POST", `/api/${G}/tickets/${ticket.number}/close`, admin, { reason: "Resolved" })).status).toBe(200);
    const dm = await t.db
      .selectFrom("demo_channels")
      .selectAll()
      .where("kind", "=", "dm")
      .where("recipient_id", "=", DEMO_ADMIN_ID)
      .executeTakeFirstOrThrow();
    const prompt = await t.db
      .selectFrom("demo_messages")
      .selectAll()
      .where("channel_id", "=", dm.id)
      .orderBy("id", "desc")
      .executeTakeFirstOrThrow();
    await interact({ kind: "button", channelId: dm.id, messageId: prompt.id, customId: `rate:${G}:${ticket.number}:5` });
    // Queued by the steps, not sent by them: nothing reached the receiver before the sender's sweep.
    expect(received).toEqual([]);

    const now = Date.now();
    expect(await t.app.webhooks.sweep(now)).toEqual({ delivered: 7, retrying: 0, failed: 0 });
    const events = [
      "ticket.opened",
      "ticket.claimed",
      "ticket.message",
      "ticket.moved",
      "ticket.closed",
      "transcript.stored",
      "ticket.rated",
    ];
    expect(received.map((r) => r.headers["ticketeer-event"])).toEqual(events);
    expect(bodies().map((b) => b.type)).toEqual(events);
    for (const r of received) {
      expect(verify(secret, r.headers["ticketeer-signature"] as string, r.body, Math.floor(now / 1000))).toBe(true);
      // A changed byte, another secret, or a replay past the tolerance: refused.
      expect(verify(secret, r.headers["ticketeer-signature"] as string, `${r.body} `, Math.floor(now / 1000))).toBe(false);
      expect(verify(`${secret}x`, r.headers["ticketeer-signature"] as string, r.body, Math.floor(now / 1000))).toBe(false);
      expect(verify(secret, r.headers["ticketeer-signature"] as string, r.body, Math.floor(now / 1000) + 301)).toBe(false);
      expect(r.headers["content-type"]).toBe("application/json");
    }
    expect(new Set(received.map((r) => r.headers["ticketeer-delivery"])).size).toBe(7);
    const [opened, claimed, message, moved, closed, stored, rated] = bodies();
    expect(opened).toMatchObject({
      guild_id: G,
      data: { ticket: { number: ticket.number, status: "open", panel_name: "General Support" } },
    });
    expect(opened.data.actor).toEqual({ id: DEMO_ADMIN_ID, username: "Demo Admin" });
    expect(claimed.data.ticket.claimed_by).toEqual({ id: DEMO_ADMIN_ID, username: "Demo Admin" });
    expect(message.data.message).toMatchObject({ content: "My order never came", by_opener: true });
    expect(moved.data).toMatchObject({ from: "General Support", to: "Billing", ticket: { panel_name: "Billing" } });
    expect(closed.data.ticket).toMatchObject({ status: "closed", close_reason: "Resolved" });
    expect(stored.data.ticket.number).toBe(ticket.number);
    expect(rated.data).toMatchObject({ rating: 5, ticket: { rating: 5 } });
    expect((await deliveries()).map((d) => [d.Event, d.Status, d.Attempts, d.ResponseStatus])).toEqual(
      events.reverse().map((e) => [e, "delivered", 1, 200]),
    );
  });

  it("queues only the events an endpoint chose, in its format (Slack: a text line)", async () => {
    await addEndpoint({ Events: ["ticket.opened"], Format: "slack" });
    const ticket = await openTicket();
    await api("POST", `/api/${G}/tickets/${ticket.number}/claim`, admin);
    await t.app.webhooks.sweep(Date.now());
    expect(bodies()).toEqual([
      { text: expect.stringMatching(new RegExp(`^Demo Admin opened ticket #${ticket.number} \\(General Support\\)\\.`)) },
    ]);
  });
});

describe("retries", () => {
  it("retries a delivery after its first failure (500, then 200) once its backoff has passed", async () => {
    const { secret } = await addEndpoint({ Events: ["ticket.opened"] });
    answers.push(500);
    await openTicket();
    const now = Date.now();
    expect(await t.app.webhooks.sweep(now)).toEqual({ delivered: 0, retrying: 1, failed: 0 });
    let [delivery] = await deliveries();
    expect(delivery).toMatchObject({
      Status: "pending",
      Attempts: 1,
      ResponseStatus: 500,
      Error: "The endpoint answered 500.",
      NextAttemptAt: now + 30_000,
    });
    // Not due yet: nothing sent.
    expect(await t.app.webhooks.sweep(now + 29_000)).toEqual({ delivered: 0, retrying: 0, failed: 0 });
    expect(received).toHaveLength(1);
    expect(await t.app.webhooks.sweep(now + 30_000)).toEqual({ delivered: 1, retrying: 0, failed: 0 });
    expect(received).toHaveLength(2);
    // The same delivery and body, signed again at the time it was sent.
    expect(received[1].headers["ticketeer-delivery"]).toBe(received[0].headers["ticketeer-delivery"]);
    expect(received[1].body).toBe(received[0].body);
    expect(verify(secret, received[1].headers["ticketeer-signature"] as string, received[1].body, Math.floor((now + 30_000) / 1000))).toBe(
      true,
    );
    [delivery] = await deliveries();
    expect(delivery).toMatchObject({ Status: "delivered", Attempts: 2, ResponseStatus: 200, Error: null, NextAttemptAt: null });
  });

  it("does not follow a redirect", async () => {
    await addEndpoint({ Events: ["ticket.opened"] });
    answers.push(302);
    await openTicket();
    await t.app.webhooks.sweep(Date.now());
    expect(received).toHaveLength(1);
    expect((await deliveries())[0]).toMatchObject({
      Status: "pending",
      ResponseStatus: 302,
      Error: "The endpoint answered 302: redirects are not followed.",
    });
  });

  it("turns an endpoint off after repeated failures and tells the owner (activity log, the endpoint's reason)", async () => {
    const { endpoint } = await addEndpoint({ Events: ["ticket.opened"] });
    answers.push(...Array(20).fill(500));
    await openTicket();
    let now = Date.now();
    for (let attempt = 1; attempt <= webhookLimits.disableAfterFailures; attempt++) {
      await t.app.webhooks.sweep(now);
      expect(received).toHaveLength(attempt);
      now += retryDelayMs(attempt);
    }
    const [listed] = (await api("GET", `/api/${G}/webhooks`, admin)).body.endpoints as Json[];
    expect(listed).toMatchObject({ Id: endpoint.Id, Enabled: false, ConsecutiveFailures: 10 });
    expect(listed.DisabledReason).toBe("Turned off after 10 failed attempts in a row; the last: The endpoint answered 500.");
    const entry = await t.db
      .selectFrom("activity")
      .selectAll()
      .where("guild_id", "=", G)
      .where("action", "=", "Webhook Endpoint Disabled")
      .executeTakeFirstOrThrow();
    expect(entry.username).toBe("Ticketeer");
    // Off: nothing more is sent, and its waiting delivery ends.
    await t.app.webhooks.sweep(now + 24 * 3_600_000);
    expect(received).toHaveLength(10);
    expect((await deliveries())[0]).toMatchObject({ Status: "failed", Error: "The endpoint is turned off." });
    // Turned back on: its failures are forgotten.
    const on = await api("PUT", `/api/${G}/webhooks/${endpoint.Id}`, admin, { Url: receiverUrl, Events: ["ticket.opened"], Enabled: true });
    expect(on.body.endpoint).toMatchObject({ Enabled: true, ConsecutiveFailures: 0, DisabledReason: null });
  });
});

describe("where a webhook may go", () => {
  const refused = [
    "https://127.0.0.1/hooks",
    "https://10.1.2.3/hooks",
    "https://169.254.169.254/latest/meta-data",
    "https://[::1]/hooks",
    "https://[::ffff:127.0.0.1]/hooks",
    "https://[fd00::1]/hooks",
    "https://0.0.0.0/hooks",
    "https://100.64.0.1/hooks",
    "https://localhost/hooks",
    "https://internal.test/hooks",
    `http://127.0.0.1:${80}/hooks`,
  ];
  it.each(refused)("refuses %s with nothing stored", async (Url) => {
    const res = await api("POST", `/api/${G}/webhooks`, admin, { Url, Events: ["ticket.opened"] });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(refusedAddress);
    expect(await t.db.selectFrom("webhook_endpoints").selectAll().execute()).toEqual([]);
  });

  it("refuses plain http to a public host, and a URL with a password", async () => {
    expect(
      (await api("POST", `/api/${G}/webhooks`, admin, { Url: "http://public.test/hooks", Events: ["ticket.opened"] })).body.error,
    ).toBe("The webhook's URL must use https.");
    const withUser = await api("POST", `/api/${G}/webhooks`, admin, { Url: "https://user:pw@public.test/", Events: ["ticket.opened"] });
    expect(withUser.status).toBe(400);
    expect(await t.db.selectFrom("webhook_endpoints").selectAll().execute()).toEqual([]);
  });

  it("checks again at every send: a name that resolves elsewhere by then (DNS rebinding) is not reached", async () => {
    names["rebind.test"] = "93.184.216.34";
    try {
      await addEndpoint({ Url: "https://rebind.test/hooks", Events: ["ticket.opened"] });
      names["rebind.test"] = "127.0.0.1";
      await openTicket();
      await t.app.webhooks.sweep(Date.now());
      expect(received).toEqual([]);
      expect((await deliveries())[0]).toMatchObject({ Status: "pending", ResponseStatus: null, Error: refusedAddress });
    } finally {
      delete names["rebind.test"];
    }
  });
});

describe("the endpoints' routes", () => {
  it("keeps the secret and the bodies sealed, answers the secret once and again on request", async () => {
    const { endpoint, secret } = await addEndpoint({ Events: ["ticket.opened"] });
    expect(secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    await openTicket();
    const rows = [
      ...(await t.db.selectFrom("webhook_endpoints").selectAll().execute()),
      ...(await t.db.selectFrom("webhook_deliveries").selectAll().execute()),
    ];
    expect(JSON.stringify(rows)).not.toContain(secret);
    expect(JSON.stringify(rows)).not.toContain("General Support");
    expect((await api("GET", `/api/${G}/webhooks`, admin)).body.endpoints[0]).not.toHaveProperty("secret");
    expect((await api("POST", `/api/${G}/webhooks/${endpoint.Id}/secret`, admin)).body).toEqual({ secret });
  });

  it("sends a test now and redelivers a delivery as a new one", async () => {
    const { endpoint, secret } = await addEndpoint({ Events: ["ticket.opened"] });
    const test = await api("POST", `/api/${G}/webhooks/${endpoint.Id}/test`, admin);
    expect(test.status).toBe(200);
    expect(test.body).toMatchObject({ message: "Test delivered", delivery: { Event: "webhook.test", Status: "delivered", Attempts: 1 } });
    expect(received[0].headers["ticketeer-event"]).toBe("webhook.test");
    expect(verify(secret, received[0].headers["ticketeer-signature"] as string, received[0].body)).toBe(true);
    const again = await api("POST", `/api/${G}/webhook-deliveries/${test.body.delivery.Id}/redeliver`, admin);
    expect(again.body.delivery).toMatchObject({ Event: "webhook.test", Status: "delivered" });
    expect(again.body.delivery.DeliveryId).not.toBe(test.body.delivery.DeliveryId);
    expect(received[1].body).toBe(received[0].body);
  });

  it("is for managers only, at most 10 endpoints a server, and a bad body stores nothing", async () => {
    expect((await api("GET", `/api/${G}/webhooks`, staff)).status).toBe(403);
    expect((await api("POST", `/api/${G}/webhooks`, staff, { Url: receiverUrl, Events: ["ticket.opened"] })).status).toBe(403);
    expect((await api("POST", `/api/${G}/webhooks`, admin, { Url: receiverUrl, Events: [] })).status).toBe(400);
    expect((await api("POST", `/api/${G}/webhooks`, admin, { Url: receiverUrl, Events: ["ticket.exploded"] })).status).toBe(400);
    expect(await t.db.selectFrom("webhook_endpoints").selectAll().execute()).toEqual([]);
    for (let i = 0; i < webhookLimits.endpoints; i++) await addEndpoint({ Events: ["ticket.opened"] });
    const past = await api("POST", `/api/${G}/webhooks`, admin, { Url: receiverUrl, Events: ["ticket.opened"] });
    expect(past.status).toBe(409);
    // Another server's endpoint is not found here.
    const [first] = await t.db.selectFrom("webhook_endpoints").select("id").execute();
    expect((await api("DELETE", `/api/823456789012345678/webhooks/${first.id}`, admin)).status).toBe(404);
  });
});
