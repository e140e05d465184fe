import { lazy } from "react";
import { resourcePermissions } from "../../schemas/access";
import { teamMessages } from "../../schemas/messages";
import { TeamIcon } from "../../ui/icons";
import { defineResource } from "../engine/types";

// Staff Teams (SPEC §2, §4, §7, §8): a hand-built screen (role lists with drag and drop, permissions dialog).
export const teamsResource = defineResource({
  name: "teams",
  label: teamMessages.pageName,
  icon: TeamIcon,
  route: "teams",
  title: teamMessages.pageName,
  pageName: teamMessages.pageName,
  permissions: resourcePermissions.teams,
  // GET /{guildId}/teams answers {teams, roles}: the teams are the list, the guild's roles come beside it (refine's
  // `result.roles`); no pages. POST creates, DELETE /{teamId} deletes; roles and permissions are the team's own
  // sub-routes (actions, src/resources/teams/TeamsScreen.tsx).
  endpoint: { path: "teams", listKey: "teams", idKey: "TeamId", list: { paging: false } },
  screen: lazy(() => import("./TeamsScreen")),
});
