import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { delay, http as rest, HttpResponse } from "msw";
import { describe, expect, it } from "vitest";
import { frameMessages, tagMessages } from "../../../src/schemas/messages";
import { allPermissions } from "../../../src/schemas/team";
import { API, useMswServer } from "../providers/helpers";
import { community, renderApp } from "../shell/harness";

const server = useMswServer();
const tagsUrl = `${API}/${community}/tags`;
const seed = () => [
  { TagId: "4b2f5b9e-1f0a-4c57-9d1e-0a8f6c1b2a01", TagName: "welcome", Content: "Welcome to Demo Community!" },
  { TagId: "4b2f5b9e-1f0a-4c57-9d1e-0a8f6c1b2a02", TagName: "Rules", Content: "Be kind. " + "Long text ".repeat(40) },
];

/** A tags API in memory: GET lists, POST adds, DELETE removes; every call is recorded. */
function tagsApi(initial = seed()) {
  const state = { tags: [...initial], gets: 0, posts: [] as unknown[], deletes: [] as string[] };
  const handlers = [
    rest.get(tagsUrl, () => {
      state.gets++;
      return HttpResponse.json({ tags: state.tags });
    }),
    rest.post(tagsUrl, async ({ request }) => {
      const body = (await request.json()) as { TagName: string; Content: string };
      state.posts.push(body);
      await delay(150);
      state.tags.push({ TagId: `4b2f5b9e-1f0a-4c57-9d1e-0a8f6c1b2a0${state.tags.length + 1}`, ...body });
      return HttpResponse.json({ message: "Tag created successfully" }, { status: 201 });
    }),
    rest.delete(`${tagsUrl}/:tagId`, async ({ params }) => {
      state.deletes.push(String(params.tagId));
      await delay(150);
      state.tags = state.tags.filter((t) => t.TagId !== params.tagId);
      return HttpResponse.json({ message: "Tag deleted successfully" });
    }),
  ];
  return { state, handlers };
}

async function openTags(handlers = tagsApi().handlers) {
  const user = userEvent.setup();
  const view = renderApp(`/${community}/tags`, server, { handlers });
  await screen.findByRole("heading", { name: tagMessages.title, level: 1 });
  return { user, ...view };
}

const table = () => screen.getByRole("table");
// The first dialog loads the editor chunk (rjsf): slow in jsdom, hence the longer waits for dialogs.

describe("Tags (§2, §4, §5)", { timeout: 30_000 }, () => {
  it("shows 'Tags', the 'Manage Tags' table with ID, Name, Content and Actions, and the rows", async () => {
    await openTags();
    expect(await screen.findByText("welcome")).toBeInTheDocument();
    expect(screen.getByText(tagMessages.manageTags)).toBeInTheDocument();
    const headers = within(table())
      .getAllByRole("columnheader")
      .map((h) => h.textContent);
    // Before the spec's columns, the selection's (its checkbox is named; the header has no text).
    expect(headers).toEqual(["", "ID", "Name", "Content", "Actions"]);
    expect(within(table()).getAllByRole("button", { name: tagMessages.delete })).toHaveLength(2);
  });

  it("truncates long content to one line", async () => {
    await openTags();
    const cell = (await screen.findByText(/^Be kind\./)).closest("td")!;
    expect(cell).toHaveClass("dt-ellipsis");
  });

  it("'Search tag' matches name or content, case-sensitively", async () => {
    const { user } = await openTags();
    await screen.findByText("welcome");
    const search = screen.getByPlaceholderText(tagMessages.search);
    await user.type(search, "Rules");
    expect(screen.queryByText("welcome")).toBeNull();
    expect(screen.getByText("Rules")).toBeInTheDocument();
    await user.clear(search);
    await user.type(search, "rules");
    expect(screen.queryByText("Rules")).toBeNull();
    expect(await screen.findByText(tagMessages.empty)).toBeInTheDocument();
    await user.clear(search);
    await user.type(search, "Demo Community");
    expect(screen.getByText("welcome")).toBeInTheDocument();
    expect(screen.queryByText("Rules")).toBeNull();
  });

  it("shows 'No tags found' when there are none", async () => {
    await openTags(tagsApi([]).handlers);
    expect(await screen.findByText(tagMessages.empty)).toBeInTheDocument();
  });

  it("a load failure shows 'Error Loading Page' with the server's message, else 'Failed to fetch Tags page'", async () => {
    await openTags([rest.get(tagsUrl, () => HttpResponse.json({ error: "Unknown guild" }, { status: 404 }))]);
    expect(await screen.findByText(frameMessages.errorLoadingPage)).toBeInTheDocument();
    expect(screen.getByText("Unknown guild")).toBeInTheDocument();
  });

  it("…and the fallback text when the failure has none", async () => {
    await openTags([rest.get(tagsUrl, () => HttpResponse.json({ error: "" }, { status: 404 }))]);
    expect(await screen.findByText(frameMessages.failedToFetchPage("Tags"))).toBeInTheDocument();
  });

  it("an empty 'Add Tag' shows the validation messages and sends nothing", async () => {
    const api = tagsApi();
    const { user } = await openTags(api.handlers);
    await user.click(await screen.findByRole("button", { name: tagMessages.addNewTag }));
    const dialog = await screen.findByRole("dialog", { name: tagMessages.addNewTag }, { timeout: 20_000 });
    expect(within(dialog).getByLabelText(/Tag Name/)).toBeInTheDocument();
    expect(within(dialog).getByLabelText(/Tag Content/).tagName).toBe("TEXTAREA");
    await user.click(within(dialog).getByRole("button", { name: tagMessages.addTag }));
    expect(await within(dialog).findByText(tagMessages.nameRequired)).toBeInTheDocument();
    expect(within(dialog).getByText(tagMessages.contentRequired)).toBeInTheDocument();
    await user.click(within(dialog).getByLabelText(/Tag Name/));
    await user.paste("x".repeat(256));
    expect(await within(dialog).findByText(tagMessages.nameTooLong)).toBeInTheDocument();
    expect(api.state.posts).toEqual([]);
  });

  it("adding: 'Adding...' while pending, then the dialog closes, the list is refetched and the form is reset", async () => {
    const api = tagsApi();
    const { user } = await openTags(api.handlers);
    await screen.findByText("welcome");
    const getsBefore = api.state.gets;
    await user.click(await screen.findByRole("button", { name: tagMessages.addNewTag }));
    const dialog = await screen.findByRole("dialog", { name: tagMessages.addNewTag }, { timeout: 20_000 });
    await user.type(within(dialog).getByLabelText(/Tag Name/), "  faq ");
    await user.type(within(dialog).getByLabelText(/Tag Content/), "Read the FAQ first.");
    await user.click(within(dialog).getByRole("button", { name: tagMessages.addTag }));
    expect(await within(dialog).findByRole("button", { name: new RegExp(tagMessages.adding.replace(/\./g, "\\.")) })).toBeInTheDocument();
    expect(await screen.findByText("faq")).toBeInTheDocument();
    expect(api.state.posts).toEqual([{ TagName: "faq", Content: "Read the FAQ first." }]);
    expect(api.state.gets).toBeGreaterThan(getsBefore);
    await waitFor(() => expect(screen.queryByRole("dialog", { name: tagMessages.addNewTag })).toBeNull());
    expect(await screen.findByText("Tag created successfully")).toBeInTheDocument();
    await user.click(await screen.findByRole("button", { name: tagMessages.addNewTag }));
    const again = await screen.findByRole("dialog", { name: tagMessages.addNewTag }, { timeout: 20_000 });
    expect(within(again).getByLabelText(/Tag Name/)).toHaveValue("");
  });

  it("a server error shows in a toast and inside the dialog, and the form is reset", async () => {
    // The first matching handler answers: the failing POST goes before the in-memory API.
    const { user } = await openTags([
      rest.post(tagsUrl, () => HttpResponse.json({ error: "A tag named faq already exists" }, { status: 409 })),
      ...tagsApi().handlers,
    ]);
    await user.click(await screen.findByRole("button", { name: tagMessages.addNewTag }));
    const dialog = await screen.findByRole("dialog", { name: tagMessages.addNewTag }, { timeout: 20_000 });
    await user.type(within(dialog).getByLabelText(/Tag Name/), "faq");
    await user.type(within(dialog).getByLabelText(/Tag Content/), "text");
    await user.click(within(dialog).getByRole("button", { name: tagMessages.addTag }));
    const alert = await within(dialog).findByRole("alert");
    expect(alert).toHaveTextContent("A tag named faq already exists");
    await waitFor(() => expect(screen.getAllByText("A tag named faq already exists")).toHaveLength(2));
    expect(screen.getByRole("dialog", { name: tagMessages.addNewTag })).toBeInTheDocument();
    await waitFor(() => expect(within(dialog).getByLabelText(/Tag Name/)).toHaveValue(""));
  });

  it("delete shows 'Deleting...' while pending, then the row is gone", async () => {
    const api = tagsApi();
    const { user } = await openTags(api.handlers);
    const row = (await screen.findByText("welcome")).closest("tr")!;
    await user.click(within(row).getByRole("button", { name: tagMessages.delete }));
    expect(await within(row).findByRole("button", { name: tagMessages.deleting })).toBeDisabled();
    await waitFor(() => expect(screen.queryByText("welcome")).toBeNull());
    expect(api.state.deletes).toEqual(["4b2f5b9e-1f0a-4c57-9d1e-0a8f6c1b2a01"]);
  });

  it("without CreateTag there is no Add button; without DeleteTag Delete is disabled", async () => {
    const permissions = { ...allPermissions(), CreateTag: false, DeleteTag: false };
    await openTags([
      rest.get(`${API}/:guildId/permissions`, () => HttpResponse.json({ level: "staff", permissions })),
      ...tagsApi().handlers,
    ]);
    const row = (await screen.findByText("welcome")).closest("tr")!;
    await waitFor(() => expect(within(row).getByRole("button", { name: tagMessages.delete })).toBeDisabled());
    expect(screen.queryByRole("button", { name: tagMessages.addNewTag })).toBeNull();
  });

  it("pages on the server (10 a page, the total from the answer); a search looks through the whole list", async () => {
    const many = Array.from({ length: 23 }, (_, i) => ({
      TagId: `4b2f5b9e-1f0a-4c57-9d1e-0a8f6c1b2b${String(i).padStart(2, "0")}`,
      TagName: `tag-${i + 1}`,
      Content: `Reply ${i + 1}`,
    }));
    const asked: string[] = [];
    const { user } = await openTags([
      rest.get(tagsUrl, ({ request }) => {
        const params = new URL(request.url).searchParams;
        asked.push(params.toString());
        if (!params.has("page")) return HttpResponse.json({ tags: many });
        const page = Number(params.get("page"));
        const perPage = Number(params.get("per_page"));
        return HttpResponse.json({ tags: many.slice((page - 1) * perPage, page * perPage), total: many.length, page, per_page: perPage });
      }),
    ]);
    expect(await screen.findByText("tag-1")).toBeInTheDocument();
    expect(asked).toEqual(["page=1&per_page=10"]);
    expect(screen.queryByText("tag-11")).toBeNull();
    const pages = screen.getByRole("navigation", { name: "Pages" });
    expect(within(pages).getByRole("button", { name: "Page 3" })).toBeInTheDocument();
    await user.click(within(pages).getByRole("button", { name: "Page 2" }));
    expect(await screen.findByText("tag-11")).toBeInTheDocument();
    expect(asked.at(-1)).toBe("page=2&per_page=10");

    // tag-23 is on page 3: the search asks for the whole list and finds it.
    await user.type(screen.getByPlaceholderText(tagMessages.search), "Reply 23");
    expect(await screen.findByText("tag-23")).toBeInTheDocument();
    expect(asked).toContain("");
    expect(screen.queryByText("tag-11")).toBeNull();
  });
});
