import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { STUCK_GRACE_MS } from "../../../server/tickets/repair";
import { PER_GUILD, sweepTickets } from "../../../server/tickets/scheduler";
import { ticketActions } from "../../../server/tickets/step";
import { botTexts } from "../../../server/discord/texts";
import { prepareTranscript, storePreparedTranscript } from "../../../server/transcripts/store";
import { DEMO_BOT } from "../../../server/platform/demo";
import { type TestApp, DEMO_ADMIN_ID, DEMO_COMMUNITY_ID, GAMING_HUB_ID, bearer, createTestApp } from "../helpers";

// The scheduler's sweep. It chooses only tickets due under their own
// server's settings, and a server's share of a sweep is bounded. Tickets left in 'opening' or 'closing' by a
// crash are repaired against the platform.

const A = GAMING_HUB_ID;
const B = DEMO_COMMUNITY_ID;
const SUPPORT_CHANNEL = "812345678901234714";
const HOUR = 3_600_000;
let t: TestApp;
let admin: string;

type Json = Record<string, any>;
const api = async (method: "GET" | "POST" | "PUT", url: string, payload?: unknown) => {
  const res = await t.app.inject({ method, url, headers: bearer(admin), ...(payload === undefined ? {} : { payload: payload as Json }) });
  return { status: res.statusCode, body: res.body ? (res.json() as Json) : {} };
};
const saveSettings = async (guildId: string, patch: Json) => {
  const current = await api("GET", `/api/${guildId}/settings`);
  const res = await api("PUT", `/api/${guildId}/settings`, { ...patch, Revision: current.body.Revision });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
};
const autoClose = (on: boolean) => ({
  AutoCloseEnabled: on,
  SinceLastMessageDays: 0,
  SinceLastMessageHours: 1,
  SinceLastMessageMinutes: 0,
  CloseOnUserLeave: false,
});

let nextNumber = 5000;
/** An open ticket written as the engine leaves it, silent since `lastActivity`. */
async function staleTicket(guildId: string, lastActivity: number, extra: Json = {}) {
  const number = nextNumber++;
  return t.db
    .insertInto("tickets")
    .values({
      guild_id: guildId,
      number,
      panel_id: null,
      panel_name: "Unknown",
      opener_id: DEMO_ADMIN_ID,
      opener_name: "Demo Admin",
      subject: null,
      status: "open",
      channel_id: `77${String(number).padStart(16, "0")}`,
      claimed_by: null,
      claimed_by_name: null,
      form_answers_json: null,
      opened_at: lastActivity,
      last_activity_at: lastActivity,
      first_response_at: null,
      closed_at: null,
      closed_by: null,
      closed_by_name: null,
      close_reason: null,
      rating: null,
      response_ms: null,
      resolution_ms: null,
      ...extra,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}
const statusOf = async (id: number) => (await t.db.selectFrom("tickets").select("status").where("id", "=", id).executeTakeFirst())?.status;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signIn(DEMO_ADMIN_ID);
  await saveSettings(B, { UserTicketLimit: 0 });
});
afterAll(async () => {
  await t?.close();
});
beforeEach(async () => {
  await t.db.deleteFrom("tickets").execute();
  await saveSettings(A, autoClose(false));
  await saveSettings(B, autoClose(false));
});

describe("Item 2 — a fair scheduler", () => {
  it("a server with auto-close off and 250 stale tickets does not keep another server's due ticket from closing", async () => {
    const now = Date.now();
    // The oldest 250 open tickets of all servers belong to A, where auto-close is off.
    for (let i = 0; i < 250; i++) await staleTicket(A, now - 100 * HOUR - i * 1000);
    const due = await staleTicket(B, now - 10 * HOUR);
    await saveSettings(B, autoClose(true));
    expect(await sweepTickets(t.app, now)).toBe(1);
    expect(await statusOf(due.id)).toBe("closed");
    expect((await t.db.selectFrom("tickets").select("close_reason").where("id", "=", due.id).executeTakeFirstOrThrow()).close_reason).toBe(
      botTexts.autoCloseReason,
    );
    const aOpen = await t.db.selectFrom("tickets").select("id").where("guild_id", "=", A).where("status", "=", "open").execute();
    expect(aOpen).toHaveLength(250);
  });

  it("a server's backlog takes a bounded share of each sweep; the other server's due ticket closes in the first sweep", async () => {
    const now = Date.now();
    for (let i = 0; i < 120; i++) await staleTicket(A, now - 100 * HOUR - i * 1000);
    const due = await staleTicket(B, now - 10 * HOUR);
    await saveSettings(A, autoClose(true));
    await saveSettings(B, autoClose(true));
    const closed = await sweepTickets(t.app, now);
    expect(await statusOf(due.id)).toBe("closed");
    const aClosed = await t.db.selectFrom("tickets").select("id").where("guild_id", "=", A).where("status", "=", "closed").execute();
    expect(aClosed.length).toBeLessThanOrEqual(PER_GUILD);
    expect(closed).toBe(aClosed.length + 1);
    // The backlog keeps going down, a share per sweep.
    await sweepTickets(t.app, now);
    const after = await t.db.selectFrom("tickets").select("id").where("guild_id", "=", A).where("status", "=", "closed").execute();
    expect(after.length).toBeGreaterThan(aClosed.length);
    expect(after.length).toBeLessThanOrEqual(2 * PER_GUILD);
  });

  it("a ticket not due under its own server's silence stays open", async () => {
    const now = Date.now();
    await saveSettings(B, { AutoCloseEnabled: true, SinceLastMessageDays: 2, SinceLastMessageHours: 0, SinceLastMessageMinutes: 0 });
    const fresh = await staleTicket(B, now - 10 * HOUR);
    const old = await staleTicket(B, now - 50 * HOUR);
    expect(await sweepTickets(t.app, now)).toBe(1);
    expect(await statusOf(fresh.id)).toBe("open");
    expect(await statusOf(old.id)).toBe("closed");
  });
});

describe("Item 7 — tickets stuck in 'opening' or 'closing' are repaired", () => {
  const recovered = () => t.db.selectFrom("activity").selectAll().where("action", "=", ticketActions.recovered).orderBy("id").execute();

  it("'opening' past the grace: finished when its channel exists (the welcome message follows), deleted when not; a recent one is left alone", async () => {
    const now = Date.now();
    const before = (await recovered()).length;
    // A crash after the channel was made: the row never learned its channel.
    const withChannel = await staleTicket(B, now - 5 * 60_000, { status: "opening", channel_id: null });
    const channelId = await t.app.platform.createTicketChannel(B, { name: `ticket-${withChannel.number}`, parentId: null, overwrites: [] });
    // A crash before the channel was made.
    const without = await staleTicket(B, now - 5 * 60_000, { status: "opening", channel_id: null });
    const recent = await staleTicket(B, now - 30_000, { status: "opening", channel_id: null, opener_id: "900000000000000555" });
    await sweepTickets(t.app, now);
    expect(await t.db.selectFrom("tickets").select(["status", "channel_id"]).where("id", "=", withChannel.id).executeTakeFirst()).toEqual({
      status: "open",
      channel_id: channelId,
    });
    const welcome = await t.db.selectFrom("demo_messages").selectAll().where("channel_id", "=", channelId).execute();
    expect(JSON.parse(welcome[0].components_json)[0].components[0].custom_id).toBe(`ticket:${withChannel.number}:close`);
    expect(await statusOf(without.id)).toBeUndefined();
    expect(await statusOf(recent.id)).toBe("opening");
    const entries = (await recovered()).slice(before);
    expect(entries.map((e) => [e.user_id, JSON.parse(e.after_json!).TicketId, JSON.parse(e.after_json!).Status])).toEqual([
      [DEMO_BOT.id, withChannel.number, "open"],
      [DEMO_BOT.id, without.number, "removed"],
    ]);
    // It no longer counts toward the opener's limit: the member can open again.
    await saveSettings(B, { UserTicketLimit: 1 });
    try {
      await t.db.deleteFrom("tickets").where("id", "=", withChannel.id).execute();
      const panel = await t.db
        .selectFrom("panels")
        .selectAll()
        .where("guild_id", "=", B)
        .where("name", "=", "General Support")
        .executeTakeFirstOrThrow();
      const res = await api("POST", `/api/${B}/demo/interactions`, {
        kind: "button",
        channelId: SUPPORT_CHANNEL,
        messageId: panel.message_id,
        customId: `panel:${panel.id}`,
      });
      expect(res.body.ephemeral[0].content).not.toMatch(/already have/);
    } finally {
      await saveSettings(B, { UserTicketLimit: 0 });
    }
  });

  it("'closing' past the grace with its transcript stored but its word index cut short: the index is completed, the close finished", async () => {
    const now = Date.now();
    const ticket = await staleTicket(B, now - HOUR, { status: "closing", closing_since: now - STUCK_GRACE_MS - 1000 });
    const keyring = t.app.tickets.deps.keyring;
    const messages = [
      {
        author: "Demo Admin",
        author_id: DEMO_ADMIN_ID,
        content: "my parcel zebrafish never arrived",
        timestamp: now - HOUR,
        embeds: [],
        attachments: [],
      },
    ];
    const prepared = await prepareTranscript(keyring, B, ticket.number, messages);
    // The close stored the transcript, then stopped before its index entries (a crash).
    await t.db.transaction().execute((tx) =>
      storePreparedTranscript(
        tx,
        B,
        {
          TicketId: ticket.number,
          AuthorId: DEMO_ADMIN_ID,
          AuthorUsername: "Demo Admin",
          CloseReason: null,
          PanelId: null,
          PanelName: "Unknown",
          Rating: null,
          ClosedAt: now,
        },
        prepared,
        { bytes: Number.POSITIVE_INFINITY },
      ),
    );
    const found = async () => (await api("GET", `/api/${B}/transcripts?q=zebrafish`)).body.transcripts.map((x: Json) => x.TicketId);
    expect(await found()).toEqual([]);
    await sweepTickets(t.app, now);
    expect(await statusOf(ticket.id)).toBe("closed");
    expect(await found()).toEqual([ticket.number]);
    const entry = await t.db
      .selectFrom("activity")
      .selectAll()
      .where("action", "=", ticketActions.recovered)
      .orderBy("id", "desc")
      .executeTakeFirstOrThrow();
    expect(JSON.parse(entry.after_json!)).toMatchObject({ TicketId: ticket.number, Status: "closed", Transcript: true });
  });

  it("'closing' past the grace: closed when its channel is gone (no transcript made up), back to open when it still exists", async () => {
    const now = Date.now();
    const before = (await recovered()).length;
    const gone = await staleTicket(B, now - HOUR, { status: "closing", closing_since: now - STUCK_GRACE_MS - 1000 });
    const liveChannel = await t.app.platform.createTicketChannel(B, { name: "ticket-live", parentId: null, overwrites: [] });
    const alive = await staleTicket(B, now - HOUR, {
      status: "closing",
      channel_id: liveChannel,
      closing_since: now - STUCK_GRACE_MS - 1000,
    });
    const inProgress = await staleTicket(B, now - HOUR, { status: "closing", closing_since: now - 10_000 });
    await sweepTickets(t.app, now);
    const closed = await t.db.selectFrom("tickets").selectAll().where("id", "=", gone.id).executeTakeFirstOrThrow();
    expect(closed).toMatchObject({ status: "closed", closed_by: DEMO_BOT.id });
    expect(Number(closed.closed_at)).toBeGreaterThan(0);
    expect(
      await t.db.selectFrom("transcripts").select("id").where("guild_id", "=", B).where("ticket_id", "=", gone.number).executeTakeFirst(),
    ).toBeUndefined();
    expect(await statusOf(alive.id)).toBe("open");
    expect(await statusOf(inProgress.id)).toBe("closing");
    const entries = (await recovered()).slice(before);
    expect(entries.map((e) => [JSON.parse(e.after_json!).TicketId, JSON.parse(e.after_json!).Status])).toEqual([
      [gone.number, "closed"],
      [alive.number, "open"],
    ]);
  });
});
