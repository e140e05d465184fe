import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type TestApp, DEMO_ADMIN_ID, DEMO_COMMUNITY_ID, DEMO_STAFF_ID, createTestApp, apiOn } from "../helpers";

// The member's view polls the channel it shows. A poll that reaches the ticket's channel after staff closed it (the
// close's event is on its way) is told the channel is gone — an answer, not an error the browser logs — and the view
// leaves it; a channel that never was a ticket's stays unknown (404).

const G = DEMO_COMMUNITY_ID;
const SUPPORT_CHANNEL = "812345678901234714";

let t: TestApp;
let admin: string;
let staff: string;

const api = apiOn(() => t);

beforeAll(async () => {
  t = await createTestApp();
  [admin, staff] = await Promise.all([t.signIn(DEMO_ADMIN_ID), t.signIn(DEMO_STAFF_ID)]);
  const current = await api("GET", `/api/${G}/settings`, admin);
  await api("PUT", `/api/${G}/settings`, admin, { UserTicketLimit: 0, Revision: current.body.Revision });
});
afterAll(async () => {
  await t?.close();
});

describe("a poll of a ticket channel that is gone", () => {
  it("is answered with no messages and `gone`, for the ticket's channel after its close; 404 for any other channel", async () => {
    const panel = await t.db
      .selectFrom("panels")
      .selectAll()
      .where("guild_id", "=", G)
      .where("name", "=", "General Support")
      .executeTakeFirstOrThrow();
    const click = { kind: "button", channelId: SUPPORT_CHANNEL, messageId: panel.message_id, customId: `panel:${panel.id}` };
    await api("POST", `/api/${G}/demo/interactions`, staff, click);
    const ticket = await t.db
      .selectFrom("tickets")
      .selectAll()
      .where("guild_id", "=", G)
      .orderBy("number", "desc")
      .executeTakeFirstOrThrow();
    const read = await api("GET", `/api/${G}/demo/channels/${ticket.channel_id}/messages`, staff);
    expect(read.status).toBe(200);
    expect(read.body.gone).toBeUndefined();
    const last = read.body.messages.at(-1).id;

    expect((await api("POST", `/api/${G}/tickets/${ticket.number}/close`, admin, {})).status).toBe(200);
    for (const after of ["", `?after=${last}`]) {
      const gone = await api("GET", `/api/${G}/demo/channels/${ticket.channel_id}/messages${after}`, staff);
      expect(gone).toEqual({ status: 200, body: { messages: [], mentions: {}, gone: true } });
    }
    expect((await api("GET", `/api/${G}/demo/channels/123456789012345678/messages`, staff)).status).toBe(404);
    // Writing there is still refused.
    expect((await api("POST", `/api/${G}/demo/channels/${ticket.channel_id}/messages`, staff, { content: "hello?" })).status).toBe(404);
  });
});
