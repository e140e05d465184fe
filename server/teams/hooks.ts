import type { FastifyRequest } from "fastify";
import { teamRoleChangeSchema } from "../../src/schemas/team";
import type { DeclaredHooks, OperationContext } from "../access/hook-context";
import { requestActor } from "../activity/record";
import { validated } from "../errors";
import type { TeamEditor } from "./service";

// The hooks of the teams declaration (src/schemas/specs/teams.ts) over app.teams (./service.ts): what an editor may
// grant, and the Discord side of a role change (queued, ./role-sync.ts).

const editorOf = (request: FastifyRequest): TeamEditor => ({ actor: requestActor(request), access: request.access });

/** A role added or removed: stored now, synced to the platform after the answer; the answer says it is queued. */
async function changeRole({ app, request, guildId, ids, body }: OperationContext, op: "add" | "remove") {
  const { RoleId } = validated(teamRoleChangeSchema, body);
  return { message: await app.teams.changeRole(guildId, ids.teamId, RoleId, op, editorOf(request)) };
}

export const teamsHooks: DeclaredHooks = {
  list: ({ app, guildId }) => app.teams.list(guildId),
  create: async ({ app, request, guildId, body }) => ({
    team: await app.teams.create(guildId, body.team_name, [...new Set<string>(body.roles)], editorOf(request)),
  }),
  async remove({ app, request, guildId, ids }) {
    await app.teams.remove(guildId, ids.teamId, requestActor(request));
    return {};
  },
  addRole: (ctx) => changeRole(ctx, "add"),
  removeRole: (ctx) => changeRole(ctx, "remove"),
  async setPermissions({ app, request, guildId, ids, body }) {
    await app.teams.setPermissions(guildId, ids.teamId, body.Permissions, editorOf(request));
    return {};
  },
};
