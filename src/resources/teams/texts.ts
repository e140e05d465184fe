import type { Tr } from "../engine/permission-texts";

// The Staff Teams screen's texts built from data (group titles; the permissions' words are the engine's, shared with
// the "no access" page), each a literal key so that the Spanish dictionary's coverage test finds it. English stays
// the fallback, word for word.

export { permissionWordsText, type Tr } from "../engine/permission-texts";

/** A permission group's title (permissionGroups' English title as the fallback). */
export function groupTitleText(tr: Tr, title: string): string {
  switch (title) {
    case "Settings":
      return tr("teams.group.settings", title);
    case "Staff Teams":
      return tr("teams.group.staffTeams", title);
    case "Tags":
      return tr("teams.group.tags", title);
    case "Panels":
      return tr("teams.group.panels", title);
    case "Forms":
      return tr("teams.group.forms", title);
    case "Transcripts and Activity":
      return tr("teams.group.transcriptsAndActivity", title);
    case "Tickets":
      return tr("teams.group.tickets", title);
    default:
      return title;
  }
}
