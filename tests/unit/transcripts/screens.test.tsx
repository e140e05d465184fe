import { act, configure, fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { delay, http as rest, HttpResponse } from "msw";
import { afterEach, describe, expect, it, vi } from "vitest";
import { transcriptMessages } from "../../../src/schemas/messages";
import { allPermissions } from "../../../src/schemas/team";
import type { TranscriptSummary } from "../../../src/schemas/transcript";
import { API, useMswServer } from "../providers/helpers";
import { community, renderApp } from "../shell/harness";

const server = useMswServer();
vi.setConfig({ testTimeout: 30_000 });
// The first render loads the lazy screen and antd: allow more than the default second.
configure({ asyncUtilTimeout: 8000 });

const summary = (id: number, extra: Partial<TranscriptSummary> = {}): TranscriptSummary => ({
  TicketId: id,
  AuthorId: "700000000000000001",
  AuthorUsername: `user${id}`,
  CloseReason: "Resolved",
  PanelId: 1,
  PanelName: "Billing",
  Rating: 5,
  ClosedAt: 1_717_000_000_000,
  ...extra,
});

/** A fake list endpoint over 81 transcripts; records every query it receives. */
function listHandler(calls: URLSearchParams[], total = 81) {
  return rest.get(`${API}/:guildId/transcripts`, ({ request }) => {
    const params = new URL(request.url).searchParams;
    calls.push(params);
    const page = Number(params.get("page") ?? 1);
    const perPage = Number(params.get("per_page") ?? 25);
    const ids = Array.from({ length: total }, (_, i) => 2000 - i).slice((page - 1) * perPage, page * perPage);
    return HttpResponse.json({ transcripts: ids.map((id) => summary(id)), total, page, per_page: perPage });
  });
}

const panelsHandler = rest.get(`${API}/:guildId/transcript-panels`, () =>
  HttpResponse.json({ panels: ["Billing", "General Support", "Unknown"] }),
);
const lastCall = (calls: URLSearchParams[]) => Object.fromEntries(calls.at(-1)!.entries());

describe("transcripts list", () => {
  afterEach(() => vi.restoreAllMocks());

  it("shows the spec's columns with N/A, Deleted panel and No reason provided; View links to the transcript", async () => {
    server.use(
      panelsHandler,
      rest.get(`${API}/:guildId/transcripts`, () =>
        HttpResponse.json({
          transcripts: [
            summary(12, { Rating: null, PanelName: "Unknown", PanelId: null, CloseReason: null }),
            summary(11, { Rating: 3, CloseReason: "  " }),
          ],
          total: 2,
          page: 1,
          per_page: 25,
        }),
      ),
    );
    renderApp(`/${community}/transcripts`, server);
    const row = (await screen.findByText("user12")).closest("tr")!;
    for (const text of ["12", transcriptMessages.notApplicable, transcriptMessages.deletedPanel, transcriptMessages.noReason]) {
      expect(within(row).getByText(text)).toBeInTheDocument();
    }
    const other = screen.getByText("user11").closest("tr")!;
    expect(within(other).getByText("3 ★")).toBeInTheDocument();
    expect(within(other).getByText("Billing")).toBeInTheDocument();
    expect(within(other).getByText(transcriptMessages.noReason)).toBeInTheDocument();
    for (const title of ["Ticket ID", "Username", "Rating", "Panel", "Close Reason", "Actions"]) {
      expect(screen.getByRole("columnheader", { name: title })).toBeInTheDocument();
    }
    expect(within(row).getByRole("link", { name: /^View/ })).toHaveAttribute("href", `/${community}/transcripts/12`);
  });

  it("shows 'No transcripts found' when nothing matches", async () => {
    server.use(panelsHandler, listHandler([], 0));
    renderApp(`/${community}/transcripts`, server);
    expect(await screen.findByText(transcriptMessages.empty)).toBeInTheDocument();
  });

  it("pages on the server: Previous/Next, a typed page clamped to the last page, Per page resets to page 1", async () => {
    const calls: URLSearchParams[] = [];
    server.use(panelsHandler, listHandler(calls));
    const user = userEvent.setup();
    renderApp(`/${community}/transcripts`, server);
    await screen.findByText("user2000");
    expect(lastCall(calls)).toMatchObject({ page: "1", per_page: "25" });
    expect(screen.getByText("of 4")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Previous" })).toBeDisabled();

    await user.click(screen.getByRole("button", { name: "Next" }));
    await screen.findByText("user1975");
    // Next asks for the transcripts below the last one shown (a keyset page).
    expect(lastCall(calls)).toEqual({ page: "2", per_page: "25", before: "1976" });

    const pageBox = screen.getByRole("spinbutton", { name: "Page" });
    await user.clear(pageBox);
    await user.type(pageBox, "99{Enter}");
    await screen.findByText("user1925");
    // A jump asks for the page number itself.
    expect(lastCall(calls)).toEqual({ page: "4", per_page: "25" });
    await waitFor(() => expect(pageBox).toHaveValue(4));
    expect(screen.getByRole("button", { name: "Next" })).toBeDisabled();

    await user.clear(pageBox);
    await user.type(pageBox, "0{Enter}");
    await screen.findByText("user2000");
    expect(lastCall(calls)).toMatchObject({ page: "1" });

    await user.click(screen.getByRole("button", { name: "Next" }));
    await screen.findByText("user1975");
    // Per page: 50 → back to page 1.
    const perPage = screen.getByRole("combobox", { name: transcriptMessages.perPage });
    await user.selectOptions(perPage, "50");
    await waitFor(() => expect(lastCall(calls)).toMatchObject({ page: "1", per_page: "50" }));
    expect(await screen.findByText("of 2")).toBeInTheDocument();
  });

  it("§4: changing a filter resets the page to 1 and sends the filters", async () => {
    const calls: URLSearchParams[] = [];
    server.use(panelsHandler, listHandler(calls));
    renderApp(`/${community}/transcripts`, server);
    await screen.findByText("user2000");
    const next = () => fireEvent.click(screen.getByRole("button", { name: "Next" }));
    next();
    await waitFor(() => expect(lastCall(calls)).toMatchObject({ page: "2" }));
    next();
    await waitFor(() => expect(lastCall(calls)).toMatchObject({ page: "3" }));

    fireEvent.change(screen.getByRole("textbox", { name: "Username" }), { target: { value: "Maya" } });
    await waitFor(() => expect(lastCall(calls)).toMatchObject({ page: "1", username: "Maya" }));

    next();
    await waitFor(() => expect(lastCall(calls)).toMatchObject({ page: "2", username: "Maya" }));
    fireEvent.change(screen.getByRole("spinbutton", { name: "Ticket ID" }), { target: { value: "42" } });
    await waitFor(() => expect(lastCall(calls)).toMatchObject({ page: "1", ticket_id: "42", username: "Maya" }));

    next();
    await waitFor(() => expect(lastCall(calls)).toMatchObject({ page: "2" }));
    const ticketType = screen.getByRole("combobox", { name: "Ticket Type" });
    await waitFor(() => expect(within(ticketType).getByRole("option", { name: transcriptMessages.deletedPanel })).toBeInTheDocument());
    fireEvent.change(ticketType, { target: { value: "Unknown" } });
    await waitFor(() => expect(lastCall(calls)).toMatchObject({ page: "1", panel: "Unknown" }));

    next();
    await waitFor(() => expect(lastCall(calls)).toMatchObject({ page: "2" }));
    fireEvent.change(screen.getByRole("searchbox", { name: "Search messages" }), { target: { value: "refund order" } });
    await waitFor(() => expect(lastCall(calls)).toMatchObject({ page: "1", q: "refund order" }));
  });

  it("the filters, the rating sort and the hidden columns are the URL's: a link opens the list as it was left", async () => {
    const calls: URLSearchParams[] = [];
    server.use(panelsHandler, listHandler(calls));
    const { router } = renderApp(`/${community}/transcripts?username=Maya&panel=Billing&sort=rating&order=desc&hide=reason`, server);
    await screen.findByText("user2000");
    expect(lastCall(calls)).toMatchObject({ username: "Maya", panel: "Billing", sort: "rating", order: "desc" });
    expect(screen.getByRole("textbox", { name: "Username" })).toHaveValue("Maya");
    expect(screen.getByRole("combobox", { name: "Ticket Type" })).toHaveValue("Billing");
    expect(screen.getByRole("columnheader", { name: "Rating" })).toHaveAttribute("aria-sort", "descending");
    expect(screen.queryByRole("columnheader", { name: "Close Reason" })).not.toBeInTheDocument();

    // The header's sort goes into the URL and to the server; typing a filter too.
    fireEvent.click(within(screen.getByRole("columnheader", { name: "Rating" })).getByRole("button"));
    await waitFor(() => expect(lastCall(calls)).not.toHaveProperty("sort"));
    expect(new URLSearchParams(router.state.location.search).get("sort")).toBeNull();
    fireEvent.change(screen.getByRole("textbox", { name: "Username" }), { target: { value: "Max" } });
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get("username")).toBe("Max"));
  });

  it("picking a filter while a typed one waits for its pause keeps what is typed", async () => {
    const calls: URLSearchParams[] = [];
    server.use(panelsHandler, listHandler(calls));
    renderApp(`/${community}/transcripts?username=Maya`, server);
    await screen.findByText("user2000");
    const ticketType = screen.getByRole("combobox", { name: "Ticket Type" });
    await waitFor(() => expect(within(ticketType).getByRole("option", { name: transcriptMessages.deletedPanel })).toBeInTheDocument());
    fireEvent.change(screen.getByRole("textbox", { name: "Username" }), { target: { value: "" } });
    fireEvent.change(ticketType, { target: { value: "Unknown" } });
    expect(screen.getByRole("textbox", { name: "Username" })).toHaveValue("");
    await waitFor(() => expect(lastCall(calls)).toMatchObject({ panel: "Unknown" }));
    await waitFor(() => expect(lastCall(calls)).not.toHaveProperty("username"));
    expect(screen.getByRole("textbox", { name: "Username" })).toHaveValue("");
  });

  it("a failed list fetch shows 'Failed to fetch transcripts: {status text} {error}'", async () => {
    server.use(
      panelsHandler,
      rest.get(`${API}/:guildId/transcripts`, () => HttpResponse.json({ error: "Per page must be 25, 50, 75 or 100" }, { status: 400 })),
    );
    renderApp(`/${community}/transcripts`, server);
    expect(
      await screen.findByText(transcriptMessages.fetchListFailed("Bad Request", "Per page must be 25, 50, 75 or 100")),
    ).toBeInTheDocument();
  });
});

describe("bot API key", () => {
  it("an owner creates the key and sees it once; without EditSettings the button is hidden", async () => {
    let created = 0;
    server.use(
      panelsHandler,
      listHandler([], 0),
      rest.get(`${API}/:guildId/bot-key`, () =>
        HttpResponse.json(created ? { exists: true, created_at: 1_717_000_000_000 } : { exists: false, created_at: null }),
      ),
      rest.post(`${API}/:guildId/bot-key`, () => {
        created++;
        return HttpResponse.json({ key: "tkb_secret-key", message: "ok" }, { status: 201 });
      }),
    );
    const first = renderApp(`/${community}/transcripts`, server);
    fireEvent.click(await screen.findByRole("button", { name: "Bot API key" }));
    expect(await screen.findByText("This server has no bot key yet.")).toBeInTheDocument();
    fireEvent.click(screen.getByRole("button", { name: "Create key" }));
    expect(await screen.findByDisplayValue("tkb_secret-key")).toBeInTheDocument();
    expect(created).toBe(1);
    first.unmount();

    // Staff whose team loses EditSettings: the button, shown while they had it, goes once the page asks again (on the
    // next navigation) — a change the page must follow, not a button that was never drawn.
    const { router } = renderApp(`/${community}/transcripts`, server);
    let editSettings = true;
    let permissionChecks = 0;
    // After renderApp's own handlers, so these answer (the permissions are fetched later, asynchronously).
    server.use(
      rest.get(`${API}/:guildId/permissions`, () => {
        permissionChecks++;
        return HttpResponse.json({ level: "staff", permissions: { ...allPermissions(), EditSettings: editSettings } });
      }),
      rest.get(`${API}/:guildId/transcripts/:id`, () => HttpResponse.json({ transcript_html: "<p>ticket</p>" })),
    );
    expect(await screen.findByText(transcriptMessages.empty)).toBeInTheDocument();
    expect(await screen.findByRole("button", { name: "Bot API key" })).toBeInTheDocument();
    editSettings = false;
    const asked = permissionChecks;
    await act(() => router.navigate(`/${community}/transcripts/1042`));
    expect(await screen.findByTitle("Transcript of ticket #1042")).toBeInTheDocument();
    await act(() => router.navigate(`/${community}/transcripts`));
    expect(await screen.findByText(transcriptMessages.empty)).toBeInTheDocument();
    await waitFor(() => expect(permissionChecks).toBeGreaterThan(asked));
    await waitFor(() => expect(screen.queryByRole("button", { name: "Bot API key" })).toBeNull());
    expect(screen.getByRole("heading", { name: "Transcripts" })).toBeInTheDocument();
  });
});

describe("transcript view", () => {
  const hostile = "<!doctype html><html><body><p>hello</p><script>window.parent.__xss = 1</script></body></html>";

  it("shows the HTML in a full-height frame with an empty sandbox, through srcdoc, never in the page", async () => {
    server.use(
      rest.get(`${API}/:guildId/transcripts/:id`, ({ params }) =>
        HttpResponse.json({ transcript_html: hostile.replace("hello", `ticket ${params.id}`) }),
      ),
    );
    const { container } = renderApp(`/${community}/transcripts/1042`, server);
    const frame = (await screen.findByTitle("Transcript of ticket #1042")) as HTMLIFrameElement;
    expect(frame.tagName).toBe("IFRAME");
    expect(screen.getByRole("heading", { name: "Ticket #1042", level: 1 })).toBeInTheDocument();
    expect(frame.getAttribute("sandbox")).toBe("");
    expect(frame.getAttribute("srcdoc")).toContain("ticket 1042");
    expect(frame.getAttribute("src")).toBeNull();
    // The hostile markup is nowhere in the app's own DOM.
    expect(container.querySelector("script")).toBeNull();
    expect(container.innerHTML).not.toContain("<p>ticket 1042</p>");
    expect(screen.getByRole("link", { name: /Back to transcripts/ })).toHaveAttribute("href", `/${community}/transcripts`);
  });

  it("'Missing required parameters.' for an id that is not a ticket number, without calling the API", async () => {
    const asked: string[] = [];
    server.use(
      rest.get(`${API}/:guildId/transcripts/:id`, ({ params }) => {
        asked.push(String(params.id));
        return HttpResponse.json({ transcript_html: "<p>should not load</p>" });
      }),
    );
    renderApp(`/${community}/transcripts/not-a-number`, server);
    expect(await screen.findByText(transcriptMessages.missingParameters)).toBeInTheDocument();
    expect(asked).toEqual([]);
  });

  it("'Transcript not found or unavailable.' on 404", async () => {
    server.use(
      rest.get(`${API}/:guildId/transcripts/:id`, () => HttpResponse.json({ error: transcriptMessages.notFound }, { status: 404 })),
    );
    renderApp(`/${community}/transcripts/5`, server);
    expect(await screen.findByText(transcriptMessages.notFound)).toBeInTheDocument();
    expect(document.querySelector("iframe")).toBeNull();
  });

  it("'Failed to fetch transcript: {status text}' on other failures", async () => {
    server.use(rest.get(`${API}/:guildId/transcripts/:id`, () => HttpResponse.json({ error: "Stale" }, { status: 409 })));
    renderApp(`/${community}/transcripts/5`, server);
    expect(await screen.findByText(transcriptMessages.fetchFailed("Conflict"))).toBeInTheDocument();
  });

  it("shows a skeleton while the transcript loads", async () => {
    server.use(
      rest.get(`${API}/:guildId/transcripts/:id`, async () => {
        await delay(300);
        return HttpResponse.json({ transcript_html: "<p>x</p>" });
      }),
    );
    const { container } = renderApp(`/${community}/transcripts/6`, server);
    await waitFor(() => expect(container.querySelector(".transcript-frame-skeleton")).not.toBeNull());
    expect(await screen.findByTitle("Transcript of ticket #6")).toBeInTheDocument();
  });
});
