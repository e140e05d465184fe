import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { DM_PROMPTS_PER_MINUTE, DM_RELAYS_PER_MINUTE } from "../../../server/discord/dm-limits";
import { englishTexts } from "../../../server/discord/texts";
import { type TestApp, DEMO_ADMIN_ID, DEMO_COMMUNITY_ID, DEMO_STAFF_ID, createTestApp, apiOn } from "../helpers";

// DM tickets on the demo platform: the Try-it member's direct messages with the bot drive the same flow the gateway's
// DM events do (server/discord/dm.ts) — the DM channel is there once the server takes DM tickets, a message there is
// answered with the servers, then the panels, and the ticket opens relayed to the DM; the member's DMs reach the
// ticket's channel, staff's messages there and their dashboard replies reach the DM; the close ends the relay.

const G = DEMO_COMMUNITY_ID;

let t: TestApp;
let admin: string;
let staff: string;

const api = apiOn(() => t);

interface Message {
  id: string;
  author: { id: string; username: string; bot: boolean };
  content: string;
  embeds: { author?: { name: string }; description?: string }[];
  components: { components: { custom_id: string; options: { label: string; value: string }[] }[] }[];
}

const messagesIn = async (channelId: string, token: string): Promise<Message[]> =>
  (await api("GET", `/api/${G}/demo/channels/${channelId}/messages`, token)).body.messages;
const described = (messages: Message[], text: string) => messages.find((m) => m.author.bot && m.embeds[0]?.description === text);

beforeAll(async () => {
  t = await createTestApp();
  [admin, staff] = await Promise.all([t.signIn(DEMO_ADMIN_ID), t.signIn(DEMO_STAFF_ID)]);
});
afterAll(async () => {
  await t?.close();
});

describe("DM tickets in Try-it", () => {
  it("the member's DM opens a ticket (server, then panel) and is relayed both ways until the close", async () => {
    const dmOf = async () =>
      ((await api("GET", `/api/${G}/demo/channels`, admin)).body.channels as { id: string; kind: string }[]).find((c) => c.kind === "dm");
    // No DM channel to write in until the server takes DM tickets.
    expect(await dmOf()).toBeUndefined();
    const panel = await t.db
      .selectFrom("panels")
      .selectAll()
      .where("guild_id", "=", G)
      .where("name", "=", "General Support")
      .executeTakeFirstOrThrow();
    const current = await api("GET", `/api/${G}/settings`, admin);
    expect(current.body.DmTickets).toBe(false);
    const saved = await api("PUT", `/api/${G}/settings`, admin, {
      DmTickets: true,
      DmTicketPanels: [panel.id],
      UserTicketLimit: 0,
      Revision: current.body.Revision,
    });
    expect(saved.status).toBe(200);
    const dm = (await dmOf())!;
    expect(dm).toBeDefined();

    expect((await api("POST", `/api/${G}/demo/channels/${dm.id}/messages`, admin, { content: "Hi, I need help" })).status).toBe(201);
    const question = (await messagesIn(dm.id, admin)).at(-1)!;
    expect(question).toMatchObject({ author: { bot: true }, content: englishTexts.dmChooseServer });
    const servers = question.components[0].components[0];
    expect(servers.custom_id).toBe("dm-server");
    expect(servers.options).toEqual([{ label: "Demo Community", value: G }]);

    const chosen = await api("POST", `/api/${G}/demo/interactions`, admin, {
      kind: "select",
      channelId: dm.id,
      messageId: question.id,
      customId: "dm-server",
      values: [G],
    });
    const panels = chosen.body.ephemeral[0] as Message;
    expect(panels.content).toBe(englishTexts.dmChoosePanel("Demo Community"));
    expect(panels.components[0].components[0].options).toEqual([{ label: "General Support", value: String(panel.id) }]);
    const opened = await api("POST", `/api/${G}/demo/interactions`, admin, {
      kind: "select",
      channelId: dm.id,
      messageId: panels.id,
      customId: `dm-panel:${G}`,
      values: [String(panel.id)],
    });
    const ticket = await t.db
      .selectFrom("tickets")
      .selectAll()
      .where("guild_id", "=", G)
      .where("dm_channel_id", "=", dm.id)
      .executeTakeFirstOrThrow();
    expect(opened.body.ephemeral[0].content).toBe(englishTexts.dmOpened(ticket.number, "Demo Community"));
    expect(ticket).toMatchObject({ opener_id: DEMO_ADMIN_ID, panel_id: panel.id, status: "open" });

    // The member's DM → the ticket's channel, under their name; staff's message there → the DM; a dashboard reply → the DM.
    await api("POST", `/api/${G}/demo/channels/${dm.id}/messages`, admin, { content: "My order is late" });
    expect(described(await messagesIn(ticket.channel_id!, staff), "My order is late")?.embeds[0].author?.name).toBe("Demo Admin");
    expect((await api("POST", `/api/${G}/demo/channels/${ticket.channel_id}/messages`, staff, { content: "Looking into it" })).status).toBe(
      201,
    );
    expect(described(await messagesIn(dm.id, admin), "Looking into it")?.embeds[0].author?.name).toBe("Demo Staff");
    expect((await api("POST", `/api/${G}/tickets/${ticket.number}/reply`, staff, { content: "Shipped again today." })).status).toBe(200);
    expect(described(await messagesIn(dm.id, admin), "Shipped again today.")?.embeds[0].author?.name).toBe("Demo Staff");
    // Every relayed message pings nobody.
    const relayed = await t.db
      .selectFrom("demo_messages")
      .select(["allowed_mentions_json", "embeds_json"])
      .where("channel_id", "in", [dm.id, ticket.channel_id!])
      .execute();
    const relays = relayed.filter((r) =>
      ["My order is late", "Looking into it", "Shipped again today."].some((text) => r.embeds_json.includes(text)),
    );
    expect(relays).toHaveLength(4);
    for (const r of relays) expect(JSON.parse(r.allowed_mentions_json!)).toEqual({ parse: [] });

    // The close ends the relay: the next DM is answered with the servers again.
    expect((await api("POST", `/api/${G}/tickets/${ticket.number}/close`, admin, {})).status).toBe(200);
    await api("POST", `/api/${G}/demo/channels/${dm.id}/messages`, admin, { content: "Thanks!" });
    const after = await messagesIn(dm.id, admin);
    expect(after.at(-1)).toMatchObject({ author: { bot: true }, content: englishTexts.dmChooseServer });
    expect(described(after, "Thanks!")).toBeUndefined();
  });

  it("one member's DMs have a share: a few server choices a minute (the servers found once), a few relays, then one 'too fast'", async () => {
    const current = await api("GET", `/api/${G}/settings`, admin);
    expect(
      (
        await api("PUT", `/api/${G}/settings`, admin, {
          DmTickets: true,
          DmTicketPanels: [],
          UserTicketLimit: 0,
          Revision: current.body.Revision,
        })
      ).status,
    ).toBe(200);
    const dm = ((await api("GET", `/api/${G}/demo/channels`, staff)).body.channels as { id: string; kind: string }[]).find(
      (c) => c.kind === "dm",
    )!;
    const botTexts = async () => (await messagesIn(dm.id, staff)).filter((m) => m.author.bot).map((m) => m.content);
    const before = (await botTexts()).length;
    const membership = vi.spyOn(t.app.platform, "getMember");
    for (let i = 0; i <= DM_PROMPTS_PER_MINUTE + 1; i++) {
      expect((await api("POST", `/api/${G}/demo/channels/${dm.id}/messages`, staff, { content: `Hello ${i}` })).status).toBe(201);
    }
    // The servers were found once: the later choices asked the platform nothing.
    expect(membership.mock.calls.filter(([, userId]) => userId === DEMO_STAFF_ID).length).toBeLessThanOrEqual(1);
    membership.mockRestore();
    const prompts = (await botTexts()).slice(before);
    expect(prompts).toEqual(
      [...Array<string>(DM_PROMPTS_PER_MINUTE).fill(englishTexts.dmChooseServer), englishTexts.slowDown(60)].map((text, i) =>
        i === DM_PROMPTS_PER_MINUTE ? expect.stringMatching(/^You are going too fast\. Try again in \d+ seconds?\.$/) : text,
      ),
    );

    // A ticket opened from the last choice: the member's DMs are relayed up to their share, then told once.
    const question = (await messagesIn(dm.id, staff)).filter((m) => m.content === englishTexts.dmChooseServer).at(-1)!;
    const chosen = await api("POST", `/api/${G}/demo/interactions`, staff, {
      kind: "select",
      channelId: dm.id,
      messageId: question.id,
      customId: "dm-server",
      values: [G],
    });
    const panels = chosen.body.ephemeral[0] as Message;
    const general = panels.components[0].components[0].options.find((o) => o.label === "General Support")!;
    expect(
      (
        await api("POST", `/api/${G}/demo/interactions`, staff, {
          kind: "select",
          channelId: dm.id,
          messageId: panels.id,
          customId: `dm-panel:${G}`,
          values: [general.value],
        })
      ).status,
    ).toBe(200);
    const ticket = await t.db
      .selectFrom("tickets")
      .selectAll()
      .where("guild_id", "=", G)
      .where("dm_channel_id", "=", dm.id)
      .where("status", "=", "open")
      .executeTakeFirstOrThrow();
    for (let i = 0; i <= DM_RELAYS_PER_MINUTE + 1; i++)
      await api("POST", `/api/${G}/demo/channels/${dm.id}/messages`, staff, { content: `Relay ${i}` });
    const inTicket = (await messagesIn(ticket.channel_id!, staff)).filter((m) => m.embeds[0]?.description?.startsWith("Relay "));
    expect(inTicket.map((m) => m.embeds[0].description)).toEqual(Array.from({ length: DM_RELAYS_PER_MINUTE }, (_, i) => `Relay ${i}`));
    const told = (await botTexts()).filter((text) => text.startsWith("You are going too fast"));
    expect(told).toHaveLength(2);
  });
});
