import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { authMessages } from "../../../src/schemas/messages";
import { skippedAheadAction } from "../../../server/http/try-it";
import { sweepTickets } from "../../../server/tickets/scheduler";
import { textsIn } from "../../../server/discord/texts";
import {
  type TestApp,
  DEMO_ADMIN_ID,
  DEMO_COMMUNITY_ID,
  DEMO_STAFF_ID,
  GAMING_HUB_ID,
  bearer,
  createTestApp,
  apiOn,
  type Json,
} from "../helpers";

// The demo platform's clock per server (server/platform/clock.ts): Try-it's "Skip ahead" moves one server's clock, the
// skips add up, and every time-based step of that server — the inactivity warning, auto-close, message times, the
// activity entries — reads it. Only managers may skip; it is a write under the write limit; the log names who ran it.

const G = DEMO_COMMUNITY_ID;
const SUPPORT_CHANNEL = "812345678901234714";
const HUB_CHANNEL = "823456789012345714";
const LOG_CHANNEL = "812345678901234715";
const HOUR = 3_600_000;
const en = textsIn("en");

let t: TestApp;
let admin: string;
let staff: string;

const api = apiOn(() => t);
type Clock = { offsetMs: number; now: number; canSkip: boolean };
const skip = async (hours = 24, token = admin, guildId = G) => {
  const res = await api("POST", `/api/${guildId}/demo/skip-ahead`, token, { hours });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as { closed: number; warned: number; alerted: number; clock: Clock };
};
const clockOf = async (guildId = G, token = admin) => (await api("GET", `/api/${guildId}/demo/clock`, token)).body as Clock;
const saveSettings = async (patch: Json, guildId = G) => {
  const current = await api("GET", `/api/${guildId}/settings`, admin);
  const res = await api("PUT", `/api/${guildId}/settings`, admin, { ...patch, Revision: current.body.Revision });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
};
const interact = async (token: string, body: Json, guildId = G) => {
  const res = await api("POST", `/api/${guildId}/demo/interactions`, token, body);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
};
const ticketsOf = (guildId = G) => t.db.selectFrom("tickets").selectAll().where("guild_id", "=", guildId).orderBy("number").execute();
const messagesOf = (channelId: string) =>
  t.db.selectFrom("demo_messages").selectAll().where("channel_id", "=", channelId).orderBy("id").execute();
/** Demo Staff opens a ticket with /new in #support; its row. */
const openTicket = async (guildId = G, channelId = SUPPORT_CHANNEL, token = staff) => {
  await interact(token, { kind: "command", channelId, name: "new", options: {} }, guildId);
  return (await ticketsOf(guildId)).pop()!;
};
const ticket = async (id: number) => t.db.selectFrom("tickets").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
const skipEntries = () =>
  t.db.selectFrom("activity").selectAll().where("guild_id", "=", G).where("action", "=", skippedAheadAction).orderBy("id").execute();

beforeAll(async () => {
  t = await createTestApp();
  [admin, staff] = await Promise.all([t.signIn(DEMO_ADMIN_ID), t.signIn(DEMO_STAFF_ID)]);
});
afterAll(async () => {
  await t?.close();
});
beforeEach(async () => {
  await t.db.deleteFrom("ticket_members").execute();
  await t.db.deleteFrom("tickets").execute();
  // Auto-close after a day of silence, the warning 12 hours before.
  await saveSettings({
    UserTicketLimit: 0,
    TicketCloseConfirmation: false,
    BotLanguage: "en",
    AutoCloseEnabled: true,
    InactivityWarningHours: 12,
    SinceLastMessageDays: 1,
    SinceLastMessageHours: 0,
    SinceLastMessageMinutes: 0,
    CloseOnUserLeave: false,
    StoreTranscripts: true,
    WaitingAlertMinutes: 0,
    WaitingAlertChannelId: null,
    ReopenWithinDays: 7,
  });
});

describe("skip ahead adds up", () => {
  it("the first skip posts the warning stamped with the server's time; the second closes the ticket, its transcript and activity at that time", async () => {
    const opened = await openTicket();
    const before = (await clockOf()).offsetMs;

    const first = await skip(24);
    expect(first).toMatchObject({ closed: 0, warned: 1, alerted: 0, clock: { offsetMs: before + 24 * HOUR, canSkip: true } });
    const warned = await ticket(opened.id);
    expect(warned.status).toBe("open");
    // The server's time at the skip, not a time ahead of the server's own clock.
    expect(Number(warned.warned_at)).toBe(first.clock.now);
    expect(Number(warned.warned_at)).toBeLessThanOrEqual((await clockOf()).now);
    const warning = (await messagesOf(opened.channel_id!)).find((m) => m.id === warned.warning_message_id)!;
    expect(warning.content).toBe(en.inactivityWarning(12));
    expect(Number(warning.created_at)).toBeGreaterThanOrEqual(first.clock.now);
    expect(Number(warning.created_at) - first.clock.now).toBeLessThan(60_000);

    const second = await skip(24);
    expect(second).toMatchObject({ closed: 1, warned: 0, alerted: 0, clock: { offsetMs: before + 48 * HOUR } });
    const closed = await ticket(opened.id);
    const reason = en.afterSkipAhead(en.autoCloseReason, "Demo Admin");
    expect(closed).toMatchObject({ status: "closed", closed_by_name: "Ticketeer", close_reason: reason });
    // Closed on the server's clock, as the close ran (just after the skip), not on the real one.
    const closedAt = Number(closed.closed_at);
    expect(closedAt).toBeGreaterThanOrEqual(second.clock.now);
    expect(closedAt).toBeLessThanOrEqual((await clockOf()).now);
    expect(Number(closed.resolution_ms)).toBe(closedAt - Number(opened.opened_at));
    expect(Number(closed.resolution_ms)).toBeGreaterThanOrEqual(48 * HOUR);
    const transcript = await t.db
      .selectFrom("transcripts")
      .selectAll()
      .where("guild_id", "=", G)
      .where("ticket_id", "=", opened.number)
      .executeTakeFirstOrThrow();
    expect(Number(transcript.closed_at)).toBe(closedAt);
    expect(transcript.close_reason).toBe(reason);
    const entry = await t.db
      .selectFrom("activity")
      .selectAll()
      .where("guild_id", "=", G)
      .where("action", "=", "Ticket Closed")
      .orderBy("id", "desc")
      .executeTakeFirstOrThrow();
    expect(entry.timestamp).toBe(Math.floor(closedAt / 1000));
    expect(JSON.parse(entry.after_json!)).toEqual({ TicketId: opened.number, Status: "closed", CloseReason: reason });

    // A third skip finds nothing left to do.
    expect(await skip(24)).toMatchObject({ closed: 0, warned: 0, clock: { offsetMs: before + 72 * HOUR } });
  });

  it("a message written after a skip carries the server's time: the next skip warns again, the one after closes", async () => {
    const opened = await openTicket();
    const earlier = await messagesOf(opened.channel_id!);
    const first = await skip(24);
    expect(first).toMatchObject({ closed: 0, warned: 1 });

    const posted = await api("POST", `/api/${G}/demo/channels/${opened.channel_id}/messages`, staff, { content: "Still here" });
    expect(posted.status).toBe(201);
    const row = (await messagesOf(opened.channel_id!)).find((m) => m.id === posted.body.id)!;
    const after = await clockOf();
    expect(Number(row.created_at)).toBeGreaterThanOrEqual(first.clock.now);
    expect(Number(row.created_at)).toBeLessThanOrEqual(after.now);
    // The id is still a snowflake of the real clock: ids keep increasing in the order the messages were written.
    expect(earlier.every((m) => BigInt(m.id) < BigInt(row.id))).toBe(true);
    const read = await api("GET", `/api/${G}/demo/channels/${opened.channel_id}/messages`, staff);
    expect(read.body.messages.find((m: Json) => m.id === row.id).createdAt).toBe(Number(row.created_at));
    expect(Number((await ticket(opened.id)).last_activity_at)).toBe(Number(row.created_at));

    // The silence is measured from the message: a day later it is warned again, not closed.
    expect(await skip(24)).toMatchObject({ closed: 0, warned: 1 });
    expect((await ticket(opened.id)).status).toBe("open");
    expect(await skip(24)).toMatchObject({ closed: 1, warned: 0 });
    expect((await ticket(opened.id)).status).toBe("closed");
  });

  it("skips of 12 hours add up as well: the warning at the first (12 h before the day is out), the close at the second", async () => {
    const opened = await openTicket();
    expect(await skip(1)).toMatchObject({ closed: 0, warned: 0 });
    expect(await skip(12)).toMatchObject({ closed: 0, warned: 1 });
    expect(await skip(12)).toMatchObject({ closed: 1, warned: 0 });
    expect((await ticket(opened.id)).status).toBe("closed");
  });

  it("the minute sweep reads the server's clock as well (a skipped server's tickets are measured on its own time)", async () => {
    const opened = await openTicket();
    await skip(24);
    const real = Date.now();
    // Another real minute: the server is still a day ahead; the warning has stood only since the skip.
    expect(await sweepTickets(t.app, real + 60_000)).toBe(0);
    // 12 real hours later the warning has stood its lead time on the server's clock: the minute sweep closes it.
    expect(await sweepTickets(t.app, real + 12 * HOUR + 60_000)).toBe(1);
    expect((await ticket(opened.id)).close_reason).toBe(en.autoCloseReason);
  });
});

describe("every time-based step reads the server's clock", () => {
  it("a close request's deadline: a day's skip closes it, saying why", async () => {
    await saveSettings({ AutoCloseEnabled: false });
    const opened = await openTicket();
    await interact(admin, { kind: "command", channelId: opened.channel_id!, name: "closerequest", options: { hours: 24 } });
    expect(await skip(12)).toMatchObject({ closed: 0 });
    expect(await skip(12)).toMatchObject({ closed: 1, warned: 0 });
    expect(await ticket(opened.id)).toMatchObject({
      status: "closed",
      close_reason: en.afterSkipAhead(en.closeRequestTimeoutReason, "Demo Admin"),
    });
  });

  it("a waiting alert goes out once the server's clock says the ticket waited long enough, stamped with that time", async () => {
    await saveSettings({ AutoCloseEnabled: false, WaitingAlertMinutes: 30, WaitingAlertChannelId: LOG_CHANNEL });
    const opened = await openTicket();
    const done = await skip(1);
    expect(done).toMatchObject({ closed: 0, warned: 0, alerted: 1 });
    expect(Number((await ticket(opened.id)).waiting_alert_at)).toBe(done.clock.now);
    const alert = (await messagesOf(LOG_CHANNEL)).pop()!;
    expect(alert.content).toContain(en.waitingAlert(opened.number, 30, `${t.config.publicUrl}/${G}/tickets/${opened.number}`));
    expect(Number(alert.created_at)).toBeGreaterThanOrEqual(done.clock.now);
    expect(await skip(1)).toMatchObject({ alerted: 0 });
  });

  it("the reopen window: 9 days on the server's clock after the close, the ticket can no longer be reopened", async () => {
    await saveSettings({ AutoCloseEnabled: false });
    const opened = await openTicket();
    expect((await api("POST", `/api/${G}/tickets/${opened.number}/close`, admin, {})).status).toBe(200);
    for (let i = 0; i < 3; i++) await skip(72);
    expect((await api("POST", `/api/${G}/tickets/${opened.number}/reopen`, admin)).body.error).toBe(en.reopenTooLate(7));
  });

  it("a panel's cooldown: refused right after a ticket of the panel closed, open again an hour later on the server's clock", async () => {
    await saveSettings({ AutoCloseEnabled: false });
    const row = await t.db
      .selectFrom("panels")
      .selectAll()
      .where("guild_id", "=", G)
      .where("name", "=", "General Support")
      .executeTakeFirstOrThrow();
    const setCooldown = async (minutes: number) => {
      const panel = (await api("GET", `/api/${G}/panels/${row.id}`, admin)).body.panel;
      expect((await api("PUT", `/api/${G}/panels/${row.id}`, admin, { Panel: { ...panel, CooldownMinutes: minutes } })).status).toBe(200);
    };
    const click = () =>
      interact(staff, { kind: "button", channelId: SUPPORT_CHANNEL, messageId: row.message_id!, customId: `panel:${row.id}` });
    await setCooldown(60);
    try {
      await click();
      const [first] = await ticketsOf();
      expect((await api("POST", `/api/${G}/tickets/${first.number}/close`, admin, {})).status).toBe(200);
      expect((await click()).ephemeral[0].content).toMatch(/^You closed a ticket of this panel recently/);
      await skip(1);
      await click();
      expect((await ticketsOf()).filter((x) => x.status === "open")).toHaveLength(1);
    } finally {
      await setCooldown(0);
    }
  });
});

describe("a clock per server", () => {
  it("one server's skip does not move another's clock, its messages or its tickets", async () => {
    const hubBefore = await clockOf(GAMING_HUB_ID);
    const autoClose = {
      AutoCloseEnabled: true,
      InactivityWarningHours: 12,
      SinceLastMessageDays: 1,
      SinceLastMessageHours: 0,
      SinceLastMessageMinutes: 0,
    };
    await saveSettings(autoClose, GAMING_HUB_ID);
    const hubTicket = await openTicket(GAMING_HUB_ID, HUB_CHANNEL, admin);
    const community = await skip(24);
    expect(community.clock.offsetMs).toBeGreaterThanOrEqual(24 * HOUR);
    const hub = await clockOf(GAMING_HUB_ID);
    expect(hub.offsetMs).toBe(hubBefore.offsetMs);
    expect((await ticket(hubTicket.id)).warned_at).toBeNull();

    const posted = await api("POST", `/api/${GAMING_HUB_ID}/demo/channels/${HUB_CHANNEL}/messages`, admin, { content: "Real time here" });
    const row = (await messagesOf(HUB_CHANNEL)).find((m) => m.id === posted.body.id)!;
    expect(Number(row.created_at)).toBeLessThan(community.clock.now - 23 * HOUR);
    expect(Math.abs(Number(row.created_at) - Date.now())).toBeLessThan(60_000);
  });
});

describe("who may skip ahead", () => {
  it("staff who are not managers get 403 and nothing changes; the owner sees that they may skip, staff that they may not", async () => {
    const opened = await openTicket();
    const before = await clockOf();
    const entries = (await skipEntries()).length;
    const refused = await api("POST", `/api/${G}/demo/skip-ahead`, staff, { hours: 24 });
    expect(refused).toEqual({ status: 403, body: { error: authMessages.accessDenied } });
    expect((await clockOf()).offsetMs).toBe(before.offsetMs);
    expect(await ticket(opened.id)).toEqual(opened);
    expect((await skipEntries()).length).toBe(entries);
    expect((await clockOf(G, staff)).canSkip).toBe(false);
    expect(before.canSkip).toBe(true);
  });

  it("refuses an amount of hours out of range, and moves nothing", async () => {
    const before = (await clockOf()).offsetMs;
    for (const hours of [0, 73, 1.5, -24]) expect((await api("POST", `/api/${G}/demo/skip-ahead`, admin, { hours })).status).toBe(400);
    expect((await clockOf()).offsetMs).toBe(before);
  });

  it("the activity entry of a skip names the staff member who ran it, at the server's time, with what it did", async () => {
    await openTicket();
    const done = await skip(24);
    const entry = (await skipEntries()).pop()!;
    expect(entry).toMatchObject({ user_id: DEMO_ADMIN_ID, username: "Demo Admin", timestamp: Math.floor(done.clock.now / 1000) });
    expect(JSON.parse(entry.after_json!)).toEqual({
      Hours: 24,
      ClockAheadHours: done.clock.offsetMs / HOUR,
      ServerTime: done.clock.now,
      Closed: 0,
      Warned: 1,
      Alerted: 0,
    });
  });
});

describe("the write limit", () => {
  it("skip ahead counts as a write: past WRITE_RATE_LIMIT it answers 429 and the clock stays", async () => {
    const limited = await createTestApp({ env: { WRITE_RATE_LIMIT: "2" } });
    try {
      const token = await limited.signIn(DEMO_ADMIN_ID);
      const post = () =>
        limited.app.inject({ method: "POST", url: `/api/${G}/demo/skip-ahead`, headers: bearer(token), payload: { hours: 1 } });
      expect((await post()).statusCode).toBe(200);
      expect((await post()).statusCode).toBe(200);
      const refused = await post();
      expect(refused.statusCode).toBe(429);
      expect(refused.headers["retry-after"]).toBeDefined();
      const clock = await limited.app.inject({ method: "GET", url: `/api/${G}/demo/clock`, headers: bearer(token) });
      expect(clock.json().offsetMs).toBe(2 * HOUR);
    } finally {
      await limited.close();
    }
  });
});
