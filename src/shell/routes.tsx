import { lazy, Suspense, type ReactNode } from "react";
import { useParams, type RouteObject } from "react-router";
import { toResourceRoutes } from "../resources/engine/routes";
import { guildOverviewScreen as GuildOverview, resourceDeclarations } from "../resources/registry";
import { RouteErrorBoundary } from "./RouteErrorBoundary";
import { assertGuildId } from "./guild-route";
import { Protected } from "./Protected";
import { RefineRoot } from "./RefineRoot";

// Every screen is its own chunk; the first dashboard screen loads only what it shows.
const LoginPage = lazy(() => import("./LoginPage"));
const SignedInLayout = lazy(() => import("./SignedInLayout"));
const ServerPicker = lazy(() => import("./ServerPicker"));
const MyTickets = lazy(() => import("./MyTickets"));
const GuildLayout = lazy(() => import("./GuildLayout"));
const NotFound = lazy(() => import("../ui/NotFound"));

const screen = (node: ReactNode) => <Suspense fallback={null}>{node}</Suspense>;

/** Signed-in pages: an invalid server id fails before anything else, then the session is checked. */
function SignedInFrame() {
  const { guildId } = useParams();
  assertGuildId(guildId);
  return <Protected>{screen(<SignedInLayout />)}</Protected>;
}

/**
 * The dashboard's routes (§2). The public pages (/, /docs, /legal, /commands, /status, /faq) are another
 * bundle; links to them are plain anchors.
 */
export function appRoutes(root: ReactNode = <RefineRoot />): RouteObject[] {
  return [
    {
      element: <RouteErrorBoundary>{root}</RouteErrorBoundary>,
      children: [
        { path: "/login", element: screen(<LoginPage />) },
        {
          element: (
            <RouteErrorBoundary>
              <SignedInFrame />
            </RouteErrorBoundary>
          ),
          children: [
            { path: "/dashboard", element: screen(<ServerPicker />) },
            { path: "/my-tickets", element: screen(<MyTickets />) },
            {
              path: "/:guildId",
              element: screen(<GuildLayout />),
              children: [
                { index: true, element: screen(<GuildOverview />) },
                ...toResourceRoutes(resourceDeclarations),
                { path: "*", element: screen(<NotFound embedded />) },
              ],
            },
          ],
        },
        { path: "*", element: screen(<NotFound />) },
      ],
    },
  ];
}
