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
import { toEndpoint, toPermissionLookup } from "../../../src/resources/engine/derive";
import { findDeclaration } from "../../../src/resources/registry";
import type { GuildInList } from "../../../src/schemas/guild";
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

/** The API of a signed-in Demo Admin; tests override single routes with server.use(). */
export function signedInHandlers() {
  return [
    rest.get(`${API}/api/auth/user`, () => HttpResponse.json({ authenticated: true, expires_at: future(), user: demoUser })),
    rest.get(`${API}/guilds`, () => HttpResponse.json({ guilds: demoGuilds })),
    rest.get(`${API}/:guildId/permissions`, () => HttpResponse.json({ level: "owner", permissions: allPermissions() })),
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
  const accessControlProvider = createAccessControl({ http, permissionOf: toPermissionLookup(findDeclaration) });
  const router = createMemoryRouter(
    appRoutes(<RefineRoot authProvider={authProvider} dataProvider={dataProvider} accessControlProvider={accessControlProvider} />),
    { initialEntries: [path] },
  );
  const view = render(<RouterProvider router={router} />);
  return { ...view, router, navigation, notify, authProvider };
}
