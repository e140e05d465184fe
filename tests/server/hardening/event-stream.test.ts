import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { DEMO_SUPPORT_ROLE_ID } from "../../../server/platform/demo-fixtures";
import { type TestApp, DEMO_ADMIN_ID, DEMO_COMMUNITY_ID, DEMO_STAFF_ID, bearer, createTestApp } from "../helpers";

// A live event stream (GET /{guildId}/tickets/events) ends within seconds of its session ending or
// its access changing — it re-checks both every few seconds and before each event — instead of living on for
// TICKET_STREAM_SECONDS.

const G = DEMO_COMMUNITY_ID;
let t: TestApp;
let base: string;
let admin: string;

beforeAll(async () => {
  t = await createTestApp({ env: { TICKET_STREAM_SECONDS: "120" } });
  await t.app.listen({ port: 0, host: "127.0.0.1" });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  admin = await t.signIn(DEMO_ADMIN_ID);
  const current = await t.app.inject({ method: "GET", url: `/api/${G}/settings`, headers: bearer(admin) });
  await t.app.inject({
    method: "PUT",
    url: `/api/${G}/settings`,
    headers: bearer(admin),
    payload: { UserTicketLimit: 0, Revision: current.json().Revision },
  });
});
afterAll(async () => {
  await t?.close();
});

const streams = new Set<AbortController>();
afterEach(() => {
  // A stream the test left open would keep the server from closing.
  for (const abort of streams) abort.abort();
  streams.clear();
});

/**
 * Opens a stream and reads it as a browser does. `rest()` reads until the server ends it — or, at the latest after
 * 15 s (TICKET_STREAM_SECONDS is 120), gives up so that the test fails instead of hanging: what came, and whether
 * it ended.
 */
async function openStream(token: string) {
  const abort = new AbortController();
  streams.add(abort);
  const res = await fetch(`${base}/api/${G}/tickets/events`, { headers: bearer(token), signal: abort.signal });
  expect(res.status).toBe(200);
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let text = "";
  while (!text.includes("retry:")) text += decoder.decode((await reader.read()).value, { stream: true });
  return {
    reader,
    decoder,
    /** The next `ticket` event's data — or, after 15 s or when the stream ends first, a failure naming what came. */
    async nextEvent(): Promise<unknown> {
      const giveUp = setTimeout(() => abort.abort(), 15_000);
      try {
        for (;;) {
          const block = /event: ticket\ndata: (.*)\n\n/.exec(text);
          if (block) {
            text = text.slice(block.index + block[0].length);
            return JSON.parse(block[1]);
          }
          const { value, done } = await reader.read();
          if (done) throw new Error(`the stream ended before a ticket event: ${JSON.stringify(text)}`);
          text += decoder.decode(value, { stream: true });
        }
      } finally {
        clearTimeout(giveUp);
      }
    },
    async rest(): Promise<{ text: string; ended: boolean }> {
      const giveUp = setTimeout(() => abort.abort(), 15_000);
      try {
        for (;;) {
          const { value, done } = await reader.read();
          if (done) return { text, ended: true };
          text += decoder.decode(value, { stream: true });
        }
      } catch {
        return { text, ended: false };
      } finally {
        clearTimeout(giveUp);
      }
    },
  };
}

async function openTicket() {
  const panel = await t.db
    .selectFrom("panels")
    .selectAll()
    .where("guild_id", "=", G)
    .where("name", "=", "General Support")
    .executeTakeFirstOrThrow();
  const res = await t.app.inject({
    method: "POST",
    url: `/api/${G}/demo/interactions`,
    headers: bearer(admin),
    payload: { kind: "button", channelId: "812345678901234714", messageId: panel.message_id, customId: `panel:${panel.id}` },
  });
  expect(res.statusCode).toBe(200);
}

describe("Item 5 — a live event stream ends with its session or its access", () => {
  it("after /logout the open stream ends and never receives the next ticket event", async () => {
    const staff = await t.signIn(DEMO_STAFF_ID);
    const stream = await openStream(staff);
    expect((await t.app.inject({ method: "POST", url: "/api/api/auth/logout", headers: bearer(staff) })).statusCode).toBe(200);
    await openTicket();
    const { text, ended } = await stream.rest();
    expect(ended).toBe(true);
    expect(text).not.toContain("event: ticket");
  });

  it("when the member loses the access the stream needs, the next event ends it instead of reaching them", async () => {
    const staff = await t.signIn(DEMO_STAFF_ID);
    const stream = await openStream(staff);
    const roles = await t.db.selectFrom("team_roles").selectAll().where("role_id", "=", DEMO_SUPPORT_ROLE_ID).execute();
    await t.db.deleteFrom("team_roles").where("role_id", "=", DEMO_SUPPORT_ROLE_ID).execute();
    try {
      await openTicket();
      const { text, ended } = await stream.rest();
      expect(ended).toBe(true);
      expect(text).not.toContain("event: ticket");
    } finally {
      await t.db.insertInto("team_roles").values(roles).execute();
    }
  });

  it("without any event, a stream whose session ended closes within seconds (the periodic check)", async () => {
    const staff = await t.signIn(DEMO_STAFF_ID);
    const stream = await openStream(staff);
    await t.app.inject({ method: "POST", url: "/api/api/auth/logout", headers: bearer(staff) });
    // Ends well before TICKET_STREAM_SECONDS (120 s).
    expect((await stream.rest()).ended).toBe(true);
  });

  it("without any event, a stream whose member lost access closes within seconds (the periodic check)", async () => {
    const staff = await t.signIn(DEMO_STAFF_ID);
    const stream = await openStream(staff);
    const roles = await t.db.selectFrom("team_roles").selectAll().where("role_id", "=", DEMO_SUPPORT_ROLE_ID).execute();
    await t.db.deleteFrom("team_roles").where("role_id", "=", DEMO_SUPPORT_ROLE_ID).execute();
    try {
      // Every STREAM_RECHECK_MS (5 s), well before TICKET_STREAM_SECONDS (120 s).
      expect((await stream.rest()).ended).toBe(true);
    } finally {
      await t.db.insertInto("team_roles").values(roles).execute();
    }
  });

  it("a stream whose session and access stand still receives events: the opened ticket, as the queue reads it", async () => {
    const staff = await t.signIn(DEMO_STAFF_ID);
    const stream = await openStream(staff);
    await openTicket();
    const row = await t.db.selectFrom("tickets").selectAll().where("guild_id", "=", G).orderBy("number", "desc").executeTakeFirstOrThrow();
    expect(await stream.nextEvent()).toMatchObject({
      type: "opened",
      guildId: G,
      ticket: {
        TicketId: row.number,
        Status: "open",
        OpenerId: DEMO_ADMIN_ID,
        OpenerName: "Demo Admin",
        PanelName: "General Support",
        ChannelId: row.channel_id,
      },
    });
  });
});
