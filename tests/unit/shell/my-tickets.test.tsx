import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { http as rest, HttpResponse } from "msw";
import { afterEach, describe, expect, it } from "vitest";
import { changeLocale } from "../../../src/i18n/core";
import type { MyTicket } from "../../../src/schemas/my-tickets";
import { API, useMswServer } from "../providers/helpers";
import { community, gaming, renderApp } from "./harness";

// "My tickets": the member's open tickets of two servers, the conversation of one and writing into it, and a closed
// ticket's transcript download; in English and in Spanish. The server decides what is theirs (tests/server/my-tickets).

const server = useMswServer();

const ticket = (over: Partial<MyTicket>): MyTicket => ({
  GuildId: community,
  GuildName: "Demo Community",
  TicketId: 1,
  Status: "open",
  PanelName: "General Support",
  Subject: null,
  OpenedAt: Date.UTC(2026, 0, 5, 10),
  ClosedAt: null,
  CloseReason: null,
  HasTranscript: false,
  ...over,
});

const mine = {
  open: [ticket({ TicketId: 12, Subject: "Where is my order?" }), ticket({ GuildId: gaming, GuildName: "Gaming Hub", TicketId: 3 })],
  closed: [ticket({ TicketId: 7, Status: "closed", ClosedAt: Date.UTC(2026, 0, 2), HasTranscript: true })],
};

function handlers(posted: unknown[]) {
  return [
    rest.get(`${API}/my-tickets`, () => HttpResponse.json(mine)),
    rest.get(`${API}/my-tickets/${community}/12/messages`, () =>
      HttpResponse.json({
        messages: [
          {
            MessageId: "1",
            AuthorId: "2",
            AuthorName: "Ticketeer",
            AuthorAvatar: null,
            Bot: true,
            Content: "Welcome! Staff will be with you shortly.",
            Embeds: [],
            Attachments: [],
            Timestamp: Date.UTC(2026, 0, 5, 10),
          },
        ],
        last_message_id: "1",
        read_at: Date.now(),
        users: {},
      }),
    ),
    rest.post(`${API}/my-tickets/${community}/12/messages`, async ({ request }) => {
      posted.push(await request.json());
      return HttpResponse.json({ message: "Message sent." });
    }),
    rest.get(`${API}/my-tickets/${community}/7/transcript`, () => HttpResponse.json({ transcript_html: "<html>t</html>" })),
  ];
}

describe("My tickets", { timeout: 20_000 }, () => {
  afterEach(async () => {
    await act(() => changeLocale("en"));
  });

  it("lists open tickets of two servers, opens one, writes into it and downloads a closed ticket's transcript", async () => {
    const user = userEvent.setup();
    const posted: unknown[] = [];
    const downloads: string[] = [];
    const create = URL.createObjectURL;
    URL.createObjectURL = () => "blob:transcript";
    const click = HTMLAnchorElement.prototype.click;
    HTMLAnchorElement.prototype.click = function () {
      downloads.push(this.download);
    };
    try {
      renderApp("/my-tickets", server, { handlers: handlers(posted) });
      expect(await screen.findByRole("heading", { name: "My tickets", level: 1 })).toBeInTheDocument();
      const open = await screen.findByRole("button", { name: /Demo Community · Ticket #12/ });
      expect(screen.getByRole("button", { name: /Gaming Hub · Ticket #3/ })).toBeInTheDocument();
      await user.click(open);
      expect(await screen.findByText("Welcome! Staff will be with you shortly.")).toBeInTheDocument();
      await user.type(screen.getByLabelText("Your message"), "Any news?");
      await user.click(screen.getByRole("button", { name: "Send" }));
      expect(await screen.findByRole("status")).toHaveTextContent("Message sent.");
      expect(posted).toEqual([{ content: "Any news?" }]);
      const closed = screen.getByText("Demo Community · Ticket #7").closest("li")!;
      await user.click(within(closed).getByRole("button", { name: "Download transcript" }));
      await waitFor(() => expect(downloads).toEqual([`transcript-${community}-7.html`]));
    } finally {
      URL.createObjectURL = create;
      HTMLAnchorElement.prototype.click = click;
    }
  });

  it("speaks Spanish", async () => {
    await act(() => changeLocale("es"));
    renderApp("/my-tickets", server, { handlers: handlers([]) });
    expect(await screen.findByRole("heading", { name: "Mis tickets", level: 1 })).toBeInTheDocument();
    expect(await screen.findByRole("button", { name: /Demo Community · Ticket n\.º 12/ })).toBeInTheDocument();
    expect(screen.getByText("Tickets abiertos")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Descargar transcripción" })).toBeInTheDocument();
  });

  it("is linked from the server picker", async () => {
    renderApp("/dashboard", server);
    expect(await screen.findByRole("link", { name: "My tickets" })).toHaveAttribute("href", "/my-tickets");
  });
});
