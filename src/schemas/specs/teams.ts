import { messageResponseSchema } from "../common";
import { declareResource } from "../resource-kinds";
import { teamCreateSchema, teamPermissionsUpdateSchema, teamRoleChangeSchema, teamSchema, teamsResponseSchema } from "../team";

// Staff teams (SPEC §2, §3, §7): a collection stored by server/teams, whose roles and permissions are changed by
// declared actions. Hooks (server/teams/hooks.ts): the Discord side (role sync after the answer), what an editor may
// grant.

export const teamNotFoundText = "Team not found";

export const teamCreatedSchema = messageResponseSchema.extend({ team: teamSchema });

export const teamsSpec = declareResource({
  kind: "collection",
  name: "teams",
  permissions: ["teams"],
  doc: { tag: "Staff Teams", summary: "staff teams" },
  id: "teamId",
  ids: { teamId: teamNotFoundText },
  list: { summary: "Staff teams and the server's roles", answer: teamsResponseSchema },
  // §7: success is read as the pair [body, status 200].
  create: {
    summary: "Create a team",
    body: teamCreateSchema,
    answer: teamCreatedSchema,
    errors: [409],
    message: "Team created successfully",
  },
  remove: { summary: "Delete a team", answer: messageResponseSchema, errors: [409], message: "Team deleted successfully" },
  actions: {
    addRole: {
      method: "POST",
      path: "/{teamId}/roles",
      access: "edit",
      summary: "Add a role to a team",
      body: teamRoleChangeSchema,
      answer: messageResponseSchema.describe("Team role add queued"),
      errors: [409],
    },
    removeRole: {
      method: "DELETE",
      path: "/{teamId}/roles",
      access: "edit",
      summary: "Remove a role from a team",
      body: teamRoleChangeSchema,
      answer: messageResponseSchema.describe("Team role remove queued"),
      errors: [409],
    },
    setPermissions: {
      method: "PUT",
      path: "/{teamId}/permissions",
      access: "edit",
      recentSignIn: true,
      summary: "Set a team's permissions",
      description: "Keys left out keep their value. Staff cannot grant what they do not hold (403).",
      body: teamPermissionsUpdateSchema,
      answer: messageResponseSchema,
      message: "Team permissions updated successfully",
    },
  },
  transfer: { section: "teams" },
});
