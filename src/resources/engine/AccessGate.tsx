import { useCan } from "@refinedev/core";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { useSpecT, useTr } from "../../i18n/refine";
import { type AccessAction } from "../../schemas/access";
import { authMessages } from "../../schemas/messages";
import { teamPermissionKeys, type TeamPermission } from "../../schemas/team";
import { LockIcon } from "../../ui/icons";
import { PageFallback } from "../../ui/PageFallback";
import "../../ui/frame.css";
import { permissionLabel } from "./permission-texts";

// A page the member may not use is never opened (its first request would answer 403, which sends the browser to
// the public landing page): the dashboard's own "no access" page takes its place inside the frame, the sidebar and
// the server list stay, and it says what is missing and leads back to the server's dashboard. The server refuses
// the page's requests regardless; this only keeps the member in the dashboard.

const isTeamPermission = (value: unknown): value is TeamPermission => (teamPermissionKeys as readonly unknown[]).includes(value);

/** What the access-control provider's refusal says (src/providers/access-control.ts), in words. */
function useReasonText(reason: string | undefined): string {
  const tr = useTr();
  if (isTeamPermission(reason)) {
    return tr(
      "ui.noAccess.permission",
      "This page needs the team permission “{permission}”. None of your staff teams in this server has it: ask the server's owner or an administrator to add it to your team.",
      { permission: permissionLabel(tr, reason) },
    );
  }
  if (reason === "level") {
    return tr(
      "ui.noAccess.level",
      "Only the server's owner, administrators and members with the Manage Server permission can open this page; no staff team permission gives access to it.",
    );
  }
  return tr("ui.noAccess.unchecked", "Your access to this page could not be checked. Reload the page to try again.");
}

/** The "no access" page: inside the signed-in frame, under the server's sidebar. */
export function NoAccess({ guildId, reason }: { guildId: string; reason?: string }) {
  const tr = useTr();
  const spec = useSpecT();
  const text = useReasonText(reason);
  return (
    <main className="frame-embedded" data-testid="no-access">
      <div className="frame-panel">
        <p className="frame-eyebrow" aria-hidden="true">
          <LockIcon size={26} />
        </p>
        <h1 className="frame-heading">{spec(authMessages, "accessDenied")}</h1>
        <p className="frame-text">{text}</p>
        <Link className="frame-button" to={`/${guildId}`}>
          {tr("ui.noAccess.back", "Back to the server's dashboard")}
        </Link>
      </div>
    </main>
  );
}

/** Shows `children` when the member may `action` the resource in this server, else the "no access" page. */
export function AccessGate({ guildId, resource, action = "list", children }: { guildId: string; resource: string; action?: AccessAction; children: ReactNode }) {
  const { data } = useCan({ resource, action, params: { guildId } });
  if (!data) return <PageFallback />;
  if (!data.can) return <NoAccess guildId={guildId} reason={data.reason} />;
  return <>{children}</>;
}
