import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { delay, http as rest, HttpResponse } from "msw";
import { afterEach, describe, expect, it, vi } from "vitest";
import { changeLocale } from "../../../src/i18n/core";
import { frameMessages, settingsMessages } from "../../../src/schemas/messages";
import type { SettingsResponse } from "../../../src/schemas/settings";
import { noPermissions } from "../../../src/schemas/team";
import { API, useMswServer } from "../providers/helpers";
import { community, renderApp } from "../shell/harness";
import { captureToasts } from "../teams/toasts";

const server = useMswServer();
const toasts = captureToasts();
vi.setConfig({ testTimeout: 30_000 });

const conflict = "These settings were changed by someone else. Reload to see the latest values.";

function fakeSettingsApi(initial: Partial<SettingsResponse> = {}) {
  const state = {
    settings: {
      UserTicketLimit: 1,
      AllowUserTicketClose: true,
      EnableUserFeedback: true,
      TicketCloseConfirmation: true,
      TranscriptsPanelPermission: false,
      SupportRepsViewTickets: true,
      SupportRepsTypeInTickets: true,
      AutoCloseEnabled: false,
      CloseOnUserLeave: false,
      ArchiveChannelId: null,
      CloseOnUserLeaveHours: 1,
      CloseOnUserLeaveMinutes: 0,
      SinceLastMessageDays: 3,
      SinceLastMessageHours: 0,
      SinceLastMessageMinutes: 0,
      StoreTranscripts: true,
      Channels: { general: "812345678901234713", support: "812345678901234714" },
      Revision: 2,
      ...initial,
    } as SettingsResponse,
    puts: [] as Record<string, unknown>[],
    gets: 0,
  };
  const handlers = [
    rest.get(`${API}/:guildId/panels`, () =>
      HttpResponse.json({
        panels: {
          SinglePanels: [
            { PanelId: 4, PanelName: "Orders" },
            { PanelId: 9, PanelName: "Billing" },
          ],
          MultiPanels: [],
        },
      }),
    ),
    rest.get(`${API}/:guildId/settings`, () => {
      state.gets += 1;
      return HttpResponse.json(state.settings);
    }),
    rest.put(`${API}/:guildId/settings`, async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      state.puts.push(body);
      await delay(50);
      if (body.Revision !== state.settings.Revision) return HttpResponse.json({ error: conflict }, { status: 409 });
      const { Revision: _r, ...values } = body;
      state.settings = {
        ...state.settings,
        ...values,
        ArchiveChannelId: values.ArchiveChannelId === "" ? null : (values.ArchiveChannelId as string),
        Revision: state.settings.Revision + 1,
      } as SettingsResponse;
      return HttpResponse.json({ message: settingsMessages.updatedByServer, Revision: state.settings.Revision });
    }),
  ];
  return { state, handlers };
}

const cardOf = (title: string) => screen.getByText(title, { selector: ".card-title" }).closest(".card") as HTMLElement;

describe("Settings screen", () => {
  afterEach(() => changeLocale("en"));

  it("DM tickets: the switch and the panels a DM may open, ticked ones sent as panel ids; in English and Spanish", async () => {
    const api = fakeSettingsApi({ DmTickets: false, DmTicketPanels: [] });
    const user = userEvent.setup();
    const { unmount } = renderApp(`/${community}/settings`, server, { handlers: api.handlers });
    const toggle = await screen.findByRole("switch", { name: "Open tickets by direct message" });
    const general = cardOf("General");
    expect(toggle).not.toBeChecked();
    expect(
      within(general).getByText("Members can open a ticket by writing to the bot, and talk with staff from their direct messages."),
    ).toBeInTheDocument();
    const panels = within(general).getByRole("group", { name: "Panels a direct message can open" });
    // The server's panels are read once DM tickets are on.
    expect(within(panels).queryAllByRole("checkbox")).toHaveLength(0);
    await user.click(toggle);
    await waitFor(() => expect(within(panels).getAllByRole("checkbox")).toHaveLength(2));
    await user.click(within(panels).getByRole("checkbox", { name: "Billing" }));
    await user.click(screen.getByRole("button", { name: settingsMessages.saveChanges }));
    await waitFor(() => expect(api.state.puts).toHaveLength(1));
    expect(api.state.puts[0]).toMatchObject({ DmTickets: true, DmTicketPanels: [9] });
    await waitFor(() =>
      expect(toasts.map((t) => t.description)).toContain(
        ["Open tickets by direct message: Off → On", "Panels a direct message can open: Every panel → 1 panels"].join("\n"),
      ),
    );
    unmount();

    await changeLocale("es");
    renderApp(`/${community}/settings`, server, { handlers: fakeSettingsApi({ DmTickets: true, DmTicketPanels: [4] }).handlers });
    expect(await screen.findByRole("switch", { name: "Abrir tickets por mensaje directo" })).toBeChecked();
    const grupo = screen.getByRole("group", { name: "Paneles que puede abrir un mensaje directo" });
    await waitFor(() => expect(within(grupo).getByRole("checkbox", { name: "Orders" })).toBeChecked());
    expect(screen.getByText("Ninguno marcado: todos los paneles.")).toBeInTheDocument();
  });

  it("shows the cards General, Claiming and Auto Close with every field and the loaded values", async () => {
    const api = fakeSettingsApi({ StoreTranscripts: false, ArchiveChannelId: "812345678901234714" });
    renderApp(`/${community}/settings`, server, { handlers: api.handlers });
    expect(await screen.findByRole("button", { name: settingsMessages.saveChanges })).toBeInTheDocument();
    for (const title of ["General", "Claiming", "Auto Close"]) expect(cardOf(title)).toBeInTheDocument();
    expect(within(cardOf("General")).getByRole("switch", { name: "Store transcripts of closed tickets" })).not.toBeChecked();
    expect(within(cardOf("General")).getByRole("switch", { name: "Users can close their own tickets" })).toBeChecked();
    // (#support is also a choice of the alert channel's select: the archive select shows it.)
    expect(within(cardOf("General")).getByRole("combobox", { name: "Archive channel" })).toHaveDisplayValue("#support");
    expect(within(cardOf("Claiming")).getAllByRole("switch")).toHaveLength(2);
    const days = within(cardOf("Auto Close")).getByRole("spinbutton", { name: "Days since the last message" });
    expect(days).toHaveValue(3);
    expect(days).toHaveAttribute("max", "23");
    expect(within(cardOf("Auto Close")).getByRole("spinbutton", { name: "Minutes after they leave" })).toHaveAttribute("max", "59");
    expect(within(cardOf("Auto Close")).getByRole("spinbutton", { name: "Hours after they leave" })).toHaveAttribute("max", "23");
  });

  it("edits stay local until Save; the toast lists each change old → new; only non-null values are sent", async () => {
    const api = fakeSettingsApi();
    const user = userEvent.setup();
    renderApp(`/${community}/settings`, server, { handlers: api.handlers });
    const limit = await screen.findByRole("spinbutton", { name: "Open tickets per user" });
    await user.clear(limit);
    await user.type(limit, "3");
    await user.click(screen.getByRole("switch", { name: "Store transcripts of closed tickets" }));
    const hours = screen.getByRole("spinbutton", { name: "Hours since the last message" });
    await user.clear(hours); // empty means null: not sent
    expect(api.state.puts).toEqual([]);

    await user.click(screen.getByRole("button", { name: settingsMessages.saveChanges }));
    expect(await screen.findByRole("button", { name: new RegExp(settingsMessages.saving) })).toBeInTheDocument();
    await waitFor(() => expect(toasts.map((t) => t.message)).toContain(settingsMessages.updated));
    const toast = toasts.find((t) => t.message === settingsMessages.updated)!;
    expect(toast.type).toBe("success");
    expect(toast.description).toBe(["Open tickets per user: 1 → 3", "Store transcripts of closed tickets: On → Off"].join("\n"));
    const sent = api.state.puts[0];
    expect(sent).toMatchObject({ UserTicketLimit: 3, StoreTranscripts: false, Revision: 2 });
    expect(sent).not.toHaveProperty("SinceLastMessageHours");
    expect(sent).not.toHaveProperty("Channels");
    expect(Object.values(sent)).not.toContain(null);
    // Reloaded: the next save is made on the new revision.
    await waitFor(() => expect(api.state.gets).toBe(2));
  });

  it("says 'No settings have been changed.' and sends nothing when nothing changed", async () => {
    const api = fakeSettingsApi();
    const user = userEvent.setup();
    renderApp(`/${community}/settings`, server, { handlers: api.handlers });
    await user.click(await screen.findByRole("button", { name: settingsMessages.saveChanges }));
    await waitFor(() =>
      expect(toasts).toContainEqual(expect.objectContaining({ type: "error", message: settingsMessages.nothingChanged })),
    );
    expect(api.state.puts).toEqual([]);
  });

  it("choosing 'None' for the archive channel is saved", async () => {
    const api = fakeSettingsApi({ ArchiveChannelId: "812345678901234714" });
    const user = userEvent.setup();
    renderApp(`/${community}/settings`, server, { handlers: api.handlers });
    await waitFor(() => expect(screen.getByRole("combobox", { name: "Archive channel" })).toHaveDisplayValue("#support"));
    await user.selectOptions(screen.getByRole("combobox", { name: "Archive channel" }), settingsMessages.none);
    await user.click(screen.getByRole("button", { name: settingsMessages.saveChanges }));
    await waitFor(() => expect(toasts.map((t) => t.description)).toContain("Archive channel: #support → None"));
    expect(api.state.puts[0]).toMatchObject({ ArchiveChannelId: "" });
  });

  it("a 2xx without the spec's success message is no success: 'Error updating settings' with what the server said", async () => {
    const api = fakeSettingsApi();
    api.handlers.push(rest.put(`${API}/:guildId/settings`, () => HttpResponse.json({ message: "Settings queued for review" })));
    api.handlers.reverse();
    const user = userEvent.setup();
    renderApp(`/${community}/settings`, server, { handlers: api.handlers });
    await user.click(await screen.findByRole("switch", { name: "Store transcripts of closed tickets" }));
    await user.click(screen.getByRole("button", { name: settingsMessages.saveChanges }));
    await waitFor(() =>
      expect(toasts).toContainEqual(
        expect.objectContaining({ type: "error", message: settingsMessages.updateFailed, description: "Settings queued for review" }),
      ),
    );
    expect(toasts.map((t) => t.message)).not.toContain(settingsMessages.updated);
  });

  it("a value the form refuses is shown on its field; nothing is sent and nothing 'failed to update'", async () => {
    const api = fakeSettingsApi({ SinceLastMessageMinutes: 75 });
    const user = userEvent.setup();
    renderApp(`/${community}/settings`, server, { handlers: api.handlers });
    await user.click(await screen.findByRole("switch", { name: "Store transcripts of closed tickets" }));
    await user.click(screen.getByRole("button", { name: settingsMessages.saveChanges }));
    await waitFor(() => expect(document.querySelector(".ant-form-item-has-error, [aria-invalid='true'], .settings-error")).not.toBeNull());
    expect(api.state.puts).toEqual([]);
    expect(toasts.map((t) => t.message)).not.toContain(settingsMessages.updateFailed);
  });

  it("shows 'Error updating settings' with the conflict message when someone else saved first", async () => {
    const api = fakeSettingsApi();
    const user = userEvent.setup();
    renderApp(`/${community}/settings`, server, { handlers: api.handlers });
    const limit = await screen.findByRole("spinbutton", { name: "Open tickets per user" });
    api.state.settings = { ...api.state.settings, Revision: 3 }; // changed under the page
    await user.clear(limit);
    await user.type(limit, "5");
    await user.click(screen.getByRole("button", { name: settingsMessages.saveChanges }));
    await waitFor(() =>
      expect(toasts).toContainEqual(
        expect.objectContaining({ type: "error", message: settingsMessages.updateFailed, description: conflict }),
      ),
    );
    // The edit is kept.
    expect(limit).toHaveValue(5);
  });

  it("keeps a typed number within its §5 bound (minutes ≤ 59)", async () => {
    const api = fakeSettingsApi();
    const user = userEvent.setup();
    renderApp(`/${community}/settings`, server, { handlers: api.handlers });
    const minutes = await screen.findByRole("spinbutton", { name: "Minutes after they leave" });
    await user.clear(minutes);
    await user.type(minutes, "75");
    await user.tab();
    expect(minutes).toHaveValue(59);
    await user.click(screen.getByRole("button", { name: settingsMessages.saveChanges }));
    await waitFor(() => expect(toasts.map((t) => t.description)).toContain("Minutes after they leave: 0 → 59"));
    expect(api.state.puts[0].CloseOnUserLeaveMinutes).toBe(59);
  });

  it("shows a skeleton while loading and no Save button for a staff member without EditSettings", async () => {
    const api = fakeSettingsApi();
    const staff = rest.get(`${API}/:guildId/permissions`, () =>
      HttpResponse.json({ level: "staff", permissions: { ...noPermissions(), ViewSettings: true } }),
    );
    const slow = rest.get(`${API}/:guildId/settings`, async () => {
      await delay(300);
      return HttpResponse.json(api.state.settings);
    });
    const { container } = renderApp(`/${community}/settings`, server, { handlers: [...api.handlers, slow, staff] });
    await waitFor(() => expect(container.querySelector(".settings-skeleton-row")).not.toBeNull());
    expect(await screen.findByRole("switch", { name: "Store transcripts of closed tickets" })).toBeDisabled();
    expect(screen.queryByRole("button", { name: settingsMessages.saveChanges })).not.toBeInTheDocument();
  });

  it("shows the 'Error Loading Page' card with the message", async () => {
    renderApp(`/${community}/settings`, server, {
      handlers: [rest.get(`${API}/:guildId/settings`, () => HttpResponse.json({ error: "Guild not found" }, { status: 404 }))],
    });
    expect(await screen.findByText(frameMessages.errorLoadingPage)).toBeInTheDocument();
    expect(screen.getByText("Guild not found")).toBeInTheDocument();
  });
});
