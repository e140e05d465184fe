import { act, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { http as rest, HttpResponse } from "msw";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import FormModal from "../../../src/resources/try-it/FormModal";
import type { DemoChannel, DemoMessage, DemoTicketEvent } from "../../../src/schemas/demo";
import { API, useMswServer } from "../providers/helpers";
import { community, renderApp } from "../shell/harness";

// The Try-it view as a Discord client against a mocked API: the slash-command menu by keyboard and by mouse, a
// message's Apps menu, a ticket's thread under its channel, an answer's buttons used once and kept in their channel,
// the chat at its newest message, the rating's buttons as the bot edited them, an empty form, and the view following
// the ticket by the member's events (a closed ticket's channel leaves, with why, and no request goes to a channel that
// is gone).

const server = useMswServer();
const bot = { id: "99", username: "Ticketeer", avatar: null, bot: true };
const SUPPORT = "714";
const TICKET = "990";
const DM = "880";

const channel = (id: string, name: string, extra: Partial<DemoChannel> = {}): DemoChannel => ({
  id,
  name,
  kind: "text",
  category: "Support",
  ticketId: null,
  mine: false,
  lastMessageId: null,
  canWrite: true,
  ...extra,
});
const message = (id: string, channelId: string, content: string, extra: Partial<DemoMessage> = {}): DemoMessage => ({
  id,
  channelId,
  author: bot,
  content,
  embeds: [],
  components: [],
  createdAt: Date.now(),
  editedAt: null,
  ...extra,
});
const buttons = (...list: { label: string; id: string; style?: number; disabled?: boolean }[]) => [
  {
    type: 1,
    components: list.map((b) => ({
      type: 2,
      style: b.style ?? 2,
      label: b.label,
      custom_id: b.id,
      ...(b.disabled ? { disabled: true } : {}),
    })),
  },
];

/** A text/event-stream the test writes to. */
function eventStream() {
  const encoder = new TextEncoder();
  let controller: ReadableStreamDefaultController<Uint8Array> | undefined;
  return {
    response: () =>
      new HttpResponse(new ReadableStream<Uint8Array>({ start: (c) => void (controller = c) }), {
        headers: { "content-type": "text/event-stream" },
      }),
    send: (event: DemoTicketEvent) => controller!.enqueue(encoder.encode(`event: ticket\ndata: ${JSON.stringify(event)}\n\n`)),
    get open() {
      return controller !== undefined;
    },
  };
}

/**
 * The demo server: its channels and messages (a channel not listed answers 404, as the server does; a ticket's channel
 * in `gone`, no longer seen, is answered `gone`), every request logged.
 */
function demoServer(initial: { channels: DemoChannel[]; messages: Record<string, DemoMessage[]> }) {
  const state = {
    ...initial,
    gone: [] as string[],
    requests: [] as string[],
    interactions: [] as Record<string, unknown>[],
    posts: [] as string[],
  };
  let answer: (body: Record<string, unknown>) => Record<string, unknown> = () => ({ modal: null, ephemeral: [], choices: [] });
  const events = eventStream();
  const handlers = [
    rest.get(`${API}/stats`, () => HttpResponse.json({ total_member_count: 1, total_guilds: 1, demo: true })),
    rest.get(`${API}/${community}/demo/events`, () => events.response()),
    // The server's demo clock (Skip ahead): not moved.
    rest.get(`${API}/${community}/demo/clock`, () => HttpResponse.json({ offsetMs: 0, now: Date.now(), canSkip: false })),
    rest.get(`${API}/${community}/demo/channels`, () => {
      state.requests.push("channels");
      return HttpResponse.json({ channels: state.channels });
    }),
    rest.get(`${API}/${community}/demo/channels/:id/messages`, ({ params, request }) => {
      const id = String(params.id);
      state.requests.push(`messages ${id}`);
      if (state.gone.includes(id)) return HttpResponse.json({ messages: [], mentions: {}, gone: true });
      if (!state.channels.some((c) => c.id === id)) return HttpResponse.json({ error: "Channel not found" }, { status: 404 });
      const after = new URL(request.url).searchParams.get("after");
      return HttpResponse.json({ messages: (state.messages[id] ?? []).filter((m) => !after || m.id > after), mentions: {} });
    }),
    rest.post(`${API}/${community}/demo/channels/:id/messages`, async ({ params, request }) => {
      const { content } = (await request.json()) as { content: string };
      state.posts.push(content);
      const id = String(params.id);
      const list = (state.messages[id] ??= []);
      list.push(
        message(String(5000 + list.length), id, content, { author: { id: "1", username: "Demo Admin", avatar: null, bot: false } }),
      );
      return HttpResponse.json({ id: "1" }, { status: 201 });
    }),
    rest.post(`${API}/${community}/demo/interactions`, async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      state.interactions.push(body);
      return HttpResponse.json(answer(body));
    }),
  ];
  return { state, handlers, events, answerWith: (fn: typeof answer) => void (answer = fn) };
}
const reply = (channelId: string, content: string, components: unknown[] = []) => ({
  modal: null,
  choices: [],
  ephemeral: [
    message(`e${Math.random().toString(36).slice(2)}`, channelId, content, { components: components as DemoMessage["components"] }),
  ],
});
const textbox = () => screen.getByRole("textbox", { name: "Message" });

describe("slash commands by keyboard, as Discord's client", { timeout: 30_000 }, () => {
  it("'/close' and Enter picks the command (never posted as text); arrows move through the menu, Tab picks; Enter runs it; focus stays in the box", async () => {
    const demo = demoServer({
      channels: [channel(TICKET, "ticket-7", { kind: "ticket", ticketId: 7 })],
      messages: { [TICKET]: [message("5", TICKET, "Welcome")] },
    });
    const user = userEvent.setup();
    renderApp(`/${community}/try-it?channel=${TICKET}`, server, { handlers: demo.handlers });
    // The first screen of the file loads its lazy chunk.
    await screen.findByText("Welcome", {}, { timeout: 15_000 });

    await user.click(textbox());
    await user.keyboard("/cl");
    const menu = screen.getByRole("listbox", { name: "Slash commands" });
    const selected = () =>
      within(menu)
        .getAllByRole("option")
        .find((o) => o.getAttribute("aria-selected") === "true")!;
    expect(
      within(menu)
        .getAllByRole("option")
        .map((o) => o.textContent?.split(" ")[0]),
    ).toEqual(["/close", "/closerequest", "/claim"]);
    expect(selected()).toHaveTextContent(/^\/close \[reason\]/);
    await user.keyboard("{ArrowDown}{ArrowDown}");
    expect(selected()).toHaveTextContent(/^\/claim/);
    expect(textbox()).toHaveAttribute("aria-activedescendant", selected().id);
    await user.keyboard("{ArrowDown}");
    expect(selected()).toHaveTextContent(/^\/close \[reason\]/);
    await user.keyboard("{ArrowUp}");
    expect(selected()).toHaveTextContent(/^\/claim/);

    // Tab picks the highlighted command; without options the command itself keeps the focus, and Enter runs it.
    await user.keyboard("{Tab}");
    const claim = screen.getByRole("group", { name: "/claim" });
    expect(claim).toHaveFocus();
    await user.keyboard("{Enter}");
    await waitFor(() => expect(demo.state.interactions).toContainEqual({ kind: "command", channelId: TICKET, name: "claim", options: {} }));
    await waitFor(() => expect(textbox()).toHaveFocus());

    // "/close" typed and Enter: the command is chosen, its reason focused; Enter runs it with the reason.
    await user.keyboard("/close{Enter}");
    const reason = within(screen.getByRole("group", { name: "/close [reason] [details]" })).getByRole("combobox", { name: "reason" });
    expect(reason).toHaveFocus();
    await user.keyboard("Solved{Enter}");
    await waitFor(() =>
      expect(demo.state.interactions).toContainEqual({ kind: "command", channelId: TICKET, name: "close", options: { reason: "Solved" } }),
    );
    expect(demo.state.posts).toEqual([]);
    await waitFor(() => expect(textbox()).toHaveFocus());

    // What follows the name goes to the first option; Escape closes the menu, and a plain text is sent as text.
    await user.keyboard("/close Duplicate{Enter}");
    expect(within(screen.getByRole("group", { name: "/close [reason] [details]" })).getByRole("combobox", { name: "reason" })).toHaveValue(
      "Duplicate",
    );
    await user.keyboard("{Escape}");
    await user.keyboard("/clo{Escape}{Enter}");
    await waitFor(() => expect(demo.state.posts).toEqual(["/clo"]));
  });

  it("Backspace in an empty option gives the command back as text", async () => {
    const demo = demoServer({ channels: [channel(TICKET, "ticket-7", { kind: "ticket", ticketId: 7 })], messages: {} });
    const user = userEvent.setup();
    renderApp(`/${community}/try-it?channel=${TICKET}`, server, { handlers: demo.handlers });
    await user.click(await screen.findByRole("textbox", { name: "Message" }));
    await user.keyboard("/rename{Enter}");
    expect(within(screen.getByRole("group", { name: "/rename {name}" })).getByRole("textbox", { name: "name" })).toHaveFocus();
    await user.keyboard("{Backspace}");
    await waitFor(() => expect(textbox()).toHaveFocus());
    expect(textbox()).toHaveValue("/rename");
  });
});

describe("by mouse", { timeout: 30_000 }, () => {
  it("a click on a slash command's option picks it, and Send runs it with what its options hold", async () => {
    const demo = demoServer({
      channels: [channel(TICKET, "ticket-7", { kind: "ticket", ticketId: 7 })],
      messages: { [TICKET]: [message("5", TICKET, "Welcome")] },
    });
    const user = userEvent.setup();
    renderApp(`/${community}/try-it?channel=${TICKET}`, server, { handlers: demo.handlers });
    await user.click(await screen.findByRole("textbox", { name: "Message" }, { timeout: 15_000 }));
    await user.keyboard("/closereq");
    await user.click(within(screen.getByRole("listbox", { name: "Slash commands" })).getByRole("option", { name: /^\/closerequest/ }));
    await user.type(screen.getByRole("textbox", { name: "reason" }), "All sorted");
    await user.click(screen.getByRole("button", { name: "Send" }));
    await waitFor(() =>
      expect(demo.state.interactions).toEqual([
        { kind: "command", channelId: TICKET, name: "closerequest", options: { reason: "All sorted" } },
      ]),
    );
    expect(demo.state.posts).toEqual([]);
  });

  it("a message's Apps menu opens a ticket about it; a ticket's thread is listed right under its channel, as a thread", async () => {
    const member = { id: "900000000000000002", username: "Demo Staff", avatar: null, bot: false };
    const demo = demoServer({
      channels: [
        channel(SUPPORT, "support"),
        channel("991", "ticket-8", { kind: "ticket", ticketId: 8, parentChannelId: SUPPORT }),
        channel("713", "general"),
      ],
      messages: { [SUPPORT]: [message("2", SUPPORT, "Where is my refund?", { author: member })] },
    });
    demo.answerWith(() => reply(SUPPORT, "Your ticket is open"));
    const user = userEvent.setup();
    renderApp(`/${community}/try-it?channel=${SUPPORT}`, server, { handlers: demo.handlers });
    const mine = (await screen.findByText("Where is my refund?", {}, { timeout: 15_000 })).closest("li")!;

    const thread = screen.getByTestId("channel-ticket-8");
    expect(thread).toHaveClass("is-thread");
    expect(thread).toHaveTextContent("ticket-8(thread)");
    expect(
      screen
        .getAllByRole("button")
        .filter((b) => b.dataset.testid?.startsWith("channel-"))
        .map((b) => b.dataset.testid),
    ).toEqual(["channel-support", "channel-ticket-8", "channel-general"]);

    await user.click(within(mine).getByRole("button", { name: "Apps" }));
    await user.click(within(mine).getByRole("menuitem", { name: "Open ticket about this message" }));
    await waitFor(() =>
      expect(demo.state.interactions).toEqual([
        { kind: "messageCommand", channelId: SUPPORT, messageId: "2", name: "Open ticket about this message" },
      ]),
    );
    expect(await screen.findByText("Your ticket is open")).toBeInTheDocument();
  });
});

describe("an answer only the member sees", { timeout: 30_000 }, () => {
  it("stays in the channel it was answered in, and its confirmation, once used, is disabled", async () => {
    const demo = demoServer({
      channels: [channel(SUPPORT, "support"), channel(TICKET, "ticket-7", { kind: "ticket", ticketId: 7, category: "Tickets" })],
      messages: {
        [SUPPORT]: [message("2", SUPPORT, "Panel")],
        [TICKET]: [message("5", TICKET, "Welcome", { components: buttons({ label: "Close", id: "ticket:7:close", style: 4 }) })],
      },
    });
    demo.answerWith((body) =>
      body.customId === "ticket:7:close"
        ? reply(
            TICKET,
            "Are you sure you want to close this ticket?",
            buttons({ label: "Close ticket", id: "ticket:7:close-confirm", style: 4 }),
          )
        : reply(TICKET, "This ticket is being closed already."),
    );
    const user = userEvent.setup();
    renderApp(`/${community}/try-it?channel=${TICKET}`, server, { handlers: demo.handlers });
    await user.click(await screen.findByRole("button", { name: "Close" }));
    const confirmation = (await screen.findByText("Are you sure you want to close this ticket?")).closest("li")!;
    const confirm = within(confirmation).getByRole("button", { name: "Close ticket" });
    expect(confirm).toBeEnabled();

    // In another channel the answer is not there; back in the ticket it is.
    await user.click(screen.getByTestId("channel-support"));
    await screen.findByText("Panel");
    expect(screen.queryByText("Are you sure you want to close this ticket?")).toBeNull();
    await user.click(screen.getByTestId("channel-ticket-7"));
    await user.click(
      within((await screen.findByText("Are you sure you want to close this ticket?")).closest("li")!).getByRole("button", {
        name: "Close ticket",
      }),
    );
    await screen.findByText("This ticket is being closed already.");
    // Used: the bot answered it, its button is disabled.
    expect(
      within(screen.getByText("Are you sure you want to close this ticket?").closest("li")!).getByRole("button", { name: "Close ticket" }),
    ).toBeDisabled();
    expect(demo.state.interactions.filter((i) => i.customId === "ticket:7:close-confirm")).toHaveLength(1);
  });
});

describe("the rating's buttons", { timeout: 30_000 }, () => {
  it("show the bot's edit after a rating: the stars disabled, the comment's button there (and still after a reload)", async () => {
    const prompt = (rated: boolean) =>
      message("7", DM, "How did we do? Rate your ticket #7 on Demo Community.", {
        components: [
          ...buttons(
            ...[1, 2, 3, 4, 5].map((r) => ({
              label: "★".repeat(r),
              id: `rate:${community}:7:${r}`,
              style: rated && r === 4 ? 1 : 2,
              disabled: rated,
            })),
          ),
          ...(rated ? buttons({ label: "Add a comment", id: `rate-comment:${community}:7` }) : []),
        ],
        editedAt: rated ? Date.now() : null,
      });
    const demo = demoServer({
      channels: [channel(DM, "Ticketeer", { kind: "dm", category: "Direct messages" })],
      messages: { [DM]: [prompt(false)] },
    });
    demo.answerWith(() => {
      // The bot edits its direct message as it answers.
      demo.state.messages[DM] = [prompt(true)];
      return reply(DM, "Thanks for your feedback: ★★★★☆");
    });
    const user = userEvent.setup();
    const view = renderApp(`/${community}/try-it?channel=${DM}`, server, { handlers: demo.handlers });
    await user.click(await screen.findByRole("button", { name: "★★★★" }));
    await screen.findByText("Thanks for your feedback: ★★★★☆");
    await waitFor(() => expect(screen.getByRole("button", { name: "★★★★" })).toBeDisabled());
    for (const stars of ["★", "★★", "★★★", "★★★★★"]) expect(screen.getByRole("button", { name: stars })).toBeDisabled();
    expect(screen.getByRole("button", { name: "Add a comment" })).toBeEnabled();

    view.unmount();
    renderApp(`/${community}/try-it?channel=${DM}`, server, { handlers: demo.handlers });
    expect(await screen.findByRole("button", { name: "Add a comment" })).toBeEnabled();
  });
});

describe("the chat's scroll", { timeout: 30_000 }, () => {
  // jsdom lays nothing out: the message list is 1,000 px of content in a 200 px window.
  beforeEach(() => {
    vi.spyOn(HTMLElement.prototype, "scrollHeight", "get").mockImplementation(function (this: HTMLElement) {
      return this.tagName === "OL" ? 200 + 40 * this.children.length : 0;
    });
    vi.spyOn(HTMLElement.prototype, "clientHeight", "get").mockImplementation(function (this: HTMLElement) {
      return this.tagName === "OL" ? 200 : 0;
    });
  });
  afterEach(() => vi.restoreAllMocks());

  it("shows the newest message on a channel switch, follows new ones at the bottom, and leaves a member reading above alone", async () => {
    const many = (channelId: string, n: number) =>
      Array.from({ length: n }, (_, i) => message(String(1000 + i), channelId, `Line ${channelId}-${i}`));
    const demo = demoServer({
      channels: [channel(SUPPORT, "support"), channel("713", "general")],
      messages: { [SUPPORT]: many(SUPPORT, 20), "713": many("713", 30) },
    });
    const user = userEvent.setup();
    renderApp(`/${community}/try-it?channel=${SUPPORT}`, server, { handlers: demo.handlers });
    await screen.findByText("Line 714-19");
    const list = screen.getByTestId("messages");
    await waitFor(() => expect(list.scrollTop).toBe(list.scrollHeight));

    await user.click(screen.getByTestId("channel-general"));
    await screen.findByText("Line 713-29");
    await waitFor(() => expect(list.scrollTop).toBe(200 + 40 * 30));

    // At the bottom, a new message is followed.
    await user.type(textbox(), "Hello{Enter}");
    await screen.findByText("Hello");
    await waitFor(() => expect(list.scrollTop).toBe(200 + 40 * 31));

    // Scrolled up to read: a new message does not pull the member down.
    list.scrollTop = 0;
    fireEvent.scroll(list);
    await user.type(textbox(), "Again{Enter}");
    await screen.findByText("Again");
    expect(list.scrollTop).toBe(0);
  });
});

describe("an empty form", { timeout: 30_000 }, () => {
  it("says under each required field what is missing, as Discord's modal does, sends nothing and throws nothing", async () => {
    const rejections: unknown[] = [];
    const onRejection = (reason: unknown) => rejections.push(reason);
    process.on("unhandledRejection", onRejection);
    try {
      const onSubmit = vi.fn(async () => undefined);
      const user = userEvent.setup();
      render(
        <FormModal
          modal={{
            customId: "form:1:2",
            title: "Support Request",
            inputs: [
              { customId: "field:1", label: "What do you need help with?", paragraph: true, required: true, minLength: 10 },
              { customId: "field:2", label: "Order ID (if any)", paragraph: false, required: false },
            ],
          }}
          onClose={() => undefined}
          onSubmit={onSubmit}
        />,
      );
      const dialog = await screen.findByRole("dialog", { name: "Support Request" });
      await user.click(within(dialog).getByRole("button", { name: "Submit" }));
      expect(await within(dialog).findByText("This field is required.")).toBeInTheDocument();
      // Spaces are no answer either.
      await user.type(within(dialog).getByLabelText("What do you need help with?"), "   ");
      await user.click(within(dialog).getByRole("button", { name: "Submit" }));
      expect(await within(dialog).findByText("This field is required.")).toBeInTheDocument();
      await act(() => new Promise((r) => setTimeout(r, 0)));
      expect(onSubmit).not.toHaveBeenCalled();
      expect(within(dialog).queryByText("Order ID (if any)")).toBeInTheDocument();

      await user.clear(within(dialog).getByLabelText("What do you need help with?"));
      await user.type(within(dialog).getByLabelText("What do you need help with?"), "My order never arrived");
      await user.click(within(dialog).getByRole("button", { name: "Submit" }));
      await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ "field:1": "My order never arrived", "field:2": "" }));
    } finally {
      process.off("unhandledRejection", onRejection);
    }
    expect(rejections).toEqual([]);
  });
});

describe("the member's view follows the ticket", { timeout: 30_000 }, () => {
  const ticketChannel = channel(TICKET, "ticket-1081", { kind: "ticket", ticketId: 1081, category: "Tickets", mine: true });
  const closed = (reason: string | null): DemoTicketEvent => ({
    type: "closed",
    guildId: community,
    ticket: { TicketId: 1081, Status: "closed", ChannelId: TICKET, OpenerId: "900000000000000001", Visible: false, CloseReason: reason },
  });

  it("when staff close it: its channel leaves the list, the view moves to the closing DM with why, and nothing asks for the gone channel", async () => {
    const demo = demoServer({
      channels: [channel(SUPPORT, "support"), ticketChannel],
      messages: { [SUPPORT]: [message("2", SUPPORT, "Panel")], [TICKET]: [message("5", TICKET, "Welcome to your ticket")] },
    });
    renderApp(`/${community}/try-it?channel=${TICKET}`, server, { handlers: demo.handlers });
    await screen.findByText("Welcome to your ticket");
    await waitFor(() => expect(demo.events.open).toBe(true));

    // Staff close it from the dashboard: the channel is deleted, the closing DM arrives.
    demo.state.channels = [channel(SUPPORT, "support"), channel(DM, "Ticketeer", { kind: "dm", category: "Direct messages" })];
    demo.state.messages[DM] = [
      message("9", DM, "How did we do? Rate your ticket #1081 on Demo Community.", {
        embeds: [{ fields: [{ name: "Reason", value: "Solved" }] }],
      }),
    ];
    const requestsBefore = demo.state.requests.length;
    demo.events.send(closed("Solved"));

    expect(await screen.findByTestId("try-it-notice")).toHaveTextContent("Ticket #1081 was closed. Reason: Solved");
    expect(await screen.findByText("How did we do? Rate your ticket #1081 on Demo Community.")).toBeInTheDocument();
    expect(screen.getByRole("region", { name: "@Ticketeer" })).toBeInTheDocument();
    expect(screen.queryByTestId("channel-ticket-1081")).toBeNull();
    expect(screen.queryByText("Welcome to your ticket")).toBeNull();
    expect(demo.state.requests.slice(requestsBefore).filter((r) => r === `messages ${TICKET}`)).toEqual([]);
  });

  it("a poll that finds the channel gone before the close's event arrives leaves it for the closing DM; the event then says why", async () => {
    const demo = demoServer({
      channels: [channel(SUPPORT, "support"), ticketChannel],
      messages: { [SUPPORT]: [message("2", SUPPORT, "Panel")], [TICKET]: [message("5", TICKET, "Welcome to your ticket")] },
    });
    renderApp(`/${community}/try-it?channel=${TICKET}`, server, { handlers: demo.handlers });
    await screen.findByText("Welcome to your ticket");
    await waitFor(() => expect(demo.events.open).toBe(true));

    // Closed: the channel is gone, the closing DM is there; the view's next poll of the channel learns it first.
    demo.state.channels = [channel(SUPPORT, "support"), channel(DM, "Ticketeer", { kind: "dm", category: "Direct messages" })];
    demo.state.gone = [TICKET];
    demo.state.messages[DM] = [message("9", DM, "How did we do? Rate your ticket #1081 on Demo Community.")];
    expect(await screen.findByText("How did we do? Rate your ticket #1081 on Demo Community.", {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByRole("region", { name: "@Ticketeer" })).toBeInTheDocument();
    expect(screen.queryByTestId("channel-ticket-1081")).toBeNull();
    demo.events.send(closed("Solved"));
    expect(await screen.findByTestId("try-it-notice")).toHaveTextContent("Ticket #1081 was closed. Reason: Solved");
  });

  it("a reload naming a channel that is gone shows the default channel and says why, never a nameless empty one, and asks nothing of it", async () => {
    const demo = demoServer({ channels: [channel(SUPPORT, "support")], messages: { [SUPPORT]: [message("2", SUPPORT, "Panel")] } });
    renderApp(`/${community}/try-it?channel=${TICKET}`, server, { handlers: demo.handlers });
    expect(await screen.findByText("Panel")).toBeInTheDocument();
    expect(screen.getByRole("region", { name: "#support" })).toBeInTheDocument();
    expect(screen.getByTestId("try-it-notice")).toHaveTextContent("That channel no longer exists: its ticket may have been closed.");
    expect(demo.state.requests).not.toContain(`messages ${TICKET}`);
  });

  it("someone else's ticket closing moves the member to the server's channel; a claim reads the ticket again", async () => {
    const demo = demoServer({
      channels: [channel(SUPPORT, "support"), { ...ticketChannel, mine: false }],
      messages: { [SUPPORT]: [message("2", SUPPORT, "Panel")], [TICKET]: [message("5", TICKET, "Welcome")] },
    });
    renderApp(`/${community}/try-it?channel=${TICKET}`, server, { handlers: demo.handlers });
    await screen.findByText("Welcome");
    await waitFor(() => expect(demo.events.open).toBe(true));
    demo.state.messages[TICKET] = [message("5", TICKET, "Welcome — claimed by Demo Staff", { editedAt: Date.now() })];
    demo.events.send({ type: "updated", guildId: community, ticket: { ...closed(null).ticket, Status: "open", Visible: true } });
    expect(await screen.findByText("Welcome — claimed by Demo Staff")).toBeInTheDocument();

    demo.state.channels = [channel(SUPPORT, "support")];
    demo.events.send(closed(null));
    expect(await screen.findByTestId("try-it-notice")).toHaveTextContent("Ticket #1081 was closed.");
    expect(await screen.findByText("Panel")).toBeInTheDocument();
    expect(screen.getByRole("region", { name: "#support" })).toBeInTheDocument();
  });
});
