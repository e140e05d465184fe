import { render } from "@testing-library/react";
import { http as rest, HttpResponse, type RequestHandler } from "msw";
import type { SetupServer } from "msw/node";
import { createMemoryRouter, RouterProvider } from "react-router";
import { vi } from "vitest";
import { createAccessControl } from "../../../src/providers/access-control";
import { createAuthProvider } from "../../../src/providers/auth-provider";
import { createDataProvider } from "../../../src/providers/data-provider";
import { createHttpClient } from "../../../src/providers/http";
import { cookieTokenStore } from "../../../src/providers/session";
import { toAccessLookup, toEndpoint } from "../../../src/resources/engine/derive";
import { findDeclaration } from "../../../src/resources/registry";
import type { GuildInfo, GuildInList } from "../../../src/schemas/guild";
import type { StatisticsResponse } from "../../../src/schemas/statistics";
import { allPermissions } from "../../../src/schemas/team";
import { RefineRoot } from "../../../src/shell/RefineRoot";
import { appRoutes } from "../../../src/shell/routes";
import { API, fakeNavigation, future } from "../providers/helpers";

export const community = "812345678901234567";
export const gaming = "823456789012345678";
export const demoGuilds: GuildInList[] = [
  { id: community, name: "Demo Community", icon_url: "/images/guilds/community.svg", default_icon_url: null },
  { id: gaming, name: "Gaming Hub", icon_url: null, default_icon_url: null },
];
export const demoUser = { user_id: "900000000000000001", username: "Demo Admin", avatar: "/images/default-avatar.svg" };

/** GET /guilds/{guildId} of a demo server. */
export const guildInfoOf = (id: string): GuildInfo => ({
  name: demoGuilds.find((g) => g.id === id)?.name ?? "Unknown",
  id,
  icon_url: null,
  member_count: 1284,
  roles: 5,
  channels: 9,
  boosts: 7,
  owner: "Demo Admin",
  owner_avatar: null,
});

/** GET /{guildId}/statistics of a server without tickets. */
export const noTicketStatistics: StatisticsResponse = {
  from: "2026-11-18",
  to: "2026-11-24",
  tz: "UTC",
  days: [],
  totals: { opened: 0, closed: 0 },
  open_now: 0,
  first_response: { count: 0, median_ms: null, p90_ms: null },
  resolution: { count: 0, median_ms: null, p90_ms: null },
  ratings: { count: 0, average: null, distribution: [0, 0, 0, 0, 0] },
  panels: [],
  staff: [],
  suggestions: { answered: 0, panels: [], tags: [] },
};

/** The API of a signed-in Demo Admin; tests override single routes with server.use(). */
export function signedInHandlers() {
  return [
    rest.get(`${API}/api/auth/user`, () => HttpResponse.json({ authenticated: true, expires_at: future(), user: demoUser })),
    rest.get(`${API}/guilds`, () => HttpResponse.json({ guilds: demoGuilds })),
    // Servers that removed the bot (the picker's notice): none.
    rest.get(`${API}/guilds/removed`, () => HttpResponse.json({ guilds: [] })),
    rest.get(`${API}/:guildId/permissions`, () => HttpResponse.json({ level: "owner", permissions: allPermissions() })),
    // A server's page: its info and the ticket strip's figures (no tickets yet).
    rest.get(`${API}/guilds/:guildId`, ({ params }) => HttpResponse.json(guildInfoOf(String(params.guildId)))),
    rest.get(`${API}/:guildId/statistics`, () => HttpResponse.json(noTicketStatistics)),
    // The grids' saved views (ui/grid/SavedViews.tsx): none yet.
    rest.get(`${API}/:guildId/views`, () => HttpResponse.json({ views: [] })),
    rest.get(`${API}/:guildId/statistics/priorities`, () => HttpResponse.json({ priorities: [] })),
    rest.get(`${API}/:guildId/statistics/waiting`, () =>
      HttpResponse.json({
        Tickets: 0,
        Staff: { TotalMs: 0, MedianMs: null },
        Member: { TotalMs: 0, MedianMs: null },
        OpenOnStaff: 0,
        OpenOnMember: 0,
        Snoozed: 0,
      }),
    ),
    // Server info's Bot setup card: nothing to fix.
    rest.get(`${API}/:guildId/bot-setup`, ({ params }) =>
      HttpResponse.json({
        platform: "discord",
        checkedAt: Date.now(),
        inviteUrl: `https://discord.com/oauth2/authorize?client_id=1&guild_id=${params.guildId}`,
        problems: [],
      }),
    ),
    // The live ticket events Server info's strip and the Tickets and Statistics screens follow: none here (the stream
    // ends at once; the live provider reopens it later).
    rest.get(`${API}/:guildId/tickets/events`, () => new HttpResponse(null, { headers: { "content-type": "text/event-stream" } })),
    // The Try-it member's events (the same, told only of the tickets whose channel they see): none either.
    rest.get(`${API}/:guildId/demo/events`, () => new HttpResponse(null, { headers: { "content-type": "text/event-stream" } })),
    // The demo server's clock: never skipped ahead; the member may skip it.
    rest.get(`${API}/:guildId/demo/clock`, () => HttpResponse.json({ offsetMs: 0, now: Date.now(), canSkip: true })),
    // The public figures; Panels asks them to know whether the server runs the demo platform (here: Discord).
    rest.get(`${API}/stats`, () => HttpResponse.json({ total_member_count: 1284, total_guilds: 2, total_tickets: 0, demo: false })),
  ];
}

/** Renders the real route tree at `path`, with providers whose browser side effects are recorded. */
export function renderApp(
  path: string,
  server: SetupServer,
  { signedIn = true, handlers = [] }: { signedIn?: boolean; handlers?: RequestHandler[] } = {},
) {
  if (signedIn) {
    cookieTokenStore.set("test-token");
    server.use(...signedInHandlers());
  } else {
    cookieTokenStore.remove();
  }
  // Registered last, so they win over the defaults.
  if (handlers.length) server.use(...handlers);
  const navigation = fakeNavigation();
  const notify = vi.fn();
  const http = createHttpClient({ baseUrl: "/api", tokens: cookieTokenStore, navigation });
  const authProvider = createAuthProvider({ http, tokens: cookieTokenStore, navigation, notify, sleep: async () => {} });
  const dataProvider = createDataProvider((name) => toEndpoint(findDeclaration(name)), http);
  const accessControlProvider = createAccessControl({ http, ...toAccessLookup(findDeclaration) });
  const router = createMemoryRouter(
    appRoutes(<RefineRoot authProvider={authProvider} dataProvider={dataProvider} accessControlProvider={accessControlProvider} />),
    { initialEntries: [path] },
  );
  const view = render(<RouterProvider router={router} />);
  return { ...view, router, navigation, notify, authProvider };
}
