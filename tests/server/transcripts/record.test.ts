import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ticketMessagesResponseSchema } from "../../../src/schemas/helpdesk";
import { keyringFor } from "../../../server/crypto";
import { demoGuilds } from "../../../server/platform/demo-fixtures";
import { transcriptAad } from "../../../server/transcripts/document";
import { openTranscript } from "../../../server/transcripts/store";
import { type TestApp, DEMO_ADMIN_ID, DEMO_COMMUNITY_ID, DEMO_STAFF_ID, GAMING_HUB_ID, bearer, createTestApp } from "../helpers";
import { visibleText } from "./visible-text";

// The record keeps what the member gave: a ticket opened from a panel with a form, with messages that mention
// members, roles and channels, read by staff on the ticket page and closed — the page, the stored transcript and its
// HTML (light and dark, the same the download saves) hold the form's answers and every mention as the name it had
// when the bot read it, never a raw id; a rename after the close does not change the record. Transcripts stored
// before the record kept all this still read; the ingest takes the new parts and refuses what is past Discord's limits.

const G = DEMO_COMMUNITY_ID;
const SUPPORT_CHANNEL = "812345678901234714";
const GENERAL_CHANNEL = "812345678901234713";
const MODERATOR_ROLE = "812345678901234602";
const SUPPORT_ROLE = "812345678901234603";
/** Someone who left the server, and a channel deleted since: nobody can name them. */
const STRANGER = "123456789012345678";
const GONE_CHANNEL = "999999999999999999";

let t: TestApp;
let admin: string;
let staff: string;
type Json = Record<string, any>;
const api = async (method: "GET" | "POST", url: string, token: string, payload?: unknown) => {
  const res = await t.app.inject({
    method,
    url: `/api${url}`,
    headers: bearer(token),
    ...(payload === undefined ? {} : { payload: payload as Json }),
  });
  return { status: res.statusCode, body: res.body ? (res.json() as Json) : {} };
};
const interact = async (body: Json) => {
  const res = await api("POST", `/${G}/demo/interactions`, admin, body);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as { modal: Json | null };
};
const transcriptHtml = async (guildId: string, ticketId: number, theme?: "dark") => {
  const res = await api("GET", `/${guildId}/transcripts/${ticketId}${theme ? `?theme=${theme}` : ""}`, admin);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.transcript_html as string;
};

beforeAll(async () => {
  t = await createTestApp();
  [admin, staff] = await Promise.all([t.signIn(DEMO_ADMIN_ID), t.signIn(DEMO_STAFF_ID)]);
});
afterAll(async () => {
  await t?.close();
});

describe("a ticket's record", () => {
  it("holds the form's answers and every mention's name on the ticket page, in the stored transcript and in its HTML", async () => {
    const fields = [
      { Label: "Order number", Style: "Short", Required: true, MinLength: 0, MaxLength: 100 },
      { Label: "What happened", Style: "Paragraph", Required: true, MinLength: 0, MaxLength: 1000 },
    ];
    expect((await api("POST", `/${G}/forms`, admin, { FormName: "Order help", fields })).status).toBe(201);
    const formId = (
      await t.db.selectFrom("forms").select("id").where("guild_id", "=", G).where("name", "=", "Order help").executeTakeFirstOrThrow()
    ).id;
    const team = await t.db
      .selectFrom("teams")
      .select("id")
      .where("guild_id", "=", G)
      .where("name", "=", "Support Team")
      .executeTakeFirstOrThrow();
    const created = await api("POST", `/${G}/panels`, admin, {
      SinglePanel: {
        PanelName: "Orders",
        MentionRoleId: MODERATOR_ROLE,
        SupportTeams: [String(team.id)],
        FormId: formId,
        PanelMessage: { PanelChannel: SUPPORT_CHANNEL, PanelTitle: "Orders" },
        WelcomeMessage: { WelcomeTitle: "Orders", WelcomeDescription: "We look at every order." },
      },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const panelId = created.body.PanelId as number;
    const { message_id } = await t.db.selectFrom("panels").select("message_id").where("id", "=", panelId).executeTakeFirstOrThrow();

    // The member opens a ticket and answers the form; one answer mentions a role and a channel.
    const modal = (await interact({ kind: "button", channelId: SUPPORT_CHANNEL, messageId: message_id, customId: `panel:${panelId}` }))
      .modal!;
    const [orderInput, storyInput] = modal.components.map((row: Json) => row.components[0].custom_id as string);
    const story = `Parcel lost. <@&${SUPPORT_ROLE}> said to ask in <#${GENERAL_CHANNEL}>`;
    await interact({
      kind: "modal",
      channelId: SUPPORT_CHANNEL,
      customId: modal.custom_id,
      fields: { [orderInput]: "A-77", [storyInput]: story },
    });
    const ticket = await t.db
      .selectFrom("tickets")
      .selectAll()
      .where("guild_id", "=", G)
      .where("panel_id", "=", panelId)
      .executeTakeFirstOrThrow();
    const said =
      `Hi <@${DEMO_STAFF_ID}>, see <#${GENERAL_CHANNEL}> or ask <@&${SUPPORT_ROLE}>; ` +
      `<@${STRANGER}> left and <#${GONE_CHANNEL}> is gone, not <#${ticket.channel_id}>`;
    const ticketChannel = `ticket-${ticket.number}`;
    expect((await api("POST", `/${G}/demo/channels/${ticket.channel_id}/messages`, admin, { content: said })).status).toBe(201);

    // The ticket page: the answers embed whole, and the names each message's mentions had when the bot read it.
    const page = await api("GET", `/${G}/tickets/${ticket.number}/messages`, staff);
    expect(page.status, JSON.stringify(page.body)).toBe(200);
    const [welcome, member] = ticketMessagesResponseSchema.parse(page.body).messages;
    expect(welcome.Content).toBe(`<@${DEMO_ADMIN_ID}> <@&${MODERATOR_ROLE}>`);
    expect(welcome.Embeds[1]).toMatchObject({
      Title: "Answers",
      Fields: [
        { Name: "Order number", Value: "A-77", Inline: false },
        { Name: "What happened", Value: story, Inline: false },
      ],
    });
    expect(welcome.Mentions).toEqual({
      users: { [DEMO_ADMIN_ID]: "Demo Admin" },
      roles: { [MODERATOR_ROLE]: "Moderator", [SUPPORT_ROLE]: "Support" },
      channels: { [GENERAL_CHANNEL]: "general" },
    });
    expect(member).toMatchObject({ AuthorName: "Demo Admin", Content: said });
    expect(member.Mentions).toEqual({
      users: { [DEMO_STAFF_ID]: "Demo Staff" },
      roles: { [SUPPORT_ROLE]: "Support" },
      channels: { [GENERAL_CHANNEL]: "general", [ticket.channel_id!]: ticketChannel },
    });

    expect((await api("POST", `/${G}/tickets/${ticket.number}/close`, staff, { reason: "Resent" })).status).toBe(200);

    // Renamed after the close: the record keeps the names of the time.
    const guild = demoGuilds.find((g) => g.id === G)!;
    const moderator = guild.roles.find((r) => r.id === MODERATOR_ROLE)!;
    const general = guild.text_channels.find((c) => c.id === GENERAL_CHANNEL)!;
    moderator.name = "Mods (renamed)";
    general.name = "chat-renamed";
    try {
      const { messages } = (await openTranscript(t.db, keyringFor(t.config), G, ticket.number))!;
      expect(messages[0].embeds[1]).toMatchObject({
        title: "Answers",
        fields: [
          { name: "Order number", value: "A-77" },
          { name: "What happened", value: story },
        ],
      });
      expect(messages[0].mentions).toEqual(welcome.Mentions);
      expect(messages[1]).toMatchObject({ author: "Demo Admin", content: said, mentions: member.Mentions });

      const light = await transcriptHtml(G, ticket.number);
      for (const html of [light, await transcriptHtml(G, ticket.number, "dark")]) {
        const seen = visibleText(html);
        expect(seen).toContain("@Demo Admin @Moderator");
        expect(seen).toContain("AnswersOrder numberA-77What happenedParcel lost. @Support said to ask in #general");
        // The ticket's own channel, deleted by the close, keeps its name: the names are taken before it goes.
        expect(seen).toContain(
          `Hi @Demo Staff, see #general or ask @Support; @unknown user left and #unknown channel is gone, not #${ticketChannel}`,
        );
        expect(seen).not.toContain("<@");
        expect(seen).not.toContain("<#");
        expect(seen).not.toContain("renamed");
      }
      expect(light).toContain(`<span class="mention unknown" title="&lt;@${STRANGER}&gt;">@unknown user</span>`);

      // The word search finds the ticket by its answers and by the names its mentions read as.
      for (const q of ["parcel", "moderator"]) {
        const found = await api("GET", `/${G}/transcripts?q=${q}`, admin);
        expect(
          found.body.transcripts.map((x: Json) => x.TicketId),
          q,
        ).toContain(ticket.number);
      }
    } finally {
      moderator.name = "Moderator";
      general.name = "general";
    }
  });
});

describe("transcripts stored before and sent by bots", () => {
  let key: string;
  const ingest = (payload: unknown) =>
    t.app.inject({
      method: "POST",
      url: `/api/${GAMING_HUB_ID}/transcripts`,
      headers: { authorization: `Bot ${key}` },
      payload: payload as Json,
    });
  const body = (ticketId: number, messages: unknown[]) => ({
    TicketId: ticketId,
    AuthorId: "123456789012345678",
    AuthorUsername: "someone",
    ClosedAt: 1_717_000_000,
    messages,
  });

  beforeAll(async () => {
    key = (await api("POST", `/${GAMING_HUB_ID}/bot-key`, admin)).body.key;
  });

  it("a version 1 document stored before still renders: its embeds and attachments as before, a mention without a name as unknown", async () => {
    expect((await ingest(body(9101, [{ author: "someone", content: "placeholder", timestamp: 1_717_000_000 }]))).statusCode).toBe(201);
    // The document exactly as the previous code sealed it.
    const old =
      '{"v":1,"messages":[{"author":"curious","author_id":"123456789012345678","content":"Hi <@900000000000000002>, **order** A-77","timestamp":1700000000000,' +
      '"embeds":[{"title":"Old embed","description":"Old description","color":"#ff0000"}],' +
      '"attachments":[{"name":"old.png","url":"https://cdn.example.com/old.png"}]}]}';
    const sealed = await keyringFor(t.config).sealAsync(old, transcriptAad(GAMING_HUB_ID, 9101));
    await t.db
      .updateTable("transcripts")
      .set({ body_enc: sealed.ciphertext, iv: sealed.iv, tag: sealed.tag })
      .where("guild_id", "=", GAMING_HUB_ID)
      .where("ticket_id", "=", 9101)
      .execute();
    const html = await transcriptHtml(GAMING_HUB_ID, 9101);
    expect(visibleText(html)).toContain("Hi @unknown user, order A-77Old embedOld descriptionold.png");
    expect(html).toContain("<strong>order</strong>");
    expect(html).toContain('<a href="https://cdn.example.com/old.png" rel="noopener noreferrer nofollow">old.png</a>');
  });

  it("takes every part a bot sends (whole embeds, attachment sizes, stickers, a reply, mention names), refusing more than Discord allows", async () => {
    const message = {
      author: "Helper Bot",
      content: "Done, <@111111111111111111>. Ping <@&222222222222222222> in <#333333333333333333>.",
      timestamp: 1_717_000_100,
      embeds: [
        {
          title: "Refund",
          url: "https://example.com/refund",
          description: "Issued to <@111111111111111111>",
          color: "#57f287",
          timestamp: 1_717_000_000_000,
          author: { name: "Billing desk", url: "https://example.com/billing" },
          fields: [
            { name: "Amount", value: "12 €", inline: true },
            { name: "Method", value: "Card", inline: true },
          ],
          footer: { text: "Ref <#333333333333333333>" },
          image: { url: "https://example.com/receipt.png" },
        },
      ],
      attachments: [{ name: "receipt.pdf", url: "https://cdn.example.com/receipt.pdf", size: 2048, content_type: "application/pdf" }],
      stickers: [{ name: "thumbs up" }],
      reply: { message_id: "444444444444444444", author: "Ann", content: "Where is my refund?" },
      mentions: {
        users: { "111111111111111111": "Ann" },
        roles: { "222222222222222222": "Billing" },
        channels: { "333333333333333333": "refunds" },
      },
    };
    const stored = await ingest(body(9102, [message]));
    expect(stored.statusCode, stored.body).toBe(201);
    const seen = visibleText(await transcriptHtml(GAMING_HUB_ID, 9102));
    expect(seen).toContain("↪ Replying to Ann: Where is my refund?Done, @Ann. Ping @Billing in #refunds.");
    expect(seen).toContain(
      "Billing deskRefundIssued to @AnnAmount12 €MethodCardImage: https://example.com/receipt.pngRef #refunds · 2024-05-29 16:26 UTC",
    );
    expect(seen).toContain("receipt.pdf (2.0 KB, application/pdf)Sticker: thumbs up");

    const count = async () => (await t.db.selectFrom("transcripts").select("id").where("guild_id", "=", GAMING_HUB_ID).execute()).length;
    const before = await count();
    const tooMany = {
      ...message,
      embeds: [{ ...message.embeds[0], fields: Array.from({ length: 26 }, (_, i) => ({ name: `F${i}`, value: "v" })) }],
    };
    const tooLong = { ...message, embeds: [{ ...message.embeds[0], footer: { text: "f".repeat(2049) } }] };
    for (const refused of [tooMany, tooLong]) expect((await ingest(body(9103, [refused]))).statusCode).toBe(400);
    expect(await count()).toBe(before);
  });
});
