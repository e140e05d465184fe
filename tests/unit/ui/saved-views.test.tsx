import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { http as rest, HttpResponse } from "msw";
import { describe, expect, it } from "vitest";
import { savedViewMessages, type SavedView } from "../../../src/schemas/saved-view";
import { API, useMswServer } from "../providers/helpers";
import { community, renderApp } from "../shell/harness";

// The "Views" control above a grid (src/ui/grid/SavedViews.tsx), on the generated Close Reasons list: a view opens
// as the list's URL (filters, sort, hidden columns), the current state is saved under a name, refusals are told.

const server = useMswServer();
const list = `${API}/${community}/close-reasons`;
const views = `${API}/${community}/views`;

function api(initial: SavedView[] = []) {
  const state = { views: [...initial], posts: [] as unknown[], lists: [] as string[], patches: [] as unknown[], deletes: [] as string[] };
  const handlers = [
    rest.get(list, () =>
      HttpResponse.json({
        close_reasons: [
          { ReasonId: 1, Label: "Resolved", Text: "The issue was solved.", Position: 0, Revision: 3 },
          { ReasonId: 2, Label: "Duplicate", Text: "Already reported.", Position: 1, Revision: 1 },
        ],
      }),
    ),
    rest.get(views, ({ request }) => {
      state.lists.push(new URL(request.url).searchParams.get("list") ?? "");
      return HttpResponse.json({ views: state.views });
    }),
    rest.post(views, async ({ request }) => {
      const body = (await request.json()) as { name: string; state: SavedView["State"] };
      state.posts.push(body);
      if (body.name === "Full") return HttpResponse.json({ error: savedViewMessages.quotaFull(20) }, { status: 409 });
      const view = { ViewId: 9, List: "close-reasons", Name: body.name, State: body.state, CreatedAt: 1, UpdatedAt: 1 };
      state.views.push(view);
      return HttpResponse.json({ message: savedViewMessages.created, view }, { status: 201 });
    }),
    rest.patch(`${views}/:viewId`, async ({ params, request }) => {
      const body = (await request.json()) as Partial<SavedView["State"]> & { name?: string };
      state.patches.push({ id: params.viewId, ...body });
      state.views = state.views.map((v) => (String(v.ViewId) === params.viewId ? { ...v, Name: body.name ?? v.Name } : v));
      return HttpResponse.json({ message: savedViewMessages.updated, view: state.views.find((v) => String(v.ViewId) === params.viewId) });
    }),
    rest.delete(`${views}/:viewId`, ({ params }) => {
      state.deletes.push(String(params.viewId));
      state.views = state.views.filter((v) => String(v.ViewId) !== params.viewId);
      return HttpResponse.json({ message: savedViewMessages.deleted });
    }),
  ];
  return { state, handlers };
}

const saved: SavedView = {
  ViewId: 7,
  List: "close-reasons",
  Name: "Duplicates",
  State: { filters: { q: "Dup" }, sort: { field: "Label", order: "desc" }, hide: ["Text"] },
  CreatedAt: 1,
  UpdatedAt: 1,
};

describe("saved views", { timeout: 30_000 }, () => {
  it("opens a view: its filters, sort and hidden columns become the list's URL and what it shows", async () => {
    const { state, handlers } = api([saved]);
    const user = userEvent.setup();
    const { router } = renderApp(`/${community}/close-reasons`, server, { handlers });
    expect(await screen.findByText("Resolved")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Views" }));
    await user.click(await screen.findByRole("menuitem", { name: "Duplicates" }));

    await waitFor(() => expect(screen.queryByText("Resolved")).not.toBeInTheDocument());
    expect(screen.getByText("Duplicate")).toBeInTheDocument();
    expect(screen.queryByRole("columnheader", { name: "Text" })).not.toBeInTheDocument();
    expect(screen.getByRole("columnheader", { name: "Label" })).toHaveAttribute("aria-sort", "descending");
    expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({
      q: "Dup",
      sort: "Label",
      order: "desc",
      hide: "Text",
      view: "7",
    });
    expect(screen.getByRole("button", { name: "View: Duplicates" })).toBeInTheDocument();
    expect(state.lists).toContain("close-reasons");
  });

  it("saves the list's current filters, sort and columns under a name; Escape leaves the name field", async () => {
    const { state, handlers } = api();
    const user = userEvent.setup();
    const { router } = renderApp(`/${community}/close-reasons?q=Res&sort=Label&order=desc&page=2`, server, { handlers });
    expect(await screen.findByText("Resolved")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Views" }));
    expect(await screen.findByText("No saved views yet")).toBeInTheDocument();
    await user.click(screen.getByRole("menuitem", { name: "Save current view as…" }));
    await user.keyboard("{Escape}");
    expect(screen.queryByRole("textbox", { name: "View name" })).not.toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Views" }));
    await user.click(await screen.findByRole("menuitem", { name: "Save current view as…" }));
    await user.type(screen.getByRole("textbox", { name: "View name" }), "Resolved first{Enter}");
    await waitFor(() => expect(state.posts).toHaveLength(1));
    // The page is where the reader is, not part of the view.
    expect(state.posts[0]).toEqual({
      list: "close-reasons",
      name: "Resolved first",
      state: { filters: { q: "Res" }, sort: { field: "Label", order: "desc" }, hide: [] },
    });
    expect(await screen.findByRole("button", { name: "View: Resolved first" })).toBeInTheDocument();
    expect(new URLSearchParams(router.state.location.search).get("view")).toBe("9");
    expect(screen.queryByRole("textbox", { name: "View name" })).not.toBeInTheDocument();
  });

  it("tells the quota's refusal in the reader's words and keeps the name typed", async () => {
    const { handlers } = api();
    const user = userEvent.setup();
    renderApp(`/${community}/close-reasons`, server, { handlers });
    expect(await screen.findByText("Resolved")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Views" }));
    await user.click(await screen.findByRole("menuitem", { name: "Save current view as…" }));
    await user.type(screen.getByRole("textbox", { name: "View name" }), "Full{Enter}");
    expect(await screen.findByText("You keep at most 20 views of this list: delete one first")).toBeInTheDocument();
    expect(screen.getByRole("textbox", { name: "View name" })).toHaveValue("Full");
    expect(within(document.body).queryByRole("button", { name: /^View:/ })).not.toBeInTheDocument();
  });

  it("renames and deletes the view picked; a changed list offers to update it", async () => {
    const { state, handlers } = api([saved]);
    const user = userEvent.setup();
    const { router } = renderApp(`/${community}/close-reasons?q=Dup&sort=Label&order=desc&hide=Text&view=7`, server, { handlers });
    const trigger = await screen.findByRole("button", { name: "View: Duplicates" });
    await user.click(trigger);
    await user.click(await screen.findByRole("menuitem", { name: "Rename “Duplicates”…" }));
    const name = screen.getByRole("textbox", { name: "View name" });
    expect(name).toHaveValue("Duplicates");
    await user.clear(name);
    await user.type(name, "Dupes{Enter}");
    expect(await screen.findByRole("button", { name: "View: Dupes" })).toBeInTheDocument();
    expect(state.patches).toEqual([{ id: "7", name: "Dupes" }]);

    // Another sort: the view reads as changed and can take the new state.
    await user.click(within(screen.getByRole("columnheader", { name: "Label" })).getByRole("button"));
    expect(await screen.findByRole("button", { name: "View: Dupes (changed)" })).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "View: Dupes (changed)" }));
    await user.click(await screen.findByRole("menuitem", { name: "Update “Dupes”" }));
    await waitFor(() => expect(state.patches).toHaveLength(2));
    expect(state.patches[1]).toEqual({ id: "7", state: { filters: { q: "Dup" }, sort: null, hide: ["Text"] } });

    await user.click(screen.getByRole("button", { name: /^View: Dupes/ }));
    await user.click(await screen.findByRole("menuitem", { name: "Delete “Dupes”" }));
    await waitFor(() => expect(state.deletes).toEqual(["7"]));
    expect(await screen.findByRole("button", { name: "Views" })).toBeInTheDocument();
    expect(new URLSearchParams(router.state.location.search).get("view")).toBeNull();
    expect(new URLSearchParams(router.state.location.search).get("q")).toBe("Dup");
  });
});
