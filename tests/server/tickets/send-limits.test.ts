import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { embedTextLength } from "../../../src/schemas/discord-limits";
import { botTexts } from "../../../server/discord/texts";
import { type TestApp, DEMO_ADMIN_ID, DEMO_COMMUNITY_ID, bearer, createTestApp } from "../helpers";

// What the bot sends stays within Discord's limits (src/schemas/discord-limits.ts), on the demo platform: the Try-it
// API plays the Discord client, so each step runs through the same interaction handler as Discord's endpoint.

const G = DEMO_COMMUNITY_ID;
const SUPPORT_CHANNEL = "812345678901234714";
const GENERAL_CHANNEL = "812345678901234713";
const MODERATOR_ROLE = "812345678901234602";

let t: TestApp;
let admin: string;

type Json = Record<string, any>;
const api = async (method: "GET" | "POST" | "PUT", url: string, payload?: unknown) => {
  const res = await t.app.inject({
    method,
    url: `/api${url}`,
    headers: bearer(admin),
    ...(payload === undefined ? {} : { payload: payload as Json }),
  });
  return { status: res.statusCode, body: res.body ? (res.json() as Json) : {} };
};
const interact = async (body: Json) => {
  const res = await api("POST", `/${G}/demo/interactions`, body);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as { modal: Json | null; ephemeral: Json[] };
};
const replyText = (reply: { ephemeral: Json[] }) => reply.ephemeral.map((m) => m.content).join("\n");
const lastMessage = (channelId: string) =>
  t.db.selectFrom("demo_messages").selectAll().where("channel_id", "=", channelId).orderBy("id", "desc").executeTakeFirstOrThrow();
const embedsOf = (row: { embeds_json: unknown }) => JSON.parse(String(row.embeds_json)) as Json[];

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signIn(DEMO_ADMIN_ID);
});
afterAll(async () => {
  await t?.close();
});

describe("/tag", () => {
  it("sends a tag of 2,048 characters whole, as an embed's description (a message's content holds 2,000), pinging nobody", async () => {
    const content = `@everyone ${"x".repeat(2048 - 11)}!`;
    expect(content).toHaveLength(2048);
    expect((await api("POST", `/${G}/tags`, { TagName: "long-answer", Content: content })).status).toBe(201);
    const reply = await interact({ kind: "command", channelId: SUPPORT_CHANNEL, name: "tag", options: { name: "long-answer" } });
    expect(replyText(reply)).toBe(botTexts.tagSent);
    const sent = await lastMessage(SUPPORT_CHANNEL);
    expect(sent.content).toBe("");
    expect(embedsOf(sent)).toEqual([{ description: content, color: 0x5865f2 }]);
    expect(JSON.parse(String(sent.allowed_mentions_json))).toEqual({ parse: [] });
  });
});

describe("/panel resend", () => {
  it("does not post a multi-panel with no panels left and says why", async () => {
    const { body } = await api("GET", `/${G}/panels`);
    const ids = body.panels.SinglePanels.slice(0, 2).map((p: Json) => String(p.PanelId));
    const created = await api("POST", `/${G}/panels`, {
      MultiPanel: { PanelChannelId: GENERAL_CHANNEL, Panels: ids, DropdownMenu: true, PanelTitle: "Emptied" },
    });
    expect(created.status).toBe(201);
    const id = created.body.PanelId as number;
    await t.db.deleteFrom("multi_panel_members").where("multi_panel_id", "=", id).execute();
    const before = await lastMessage(GENERAL_CHANNEL);
    const reply = await interact({ kind: "command", channelId: SUPPORT_CHANNEL, name: "panel resend", options: { panel_id: id } });
    expect(replyText(reply)).toBe(botTexts.multiPanelEmpty);
    expect((await lastMessage(GENERAL_CHANNEL)).id).toBe(before.id);
  });
});

describe("the welcome message", () => {
  it("with a full welcome embed and a form's longest answers: the answers stay whole, the welcome embed gives way, all within 6,000", async () => {
    const fields = Array.from({ length: 5 }, (_, i) => ({
      Label: `Question ${i + 1}`,
      Style: "Paragraph",
      Required: true,
      MinLength: 0,
      MaxLength: 1024,
    }));
    expect((await api("POST", `/${G}/forms`, { FormName: "Long answers", fields })).status).toBe(201);
    const formId = (
      await t.db.selectFrom("forms").select("id").where("guild_id", "=", G).where("name", "=", "Long answers").executeTakeFirstOrThrow()
    ).id;
    const welcome = {
      WelcomeTitle: "t".repeat(256),
      WelcomeDescription: "d".repeat(4096),
      WelcomeFooter: "f".repeat(1648),
      WelcomeContent: "c".repeat(1951),
    };
    const created = await api("POST", `/${G}/panels`, {
      SinglePanel: {
        PanelName: "Long welcome",
        MentionRoleId: MODERATOR_ROLE,
        FormId: formId,
        PanelMessage: { PanelChannel: SUPPORT_CHANNEL, PanelTitle: "Open" },
        WelcomeMessage: welcome,
      },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const panelId = created.body.PanelId as number;
    const { message_id } = await t.db.selectFrom("panels").select("message_id").where("id", "=", panelId).executeTakeFirstOrThrow();

    const modal = (await interact({ kind: "button", channelId: SUPPORT_CHANNEL, messageId: message_id, customId: `panel:${panelId}` }))
      .modal!;
    const answers = Object.fromEntries(
      modal.components.map((row: Json, i: number) => [row.components[0].custom_id, String(i).repeat(1024)]),
    );
    await interact({ kind: "modal", channelId: SUPPORT_CHANNEL, customId: modal.custom_id, fields: answers });
    const ticket = await t.db
      .selectFrom("tickets")
      .selectAll()
      .where("guild_id", "=", G)
      .where("panel_id", "=", panelId)
      .executeTakeFirstOrThrow();

    const first = await t.db
      .selectFrom("demo_messages")
      .selectAll()
      .where("channel_id", "=", ticket.channel_id!)
      .orderBy("id")
      .executeTakeFirstOrThrow();
    expect(first.content).toBe(`<@${DEMO_ADMIN_ID}> <@&${MODERATOR_ROLE}>\n${"c".repeat(1951)}`);
    expect(first.content.length).toBeLessThanOrEqual(2000);
    const [welcomeEmbed, answersEmbed] = embedsOf(first);
    expect(answersEmbed.fields.map((f: Json) => f.value)).toEqual([0, 1, 2, 3, 4].map((i) => String(i).repeat(1024)));
    expect(embedTextLength([welcomeEmbed, answersEmbed])).toBeLessThanOrEqual(6000);
    expect(welcomeEmbed.title).toBe("t".repeat(256));
    expect(welcomeEmbed.description).toMatch(/^d+…$/);
  });
});
