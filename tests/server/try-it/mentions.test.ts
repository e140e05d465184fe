import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type TestApp, DEMO_ADMIN_ID, DEMO_COMMUNITY_ID, DEMO_STAFF_ID, bearer, createTestApp } from "../helpers";

// The Try-it view names what a message mentions wherever Discord shows a name: in its text and in its embeds — the
// welcome message's form answers are an embed's fields, so a member who names a channel or a person in an answer
// reads the name there, not the raw id.

const G = DEMO_COMMUNITY_ID;
const SUPPORT_CHANNEL = "812345678901234714";
const WELCOME_CHANNEL = "812345678901234711";

let t: TestApp;
let staff: string;

type Json = Record<string, any>;
const api = async (method: "GET" | "POST" | "PUT", url: string, payload?: unknown) => {
  const res = await t.app.inject({ method, url, headers: bearer(staff), ...(payload === undefined ? {} : { payload: payload as Json }) });
  expect(res.statusCode, res.body).toBeLessThan(300);
  return res.json() as Json;
};

beforeAll(async () => {
  t = await createTestApp();
  staff = await t.signIn(DEMO_STAFF_ID);
});
afterAll(async () => {
  await t?.close();
});

describe("the Try-it view's mention names", () => {
  it("names the mentions of a welcome message's form answers (an embed's fields) to the member who gave them", async () => {
    const billing = await t.db
      .selectFrom("panels")
      .selectAll()
      .where("guild_id", "=", G)
      .where("name", "=", "Billing")
      .executeTakeFirstOrThrow();
    const click = { kind: "button", channelId: SUPPORT_CHANNEL, messageId: billing.message_id, customId: `panel:${billing.id}` };
    const asked = await api("POST", `/api/${G}/demo/interactions`, click);
    const [first, second] = asked.modal.components.map((row: Json) => row.components[0].custom_id as string);
    const answer = `Charged twice, <@${DEMO_ADMIN_ID}> saw it in <#${WELCOME_CHANNEL}>`;
    const fields = { [first]: answer, [second]: "10452" };
    await api("POST", `/api/${G}/demo/interactions`, {
      kind: "modal",
      channelId: SUPPORT_CHANNEL,
      customId: asked.modal.custom_id,
      fields,
    });
    const ticket = await t.db
      .selectFrom("tickets")
      .select("channel_id")
      .where("guild_id", "=", G)
      .where("panel_id", "=", billing.id)
      .orderBy("number", "desc")
      .executeTakeFirst();

    const read = await api("GET", `/api/${G}/demo/channels/${ticket!.channel_id}/messages`);
    const welcome = read.messages[0];
    expect(welcome.embeds.flatMap((e: Json) => e.fields ?? []).map((f: Json) => f.value)).toContain(answer);
    expect(read.mentions).toMatchObject({ [DEMO_ADMIN_ID]: "Demo Admin", [WELCOME_CHANNEL]: "welcome", [DEMO_STAFF_ID]: "Demo Staff" });
  });
});
