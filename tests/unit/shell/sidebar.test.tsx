import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { http as rest, HttpResponse } from "msw";
import { afterEach, describe, expect, it, vi } from "vitest";
import { readCookie } from "../../../src/providers/session";
import { limits } from "../../../src/schemas/limits";
import { authMessages, frameMessages } from "../../../src/schemas/messages";
import type { AccessLevel } from "../../../src/schemas/access";
import { allPermissions, noPermissions, type TeamPermission } from "../../../src/schemas/team";
import { sidebarCookieName } from "../../../src/shell/use-sidebar-state";
import { API, useMswServer } from "../providers/helpers";
import { mediaMatches } from "../setup";
import { community, gaming, renderApp } from "./harness";

const server = useMswServer();
const sidebar = () => screen.getByRole("complementary", { name: "Sidebar" });

describe("signed-in sidebar (§2)", { timeout: 20_000 }, () => {
  afterEach(() => {
    document.cookie = `${sidebarCookieName}=; Max-Age=0; path=/`;
  });

  it("shows the product, the servers and, without a server, Home (a plain link to /)", async () => {
    renderApp("/dashboard", server);
    const aside = await screen.findByRole("complementary", { name: "Sidebar" });
    expect(within(aside).getByText("Ticketeer")).toBeInTheDocument();
    expect(await within(aside).findByRole("link", { name: "Demo Community" })).toHaveAttribute("href", `/${community}`);
    expect(within(aside).getByRole("link", { name: frameMessages.home })).toHaveAttribute("href", "/");
    expect(within(aside).queryByRole("link", { name: authMessages.dashboard })).toBeNull();
  });

  it("shows four skeleton rows while the servers load", async () => {
    renderApp("/dashboard", server, { handlers: [rest.get(`${API}/guilds`, async () => new Promise(() => {}))] });
    await screen.findByRole("complementary", { name: "Sidebar" });
    // The picker shows its own three rows; the sidebar four.
    expect(within(sidebar()).getAllByTestId("sidebar-skeleton")).toHaveLength(limits.sidebarSkeletonRows);
  });

  it("filters servers by name, case-insensitively", async () => {
    const user = userEvent.setup();
    renderApp("/dashboard", server);
    const aside = await screen.findByRole("complementary", { name: "Sidebar" });
    await within(aside).findByRole("link", { name: "Gaming Hub" });
    await user.type(within(aside).getByPlaceholderText(frameMessages.searchServers), "gAmInG");
    expect(within(aside).getByRole("link", { name: "Gaming Hub" })).toBeInTheDocument();
    expect(within(aside).queryByRole("link", { name: "Demo Community" })).toBeNull();
  });

  it("with a server open: the selected server links to /dashboard, the others to /{guildId}; Dashboard then registry entries", async () => {
    renderApp(`/${community}/tags`, server);
    const aside = await screen.findByRole("complementary", { name: "Sidebar" });
    const selected = await within(aside).findByRole("link", { name: "Demo Community" });
    expect(selected).toHaveAttribute("href", "/dashboard");
    expect(selected).toHaveAttribute("aria-current", "true");
    expect(within(aside).getByRole("link", { name: "Gaming Hub" })).toHaveAttribute("href", `/${gaming}`);
    const nav = within(aside).getByRole("navigation", { name: frameMessages.navigation });
    expect(within(nav).getByRole("link", { name: authMessages.dashboard })).toHaveAttribute("href", `/${community}`);
    const tags = await within(nav).findByRole("link", { name: "Tags" });
    expect(tags).toHaveAttribute("href", `/${community}/tags`);
    expect(tags).toHaveAttribute("aria-current", "page");
    expect(within(nav).queryByRole("link", { name: frameMessages.home })).toBeNull();
  });

  it("hides an entry when access control denies `list`", async () => {
    renderApp(`/${community}`, server, {
      handlers: [
        rest.get(`${API}/:guildId/permissions`, () =>
          HttpResponse.json({ level: "staff", permissions: { ...noPermissions(), ViewForm: true } }),
        ),
      ],
    });
    const aside = await screen.findByRole("complementary", { name: "Sidebar" });
    // The permissions have arrived (the granted entry shows) before the denied one is checked for.
    await within(aside).findByRole("link", { name: "Forms" });
    expect(within(aside).queryByRole("link", { name: "Tags" })).toBeNull();
  });

  it("hides the Import / Export entry from staff, even with every team permission (only the server's managers may use it)", async () => {
    renderApp(`/${community}`, server, {
      handlers: [rest.get(`${API}/:guildId/permissions`, () => HttpResponse.json({ level: "staff", permissions: allPermissions() }))],
    });
    const aside = await screen.findByRole("complementary", { name: "Sidebar" });
    await within(aside).findByRole("link", { name: "Activity" });
    expect(within(aside).queryByRole("link", { name: "Import / Export" })).toBeNull();
  });

  it("groups collapse and open again; both start open", async () => {
    const user = userEvent.setup();
    renderApp("/dashboard", server);
    const aside = await screen.findByRole("complementary", { name: "Sidebar" });
    await within(aside).findByRole("link", { name: "Gaming Hub" });
    const servers = within(aside).getByRole("button", { name: frameMessages.servers });
    const navigation = within(aside).getByRole("button", { name: frameMessages.navigation });
    expect(servers).toHaveAttribute("aria-expanded", "true");
    expect(navigation).toHaveAttribute("aria-expanded", "true");
    await user.click(servers);
    expect(within(aside).queryByRole("link", { name: "Gaming Hub" })).toBeNull();
    await user.click(servers);
    expect(within(aside).getByRole("link", { name: "Gaming Hub" })).toBeInTheDocument();
  });

  it("Ctrl+B and Meta+B toggle it between 16rem and 3rem and keep the state in a 7-day cookie", async () => {
    const writes: string[] = [];
    const cookie = Object.getOwnPropertyDescriptor(Document.prototype, "cookie")!;
    vi.spyOn(document, "cookie", "set").mockImplementation((value: string) => {
      writes.push(value);
      cookie.set!.call(document, value);
    });
    renderApp("/dashboard", server);
    const aside = await screen.findByRole("complementary", { name: "Sidebar" });
    expect(aside).toHaveStyle({ width: limits.sidebarWidth });
    act(() => void fireEvent.keyDown(window, { key: "b", ctrlKey: true }));
    expect(aside).toHaveStyle({ width: limits.sidebarCollapsedWidth });
    expect(aside).toHaveAttribute("data-collapsed", "true");
    expect(readCookie(sidebarCookieName, document.cookie)).toBe("false");
    // Collapsed to icons: the server names become labels of icon links.
    expect(await within(aside).findByRole("link", { name: "Gaming Hub" })).toBeInTheDocument();
    expect(within(aside).queryByPlaceholderText(frameMessages.searchServers)).toBeNull();
    act(() => void fireEvent.keyDown(window, { key: "B", metaKey: true }));
    expect(aside).toHaveStyle({ width: limits.sidebarWidth });
    expect(readCookie(sidebarCookieName, document.cookie)).toBe("true");
    const sidebarWrites = writes.filter((w) => w.startsWith(`${sidebarCookieName}=`));
    expect(sidebarWrites.length).toBeGreaterThanOrEqual(2);
    for (const write of sidebarWrites) expect(write).toContain(`Max-Age=${7 * 24 * 60 * 60}`);
  });

  it("starts collapsed when the cookie says so", async () => {
    document.cookie = `${sidebarCookieName}=false; path=/`;
    renderApp("/dashboard", server);
    const aside = await screen.findByRole("complementary", { name: "Sidebar" });
    expect(aside).toHaveAttribute("data-collapsed", "true");
  });

  it("the footer shows the user and a menu holding Sign Out, which logs out", async () => {
    const user = userEvent.setup();
    let loggedOut = false;
    const { navigation } = renderApp("/dashboard", server, {
      handlers: [rest.post(`${API}/api/auth/logout`, () => ((loggedOut = true), HttpResponse.json({ message: "ok" })))],
    });
    const aside = await screen.findByRole("complementary", { name: "Sidebar" });
    const trigger = await within(aside).findByRole("button", { name: /Demo Admin/ });
    await user.click(trigger);
    await user.click(await screen.findByRole("menuitem", { name: authMessages.signOut }));
    await waitFor(() => expect(loggedOut).toBe(true));
    await waitFor(() => expect(navigation.calls).toContainEqual({ kind: "assign", url: "/" }));
  });

  it("on a phone (< 768 px) it is an 18rem slide-in panel opened from the header button", async () => {
    const user = userEvent.setup();
    const matchMedia = window.matchMedia;
    window.matchMedia = ((query: string) => ({ ...matchMedia(query), matches: mediaMatches(query, 390) })) as typeof window.matchMedia;
    try {
      renderApp("/dashboard", server);
      await screen.findByRole("heading", { name: "Your Servers" });
      expect(screen.queryByRole("complementary", { name: "Sidebar" })).toBeNull();
      await user.click(screen.getByRole("button", { name: "Toggle sidebar" }));
      const panel = await screen.findByRole("dialog", {}, { timeout: 15_000 });
      expect(panel.closest(".ant-drawer-content-wrapper")).toHaveStyle({ width: limits.sidebarMobileWidth });
      expect(within(panel).getByPlaceholderText(frameMessages.searchServers)).toBeInTheDocument();
      await user.click(await within(panel).findByRole("link", { name: "Gaming Hub" }));
      await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    } finally {
      window.matchMedia = matchMedia;
      vi.restoreAllMocks();
    }
  });
});

// The Navigation group is built from the member's access in the open server: each entry whose page they may not
// open is left out, whatever the reason (a team permission, or Import / Export's access levels).
describe("the sidebar per permission set", { timeout: 20_000 }, () => {
  const always = ["Dashboard", "Close Reasons", "Labels"];
  const every = [
    "Dashboard",
    "Settings",
    "Staff Teams",
    "Tags",
    "Panels",
    "Forms",
    "Tickets",
    "Statistics",
    "Transcripts",
    "Activity",
    "Blacklist",
    "Close Reasons",
    "Labels",
  ];
  const grant = (...keys: TeamPermission[]) => ({ ...noPermissions(), ...Object.fromEntries(keys.map((k) => [k, true])) });
  const cases: { who: string; level: AccessLevel; permissions: Record<TeamPermission, boolean>; entries: string[]; page?: string }[] = [
    // Webhooks are the managers' (an endpoint receives every ticket's words); API keys the owner's alone.
    { who: "the owner", level: "owner", permissions: allPermissions(), entries: [...every, "Import / Export", "Webhooks", "API keys"] },
    { who: "a Manage Server holder", level: "manager", permissions: allPermissions(), entries: [...every, "Import / Export", "Webhooks"] },
    { who: "staff with every team permission", level: "staff", permissions: allPermissions(), entries: every },
    {
      who: "the demo's Support Team (tags, panels, forms, transcripts)",
      level: "staff",
      permissions: grant("ViewTag", "ViewSinglePanel", "ViewForm", "ViewTranscripts", "AnswerTicket", "AnnotateTicket"),
      entries: ["Dashboard", "Tags", "Panels", "Forms", "Tickets", "Statistics", "Transcripts", "Close Reasons", "Labels"],
    },
    {
      who: "staff who may read the settings",
      level: "staff",
      permissions: grant("ViewSettings"),
      entries: ["Dashboard", "Settings", "Blacklist", "Close Reasons", "Labels"],
    },
    {
      who: "staff who may read the activity and the teams",
      level: "staff",
      permissions: grant("ViewActivity", "ViewTeam"),
      entries: ["Dashboard", "Staff Teams", "Close Reasons", "Labels", "Activity"].sort((a, b) => every.indexOf(a) - every.indexOf(b)),
    },
    // Shown on a page it may not open: the "no access" page says the permissions have been read.
    { who: "staff without any permission", level: "staff", permissions: noPermissions(), entries: always, page: "settings" },
  ];

  for (const { who, level, permissions, entries, page } of cases) {
    it(`${who}: ${entries.join(", ")}`, async () => {
      renderApp(`/${community}${page ? `/${page}` : ""}`, server, {
        handlers: [rest.get(`${API}/:guildId/permissions`, () => HttpResponse.json({ level, permissions }))],
      });
      const aside = await screen.findByRole("complementary", { name: "Sidebar" });
      const nav = within(aside).getByRole("navigation", { name: frameMessages.navigation });
      const shown = () =>
        within(nav)
          .queryAllByRole("link")
          .map((link) => link.textContent);
      if (page) await screen.findByTestId("no-access");
      await waitFor(() => expect(shown()).toEqual(entries));
    });
  }
});
