import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { http as rest, HttpResponse } from "msw";
import { afterEach, describe, expect, it, vi } from "vitest";
import { changeLocale } from "../../../src/i18n/core";
import es from "../../../src/i18n/locales/es";
import { cookieTokenStore } from "../../../src/providers/session";
import { panelMessages } from "../../../src/schemas/messages";
import { sendLimitMessages } from "../../../src/schemas/send-limits";
import { API, useMswServer } from "../providers/helpers";
import { community, renderApp } from "../shell/harness";
import { captureToasts } from "../teams/toasts";

// The panel editors refuse at save what Discord would refuse when the bot sends the panel (src/schemas/send-limits.ts):
// the message shows where the owner can fix it, the 'Validation Error' toast names it, and nothing is sent.

const server = useMswServer();
const toasts = captureToasts();
vi.setConfig({ testTimeout: 60_000 });

const listUrl = `/${community}/panels`;
const properties = {
  channels: { text: { general: "111", support: "222" }, categories: {} },
  emojis: [],
  roles: [{ RoleId: "401", RoleName: "Moderator" }],
  support_teams: [],
  forms: [],
};
const singles = [1, 2].map((PanelId) => ({
  PanelId,
  PanelName: `Panel ${PanelId}`,
  NamingScheme: "ticket-%id%",
  MentionRoleId: null,
  SupportTeams: [],
  TicketCategory: null,
  FormId: null,
  PanelMessage: {
    PanelChannel: "222",
    PanelTitle: "t",
    PanelColor: "#43B581",
    PanelFields: [],
    ButtonText: "Open",
    ButtonEmoji: "",
    ButtonColor: "Primary",
    DisablePanel: false,
  },
  WelcomeMessage: { WelcomeTitle: "w", WelcomeColor: "#5865F2" },
}));

function handlers(posted: unknown[]) {
  return [
    rest.get(`${API}/:guildId/panels`, () => HttpResponse.json({ panels: { SinglePanels: singles, MultiPanels: [] } })),
    rest.get(`${API}/:guildId/panel-properties`, () => HttpResponse.json(properties)),
    rest.post(`${API}/:guildId/panels`, async ({ request }) => {
      posted.push(await request.json());
      return HttpResponse.json({ message: panelMessages.created }, { status: 201 });
    }),
  ];
}
const toastTexts = () => toasts.map((t) => `${t.type}: ${t.message}`);
const itemOf = (input: HTMLElement) => input.closest(".ant-form-item") as HTMLElement;
const type = (input: HTMLElement, value: string) => fireEvent.change(input, { target: { value } });

async function pick(label: HTMLElement, option: string) {
  fireEvent.mouseDown(label.closest(".ant-select")!.querySelector(".ant-select-selector")!);
  fireEvent.click((await screen.findAllByTitle(option)).at(-1)!);
}

/** The single-panel editor with a valid panel typed in; `name` is the panel's name. */
async function singleEditor(posted: unknown[], name = "Bugs") {
  renderApp(`${listUrl}/create-single`, server, { handlers: handlers(posted) });
  await screen.findByLabelText(/Panel Name/, {}, { timeout: 20_000 });
  type(screen.getByLabelText(/Panel Name/), name);
  await pick(screen.getByLabelText(/Panel Channel/), "#support");
  type(screen.getAllByLabelText("Title")[0], "Found a bug?");
  type(screen.getAllByLabelText("Title")[1], "Thanks!");
}
const save = () => fireEvent.click(screen.getByRole("button", { name: panelMessages.saveChanges }));
const sectionOf = (title: string) => screen.getByText(title, { selector: ".card-title" }).closest(".editor-section") as HTMLElement;

afterEach(async () => {
  cookieTokenStore.remove();
  await changeLocale("en");
  localStorage.clear();
});

describe("Create Panel: Discord's limits", () => {
  it("an empty Button Text with a panel name over 80 characters: the message is under Button Text, nothing is sent", async () => {
    const posted: unknown[] = [];
    await singleEditor(posted, "n".repeat(81));
    save();
    await waitFor(() => expect(toastTexts().some((m) => m.startsWith("error: Validation Error: "))).toBe(true));
    expect(toastTexts().find((m) => m.startsWith("error: Validation Error: "))).toContain(sendLimitMessages.buttonLabelFromName);
    const button = itemOf(screen.getByLabelText("Button Text"));
    expect(button).toHaveClass("ant-form-item-has-error");
    expect(within(button).getByText(sendLimitMessages.buttonLabelFromName)).toBeInTheDocument();
    expect(posted).toEqual([]);

    // A Button Text fixes it.
    type(screen.getByLabelText("Button Text"), "Report a bug");
    save();
    await waitFor(() => expect(posted).toHaveLength(1));
  });

  it("a name of 80 characters is saved as it is", async () => {
    const posted: any[] = [];
    await singleEditor(posted, "n".repeat(80));
    save();
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0].SinglePanel.PanelName).toBe("n".repeat(80));
  });

  it("a panel embed over 6000 characters: the message is at the top of Panel Message, no empty field is marked", async () => {
    const posted: unknown[] = [];
    await singleEditor(posted);
    type(screen.getAllByLabelText("Title")[0], "t".repeat(256));
    type(screen.getAllByLabelText("Description")[0], "d".repeat(4096));
    type(screen.getAllByLabelText("Footer")[0], "f".repeat(1649)); // 6001
    save();
    const section = sectionOf("Panel Message");
    expect(await within(section).findByRole("alert")).toHaveTextContent(sendLimitMessages.embedTotal);
    // Content is empty but not at fault: a total concerns the filled fields.
    expect(itemOf(within(section).getByLabelText("Content"))).not.toHaveClass("ant-form-item-has-error");
    expect(within(sectionOf("Welcome Message")).queryByRole("alert")).toBeNull();
    expect(posted).toEqual([]);

    // One character less is Discord's 6000 exactly: saved.
    type(screen.getAllByLabelText("Footer")[0], "f".repeat(1648));
    await waitFor(() => expect(within(section).queryByRole("alert")).toBeNull());
    save();
    await waitFor(() => expect(posted).toHaveLength(1));
  });

  it("welcome Content beside the mentions: over 1951 characters with a mention role is refused under Content", async () => {
    const posted: unknown[] = [];
    await singleEditor(posted);
    await pick(screen.getByLabelText(/Mention Role/), "@Moderator");
    const content = within(sectionOf("Welcome Message")).getByLabelText("Content");
    type(content, "c".repeat(1952));
    save();
    await waitFor(() => expect(itemOf(content)).toHaveClass("ant-form-item-has-error"));
    expect(within(itemOf(content)).getByText(sendLimitMessages.welcomeContentWithRole)).toBeInTheDocument();
    expect(posted).toEqual([]);
  });

  it("says it in Spanish", async () => {
    await changeLocale("es");
    const posted: unknown[] = [];
    renderApp(`${listUrl}/create-single`, server, { handlers: handlers(posted) });
    const name = await screen.findByLabelText(/Nombre del panel/, {}, { timeout: 20_000 });
    type(name, "n".repeat(81));
    fireEvent.click(screen.getByRole("button", { name: es["spec.panel.saveChanges"] }));
    const button = itemOf(await screen.findByLabelText("Texto del botón"));
    await waitFor(() => expect(within(button).getByText(es["spec.sendLimit.buttonLabelFromName"])).toBeInTheDocument());
    expect(posted).toEqual([]);
  });
});

describe("Create Multi-Panel: Discord's limits", () => {
  it("an embed over 6000 characters: the message is at the top of Panel Message, nothing is sent", async () => {
    const posted: unknown[] = [];
    renderApp(`${listUrl}/create-multi`, server, { handlers: handlers(posted) });
    const panels = await screen.findByLabelText(/Panels/, {}, { timeout: 20_000 });
    await pick(panels, "Panel 1 #1");
    await pick(panels, "Panel 2 #2");
    await pick(screen.getByLabelText(/Panel Channel/), "#general");
    type(screen.getByLabelText("Title"), "t".repeat(256));
    type(screen.getByLabelText("Description"), "d".repeat(4096));
    type(screen.getByLabelText("Footer"), "f".repeat(1649));
    fireEvent.click(screen.getByRole("button", { name: panelMessages.createMultiPanel }));
    const section = sectionOf("Panel Message");
    expect(await within(section).findByRole("alert")).toHaveTextContent(sendLimitMessages.embedTotal);
    expect(itemOf(within(section).getByLabelText("Content"))).not.toHaveClass("ant-form-item-has-error");
    expect(toastTexts().find((m) => m.startsWith("error: Validation Error: "))).toContain(sendLimitMessages.embedTotal);
    expect(posted).toEqual([]);
  });
});
