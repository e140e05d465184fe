import { lazy, Suspense } from "react";
import { useParams, type RouteObject } from "react-router";
import type { ResourceDeclaration } from "./types";
import { PageFallback } from "../../ui/PageFallback";
import { AccessGate } from "./AccessGate";

const GeneratedScreen = lazy(() => import("./GeneratedScreen"));

function ResourceRoute({ declaration }: { declaration: ResourceDeclaration }) {
  const { guildId = "" } = useParams();
  const Screen = declaration.screen ?? GeneratedScreen;
  // A page the member may not list (a team permission, or an access level, missing) is the "no access" page.
  return (
    <AccessGate key={guildId} guildId={guildId} resource={declaration.name}>
      <Suspense fallback={<PageFallback />}>
        <Screen key={guildId} guildId={guildId} declaration={declaration} />
      </Suspense>
    </AccessGate>
  );
}

/** Child routes of /:guildId, one per declaration: /:guildId/<route>/* (the screen routes below it). */
export function toResourceRoutes(declarations: readonly ResourceDeclaration[]): RouteObject[] {
  return declarations.map((declaration) => ({
    path: `${declaration.route}/*`,
    element: <ResourceRoute declaration={declaration} />,
  }));
}
