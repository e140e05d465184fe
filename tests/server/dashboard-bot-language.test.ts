import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { textsIn } from "../../server/discord/texts";
import { type TestApp, DEMO_ADMIN_ID, DEMO_COMMUNITY_ID, DEMO_STAFF_ID, createTestApp, apiOn, type Json } from "./helpers";

// What the bot says because of a step taken in the dashboard (a reply, an assignment, a close, a reopen) is in the
// server's bot language, as when the same step is taken in Discord: a server set to Spanish gets its closing DM, its
// channel notices and the step's answer in Spanish.

const G = DEMO_COMMUNITY_ID;
const SUPPORT_CHANNEL = "812345678901234714";
const es = textsIn("es");
const en = textsIn("en");

let t: TestApp;
let admin: string;
let staff: string;

const api = apiOn(() => t);
const saveSettings = async (patch: Json) => {
  const current = await api("GET", `/api/${G}/settings`, admin);
  expect((await api("PUT", `/api/${G}/settings`, admin, { ...patch, Revision: current.body.Revision })).status).toBe(200);
};
/** Demo Staff opens a ticket from General Support in the Try-it view. */
const open = async () => {
  const panel = await t.db
    .selectFrom("panels")
    .selectAll()
    .where("guild_id", "=", G)
    .where("name", "=", "General Support")
    .executeTakeFirstOrThrow();
  const click = { kind: "button", channelId: SUPPORT_CHANNEL, messageId: panel.message_id, customId: `panel:${panel.id}` };
  const res = await api("POST", `/api/${G}/demo/interactions`, staff, click);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return t.db.selectFrom("tickets").selectAll().where("guild_id", "=", G).orderBy("number", "desc").executeTakeFirstOrThrow();
};
const lastIn = async (channelId: string) =>
  t.db
    .selectFrom("demo_messages")
    .select(["content", "embeds_json"])
    .where("channel_id", "=", channelId)
    .orderBy("id", "desc")
    .executeTakeFirstOrThrow();
const closingDm = async () => {
  const dm = await t.db
    .selectFrom("demo_channels")
    .select("id")
    .where("kind", "=", "dm")
    .where("recipient_id", "=", DEMO_STAFF_ID)
    .executeTakeFirstOrThrow();
  return lastIn(dm.id);
};

beforeAll(async () => {
  t = await createTestApp();
  [admin, staff] = await Promise.all([t.signIn(DEMO_ADMIN_ID), t.signIn(DEMO_STAFF_ID)]);
});
afterAll(async () => {
  await t?.close();
});

describe("the bot's language for steps taken in the dashboard", () => {
  it("a server set to Spanish: the assignment's notice, the reply's answer, the close's answer and closing DM, the reopen's notice", async () => {
    await saveSettings({ BotLanguage: "es", UserTicketLimit: 0, EnableUserFeedback: true, ReopenWithinDays: 7 });
    const ticket = await open();
    const n = ticket.number;

    const assigned = await api("POST", `/api/${G}/tickets/${n}/assign`, admin, { userId: DEMO_ADMIN_ID });
    expect(assigned.status, JSON.stringify(assigned.body)).toBe(200);
    expect((await lastIn(ticket.channel_id!)).content).toBe(es.assigned(DEMO_ADMIN_ID));

    const replied = await api("POST", `/api/${G}/tickets/${n}/reply`, admin, { content: "Hola" });
    expect(replied.body.message).toBe(es.replySent);

    const closed = await api("POST", `/api/${G}/tickets/${n}/close`, admin, { reason: "Resuelto" });
    expect(closed.body.message).toBe(es.closed(n));
    const dm = await closingDm();
    expect(dm.content).toBe(es.ratingPrompt("Demo Community", n));
    expect(JSON.parse(dm.embeds_json)[0].fields[0]).toEqual({ name: es.archiveReason, value: "Resuelto" });

    const reopened = await api("POST", `/api/${G}/tickets/${n}/reopen`, admin);
    expect(reopened.status, JSON.stringify(reopened.body)).toBe(200);
    const again = await t.db
      .selectFrom("tickets")
      .select("channel_id")
      .where("guild_id", "=", G)
      .where("number", "=", n)
      .executeTakeFirstOrThrow();
    expect((await lastIn(again.channel_id!)).content.startsWith(es.reopenedNotice(DEMO_ADMIN_ID, n, null))).toBe(true);
  });

  it("a refusal keeps its status code in Spanish (403 for who may not, 409 for what cannot be)", async () => {
    await saveSettings({ BotLanguage: "es", UserTicketLimit: 0 });
    const ticket = await open();
    expect((await api("POST", `/api/${G}/tickets/${ticket.number}/claim`, admin)).status).toBe(200);
    const notHers = await api("POST", `/api/${G}/tickets/${ticket.number}/unclaim`, staff);
    expect(notHers.status, JSON.stringify(notHers.body)).toBe(403);
    expect(notHers.body.error).toBe(es.onlyClaimer);
    const closed = await api("POST", `/api/${G}/tickets/${ticket.number}/close`, admin, {});
    expect(closed.body.message).toBe(es.closed(ticket.number));
    const twice = await api("POST", `/api/${G}/tickets/${ticket.number}/unclaim`, admin);
    expect(twice.status).toBe(409);
    expect(twice.body.error).toBe(es.ticketGone);
  });

  it("a server on English (or automatic, which a dashboard step has no Discord locale for) stays English", async () => {
    await saveSettings({ BotLanguage: "auto", UserTicketLimit: 0 });
    const ticket = await open();
    const closed = await api("POST", `/api/${G}/tickets/${ticket.number}/close`, admin, {});
    expect(closed.body.message).toBe(en.closed(ticket.number));
    expect((await closingDm()).content).toBe(en.ratingPrompt("Demo Community", ticket.number));
  });
});
