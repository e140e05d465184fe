import { Link } from "react-router";
import { useSpecT, useTr } from "../../i18n/refine";
import { authMessages } from "../../schemas/messages";
import { teamPermissionKeys, type TeamPermission } from "../../schemas/team";
import { LockIcon } from "../../ui/icons";
import "../../ui/frame.css";
import { permissionLabel } from "./permission-texts";

// The dashboard's own "no access" page (./AccessGate.tsx shows it): inside the frame, under the server's sidebar, it
// says what is missing — the team permission in the words of the team's permissions dialog, or the access levels —
// and leads back to the server's dashboard. Its own chunk: only a member refused a page loads it.

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
export default function NoAccess({ guildId, reason }: { guildId: string; reason?: string }) {
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
