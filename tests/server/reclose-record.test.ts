import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { textsIn } from "../../server/discord/texts";
import { type TestApp, DEMO_ADMIN_ID, DEMO_COMMUNITY_ID, DEMO_STAFF_ID, bearer, createTestApp } from "./helpers";

// A ticket reopened and closed again keeps in its record what its member gave before: the transcript stored at the
// second close carries the rating and the comment given after the first (the ticket keeps them: its closing DM shows
// it rated, Statistics count it), not "N/A"; and the ticket page's activity lists the comment and the reopen.

const G = DEMO_COMMUNITY_ID;
const SUPPORT_CHANNEL = "812345678901234714";
const en = textsIn("en");

let t: TestApp;
let admin: string;
let staff: string;

type Json = Record<string, any>;
const api = async (method: "GET" | "POST" | "PUT", url: string, token: string, payload?: unknown) => {
  const res = await t.app.inject({ method, url, headers: bearer(token), ...(payload === undefined ? {} : { payload: payload as Json }) });
  expect(res.statusCode, res.body).toBeLessThan(300);
  return res.json() as Json;
};
const interact = (body: Json) => api("POST", `/api/${G}/demo/interactions`, staff, body);

beforeAll(async () => {
  t = await createTestApp();
  [admin, staff] = await Promise.all([t.signIn(DEMO_ADMIN_ID), t.signIn(DEMO_STAFF_ID)]);
  const current = await api("GET", `/api/${G}/settings`, admin);
  const settings = { UserTicketLimit: 0, EnableUserFeedback: true, StoreTranscripts: true, ReopenWithinDays: 7 };
  await api("PUT", `/api/${G}/settings`, admin, { ...settings, Revision: current.Revision });
});
afterAll(async () => {
  await t?.close();
});

describe("a ticket closed again after a reopen", () => {
  it("keeps the rating and comment given after its first close in the transcript of its second, and on the ticket page's activity", async () => {
    const panel = await t.db
      .selectFrom("panels")
      .selectAll()
      .where("guild_id", "=", G)
      .where("name", "=", "General Support")
      .executeTakeFirstOrThrow();
    await interact({ kind: "button", channelId: SUPPORT_CHANNEL, messageId: panel.message_id, customId: `panel:${panel.id}` });
    const { number, channel_id } = await t.db
      .selectFrom("tickets")
      .selectAll()
      .where("guild_id", "=", G)
      .orderBy("number", "desc")
      .executeTakeFirstOrThrow();
    await api("POST", `/api/${G}/demo/channels/${channel_id}/messages`, staff, { content: "My order is late" });
    await api("POST", `/api/${G}/tickets/${number}/close`, admin, { reason: "Shipped" });

    const dm = await t.db
      .selectFrom("demo_channels")
      .select("id")
      .where("kind", "=", "dm")
      .where("recipient_id", "=", DEMO_STAFF_ID)
      .executeTakeFirstOrThrow();
    const prompt = await t.db
      .selectFrom("demo_messages")
      .select("id")
      .where("channel_id", "=", dm.id)
      .where("content", "=", en.ratingPrompt("Demo Community", number))
      .executeTakeFirstOrThrow();
    await interact({ kind: "button", channelId: dm.id, messageId: prompt.id, customId: `rate:${G}:${number}:4` });
    await interact({
      kind: "modal",
      channelId: dm.id,
      messageId: prompt.id,
      customId: `rate-comment:${G}:${number}`,
      fields: { comment: "Quick and kind" },
    });
    expect((await api("GET", `/api/${G}/transcripts?ticket_id=${number}`, admin)).transcripts[0]).toMatchObject({
      Rating: 4,
      RatingComment: "Quick and kind",
    });

    await interact({ kind: "button", channelId: dm.id, messageId: prompt.id, customId: `reopen:${G}:${number}` });
    await api("POST", `/api/${G}/tickets/${number}/close`, admin, { reason: "Shipped again" });

    const [listed] = (await api("GET", `/api/${G}/transcripts?ticket_id=${number}`, admin)).transcripts;
    expect(listed).toMatchObject({ CloseReason: "Shipped again", Rating: 4, RatingComment: "Quick and kind" });
    const html = (await api("GET", `/api/${G}/transcripts/${number}`, admin)).transcript_html as string;
    expect(html).toContain("<dt>Rating</dt><dd>4 ★</dd>");
    expect(html).toContain("My order is late");

    // The ticket page's activity tells the whole life: the comment and the reopen between the two closes.
    const detail = await api("GET", `/api/${G}/tickets/${number}`, admin);
    expect(detail.activity.map((a: Json) => `${a.Username}: ${a.Action}`)).toEqual([
      "Demo Admin: Ticket Closed",
      "Demo Staff: Ticket Reopened",
      "Demo Staff: Ticket Rating Comment",
      "Demo Admin: Ticket Closed",
      "Demo Staff: Ticket Opened",
    ]);
  });
});
