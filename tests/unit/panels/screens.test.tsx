import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { delay, http as rest, HttpResponse } from "msw";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { cookieTokenStore } from "../../../src/providers/session";
import PanelList from "../../../src/resources/panels/PanelList";
import { frameMessages, panelMessages } from "../../../src/schemas/messages";
import { noPermissions } from "../../../src/schemas/team";
import { API, useMswServer } from "../providers/helpers";
import { community, renderApp } from "../shell/harness";
import { captureToasts } from "../teams/toasts";

const server = useMswServer();
const toasts = captureToasts();
vi.setConfig({ testTimeout: 60_000 });

const listUrl = `/${community}/panels`;
const properties = {
  channels: { text: { general: "111", support: "222" }, categories: { Support: "301" } },
  emojis: [{ id: "812345678901234801", name: "ticket", url: "/images/guilds/emojis/ticket.svg" }],
  roles: [{ RoleId: "401", RoleName: "Moderator" }],
  support_teams: [{ TeamId: "7", TeamName: "Support Team" }],
  forms: [{ FormId: 5, FormName: "Bug form" }],
};
const single = (PanelId: number, PanelName: string, extra: object = {}) => ({
  PanelId,
  PanelName,
  NamingScheme: "ticket-%id%",
  MentionRoleId: null,
  SupportTeams: [],
  TicketCategory: null,
  FormId: null,
  MessageId: null,
  Revision: 3,
  PanelMessage: {
    PanelChannel: "222",
    PanelTitle: `${PanelName} title`,
    PanelTitleURL: "",
    PanelDescription: "",
    PanelContent: "",
    PanelFooter: "",
    PanelFooterIconURL: "",
    PanelAuthor: "",
    PanelAuthorIconURL: "",
    PanelAuthorURL: "",
    PanelImageURL: "",
    PanelThumbnailURL: "",
    PanelColor: "#43B581",
    PanelFields: [],
    ButtonText: "Open",
    ButtonEmoji: "🎫",
    ButtonColor: "Primary",
    DisablePanel: false,
  },
  WelcomeMessage: {
    WelcomeTitle: "Hi",
    WelcomeTitleURL: "",
    WelcomeDescription: "",
    WelcomeContent: "",
    WelcomeFooter: "",
    WelcomeFooterIconURL: "",
    WelcomeAuthor: "",
    WelcomeAuthorIconURL: "",
    WelcomeAuthorURL: "",
    WelcomeImageURL: "",
    WelcomeThumbnailURL: "",
    WelcomeColor: "#5865F2",
  },
  ...extra,
});
const multi = {
  PanelId: 3,
  PanelChannelId: "111",
  Panels: ["1", "2"],
  DropdownMenu: false,
  DropdownMenuPlaceholder: "",
  PanelTitle: "Help Center",
  PanelTitleURL: "",
  PanelDescription: "",
  PanelContent: "",
  PanelAuthor: "",
  PanelAuthorIconURL: "",
  PanelAuthorURL: "",
  PanelImageURL: "",
  PanelThumbnailURL: "",
  PanelFooter: "",
  PanelFooterIconURL: "",
  PanelColor: "#43B581",
  PanelFields: [],
  MessageId: null,
  Revision: 1,
};
const body = (SinglePanels: object[] = [single(1, "General Support"), single(2, "Billing")], MultiPanels: object[] = [multi]) => ({
  panels: { SinglePanels, MultiPanels },
});

function apiHandlers(calls = { list: 0 }, list: () => object = () => body()) {
  return [
    rest.get(`${API}/:guildId/panels`, () => {
      calls.list += 1;
      return HttpResponse.json(list());
    }),
    rest.get(`${API}/:guildId/panel-properties`, () => HttpResponse.json(properties)),
  ];
}
const messages = () => toasts.map((t) => `${t.type}: ${t.message}${t.description ? ` — ${t.description}` : ""}`);
const row = async (name: string) => (await screen.findByText(name)).closest("li") as HTMLElement;

async function pick(label: HTMLElement, option: string) {
  fireEvent.mouseDown(label.closest(".ant-select")!.querySelector(".ant-select-selector")!);
  fireEvent.click((await screen.findAllByTitle(option)).at(-1)!);
}

describe("Ticket Panels list (§2)", () => {
  afterEach(() => cookieTokenStore.remove());

  it("shows both cards with rows (name or title, #PanelId), Create links and the row buttons", async () => {
    renderApp(listUrl, server, { handlers: apiHandlers() });
    expect(await screen.findByRole("heading", { name: panelMessages.title })).toBeInTheDocument();
    const general = await row("General Support");
    expect(within(general).getByText("#1")).toBeInTheDocument();
    expect(within(general).getByText("#support")).toBeInTheDocument();
    for (const name of ["Resend", "Edit", panelMessages.deletePanel])
      expect(within(general).getByRole(name === "Edit" ? "link" : "button", { name: new RegExp(name) })).toBeInTheDocument();
    expect(within(general).getByRole("link", { name: "Edit" })).toHaveAttribute("href", `${listUrl}/edit-single/1`);
    const help = await row("Help Center");
    expect(within(help).getByText("#3")).toBeInTheDocument();
    expect(within(help).getByRole("link", { name: "Edit" })).toHaveAttribute("href", `${listUrl}/edit-multi/3`);
    expect(screen.getByRole("link", { name: "Create panel" })).toHaveAttribute("href", `${listUrl}/create-single`);
    expect(screen.getByRole("link", { name: "Create multi-panel" })).toHaveAttribute("href", `${listUrl}/create-multi`);
    expect(screen.getByText(panelMessages.panels, { selector: ".card-title" })).toBeInTheDocument();
    expect(screen.getByText(panelMessages.multiPanels, { selector: ".card-title" })).toBeInTheDocument();
  });

  it("shows the empty texts", async () => {
    renderApp(listUrl, server, { handlers: apiHandlers(undefined, () => body([], [])) });
    expect(await screen.findByText(panelMessages.noSinglePanels)).toBeInTheDocument();
    expect(screen.getByText(panelMessages.noMultiPanels)).toBeInTheDocument();
  });

  it("says 'You are not logged in' without a session cookie (and calls nothing)", () => {
    cookieTokenStore.remove();
    const router = createMemoryRouter([{ path: "*", element: <PanelList guildId={community} /> }]);
    render(<RouterProvider router={router} />);
    expect(screen.getByText(panelMessages.notLoggedIn)).toBeInTheDocument();
  });

  it("shows the error page when the property lookup fails", async () => {
    renderApp(listUrl, server, {
      handlers: [
        rest.get(`${API}/:guildId/panel-properties`, () => HttpResponse.json({ error: "boom" }, { status: 400 })),
        ...apiHandlers(),
      ],
    });
    expect(await screen.findByText(panelMessages.propertiesErrorPage, {}, { timeout: 20_000 })).toBeInTheDocument();
    expect(screen.getByText("boom")).toBeInTheDocument();
  });

  it("hides Create and disables actions the caller lacks", async () => {
    const perms = { ...noPermissions(), ViewSinglePanel: true, ViewMultiPanel: true, EditMultiPanel: true };
    renderApp(listUrl, server, {
      handlers: [
        ...apiHandlers(),
        rest.get(`${API}/:guildId/permissions`, () => HttpResponse.json({ level: "staff", permissions: perms })),
      ],
    });
    const general = await row("General Support");
    await waitFor(() => expect(within(general).getByRole("button", { name: /Resend/ })).toBeDisabled());
    expect(within(general).getByRole("button", { name: new RegExp(panelMessages.deletePanel) })).toBeDisabled();
    const help = await row("Help Center");
    await waitFor(() => expect(within(help).getByRole("button", { name: /Resend/ })).toBeEnabled());
    expect(screen.queryByRole("link", { name: "Create panel" })).toBeNull();
    expect(screen.queryByRole("link", { name: "Create multi-panel" })).toBeNull();
  });

  it("delete asks first; a 409 shows the server's message in a toast; success toasts 'Panel deleted!' and refetches", async () => {
    const calls = { list: 0 };
    let answer = () => HttpResponse.json({ error: 'This panel is used by the multi-panel "Help Center" (#3).' }, { status: 409 });
    const deleted: string[] = [];
    renderApp(listUrl, server, {
      handlers: [
        ...apiHandlers(calls),
        rest.delete(`${API}/:guildId/panels/:id`, async ({ params }) => {
          deleted.push(String(params.id));
          await delay(100);
          return answer();
        }),
      ],
    });
    const general = await row("General Support");
    fireEvent.click(within(general).getByRole("button", { name: new RegExp(panelMessages.deletePanel) }));
    const dialog = await screen.findByRole("dialog");
    expect(within(dialog).getByText(panelMessages.deleteConfirm)).toBeInTheDocument();
    expect(within(dialog).getByText(panelMessages.deletePanel, { selector: ".ant-modal-title" })).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole("button", { name: "Cancel" }));
    await delay(200);
    expect(deleted).toEqual([]);

    fireEvent.click(within(general).getByRole("button", { name: new RegExp(panelMessages.deletePanel) }));
    const again = (await screen.findAllByRole("dialog")).at(-1)!;
    fireEvent.click(within(again).getByRole("button", { name: panelMessages.deletePanel }));
    expect(await within(again).findByRole("button", { name: new RegExp(panelMessages.deleting) })).toBeInTheDocument();
    await waitFor(() =>
      expect(messages()).toContain(`error: ${panelMessages.deleteFailed} — This panel is used by the multi-panel "Help Center" (#3).`),
    );
    const before = calls.list;
    answer = () => HttpResponse.json({ message: "Panel deleted successfully." });
    fireEvent.click(within(again).getByRole("button", { name: new RegExp(panelMessages.deletePanel) }));
    await waitFor(() => expect(messages()).toContain(`success: ${panelMessages.deleted}`));
    await waitFor(() => expect(calls.list).toBeGreaterThan(before));
    expect(deleted).toEqual(["1", "1"]);
  });

  it("resend shows 'Resending...' while pending, then the server's message", async () => {
    renderApp(listUrl, server, {
      handlers: [
        ...apiHandlers(),
        rest.post(`${API}/:guildId/panels/:id/resend`, async () => {
          await delay(200);
          return HttpResponse.json({ message: panelMessages.resent });
        }),
      ],
    });
    const general = await row("General Support");
    fireEvent.click(within(general).getByRole("button", { name: /Resend/ }));
    expect(await within(general).findByText(panelMessages.resending)).toBeInTheDocument();
    await waitFor(() => expect(messages()).toContain(`success: ${panelMessages.resent}`));
  });

  it("a failed resend says so with the server's message", async () => {
    renderApp(listUrl, server, {
      handlers: [
        ...apiHandlers(),
        rest.post(`${API}/:guildId/panels/:id/resend`, () => HttpResponse.json({ error: "Channel not found" }, { status: 404 })),
      ],
    });
    fireEvent.click(within(await row("Billing")).getByRole("button", { name: /Resend/ }));
    await waitFor(() => expect(messages()).toContain(`error: ${panelMessages.resendFailed} — Channel not found`));
  });
});

describe("Create / Edit Panel", () => {
  it("refuses invalid input with 'Validation Error: …', section messages and marked fields, sending nothing", async () => {
    const posted: unknown[] = [];
    renderApp(`${listUrl}/create-single`, server, {
      handlers: [
        ...apiHandlers(),
        rest.post(`${API}/:guildId/panels`, async ({ request }) => {
          posted.push(await request.json());
          return HttpResponse.json({});
        }),
      ],
    });
    await screen.findByLabelText(/Panel Name/, {}, { timeout: 20_000 });
    expect(screen.getByRole("heading", { name: "Create Panel" })).toBeInTheDocument();
    for (const section of ["Panel Properties", "Panel Message", "Welcome Message"])
      expect(screen.getByText(section, { selector: ".card-title" })).toBeInTheDocument();
    fireEvent.click(screen.getByRole("button", { name: panelMessages.saveChanges }));
    await waitFor(() => expect(messages().some((m) => m.startsWith("error: Validation Error: "))).toBe(true));
    const toast = messages().find((m) => m.startsWith("error: Validation Error: "))!;
    for (const m of [
      panelMessages.nameRequired,
      panelMessages.channelRequired,
      panelMessages.panelMessageRequired,
      panelMessages.welcomeMessageRequired,
    ])
      expect(toast).toContain(m);
    const alerts = screen.getAllByRole("alert").map((a) => a.textContent);
    expect(alerts).toEqual(expect.arrayContaining([panelMessages.panelMessageRequired, panelMessages.welcomeMessageRequired]));
    // the empty title is marked with the section's message
    const title = screen.getAllByLabelText("Title")[0];
    expect(title.closest(".ant-form-item")).toHaveClass("ant-form-item-has-error");
    expect(posted).toEqual([]);
  });

  it("creates a panel: {SinglePanel} is posted, the success toast shows and the list opens (refetched)", async () => {
    const calls = { list: 0 };
    const posted: any[] = [];
    const { router } = renderApp(`${listUrl}/create-single`, server, {
      handlers: [
        ...apiHandlers(calls),
        rest.post(`${API}/:guildId/panels`, async ({ request }) => {
          posted.push(await request.json());
          return HttpResponse.json({ message: panelMessages.created, PanelId: 9 }, { status: 201 });
        }),
      ],
    });
    await screen.findByLabelText(/Panel Name/, {}, { timeout: 20_000 });
    fireEvent.change(screen.getByLabelText(/Panel Name/), { target: { value: "Bugs" } });
    await pick(screen.getByLabelText(/Panel Channel/), "#support");
    fireEvent.change(screen.getAllByLabelText("Title")[0], { target: { value: "Found a **bug**?" } });
    fireEvent.change(screen.getAllByLabelText("Title")[1], { target: { value: "Thanks!" } });
    // the preview follows the input
    const preview = screen.getByTestId("panel-preview");
    expect(within(preview).getByText("bug").tagName).toBe("STRONG");
    expect(within(preview).getByText("Thanks!")).toBeInTheDocument();
    fireEvent.click(screen.getByRole("button", { name: panelMessages.saveChanges }));
    await waitFor(() => expect(router.state.location.pathname).toBe(listUrl));
    expect(posted).toHaveLength(1);
    expect(posted[0].SinglePanel).toMatchObject({
      PanelName: "Bugs",
      NamingScheme: "ticket-%id%",
      PanelMessage: { PanelChannel: "222", PanelTitle: "Found a **bug**?", PanelColor: "#43B581", ButtonColor: "Primary" },
      WelcomeMessage: { WelcomeTitle: "Thanks!", WelcomeColor: "#5865F2" },
    });
    expect(messages()).toContain(`success: ${panelMessages.created}`);
    await screen.findByText("General Support");
  });

  it("a create answered with another message is a failure ('Failed to create panel')", async () => {
    const { router } = renderApp(`${listUrl}/create-single`, server, {
      handlers: [...apiHandlers(), rest.post(`${API}/:guildId/panels`, () => HttpResponse.json({ message: "Something else" }))],
    });
    await screen.findByLabelText(/Panel Name/, {}, { timeout: 20_000 });
    fireEvent.change(screen.getByLabelText(/Panel Name/), { target: { value: "Bugs" } });
    await pick(screen.getByLabelText(/Panel Channel/), "#general");
    fireEvent.change(screen.getAllByLabelText("Title")[0], { target: { value: "x" } });
    fireEvent.change(screen.getAllByLabelText("Title")[1], { target: { value: "y" } });
    fireEvent.click(screen.getByRole("button", { name: panelMessages.saveChanges }));
    await waitFor(() => expect(messages()).toContain(`error: ${panelMessages.createFailed} — Something else`));
    expect(router.state.location.pathname).toBe(`${listUrl}/create-single`);
  });

  it("edit: prefilled; 'Update Changes' sends {Panel} with its Revision; a 409 shows in a toast", async () => {
    const put: any[] = [];
    renderApp(`${listUrl}/edit-single/1`, server, {
      handlers: [
        ...apiHandlers(),
        rest.get(`${API}/:guildId/panels/:id`, () => HttpResponse.json({ panel: single(1, "General Support") })),
        rest.put(`${API}/:guildId/panels/:id`, async ({ request }) => {
          put.push(await request.json());
          return HttpResponse.json({ error: "This panel was changed by someone else. Reload to see the latest version." }, { status: 409 });
        }),
      ],
    });
    expect(await screen.findByDisplayValue("General Support", {}, { timeout: 20_000 })).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "Edit Panel" })).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText(/Panel Name/), { target: { value: "Renamed" } });
    fireEvent.click(screen.getByRole("button", { name: panelMessages.updateChanges }));
    await waitFor(() => expect(put).toHaveLength(1));
    expect(put[0].Panel).toMatchObject({ PanelId: 1, PanelName: "Renamed", Revision: 3 });
    await waitFor(() =>
      expect(messages()).toContain(
        `error: ${panelMessages.updateFailed} — This panel was changed by someone else. Reload to see the latest version.`,
      ),
    );
  });

  it("edit: 'Failed to fetch panel' and back to the list when loading fails", async () => {
    const { router } = renderApp(`${listUrl}/edit-single/42`, server, {
      handlers: [
        ...apiHandlers(),
        rest.get(`${API}/:guildId/panels/:id`, () => HttpResponse.json({ error: "Panel not found" }, { status: 404 })),
      ],
    });
    await waitFor(() => expect(router.state.location.pathname).toBe(listUrl), { timeout: 20_000 });
    expect(messages()).toContain(`error: ${panelMessages.fetchPanelFailed} — Panel not found`);
  });

  it("Clear empties the form", async () => {
    renderApp(`${listUrl}/create-single`, server, { handlers: apiHandlers() });
    await screen.findByLabelText(/Panel Name/, {}, { timeout: 20_000 });
    fireEvent.change(screen.getByLabelText(/Panel Name/), { target: { value: "Temp" } });
    fireEvent.click(screen.getByRole("button", { name: "Clear" }));
    await waitFor(() => expect(screen.getByLabelText(/Panel Name/)).toHaveValue(""));
  });
});

describe("Create / Edit Multi-Panel", () => {
  it("keeps 'Create Multi-Panel' disabled under 2 panels, then posts {MultiPanel} and returns to the list", async () => {
    const posted: any[] = [];
    const { router } = renderApp(`${listUrl}/create-multi`, server, {
      handlers: [
        ...apiHandlers(),
        rest.post(`${API}/:guildId/panels`, async ({ request }) => {
          posted.push(await request.json());
          await delay(100);
          return HttpResponse.json({ message: panelMessages.created }, { status: 201 });
        }),
      ],
    });
    await screen.findByLabelText(/Panels/, {}, { timeout: 20_000 });
    expect(screen.getByRole("heading", { name: panelMessages.createMultiPanel })).toBeInTheDocument();
    const create = screen.getByRole("button", { name: panelMessages.createMultiPanel });
    expect(create).toBeDisabled();
    expect(screen.getByText(panelMessages.selectTwoPanels)).toBeInTheDocument();
    const panels = screen.getByLabelText(/Panels/);
    await pick(panels, "Billing #2");
    expect(create).toBeDisabled();
    await pick(panels, "General Support #1");
    expect(create).toBeEnabled();

    // no channel and no text: the screen's words and the section message
    fireEvent.click(create);
    await waitFor(() => expect(messages().some((m) => m.includes(panelMessages.selectChannel))).toBe(true));
    expect(messages().find((m) => m.includes("Validation Error"))).toContain(panelMessages.multiMessageRequired);
    expect(screen.getAllByText(panelMessages.selectChannel).length).toBeGreaterThan(0);

    await pick(screen.getByLabelText(/Panel Channel/), "#general");
    fireEvent.click(screen.getByRole("switch", { name: panelMessages.useDropdownMenu }));
    fireEvent.change(await screen.findByLabelText("Dropdown Placeholder"), { target: { value: "Pick one" } });
    fireEvent.change(screen.getByLabelText("Title"), { target: { value: "Help" } });
    expect(within(screen.getByTestId("preview-dropdown")).getByText("Pick one")).toBeInTheDocument();
    fireEvent.click(create);
    expect(await screen.findByRole("button", { name: new RegExp(panelMessages.creating) })).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe(listUrl));
    expect(posted[0].MultiPanel).toMatchObject({
      PanelChannelId: "111",
      Panels: ["2", "1"],
      DropdownMenu: true,
      DropdownMenuPlaceholder: "Pick one",
      PanelTitle: "Help",
    });
    expect(messages()).toContain(`success: ${panelMessages.created}`);
  });

  it("edit: prefilled, 'Update Multi-Panel' sends {MultiPanel}, toasts and returns to the list", async () => {
    const put: any[] = [];
    const { router } = renderApp(`${listUrl}/edit-multi/3`, server, {
      handlers: [
        ...apiHandlers(),
        rest.get(`${API}/:guildId/panels/:id`, () => HttpResponse.json({ panel: multi })),
        rest.put(`${API}/:guildId/panels/:id`, async ({ request }) => {
          put.push(await request.json());
          return HttpResponse.json({ message: panelMessages.updated });
        }),
      ],
    });
    expect(await screen.findByDisplayValue("Help Center", {}, { timeout: 20_000 })).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: panelMessages.editMultiPanel })).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText("Title"), { target: { value: "" } });
    fireEvent.click(screen.getByRole("button", { name: panelMessages.updateMultiPanel }));
    await waitFor(() => expect(router.state.location.pathname).toBe(listUrl));
    expect(put[0].MultiPanel).toMatchObject({ PanelId: 3, Panels: ["1", "2"], Revision: 1 });
    expect(messages()).toContain(`success: ${panelMessages.updated}`);
  });

  it("edit of a single panel's id as a multi-panel fails with 'Failed to fetch panel'", async () => {
    const { router } = renderApp(`${listUrl}/edit-multi/1`, server, {
      handlers: [
        ...apiHandlers(),
        rest.get(`${API}/:guildId/panels/:id`, () => HttpResponse.json({ panel: single(1, "General Support") })),
      ],
    });
    await waitFor(() => expect(router.state.location.pathname).toBe(listUrl), { timeout: 20_000 });
    expect(messages().some((m) => m.startsWith(`error: ${panelMessages.fetchPanelFailed}`))).toBe(true);
    expect(frameMessages.unknownError).toBeTruthy();
  });
});
