import { act, configure, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { delay, http as rest, HttpResponse } from "msw";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { ActivityEntry } from "../../../src/schemas/activity";
import { limits } from "../../../src/schemas/limits";
import { activityMessages } from "../../../src/schemas/messages";
import { API, useMswServer } from "../providers/helpers";
import { community, renderApp } from "../shell/harness";

const server = useMswServer();
vi.setConfig({ testTimeout: 30_000 });
// The first render loads the lazy screen and antd: allow more than the default second.
configure({ asyncUtilTimeout: 8000 });

const entry = (id: number, extra: Partial<ActivityEntry> = {}): ActivityEntry => ({
  ActivityId: id,
  Action: "Tag Created",
  Timestamp: 1_717_000_000 + id,
  UserId: "900000000000000001",
  Avatar: "/images/default-avatar.svg",
  Username: "Demo Admin",
  IpAddress: `10.0.0.${id}`,
  ...extra,
});

const actionsHandler = rest.get(`${API}/:guildId/activity/actions`, () =>
  HttpResponse.json({ actions: ["Settings Updated", "Tag Created"] }),
);

function activityHandler(calls: URLSearchParams[], rows: ActivityEntry[], total = rows.length, wait = 0) {
  return rest.get(`${API}/:guildId/activity`, async ({ request }) => {
    calls.push(new URL(request.url).searchParams);
    if (wait) await delay(wait);
    return HttpResponse.json({ activity: rows, total, page: 1, per_page: 25 });
  });
}

describe("activity logs screen", () => {
  afterEach(() => vi.restoreAllMocks());

  it("§2: the table's columns, the timestamp in local time and the user's avatar and name", async () => {
    server.use(actionsHandler, activityHandler([], [entry(7, { Action: "Settings Updated", Before: { A: 1 }, After: { A: 2 } })]));
    renderApp(`/${community}/activity`, server);
    expect(await screen.findByText("Settings Updated", { selector: "td" })).toBeInTheDocument();
    for (const title of ["ID", "Action", "Timestamp", "User", "IP Address"])
      expect(screen.getByRole("columnheader", { name: title })).toBeInTheDocument();
    const row = screen.getByText("10.0.0.7").closest("tr")!;
    expect(within(row).getByText(new Date((1_717_000_000 + 7) * 1000).toLocaleString())).toBeInTheDocument();
    expect(within(row).getByText("Demo Admin")).toBeInTheDocument();
    expect(row.querySelector("img")).toHaveAttribute("src", "/images/default-avatar.svg");
  });

  it("shows 'Loading activity logs...' while loading, then 'No activity logs found.'", async () => {
    server.use(actionsHandler, activityHandler([], [], 0, 300));
    renderApp(`/${community}/activity`, server);
    expect(await screen.findByText(activityMessages.loading)).toBeInTheDocument();
    expect(await screen.findByText(activityMessages.empty)).toBeInTheDocument();
  });

  it("shows 'Error: Failed to fetch: {statusText}' on failure and 'Invalid response format.' for a bad answer", async () => {
    server.use(
      actionsHandler,
      rest.get(`${API}/:guildId/activity`, () => HttpResponse.json({ error: "bad filter" }, { status: 400 })),
    );
    const first = renderApp(`/${community}/activity`, server);
    expect(await screen.findByText(activityMessages.error(activityMessages.fetchFailed("Bad Request")))).toBeInTheDocument();
    expect(screen.getByText("bad filter")).toBeInTheDocument();
    first.unmount();

    server.use(rest.get(`${API}/:guildId/activity`, () => HttpResponse.json({ activity: "nope" })));
    renderApp(`/${community}/activity`, server);
    expect(await screen.findByText(activityMessages.error(activityMessages.invalidResponse))).toBeInTheDocument();
  });

  it("Refresh refetches and reads 'Refreshing...' meanwhile", async () => {
    const calls: URLSearchParams[] = [];
    server.use(actionsHandler, activityHandler(calls, [entry(1)]));
    renderApp(`/${community}/activity`, server);
    await screen.findByText("10.0.0.1");
    server.use(activityHandler(calls, [entry(2)], 1, 300));
    fireEvent.click(screen.getByRole("button", { name: activityMessages.refresh }));
    expect(await screen.findByRole("button", { name: activityMessages.refreshing })).toBeDisabled();
    expect(await screen.findByText("10.0.0.2")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: activityMessages.refresh })).toBeEnabled();
    expect(calls).toHaveLength(2);
  });

  it("filters by user and action on the server, starting again at page 1", async () => {
    const calls: URLSearchParams[] = [];
    server.use(
      actionsHandler,
      activityHandler(
        calls,
        Array.from({ length: 25 }, (_, i) => entry(100 - i)),
        60,
      ),
    );
    renderApp(`/${community}/activity`, server);
    await screen.findByText("10.0.0.100");
    fireEvent.click(screen.getByRole("button", { name: "Page 2" }));
    await waitFor(() => expect(calls.at(-1)?.get("page")).toBe("2"));
    fireEvent.change(screen.getByRole("searchbox", { name: "User" }), { target: { value: "alice" } });
    await waitFor(() => expect(Object.fromEntries(calls.at(-1)!)).toMatchObject({ page: "1", user: "alice" }));
    const action = screen.getByRole("combobox", { name: "Action" });
    await waitFor(() => expect(within(action).getByRole("option", { name: "Settings Updated" })).toBeInTheDocument());
    fireEvent.change(action, { target: { value: "Settings Updated" } });
    await waitFor(() => expect(Object.fromEntries(calls.at(-1)!)).toMatchObject({ page: "1", user: "alice", action: "Settings Updated" }));
  });

  it("expands an entry to show what changed, before → after", async () => {
    server.use(
      actionsHandler,
      activityHandler(
        [],
        [entry(3, { Action: "Settings Updated", Before: { UserTicketLimit: 1, Same: "x" }, After: { UserTicketLimit: 3, Same: "x" } })],
      ),
    );
    renderApp(`/${community}/activity`, server);
    await screen.findByText("10.0.0.3");
    fireEvent.click(screen.getByRole("button", { name: "Show what changed" }));
    const view = await screen.findByRole("region", { name: "What changed" });
    const changed = within(view).getByText("UserTicketLimit").closest("tr")!;
    expect(within(changed).getByText("1")).toHaveAttribute("data-kind", "changed");
    expect(within(changed).getByText("3")).toBeInTheDocument();
    expect(within(view).getByRole("columnheader", { name: "Before" })).toBeInTheDocument();
  });

  it("Export CSV downloads the filtered rows through the API client with the bearer token", async () => {
    const csvRequests: Request[] = [];
    const calls: URLSearchParams[] = [];
    server.use(
      actionsHandler,
      activityHandler(calls, [entry(1)]),
      rest.get(`${API}/:guildId/activity.csv`, ({ request }) => {
        csvRequests.push(request);
        return new HttpResponse("\ufeffActivityId,Action\r\n1,Tag Created\r\n", { headers: { "content-type": "text/csv; charset=utf-8" } });
      }),
    );
    const blobs: Blob[] = [];
    const createObjectURL = vi.fn((blob: Blob) => {
      blobs.push(blob);
      return "blob:activity";
    });
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    const clicks: HTMLAnchorElement[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
      clicks.push(this);
    });
    renderApp(`/${community}/activity`, server);
    await screen.findByText("10.0.0.1");
    // The User filter applies once typing pauses for the debounce: the clock is moved past it, not waited for.
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    try {
      fireEvent.change(screen.getByRole("searchbox", { name: "User" }), { target: { value: "demo" } });
      act(() => {
        vi.advanceTimersByTime(limits.selectSearchDebounceMs);
      });
    } finally {
      vi.useRealTimers();
    }
    // The list is asked again with the filter (page 1), and the export takes the same filter.
    await waitFor(() => expect(Object.fromEntries(calls.at(-1)!)).toMatchObject({ user: "demo", page: "1" }));
    fireEvent.click(screen.getByRole("button", { name: "Export CSV" }));
    await waitFor(() => expect(clicks).toHaveLength(1));
    const url = new URL(csvRequests[0]!.url);
    expect(url.pathname).toBe(`/api/${community}/activity.csv`);
    expect(url.searchParams.get("user")).toBe("demo");
    expect(url.searchParams.get("page")).toBeNull();
    expect(csvRequests[0]!.headers.get("authorization")).toBe("Bearer test-token");
    expect(clicks[0]!.download).toBe(`activity-${community}.csv`);
    const text = await blobs[0]!.text();
    expect(text).toContain("ActivityId,Action\r\n1,Tag Created");
  });
});

describe("an entry whose changes the list left out", () => {
  it("loads them from the entry's own address when its row opens", async () => {
    const details: string[] = [];
    server.use(
      actionsHandler,
      activityHandler([], [entry(9, { Action: "Tag Created", ChangesOmitted: true })]),
      rest.get(`${API}/:guildId/activity/:activityId`, ({ params }) => {
        details.push(String(params.activityId));
        return HttpResponse.json({ entry: entry(9, { Before: { Content: "old text" }, After: { Content: "new text" } }) });
      }),
    );
    renderApp(`/${community}/activity`, server);
    const row = (await screen.findByText("10.0.0.9")).closest("tr")!;
    expect(details).toEqual([]);
    fireEvent.click(within(row).getByRole("button", { name: "Show what changed" }));
    const region = await screen.findByRole("region", { name: "What changed" });
    expect(within(region).getByText("old text")).toBeInTheDocument();
    expect(within(region).getByText("new text")).toBeInTheDocument();
    expect(details).toEqual(["9"]);
  });
});
