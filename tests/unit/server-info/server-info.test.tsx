import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { http as rest, HttpResponse } from "msw";
import { describe, expect, it, vi } from "vitest";
import { frameMessages, serverInfoMessages } from "../../../src/schemas/messages";
import type { GuildInfo } from "../../../src/schemas/guild";
import type { StatisticsResponse } from "../../../src/schemas/statistics";
import fallbackIcon from "../../../src/resources/server-info/fallback-icon.svg";
import { API, useMswServer } from "../providers/helpers";
import { community, noTicketStatistics, renderApp } from "../shell/harness";

const server = useMswServer();
vi.setConfig({ testTimeout: 30_000 });

const info: GuildInfo = {
  name: "Demo Community",
  id: community,
  icon_url: "/images/guilds/demo-community.svg",
  member_count: 1284,
  roles: 5,
  channels: 9,
  boosts: 7,
  owner: "Demo Admin",
  owner_avatar: "/images/default-avatar.svg",
};

/** The last 7 days of tickets, as GET /{guildId}/statistics answers them for the strip. */
const week: StatisticsResponse = {
  ...noTicketStatistics,
  totals: { opened: 12, closed: 9 },
  open_now: 3,
  first_response: { count: 9, median_ms: 4 * 60_000 + 10_000, p90_ms: 20 * 60_000 },
  resolution: { count: 9, median_ms: 3_600_000, p90_ms: 7_200_000 },
  ratings: { count: 4, average: 4.5, distribution: [0, 0, 0, 2, 2] },
};
const statistics = (answer: (info: { request: Request }) => Response = () => HttpResponse.json(week)) =>
  rest.get(`${API}/:guildId/statistics`, answer);
const guildInfo = (body: object = info) => rest.get(`${API}/guilds/:guildId`, () => HttpResponse.json(body));

const cardWith = (title: string) => screen.getByText(title).closest(".card") as HTMLElement;

describe("Server info (the guild index)", () => {
  it("shows the icon, name, Guild ID, the four stat cards and the Guild Owner card", async () => {
    renderApp(`/${community}`, server, { handlers: [guildInfo(), statistics()] });
    expect(await screen.findByRole("heading", { name: "Demo Community" })).toBeInTheDocument();
    expect(screen.getByText(serverInfoMessages.guildId)).toBeInTheDocument();
    expect(screen.getByText(community)).toBeInTheDocument();
    const icon = document.querySelector("img.server-icon") as HTMLImageElement;
    expect(icon.getAttribute("src")).toBe(info.icon_url);
    expect(within(cardWith("Members")).getByText("1,284")).toBeInTheDocument();
    expect(within(cardWith("Roles")).getByText("5")).toBeInTheDocument();
    expect(within(cardWith("Channels")).getByText("9")).toBeInTheDocument();
    expect(within(cardWith("Boosts")).getByText("7")).toBeInTheDocument();
    const owner = cardWith("Guild Owner");
    expect(within(owner).getByText("Demo Admin")).toBeInTheDocument();
    expect(owner.querySelector("img")?.getAttribute("src")).toBe(info.owner_avatar);
  });

  it("shows the ticket strip: open now; new tickets, median first response, average rating of the last 7 days; each a link", async () => {
    const asked: URL[] = [];
    renderApp(`/${community}`, server, {
      handlers: [guildInfo(), statistics(({ request }) => (asked.push(new URL(request.url)), HttpResponse.json(week)))],
    });
    const strip = await screen.findByRole("navigation", { name: "Tickets at a glance" });
    const item = (label: string) => within(strip).getByText(label).closest("a") as HTMLAnchorElement;
    await within(strip).findByText("3");
    expect(item("Open tickets")).toHaveTextContent("3");
    expect(item("Open tickets")).toHaveAttribute("href", `/${community}/tickets`);
    // Each figure says its period.
    expect(item("Open tickets")).toHaveTextContent("Open tickets3Now");
    expect(item("New tickets")).toHaveTextContent("New tickets12Last 7 days");
    expect(item("Median first response")).toHaveTextContent("Median first response4 minLast 7 days");
    expect(item("Average rating")).toHaveTextContent("Average rating4.50 / 5Last 7 days");
    // "Last 7 days" is what was asked: today and the six days before it.
    const days = (Date.parse(asked[0]!.searchParams.get("to")!) - Date.parse(asked[0]!.searchParams.get("from")!)) / 86_400_000;
    expect(days).toBe(6);
    expect(item("Average rating")).toHaveAttribute("href", `/${community}/statistics`);
  });

  it("follows the live ticket events: a ticket opened elsewhere updates 'Open tickets'", async () => {
    let asked = 0;
    const opened = {
      type: "opened",
      guildId: community,
      ticket: {
        TicketId: 14,
        Status: "open",
        PanelId: 1,
        PanelName: "General Support",
        OpenerId: "1",
        OpenerName: "Ann",
        Subject: null,
        ClaimedById: null,
        ClaimedByName: null,
        ChannelId: "5",
        ChannelUrl: null,
        OpenedAt: 1,
        LastActivityAt: 1,
        ClosedAt: null,
        CloseReason: null,
        FormAnswers: [],
      },
    };
    let sent = false;
    renderApp(`/${community}`, server, {
      handlers: [
        guildInfo(),
        statistics(() => HttpResponse.json({ ...week, open_now: 3 + Math.min(asked++, 1) })),
        // The stream brings one event, once (later reconnections bring none).
        rest.get(`${API}/:guildId/tickets/events`, () => {
          const text = sent ? "" : `event: ticket\ndata: ${JSON.stringify(opened)}\n\n`;
          sent = true;
          return new HttpResponse(text, { headers: { "content-type": "text/event-stream" } });
        }),
      ],
    });
    const strip = await screen.findByRole("navigation", { name: "Tickets at a glance" });
    const openNow = () => within(strip).getByText("Open tickets").closest("a")!;
    await waitFor(() => expect(openNow()).toHaveTextContent("4"));
    expect(asked).toBe(2);
  });

  it("shows dashes in the strip when the statistics cannot be loaded", async () => {
    renderApp(`/${community}`, server, {
      handlers: [guildInfo(), statistics(() => HttpResponse.json({ error: "Internal" }, { status: 500 }))],
    });
    expect(await screen.findByRole("heading", { name: "Demo Community" })).toBeInTheDocument();
    const strip = await screen.findByRole("navigation", { name: "Tickets at a glance" });
    expect(within(strip).getAllByText("—")).toHaveLength(4);
  });

  it("falls back to an image when the server has no icon or it fails to load", async () => {
    renderApp(`/${community}`, server, {
      handlers: [guildInfo({ ...info, icon_url: "/missing.png", owner_avatar: null }), statistics()],
    });
    await screen.findByRole("heading", { name: "Demo Community" });
    const icon = document.querySelector("img.server-icon") as HTMLImageElement;
    expect(icon.getAttribute("src")).toBe("/missing.png");
    fireEvent.error(icon);
    expect(icon.getAttribute("src")).not.toBe("/missing.png");
    expect(icon.getAttribute("src")).toBe(fallbackIcon);
    expect(cardWith("Guild Owner").querySelector("img")?.getAttribute("src")).toBe("/images/default-avatar.svg");
  });

  it("shows 'Error Loading Page' with the message when the server cannot be loaded", async () => {
    renderApp(`/${community}`, server, {
      handlers: [rest.get(`${API}/guilds/:guildId`, () => HttpResponse.json({ error: "Guild not found" }, { status: 404 }))],
    });
    expect(await screen.findByText(frameMessages.errorLoadingPage)).toBeInTheDocument();
    expect(screen.getByText("Guild not found")).toBeInTheDocument();
  });
});
