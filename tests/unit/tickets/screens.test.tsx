import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { http as rest, HttpResponse } from "msw";
import { beforeAll, describe, expect, it } from "vitest";
import type { TicketSummary } from "../../../src/schemas/ticket";
import { API, useMswServer } from "../providers/helpers";
import { lastDays } from "../../../src/resources/engine/ticket-statistics-format";
import { changeLocale } from "../../../src/i18n/core";
import { community, noTicketStatistics, renderApp } from "../shell/harness";

// The Tickets, Statistics and Try-it screens against a mocked API: exact requests, the server's words on screen, a live
// event adding a row, and message text shown as text.

const server = useMswServer();

const ticket = (n: number, extra: Partial<TicketSummary> = {}): TicketSummary => ({
  TicketId: n,
  Status: "open",
  PanelId: 1,
  PanelName: "General Support",
  OpenerId: "900000000000000002",
  OpenerName: "Demo Staff",
  Subject: null,
  ClaimedById: null,
  ClaimedByName: null,
  ChannelId: "55",
  ChannelUrl: `/${community}/try-it?channel=55`,
  OpenedAt: Date.now() - 60_000,
  LastActivityAt: Date.now() - 60_000,
  ClosedAt: null,
  CloseReason: null,
  FormAnswers: [{ Label: "Order", Value: "A-77" }],
  Priority: "normal",
  LabelIds: [],
  WaitingSince: null,
  WaitingOn: "staff",
  WaitingOnSince: null,
  SnoozedUntil: null,
  SnoozedBy: null,
  ...extra,
});

function ticketsApi(events: string) {
  const state = { lists: [] as string[], posts: [] as { path: string; body: unknown }[] };
  const handlers = [
    // The demo platform (asked once per page load, here once per file: the Try-it tests below need it), its clock not moved.
    rest.get(`${API}/stats`, () => HttpResponse.json({ total_member_count: 1, total_guilds: 1, demo: true })),
    rest.get(`${API}/${community}/demo/clock`, () => HttpResponse.json({ offsetMs: 0, now: Date.now(), canSkip: true })),
    rest.get(`${API}/${community}/tickets`, ({ request }) => {
      state.lists.push(new URL(request.url).search);
      return HttpResponse.json({ tickets: [ticket(12)], total: 1, page: 1, per_page: 100 });
    }),
    rest.get(
      `${API}/${community}/tickets/events`,
      () =>
        new HttpResponse(
          new ReadableStream({
            start(c) {
              c.enqueue(new TextEncoder().encode(events));
              c.close();
            },
          }),
          { headers: { "content-type": "text/event-stream" } },
        ),
    ),
    rest.get(`${API}/${community}/panels`, () =>
      HttpResponse.json({ panels: { SinglePanels: [{ PanelId: 1, PanelName: "General Support" }], MultiPanels: [] } }),
    ),
    rest.get(`${API}/${community}/close-reasons`, () =>
      HttpResponse.json({ close_reasons: [{ ReasonId: 1, Label: "Solved", Text: "", Position: 0 }] }),
    ),
    rest.get(`${API}/${community}/labels`, () => HttpResponse.json({ labels: [] })),
    rest.post(`${API}/${community}/tickets/:n/:action`, async ({ params, request }) => {
      state.posts.push({ path: `${params.n}/${params.action}`, body: await request.json() });
      const claimed = params.action === "claim";
      return HttpResponse.json({
        message: claimed ? "You claimed this ticket." : "Ticket #12 closed.",
        ticket: ticket(
          12,
          claimed ? { ClaimedById: "900000000000000001", ClaimedByName: "Demo Admin" } : { Status: "closed", ChannelUrl: null },
        ),
      });
    }),
  ];
  return { state, handlers };
}

describe("Tickets screen", { timeout: 30_000 }, () => {
  it("lists the open tickets, adds one from the live stream, claims and closes with a preset reason", async () => {
    const opened = JSON.stringify({ type: "opened", guildId: community, ticket: ticket(13, { OpenerName: "Newcomer", FormAnswers: [] }) });
    const { state, handlers } = ticketsApi(`retry: 3000\n\nevent: ticket\ndata: ${opened}\n\n`);
    const user = userEvent.setup();
    renderApp(`/${community}/tickets`, server, { handlers });
    expect(await screen.findByRole("heading", { name: "Tickets", level: 1 })).toBeInTheDocument();
    const row = (await screen.findByText("#12")).closest("tr")!;
    expect(within(row).getByText("Demo Staff")).toBeInTheDocument();
    expect(within(row).getByRole("link", { name: "Open channel" })).toHaveAttribute("href", `/${community}/try-it?channel=55`);
    expect(within(row).getByRole("link", { name: "Open ticket #12" })).toHaveAttribute("href", `/${community}/tickets/12`);
    expect(await screen.findByText("Newcomer")).toBeInTheDocument();
    // The data provider names the page it asks for (the newest 100 open tickets: page 1).
    expect(state.lists[0]).toBe("?page=1&per_page=100");

    await user.click(within(row).getByRole("button", { name: "Claim" }));
    await waitFor(() => expect(state.posts).toEqual([{ path: "12/claim", body: {} }]));
    expect(await screen.findByText("You claimed this ticket.")).toBeInTheDocument();
    expect(await within((await screen.findByText("#12")).closest("tr")!).findByText("Demo Admin")).toBeInTheDocument();

    await user.click(within((await screen.findByText("#12")).closest("tr")!).getByRole("button", { name: "Close" }));
    const dialog = await screen.findByRole("dialog");
    await user.click(within(dialog).getByRole("combobox"));
    await user.click(await screen.findByTitle("Solved"));
    await user.click(within(dialog).getAllByRole("button", { name: "Close" }).at(-1)!);
    await waitFor(() => expect(state.posts[1]).toEqual({ path: "12/close", body: { reason: "Solved" } }));
    expect(await screen.findByText("Ticket #12 closed.")).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText("#12")).not.toBeInTheDocument());
  });

  it("closes with a preset and the text added to it as one reason, and refuses one over 1,024 characters", async () => {
    const { state, handlers } = ticketsApi("");
    const user = userEvent.setup();
    renderApp(`/${community}/tickets`, server, { handlers });
    await user.click(within((await screen.findByText("#12")).closest("tr")!).getByRole("button", { name: "Close" }));
    const dialog = await screen.findByRole("dialog");
    await user.click(within(dialog).getByRole("combobox"));
    await user.click(await screen.findByTitle("Solved"));
    const reason = within(dialog).getByRole("textbox", { name: "Reason" });
    expect(within(dialog).getByText("Added after the preset.")).toBeInTheDocument();
    // Over the limit with the preset: said, and nothing is sent.
    await user.click(reason);
    await user.paste("x".repeat(1020));
    expect(within(dialog).getByText("With the preset, the reason must be at most 1024 characters.")).toBeInTheDocument();
    const ok = within(dialog).getAllByRole("button", { name: "Close" }).at(-1)!;
    expect(ok).toBeDisabled();
    expect(state.posts).toEqual([]);

    await user.clear(reason);
    await user.paste("customer confirmed");
    expect(within(dialog).getByTestId("close-reason-preview")).toHaveTextContent("Recorded as: Solved — customer confirmed27 / 1024");
    expect(ok).toBeEnabled();
    await user.click(ok);
    await waitFor(() => expect(state.posts).toEqual([{ path: "12/close", body: { reason: "Solved — customer confirmed" } }]));
    expect(await screen.findByText("Ticket #12 closed.")).toBeInTheDocument();
  });

  it("moves a ticket from its row to a panel the server offers for it", async () => {
    const { state, handlers } = ticketsApi("");
    const moved = ticket(12, { PanelId: 3, PanelName: "Billing" });
    const user = userEvent.setup();
    renderApp(`/${community}/tickets`, server, {
      handlers: [
        rest.get(`${API}/${community}/tickets/12`, () =>
          HttpResponse.json({
            ticket: ticket(12),
            FirstResponseAt: null,
            AddedMembers: [],
            activity: [],
            notes: [],
            names: { users: {}, roles: {}, channels: {} },
            staff: [],
            moveTargets: [{ PanelId: 3, PanelName: "Billing" }],
            may: { reply: true, note: true, act: true },
          }),
        ),
        rest.post(`${API}/${community}/tickets/12/move`, async ({ request }) => {
          state.posts.push({ path: "12/move", body: await request.json() });
          return HttpResponse.json({ message: "Ticket moved from General Support to Billing.", ticket: moved });
        }),
        ...handlers,
      ],
    });
    await user.click(within((await screen.findByText("#12")).closest("tr")!).getByRole("button", { name: "Move" }));
    const dialog = await screen.findByRole("dialog", { name: "Move ticket #12" });
    const ok = within(dialog).getByRole("button", { name: "Move" });
    expect(ok).toBeDisabled();
    await user.click(within(dialog).getByRole("combobox"));
    await user.click(await screen.findByTitle("Billing"));
    await user.click(ok);
    await waitFor(() => expect(state.posts).toEqual([{ path: "12/move", body: { panelId: 3 } }]));
    expect(await screen.findByText("Ticket moved from General Support to Billing.")).toBeInTheDocument();
    expect(await within((await screen.findByText("#12")).closest("tr")!).findByText("Billing")).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
  });

  it("sends the filters in the query", async () => {
    const { state, handlers } = ticketsApi("");
    renderApp(`/${community}/tickets?claimed=unclaimed&mine=1&panel=1`, server, { handlers });
    await screen.findByText("#12");
    expect(state.lists[0]).toBe("?panel=1&claimed=unclaimed&mine=true&page=1&per_page=100");
  });
});

describe("Statistics screen", { timeout: 30_000 }, () => {
  it("'90 days' asks for the last 90 days and shows their figures, with the closed tickets per priority", async () => {
    const asked: string[] = [];
    const ninety = lastDays(90);
    const inNinety = (url: string) => new URL(url).searchParams.get("from") === ninety.from;
    const handlers = [
      rest.get(`${API}/${community}/statistics`, ({ request }) => {
        asked.push(new URL(request.url).search);
        return HttpResponse.json({
          ...noTicketStatistics,
          totals: inNinety(request.url) ? { opened: 75, closed: 73 } : { opened: 0, closed: 0 },
        });
      }),
      rest.get(`${API}/${community}/statistics/priorities`, ({ request }) =>
        HttpResponse.json({ priorities: inNinety(request.url) ? [{ Priority: "high", Open: 1, Closed: 14, MedianResponseMs: null }] : [] }),
      ),
    ];
    const user = userEvent.setup();
    renderApp(`/${community}/statistics`, server, { handlers });
    expect(await screen.findByRole("heading", { name: "Statistics", level: 1 })).toBeInTheDocument();
    const closed = () => document.querySelector(".stats-figure:nth-child(3)");
    await waitFor(() => expect(closed()).toHaveTextContent("Closed0"));
    await user.click(screen.getByText("90 days"));
    await waitFor(() => expect(closed()).toHaveTextContent("Closed73"));
    const query = new URLSearchParams(asked.at(-1));
    expect([query.get("from"), query.get("to")]).toEqual([ninety.from, ninety.to]);
    const perPriority = screen.getByRole("heading", { name: "Per priority" }).closest(".stats-card") as HTMLElement;
    expect(await within(perPriority).findByRole("row", { name: /High/ })).toHaveTextContent("High114");
  });

  it("shows the tickets suggestions answered before they opened, per panel and per tag, in English and Spanish", async () => {
    const suggestions = {
      answered: 5,
      panels: [
        { PanelId: 1, PanelName: "General Support", answered: 4 },
        { PanelId: 2, PanelName: "Billing", answered: 1 },
      ],
      tags: [{ TagId: "t1", TagName: "refund-policy", answered: 5 }],
    };
    const handlers = [
      rest.get(`${API}/${community}/statistics`, () => HttpResponse.json({ ...noTicketStatistics, suggestions })),
      rest.get(`${API}/${community}/statistics/priorities`, () => HttpResponse.json({ priorities: [] })),
    ];
    renderApp(`/${community}/statistics`, server, { handlers });
    const card = (await screen.findByRole("heading", { name: "Answered before opening" })).closest(".stats-card") as HTMLElement;
    expect(within(card).getByTestId("suggestions-answered")).toHaveTextContent("Tickets answered by suggestions: 5");
    const perPanel = within(card).getByRole("table", { name: "Answered per panel" });
    expect(
      within(perPanel)
        .getAllByRole("row")
        .slice(1)
        .map((r) => r.textContent),
    ).toEqual(["General Support4", "Billing1"]);
    const perTag = within(card).getByRole("table", { name: "Answered per tag" });
    expect(
      within(perTag)
        .getAllByRole("row")
        .slice(1)
        .map((r) => r.textContent),
    ).toEqual(["refund-policy5"]);

    await act(() => changeLocale("es"));
    try {
      const spanish = (await screen.findByRole("heading", { name: "Respondidos antes de abrir" })).closest(".stats-card") as HTMLElement;
      expect(within(spanish).getByTestId("suggestions-answered")).toHaveTextContent("Tickets respondidos por sugerencias: 5");
      expect(within(spanish).getByRole("table", { name: "Respondidos por etiqueta" })).toBeInTheDocument();
    } finally {
      await act(() => changeLocale("en"));
    }
  });
});

describe("Try-it view", { timeout: 30_000 }, () => {
  // The screen and its form modal are lazy chunks: load them before the first wait, so a loaded machine spends the
  // modules' first transform here and not inside a findBy's few seconds.
  beforeAll(async () => {
    await Promise.all([import("../../../src/resources/try-it/TryItScreen"), import("../../../src/resources/try-it/FormModal")]);
  });
  it("draws the channel's messages as text, sends a click, shows the modal and its answer", async () => {
    const sent: unknown[] = [];
    const handlers = [
      rest.get(`${API}/stats`, () => HttpResponse.json({ total_member_count: 1, total_guilds: 1, demo: true })),
      rest.get(`${API}/${community}/demo/channels`, () =>
        HttpResponse.json({
          channels: [
            { id: "714", name: "support", kind: "text", category: "Support", ticketId: null, lastMessageId: "2" },
            // The ticket channel exists once the form is answered.
            ...(sent.length > 1
              ? [{ id: "990", name: "ticket-1081", kind: "ticket", category: "Tickets", ticketId: 1081, lastMessageId: "5" }]
              : []),
          ],
        }),
      ),
      rest.get(`${API}/${community}/demo/clock`, () => HttpResponse.json({ offsetMs: 0, now: Date.now(), canSkip: false })),
      rest.get(`${API}/${community}/demo/channels/990/messages`, () =>
        HttpResponse.json({
          messages: [
            {
              id: "5",
              channelId: "990",
              author: { id: "99", username: "Ticketeer", avatar: null, bot: true },
              content: "<@900000000000000002> <@&603> Welcome to your ticket",
              embeds: [],
              components: [],
              createdAt: Date.now(),
              editedAt: null,
            },
          ],
          // Whom the text mentions, as the server resolved them.
          mentions: { "900000000000000002": "Demo Staff", "603": "Support" },
        }),
      ),
      rest.get(`${API}/${community}/demo/channels/714/messages`, () =>
        HttpResponse.json({
          messages: [
            {
              id: "2",
              channelId: "714",
              author: { id: "99", username: "Ticketeer", avatar: null, bot: true },
              content: "<img src=x onerror=alert(1)> hello",
              embeds: [{ title: "Need help?", color: 0x5865f2 }],
              components: [{ type: 1, components: [{ type: 2, style: 1, label: "Open a ticket", custom_id: "panel:1" }] }],
              createdAt: Date.now(),
              editedAt: null,
            },
          ],
        }),
      ),
      rest.post(`${API}/${community}/demo/interactions`, async ({ request }) => {
        const body = (await request.json()) as { kind: string };
        sent.push(body);
        if (body.kind === "button") {
          return HttpResponse.json({
            modal: {
              custom_id: "form:1:2",
              title: "Intake",
              components: [
                {
                  type: 1,
                  components: [{ type: 4, custom_id: "field:9", label: "Order number", style: 1, required: true, max_length: 20 }],
                },
              ],
            },
            ephemeral: [],
            choices: [],
          });
        }
        return HttpResponse.json({
          modal: null,
          choices: [],
          ephemeral: [
            {
              id: "3",
              channelId: "714",
              author: { id: "99", username: "Ticketeer", avatar: null, bot: true },
              content: "Your ticket is open",
              embeds: [],
              components: [],
              createdAt: Date.now(),
              editedAt: null,
            },
          ],
        });
      }),
    ];
    const user = userEvent.setup();
    renderApp(`/${community}/try-it`, server, { handlers });
    expect(await screen.findByText("<img src=x onerror=alert(1)> hello")).toBeInTheDocument();
    expect(document.querySelector("img[src=x]")).toBeNull();
    expect(screen.getByText("Need help?")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Open a ticket" }));
    await waitFor(() => expect(sent[0]).toEqual({ kind: "button", channelId: "714", messageId: "2", customId: "panel:1" }));
    const dialog = await screen.findByRole("dialog");
    const input = within(dialog).getByLabelText("Order number");
    expect(input).toHaveAttribute("maxlength", "20");
    await user.type(input, "A-77");
    await user.click(within(dialog).getByRole("button", { name: "Submit" }));
    // With the message whose button opened the form, as Discord's modal submit carries it.
    await waitFor(() =>
      expect(sent[1]).toEqual({ kind: "modal", channelId: "714", messageId: "2", customId: "form:1:2", fields: { "field:9": "A-77" } }),
    );
    // The view follows the new ticket channel, and the bot's answer comes along.
    expect(await screen.findByText("@Demo Staff @Support Welcome to your ticket")).toBeInTheDocument();
    expect(screen.getByRole("region", { name: "#ticket-1081" })).toBeInTheDocument();
    expect(screen.getByText("Your ticket is open")).toBeInTheDocument();
    expect(screen.getByText("Only you can see this")).toBeInTheDocument();
  });

  it("offers no message box in a channel the member may only read, and says why", async () => {
    const handlers = [
      rest.get(`${API}/stats`, () => HttpResponse.json({ total_member_count: 1, total_guilds: 1, demo: true })),
      rest.get(`${API}/${community}/demo/channels`, () =>
        HttpResponse.json({
          channels: [
            { id: "712", name: "rules", kind: "text", category: "Community", ticketId: null, lastMessageId: null, canWrite: false },
            { id: "713", name: "general", kind: "text", category: "Community", ticketId: null, lastMessageId: null, canWrite: true },
          ],
        }),
      ),
      rest.get(`${API}/${community}/demo/channels/:id/messages`, () => HttpResponse.json({ messages: [], mentions: {} })),
      rest.get(`${API}/${community}/demo/clock`, () => HttpResponse.json({ offsetMs: 0, now: Date.now(), canSkip: false })),
    ];
    const user = userEvent.setup();
    renderApp(`/${community}/try-it?channel=712`, server, { handlers });
    expect(await screen.findByText("You do not have permission to send messages in this channel.")).toBeInTheDocument();
    expect(screen.queryByRole("textbox", { name: "Message" })).toBeNull();
    await user.click(screen.getByTestId("channel-general"));
    expect(await screen.findByRole("textbox", { name: "Message" })).toBeInTheDocument();
    expect(screen.queryByText("You do not have permission to send messages in this channel.")).toBeNull();
  });
});
