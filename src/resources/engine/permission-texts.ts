import type { Params } from "../../i18n/core";
import { teamMessages } from "../../schemas/messages";
import { permissionWords, type TeamPermission } from "../../schemas/team";

// A team permission in words, as the Staff Teams screen's switches name it ("Allow team to view settings") and as
// the "no access" page says what is missing: each a literal key so that the Spanish dictionary's coverage test
// finds it. English stays the fallback, word for word.

export type Tr = (key: string, fallback: string, params?: Params) => string;

/** The words after 'Allow team to ' for each permission (ViewSinglePanel → 'view single panels'). */
export function permissionWordsText(tr: Tr, key: TeamPermission): string {
  const words = permissionWords(key);
  switch (key) {
    case "ViewSettings":
      return tr("teams.permissionWords.viewSettings", words);
    case "EditSettings":
      return tr("teams.permissionWords.editSettings", words);
    case "ViewTeam":
      return tr("teams.permissionWords.viewTeam", words);
    case "CreateTeam":
      return tr("teams.permissionWords.createTeam", words);
    case "DeleteTeam":
      return tr("teams.permissionWords.deleteTeam", words);
    case "EditTeam":
      return tr("teams.permissionWords.editTeam", words);
    case "ViewTag":
      return tr("teams.permissionWords.viewTag", words);
    case "CreateTag":
      return tr("teams.permissionWords.createTag", words);
    case "DeleteTag":
      return tr("teams.permissionWords.deleteTag", words);
    case "EditTag":
      return tr("teams.permissionWords.editTag", words);
    case "ViewSinglePanel":
      return tr("teams.permissionWords.viewSinglePanel", words);
    case "ViewMultiPanel":
      return tr("teams.permissionWords.viewMultiPanel", words);
    case "CreateSinglePanel":
      return tr("teams.permissionWords.createSinglePanel", words);
    case "DeleteSinglePanel":
      return tr("teams.permissionWords.deleteSinglePanel", words);
    case "EditSinglePanel":
      return tr("teams.permissionWords.editSinglePanel", words);
    case "CreateMultiPanel":
      return tr("teams.permissionWords.createMultiPanel", words);
    case "DeleteMultiPanel":
      return tr("teams.permissionWords.deleteMultiPanel", words);
    case "EditMultiPanel":
      return tr("teams.permissionWords.editMultiPanel", words);
    case "ViewForm":
      return tr("teams.permissionWords.viewForm", words);
    case "CreateForm":
      return tr("teams.permissionWords.createForm", words);
    case "DeleteForm":
      return tr("teams.permissionWords.deleteForm", words);
    case "EditForm":
      return tr("teams.permissionWords.editForm", words);
    case "ViewTranscripts":
      return tr("teams.permissionWords.viewTranscripts", words);
    case "ViewActivity":
      return tr("teams.permissionWords.viewActivity", words);
    case "AnswerTicket":
      return tr("teams.permissionWords.answerTicket", words);
    case "AnnotateTicket":
      return tr("teams.permissionWords.annotateTicket", words);
    default:
      return words;
  }
}

/** The permission as its switch in the team's permissions dialog names it: 'Allow team to view settings'. */
export const permissionLabel = (tr: Tr, key: TeamPermission): string =>
  tr("spec.team.allowTeamTo", teamMessages.allowTeamTo(permissionWords(key)), { what: permissionWordsText(tr, key) });
