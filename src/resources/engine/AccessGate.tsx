import { useCan } from "@refinedev/core";
import { lazy, Suspense, type ReactNode } from "react";
import type { AccessAction } from "../../schemas/access";
import { PageFallback } from "../../ui/PageFallback";

// A page the member may not use is never opened (its first request would answer 403, which sends the browser to
// the public landing page): the dashboard's own "no access" page takes its place inside the frame, the sidebar and
// the server list stay, and it says what is missing and leads back to the server's dashboard. The server refuses
// the page's requests regardless; this only keeps the member in the dashboard.

const NoAccess = lazy(() => import("./NoAccess"));

/** Shows `children` when the member may `action` the resource in this server, else the "no access" page. */
export function AccessGate({
  guildId,
  resource,
  action = "list",
  children,
}: {
  guildId: string;
  resource: string;
  action?: AccessAction;
  children: ReactNode;
}) {
  const { data } = useCan({ resource, action, params: { guildId } });
  if (!data) return <PageFallback />;
  if (!data.can) {
    return (
      <Suspense fallback={<PageFallback />}>
        <NoAccess guildId={guildId} reason={data.reason} />
      </Suspense>
    );
  }
  return <>{children}</>;
}
