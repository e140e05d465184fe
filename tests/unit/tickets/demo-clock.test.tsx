import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { http as rest, HttpResponse } from "msw";
import { describe, expect, it } from "vitest";
import type { TicketSummary } from "../../../src/schemas/ticket";
import { API, useMswServer } from "../providers/helpers";
import { community, renderApp } from "../shell/harness";

// The demo clock in the dashboard (docs/ticket-engine.md, "A clock per server"): Try-it shows how far the server's
// clock runs ahead and that it is a demo clock, managers skip it ahead and read what the skip did, others only read
// it; relative times are read on the server's clock. The order matters: the clock is asked once per page load
// (here, per file) except by Try-it, which asks afresh.

const server = useMswServer();
const HOUR = 3_600_000;
const demoStats = rest.get(`${API}/stats`, () => HttpResponse.json({ total_member_count: 1, total_guilds: 1, demo: true }));
const clockIs = (offsetMs: number, canSkip: boolean) =>
  rest.get(`${API}/${community}/demo/clock`, () => HttpResponse.json({ offsetMs, now: Date.now() + offsetMs, canSkip }));
const tryItHandlers = [
  demoStats,
  rest.get(`${API}/${community}/demo/channels`, () =>
    HttpResponse.json({
      channels: [{ id: "714", name: "support", kind: "text", category: "Support", ticketId: null, lastMessageId: null }],
    }),
  ),
  rest.get(`${API}/${community}/demo/channels/:id/messages`, () => HttpResponse.json({ messages: [], mentions: {} })),
];

describe("the demo clock", { timeout: 30_000 }, () => {
  it("the Tickets list reads 'opened' on the server's clock: a ticket opened 5 minutes ago after a day's skip is not 'in 24 hours'", async () => {
    const opened = Date.now() + 24 * HOUR - 5 * 60_000;
    const ticket: TicketSummary = {
      TicketId: 7,
      Status: "open",
      PanelId: 1,
      PanelName: "General Support",
      OpenerId: "900000000000000002",
      OpenerName: "Demo Staff",
      Subject: null,
      ClaimedById: null,
      ClaimedByName: null,
      ChannelId: "55",
      ChannelUrl: null,
      OpenedAt: opened,
      LastActivityAt: opened,
      ClosedAt: null,
      CloseReason: null,
      FormAnswers: [],
      Priority: "normal",
      LabelIds: [],
      WaitingSince: null,
      WaitingOn: "staff",
      WaitingOnSince: null,
      SnoozedUntil: null,
      SnoozedBy: null,
    };
    renderApp(`/${community}/tickets`, server, {
      handlers: [
        demoStats,
        clockIs(24 * HOUR, true),
        rest.get(`${API}/${community}/tickets`, () => HttpResponse.json({ tickets: [ticket], total: 1, page: 1, per_page: 100 })),
        rest.get(`${API}/${community}/panels`, () => HttpResponse.json({ panels: { SinglePanels: [], MultiPanels: [] } })),
        rest.get(`${API}/${community}/close-reasons`, () => HttpResponse.json({ close_reasons: [] })),
        rest.get(`${API}/${community}/labels`, () => HttpResponse.json({ labels: [] })),
      ],
    });
    const row = (await screen.findByText("#7")).closest("tr")!;
    await waitFor(() => expect(within(row).getAllByText("5 minutes ago").length).toBeGreaterThan(0));
    expect(within(row).queryByText(/^in /)).toBeNull();
  });

  it("a manager sees the server's time ahead and that it is a demo clock, skips 24 hours and reads what the skip did", async () => {
    const skips: unknown[] = [];
    renderApp(`/${community}/try-it`, server, {
      handlers: [
        ...tryItHandlers,
        clockIs(36 * HOUR, true),
        rest.post(`${API}/${community}/demo/skip-ahead`, async ({ request }) => {
          skips.push(await request.json());
          return HttpResponse.json({
            closed: 1,
            warned: 2,
            alerted: 0,
            clock: { offsetMs: 60 * HOUR, now: Date.now() + 60 * HOUR, canSkip: true },
          });
        }),
      ],
    });
    const clock = await screen.findByTestId("demo-clock");
    await waitFor(() => expect(within(clock).getByText("Server time: +1 d 12 h")).toBeInTheDocument());
    expect(within(clock).getByText("demo clock")).toBeInTheDocument();
    expect(within(clock).getByText(/This demo server has a clock of its own/)).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: "Skip ahead 24 hours" }));
    expect(await screen.findByRole("status")).toHaveTextContent("Skipped 24 h ahead: 1 closed, 2 warned, 0 waiting alerts.");
    expect(skips).toEqual([{ hours: 24 }]);
    expect(within(clock).getByText("Server time: +2 d 12 h")).toBeInTheDocument();
  });

  it("staff who may not skip read the clock but get no skip buttons", async () => {
    renderApp(`/${community}/try-it`, server, { handlers: [...tryItHandlers, clockIs(0, false)] });
    const clock = await screen.findByTestId("demo-clock");
    await waitFor(() => expect(within(clock).getByText("Server time: real time")).toBeInTheDocument());
    expect(screen.queryByRole("button", { name: "Skip ahead 24 hours" })).toBeNull();
    expect(screen.queryByRole("group", { name: "Skip ahead" })).toBeNull();
  });
});
