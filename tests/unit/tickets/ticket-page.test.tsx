import { act, fireEvent, screen, within } from "@testing-library/react";
import { http as rest, HttpResponse } from "msw";
import { afterEach, describe, expect, it } from "vitest";
import { changeLocale } from "../../../src/i18n/core";
import type { TicketDetail, TicketMessage } from "../../../src/schemas/helpdesk";
import type { TicketSummary } from "../../../src/schemas/ticket";
import { API, useMswServer } from "../providers/helpers";
import { community, renderApp } from "../shell/harness";

// The ticket page shows every part of a message as the record keeps it: an embed's fields in Discord's rows, its
// footer, the message replied to, attachments with their size, stickers — and every mention as the name the message
// captured when the bot read it (not the page's newer names), an unknown one as "unknown", in the reader's language.

const server = useMswServer();
const ADMIN = "900000000000000001";

const summary: TicketSummary = {
  TicketId: 12,
  Status: "open",
  PanelId: 1,
  PanelName: "Orders",
  OpenerId: ADMIN,
  OpenerName: "Demo Admin",
  Subject: null,
  ClaimedById: null,
  ClaimedByName: null,
  ChannelId: "55",
  ChannelUrl: null,
  OpenedAt: Date.now() - 60_000,
  LastActivityAt: Date.now() - 60_000,
  ClosedAt: null,
  CloseReason: null,
  FormAnswers: [{ Label: "What happened", Value: "Told to ask in <#713>" }],
  Priority: "normal",
  LabelIds: [],
  WaitingSince: null,
  WaitingOn: "staff",
  WaitingOnSince: null,
  SnoozedUntil: null,
  SnoozedBy: null,
};

const detail: TicketDetail = {
  ticket: summary,
  FirstResponseAt: null,
  AddedMembers: [],
  activity: [],
  notes: [],
  staff: [],
  moveTargets: [],
  may: { reply: true, note: true, act: true },
  // The guild's names now: the role was renamed since the bot read the message.
  // Someone the bot could not name when it read the message is known to the page now: the message still says unknown.
  names: {
    users: { [ADMIN]: "Demo Admin", "123456789012345678": "Back again" },
    roles: { "602": "Mods (renamed)" },
    channels: { "713": "chat-renamed" },
  },
};

const messages: TicketMessage[] = [
  {
    MessageId: "100",
    AuthorId: "99",
    AuthorName: "Ticketeer",
    AuthorAvatar: null,
    Bot: true,
    Timestamp: Date.now() - 50_000,
    Content: `<@${ADMIN}> <@&602>`,
    Embeds: [
      { Title: "Orders", Description: "We look at every order." },
      {
        Title: "Answers",
        Color: "#5865f2",
        Fields: [
          { Name: "Order number", Value: "A-77", Inline: true },
          { Name: "Shop", Value: "Online", Inline: true },
          { Name: "What happened", Value: "Told to ask in <#713>", Inline: false },
        ],
        Footer: "Seen by <@&999>",
      },
    ],
    Attachments: [],
    Mentions: { users: { [ADMIN]: "Demo Admin" }, roles: { "602": "Moderator" }, channels: { "713": "general" } },
  },
  {
    MessageId: "101",
    AuthorId: ADMIN,
    AuthorName: "Demo Admin",
    AuthorAvatar: null,
    Bot: false,
    Timestamp: Date.now() - 40_000,
    Content: "Here it is, <@123456789012345678> knows",
    Embeds: [],
    Attachments: [{ Name: "receipt.pdf", Url: "https://cdn.example.com/receipt.pdf", Size: 2048, ContentType: "application/pdf" }],
    Stickers: ["wave"],
    Reply: { MessageId: "90", AuthorName: "Ann", Snippet: "Where is it?" },
    Mentions: { users: {}, roles: {}, channels: {} },
  },
];

const handlers = [
  rest.get(`${API}/${community}/tickets/12`, () => HttpResponse.json(detail)),
  rest.get(`${API}/${community}/tickets/12/messages`, () =>
    HttpResponse.json({ messages, last_message_id: "101", read_at: Date.now(), users: { [ADMIN]: "Demo Admin" } }),
  ),
  rest.get(
    `${API}/${community}/tickets/events`,
    () => new HttpResponse(new ReadableStream({ start: (c) => c.close() }), { headers: { "content-type": "text/event-stream" } }),
  ),
  rest.get(`${API}/${community}/labels`, () => HttpResponse.json({ labels: [] })),
];

afterEach(async () => {
  await act(() => changeLocale("en"));
});

describe("the ticket page's messages", { timeout: 30_000 }, () => {
  it("shows an embed's fields in rows, its footer, a reply, attachments and stickers, and mentions as the names captured with the message", async () => {
    renderApp(`/${community}/tickets/12`, server, { handlers });
    const [welcome, member] = await screen.findAllByTestId("ticket-message", {}, { timeout: 20_000 });
    expect(within(welcome).getByText("@Demo Admin @Moderator")).toBeInTheDocument();
    const answers = within(welcome).getAllByTestId("embed")[1];
    const rows = answers.querySelectorAll(".embed-field-row");
    expect([...rows].map((row) => [...row.querySelectorAll(".embed-field")].map((f) => f.textContent))).toEqual([
      ["Order numberA-77", "ShopOnline"],
      ["What happenedTold to ask in #general"],
    ]);
    expect(within(answers).getByText("Seen by @unknown role")).toBeInTheDocument();
    expect(welcome.textContent).not.toContain("renamed");
    // The form's answers beside the facts read the names the welcome message captured too.
    expect(document.querySelector(".tp-answers")).toHaveTextContent("What happenedTold to ask in #general");

    expect(within(member).getByText("Here it is, @unknown user knows")).toBeInTheDocument();
    expect(member.querySelector(".tp-reply")).toHaveTextContent("↪ Replying to Ann: Where is it?");
    expect(within(member).getByRole("link", { name: "receipt.pdf" })).toHaveAttribute("href", "https://cdn.example.com/receipt.pdf");
    expect(within(member).getByText("(2.0 KB)")).toBeInTheDocument();
    expect(within(member).getByText("Sticker: wave")).toBeInTheDocument();
  });

  it("with the gateway: a message's edits and its deletion in Discord, with what it said before (English, Spanish)", async () => {
    const audited: TicketMessage[] = [
      {
        MessageId: "102",
        AuthorId: ADMIN,
        AuthorName: "Demo Admin",
        AuthorAvatar: null,
        Bot: false,
        Timestamp: Date.now() - 30_000,
        Content: "order #78",
        Embeds: [],
        Attachments: [],
        EditedAt: Date.now() - 20_000,
        History: [{ Content: "order #77", At: Date.now() - 20_000, Kind: "edit" }],
      },
      {
        MessageId: "103",
        AuthorId: ADMIN,
        AuthorName: "Demo Admin",
        AuthorAvatar: null,
        Bot: false,
        Timestamp: Date.now() - 10_000,
        Content: "oops",
        Embeds: [],
        Attachments: [],
        DeletedAt: Date.now() - 5_000,
      },
    ];
    const withAudit = [
      handlers[0],
      rest.get(`${API}/${community}/tickets/12/messages`, () =>
        HttpResponse.json({ messages: audited, last_message_id: "103", read_at: Date.now(), users: {} }),
      ),
      ...handlers.slice(2),
    ];
    const { unmount } = renderApp(`/${community}/tickets/12`, server, { handlers: withAudit });
    const [edited, deleted] = await screen.findAllByTestId("ticket-message", {}, { timeout: 20_000 });
    expect(within(edited).getByText(/^\(edited /)).toBeInTheDocument();
    expect(within(edited).getByText("Earlier versions (1)")).toBeInTheDocument();
    expect(edited.querySelector(".tp-versions")).toHaveTextContent("order #77");
    expect(within(deleted).getByText(/^Deleted in Discord /)).toBeInTheDocument();
    unmount();
    await act(() => changeLocale("es"));
    renderApp(`/${community}/tickets/12`, server, { handlers: withAudit });
    const [editado, eliminado] = await screen.findAllByTestId("ticket-message", {}, { timeout: 20_000 });
    expect(within(editado).getByText(/^\(editado /)).toBeInTheDocument();
    expect(within(editado).getByText("Versiones anteriores (1)")).toBeInTheDocument();
    expect(within(eliminado).getByText(/^Eliminado en Discord /)).toBeInTheDocument();
  });

  it("reads unknown mentions and the parts' words in Spanish", async () => {
    await act(() => changeLocale("es"));
    renderApp(`/${community}/tickets/12`, server, { handlers });
    const [welcome, member] = await screen.findAllByTestId("ticket-message", {}, { timeout: 20_000 });
    expect(within(welcome).getByText("Seen by @rol desconocido")).toBeInTheDocument();
    expect(within(member).getByText("Here it is, @usuario desconocido knows")).toBeInTheDocument();
    expect(member.querySelector(".tp-reply")).toHaveTextContent("↪ Respondiendo a Ann: Where is it?");
    expect(within(member).getByText("Sticker: wave")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Volver a la cola" })).toHaveAttribute("href", `/${community}/tickets`);
  });
});

describe("a closed ticket's page", { timeout: 30_000 }, () => {
  it("links to its transcript", async () => {
    const closed = { ...summary, Status: "closed" as const, ClosedAt: Date.now(), CloseReason: "Solved" };
    renderApp(`/${community}/tickets/12`, server, {
      handlers: [rest.get(`${API}/${community}/tickets/12`, () => HttpResponse.json({ ...detail, ticket: closed })), ...handlers],
    });
    expect(await screen.findByRole("link", { name: "Open the transcript" }, { timeout: 20_000 })).toHaveAttribute(
      "href",
      `/${community}/transcripts/12`,
    );
  });
});

describe("a reply from the ticket page", { timeout: 30_000 }, () => {
  it("reads the ticket once after it, not again for the event the reply itself caused", async () => {
    const encoder = new TextEncoder();
    let stream!: ReadableStreamDefaultController<Uint8Array>;
    const tell = (ticket: TicketSummary) =>
      stream.enqueue(encoder.encode(`event: ticket\ndata: ${JSON.stringify({ type: "updated", guildId: community, ticket })}\n\n`));
    let current = summary;
    let detailReads = 0;
    renderApp(`/${community}/tickets/12`, server, {
      handlers: [
        rest.get(`${API}/${community}/tickets/12`, () => {
          detailReads++;
          return HttpResponse.json({ ...detail, ticket: current });
        }),
        rest.get(
          `${API}/${community}/tickets/events`,
          () =>
            new HttpResponse(new ReadableStream({ start: (c) => void (stream = c) }), { headers: { "content-type": "text/event-stream" } }),
        ),
        // As the server does: the reply's event is published before the answer.
        rest.post(`${API}/${community}/tickets/12/reply`, () => {
          current = { ...summary, LastActivityAt: summary.LastActivityAt + 1000 };
          tell(current);
          return HttpResponse.json({ message: "Reply sent.", message_id: "200" });
        }),
        ...handlers,
      ],
    });
    const box = await screen.findByLabelText("Reply as yourself", {}, { timeout: 20_000 });
    await expect.poll(() => stream).toBeDefined();
    const before = detailReads;
    fireEvent.change(box, { target: { value: "On it." } });
    fireEvent.click(screen.getByRole("button", { name: "Send reply" }));
    await expect.poll(() => (box as HTMLTextAreaElement).value).toBe("");
    // Someone else's change comes after the reply's event: the page reads it and shows it — by then the reply's event
    // was handled. One read after the reply, one for the change.
    current = { ...current, Subject: "Refund" };
    tell(current);
    await screen.findByText("Orders · Demo Admin · Refund", {}, { timeout: 10_000 });
    expect(detailReads).toBe(before + 2);
  });
});

describe("moving a ticket from its page", { timeout: 30_000 }, () => {
  it("offers the panels the server names, posts the one chosen and shows the ticket in its new panel", async () => {
    let posted: unknown = null;
    let current = summary;
    const targets = [
      { PanelId: 3, PanelName: "Billing" },
      { PanelId: 4, PanelName: "Shipping" },
    ];
    renderApp(`/${community}/tickets/12`, server, {
      handlers: [
        rest.get(`${API}/${community}/tickets/12`, () => HttpResponse.json({ ...detail, ticket: current, moveTargets: targets })),
        rest.post(`${API}/${community}/tickets/12/move`, async ({ request }) => {
          posted = await request.json();
          current = { ...summary, PanelId: 4, PanelName: "Shipping" };
          return HttpResponse.json({ message: "Ticket moved from Orders to Shipping.", ticket: current });
        }),
        ...handlers,
      ],
    });
    const select = await screen.findByLabelText("Move to", {}, { timeout: 20_000 });
    expect([...(select as HTMLSelectElement).options].map((o) => o.text)).toEqual(["Pick a panel", "Billing", "Shipping"]);
    const move = screen.getByRole("button", { name: "Move" });
    expect(move).toBeDisabled();
    fireEvent.change(select, { target: { value: "4" } });
    fireEvent.click(move);
    await expect.poll(() => posted).toEqual({ panelId: 4 });
    await screen.findByText("Shipping · Demo Admin", {}, { timeout: 10_000 });
    expect((select as HTMLSelectElement).value).toBe("");
  });

  it("offers no move when the server names no panel the caller may move the ticket to", async () => {
    renderApp(`/${community}/tickets/12`, server, { handlers });
    await screen.findByLabelText("Reply as yourself", {}, { timeout: 20_000 });
    expect(screen.queryByLabelText("Move to")).toBeNull();
    expect(screen.queryByRole("button", { name: "Move" })).toBeNull();
  });
});
