import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { http as rest, HttpResponse } from "msw";
import { describe, expect, it } from "vitest";
import { changeLocale } from "../../../src/i18n/core";
import { limits } from "../../../src/schemas/limits";
import { frameMessages, pickerMessages } from "../../../src/schemas/messages";
import { API, useMswServer } from "../providers/helpers";
import { community, gaming, renderApp } from "./harness";

const server = useMswServer();
const main = () => screen.getByRole("main");

describe("server picker (§2)", { timeout: 20_000 }, () => {
  it("shows 'Your Servers' and a 'Select a server' card 70vh high listing each server as a link", async () => {
    renderApp("/dashboard", server);
    expect(await screen.findByRole("heading", { name: pickerMessages.heading })).toBeInTheDocument();
    const card = screen.getByRole("heading", { name: pickerMessages.cardTitle }).closest("section")!;
    expect(card).toHaveStyle({ height: "70vh" });
    expect(await within(main()).findByRole("link", { name: "Demo Community" })).toHaveAttribute("href", `/${community}`);
    expect(within(main()).getByRole("link", { name: "Gaming Hub" })).toHaveAttribute("href", `/${gaming}`);
  });

  it("falls back from icon_url to default_icon_url to the first letter", async () => {
    const guilds = [
      { id: community, name: "Alpha", icon_url: "/a.png", default_icon_url: "/d.png" },
      { id: gaming, name: "beta", icon_url: null, default_icon_url: "/d.png" },
      { id: "834567890123456789", name: "gamma", icon_url: null, default_icon_url: null },
    ];
    renderApp("/dashboard", server, { handlers: [rest.get(`${API}/guilds`, () => HttpResponse.json({ guilds }))] });
    const alpha = await within(await screen.findByRole("main")).findByRole("link", { name: "Alpha" });
    expect(alpha.querySelector("img")).toHaveAttribute("src", "/a.png");
    expect(within(main()).getByRole("link", { name: "beta" }).querySelector("img")).toHaveAttribute("src", "/d.png");
    const gamma = within(main()).getByRole("link", { name: /gamma/ });
    expect(gamma.querySelector("img")).toBeNull();
    expect(gamma).toHaveTextContent("G");
  });

  it("filters by name, case-insensitive substring", async () => {
    const user = userEvent.setup();
    renderApp("/dashboard", server);
    await within(await screen.findByRole("main")).findByRole("link", { name: "Gaming Hub" });
    await user.type(within(main()).getByPlaceholderText(frameMessages.searchServers), "COMMUN");
    expect(within(main()).getByRole("link", { name: "Demo Community" })).toBeInTheDocument();
    expect(within(main()).queryByRole("link", { name: "Gaming Hub" })).toBeNull();
  });

  it("lists the servers that removed the bot with the day their data is deleted and the invite back (English, Spanish)", async () => {
    const removed = {
      id: "834567890123456780",
      name: "Old Server",
      icon_url: null,
      default_icon_url: null,
      removed_at: Date.UTC(2026, 10, 2, 12),
      purge_at: Date.UTC(2026, 11, 2, 12),
      invite_url: "https://discord.com/oauth2/authorize?client_id=1&guild_id=834567890123456780",
    };
    const handlers = [rest.get(`${API}/guilds/removed`, () => HttpResponse.json({ guilds: [removed] }))];
    const { unmount } = renderApp("/dashboard", server, { handlers });
    const notice = (await screen.findByRole("heading", { name: "Servers that removed Ticketeer" })).closest("section")!;
    expect(within(notice).getByText("Old Server")).toBeInTheDocument();
    expect(
      within(notice).getByText(
        "Removed on November 2, 2026. Its tickets, transcripts and settings are deleted on December 2, 2026 unless Ticketeer is invited back.",
      ),
    ).toBeInTheDocument();
    expect(within(notice).getByRole("link", { name: "Invite Ticketeer back" })).toHaveAttribute("href", removed.invite_url);
    // Not a server to open: it is not in the list of servers.
    expect(within(main()).queryByRole("link", { name: /Old Server/ })).toBeNull();
    unmount();
    await act(() => changeLocale("es"));
    try {
      renderApp("/dashboard", server, { handlers });
      const aviso = (await screen.findByRole("heading", { name: "Servidores que quitaron a Ticketeer" })).closest("section")!;
      expect(
        within(aviso).getByText(
          "Lo quitaron el 2 de noviembre de 2026. Sus tickets, transcripciones y ajustes se borran el 2 de diciembre de 2026 salvo que se vuelva a invitar a Ticketeer.",
        ),
      ).toBeInTheDocument();
      expect(within(aviso).getByRole("link", { name: "Invitar de nuevo a Ticketeer" })).toBeInTheDocument();
    } finally {
      await act(() => changeLocale("en"));
    }
  });

  it("shows three skeleton rows while loading", async () => {
    renderApp("/dashboard", server, { handlers: [rest.get(`${API}/guilds`, () => new Promise(() => {}))] });
    await screen.findByRole("heading", { name: pickerMessages.heading });
    expect(within(main()).getAllByTestId("picker-skeleton")).toHaveLength(limits.pickerSkeletonRows);
  });

  it("a non-401 failure shows 'Couldn't load servers. Please try again later.'", async () => {
    renderApp("/dashboard", server, {
      handlers: [rest.get(`${API}/guilds`, () => HttpResponse.json({ error: "nope" }, { status: 404 }))],
    });
    expect(await within(await screen.findByRole("main")).findByText(pickerMessages.loadFailed)).toBeInTheDocument();
  });

  it("a 401 on the guild list logs out and goes to /", async () => {
    let loggedOut = false;
    const { navigation } = renderApp("/dashboard", server, {
      handlers: [
        rest.get(`${API}/guilds`, () => HttpResponse.json({ error: "expired" }, { status: 401 })),
        rest.post(`${API}/api/auth/logout`, () => ((loggedOut = true), HttpResponse.json({ message: "ok" }))),
      ],
    });
    await waitFor(() => expect(navigation.calls).toContainEqual({ kind: "assign", url: "/" }));
    expect(loggedOut).toBe(true);
    expect(screen.queryByText(pickerMessages.loadFailed)).toBeNull();
  });
});
