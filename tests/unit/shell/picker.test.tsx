import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { http as rest, HttpResponse } from "msw";
import { describe, expect, it } from "vitest";
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
