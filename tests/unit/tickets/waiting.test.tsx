import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { http as rest, HttpResponse } from "msw";
import { describe, expect, it, vi } from "vitest";
import type { TicketSummary } from "../../../src/schemas/ticket";
import { english } from "../../../src/resources/settings/settings-form";
import { fitsWaiting, SnoozeSelect, waitingFilterOptions } from "../../../src/resources/tickets/waiting";
import { API, useMswServer } from "../providers/helpers";
import { community, renderApp } from "../shell/harness";

// Waiting on the member in the queue: the filter's choices and how a live ticket is sorted in or out by it, the
// "Waiting on" column, the filter in the URL and sent to the server, and the snooze control (its lengths, "End
// snooze" only on a snoozed ticket, a snoozed ticket leaving "Needs attention").

const server = useMswServer();

const ticket = (n: number, extra: Partial<TicketSummary> = {}): TicketSummary => ({
  TicketId: n,
  Status: "open",
  PanelId: 1,
  PanelName: "General Support",
  OpenerId: "900000000000000002",
  OpenerName: "Demo Visitor",
  Subject: null,
  ClaimedById: null,
  ClaimedByName: null,
  ChannelId: "55",
  ChannelUrl: null,
  OpenedAt: Date.now() - 60_000,
  LastActivityAt: Date.now() - 60_000,
  ClosedAt: null,
  CloseReason: null,
  FormAnswers: [],
  Priority: "normal",
  LabelIds: [],
  WaitingSince: null,
  WaitingOn: "staff",
  WaitingOnSince: Date.now() - 60_000,
  SnoozedUntil: null,
  SnoozedBy: null,
  ...extra,
});

describe("the waiting filter", () => {
  it("offers every way the server filters, and sorts a ticket in or out as the server would", () => {
    expect(waitingFilterOptions(english).map((o) => [o.value, o.label])).toEqual([
      ["", "Waiting on anyone"],
      ["attention", "Needs attention"],
      ["staff", "Waiting on staff"],
      ["member", "Waiting on the member"],
      ["snoozed", "Snoozed"],
    ]);
    const onStaff = ticket(1);
    const snoozed = ticket(2, { SnoozedUntil: Date.now() + 3_600_000 });
    const onMember = ticket(3, { WaitingOn: "member" });
    const fits = (filter: string) => [onStaff, snoozed, onMember].filter((t) => fitsWaiting(t, filter)).map((t) => t.TicketId);
    expect(fits("")).toEqual([1, 2, 3]);
    expect(fits("attention")).toEqual([1]);
    expect(fits("staff")).toEqual([1, 2]);
    expect(fits("member")).toEqual([3]);
    expect(fits("snoozed")).toEqual([2]);
  });
});

describe("the snooze control", () => {
  it("offers the lengths, and 'End snooze' only on a snoozed ticket; each choice is one step", async () => {
    const user = userEvent.setup();
    const chosen = vi.fn();
    const { rerender } = render(<SnoozeSelect ticket={ticket(5)} tr={english} onChoose={chosen} />);
    const select = screen.getByRole("combobox", { name: "Snooze ticket #5" });
    expect(
      within(select)
        .getAllByRole("option")
        .map((o) => o.textContent),
    ).toEqual(["Snooze…", "1 hour", "4 hours", "1 day", "3 days", "1 week"]);
    await user.selectOptions(select, "4 hours");
    expect(chosen).toHaveBeenLastCalledWith({ minutes: 240 });
    // Back to its prompt after the choice.
    expect(select).toHaveValue("");
    rerender(<SnoozeSelect ticket={ticket(5, { SnoozedUntil: Date.now() + 60_000 })} tr={english} onChoose={chosen} />);
    await user.selectOptions(screen.getByRole("combobox", { name: "Snooze ticket #5" }), "End snooze");
    expect(chosen).toHaveBeenLastCalledWith("end");
  });
});

describe("the queue", { timeout: 30_000 }, () => {
  it("shows who each ticket waits on, sends the chosen filter to the server, and a snoozed ticket leaves Needs attention", async () => {
    const lists: string[] = [];
    const posts: { path: string; body: unknown }[] = [];
    const handlers = [
      rest.get(`${API}/stats`, () => HttpResponse.json({ total_member_count: 1, total_guilds: 1, demo: true })),
      rest.get(`${API}/${community}/demo/clock`, () => HttpResponse.json({ offsetMs: 0, now: Date.now(), canSkip: true })),
      rest.get(`${API}/${community}/tickets`, ({ request }) => {
        const search = new URL(request.url).search;
        lists.push(search);
        const rows = search.includes("waiting=member") ? [ticket(13, { WaitingOn: "member" })] : [ticket(12)];
        return HttpResponse.json({ tickets: rows, total: rows.length, page: 1, per_page: 100 });
      }),
      rest.get(`${API}/${community}/tickets/events`, () => new HttpResponse("", { headers: { "content-type": "text/event-stream" } })),
      rest.get(`${API}/${community}/panels`, () => HttpResponse.json({ panels: { SinglePanels: [], MultiPanels: [] } })),
      rest.get(`${API}/${community}/labels`, () => HttpResponse.json({ labels: [] })),
      rest.post(`${API}/${community}/tickets/:n/:action`, async ({ params, request }) => {
        posts.push({ path: `${params.n}/${params.action}`, body: await request.json() });
        return HttpResponse.json({
          message: "Ticket snoozed for 4 hours. It comes back to the queue then, or when the member writes.",
          ticket: ticket(12, { SnoozedUntil: Date.now() + 4 * 3_600_000, SnoozedBy: "Demo Staff" }),
        });
      }),
    ];
    const user = userEvent.setup();
    renderApp(`/${community}/tickets`, server, { handlers });
    await screen.findByText("#12");
    await user.selectOptions(screen.getByRole("combobox", { name: "Waiting on" }), "Needs attention");
    await waitFor(() => expect(lists.at(-1)).toBe("?waiting=attention&page=1&per_page=100"));
    const row = (await screen.findByText("#12")).closest("tr")!;
    expect(within(row).getByText("Staff")).toBeInTheDocument();
    expect(screen.getByRole("combobox", { name: "Waiting on" })).toHaveValue("attention");

    await user.selectOptions(within(row).getByRole("combobox", { name: "Snooze ticket #12" }), "4 hours");
    await waitFor(() => expect(posts).toEqual([{ path: "12/snooze", body: { Minutes: 240 } }]));
    expect(
      await screen.findByText("Ticket snoozed for 4 hours. It comes back to the queue then, or when the member writes."),
    ).toBeInTheDocument();
    // Snoozed: no longer in "Needs attention".
    await waitFor(() => expect(screen.queryByText("#12")).not.toBeInTheDocument());

    await user.selectOptions(screen.getByRole("combobox", { name: "Waiting on" }), "Waiting on the member");
    const other = (await screen.findByText("#13")).closest("tr")!;
    expect(within(other).getByText("Member")).toBeInTheDocument();
    expect(lists.at(-1)).toContain("waiting=member");
  });
});

describe("the Statistics screen", { timeout: 30_000 }, () => {
  it("shows the time waiting on staff and on members: total, median per ticket, open now, and how many tickets it is over", async () => {
    const handlers = [
      rest.get(`${API}/${community}/statistics/waiting`, () =>
        HttpResponse.json({
          Tickets: 3,
          Staff: { TotalMs: 60 * 60_000, MedianMs: 20 * 60_000 },
          Member: { TotalMs: 26 * 3_600_000, MedianMs: 3_600_000 },
          OpenOnStaff: 4,
          OpenOnMember: 2,
          Snoozed: 1,
        }),
      ),
    ];
    renderApp(`/${community}/statistics`, server, { handlers });
    const panel = (await screen.findByRole("heading", { name: "Waiting on staff and on members" })).closest(".stats-card") as HTMLElement;
    expect(await within(panel).findByRole("row", { name: /Staff/ })).toHaveTextContent("Staff1 h20 min4");
    expect(within(panel).getByRole("row", { name: /Members/ })).toHaveTextContent("Members1 d 2 h1 h2");
    expect(within(panel).getByText("Tickets closed in the range: 3. Snoozed now: 1.")).toBeInTheDocument();
  });
});
