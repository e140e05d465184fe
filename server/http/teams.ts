import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { resourcePermissions } from "../../src/schemas/access";
import { teamCreateSchema, teamPermissionsUpdateSchema, teamRoleChangeSchema } from "../../src/schemas/team";
import { guard, guildIdOf } from "../access/guard";
import { requestActor } from "../activity/record";
import { requireRecentSignIn } from "../auth/recent-sign-in";
import { notFound } from "../errors";
import { teamText, type TeamEditor } from "../teams/service";
import { s } from "./support/openapi/components";
import { guildParams, idParams } from "./support/route-schemas";

// Staff teams (SPEC §2, §3, §7): GET/POST /{guildId}/teams, DELETE /{guildId}/teams/{teamId},
// POST/DELETE /{guildId}/teams/{teamId}/roles, PUT /{guildId}/teams/{teamId}/permissions — over app.teams
// (server/teams/service.ts).

/** Team ids in paths are positive integers; anything else is simply not found. */
function teamIdOf(request: FastifyRequest): number {
  const raw = (request.params as { teamId: string }).teamId;
  if (!/^\d{1,15}$/.test(raw)) throw notFound(teamText.notFound);
  const id = Number(raw);
  if (!Number.isSafeInteger(id) || id <= 0 || id > 2_147_483_647) throw notFound(teamText.notFound); // integer column
  return id;
}

const editorOf = (request: FastifyRequest): TeamEditor => ({ actor: requestActor(request), access: request.access });

export default async function teamRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const perms = resourcePermissions.teams;
  const tags = ["Staff Teams"];
  const teamParams = idParams("teamId");

  app.get(
    "/:guildId(^\\d+$)/teams",
    { onRequest: guard(perms.list), schema: { tags, summary: "Staff teams and the server's roles", params: guildParams, response: { 200: s.teams } } },
    async (request) => app.teams.list(guildIdOf(request)),
  );

  app.post(
    "/:guildId(^\\d+$)/teams",
    {
      onRequest: guard(perms.create),
      schema: { tags, summary: "Create a team", params: guildParams, body: teamCreateSchema, response: { 200: s.teamCreated, 409: s.error } },
    },
    async (request, reply) => {
      const team = await app.teams.create(guildIdOf(request), request.body.team_name, [...new Set(request.body.roles)], editorOf(request));
      // §7: success is read as the pair [body, status 200].
      return reply.code(200).send({ message: teamText.created, team });
    },
  );

  app.delete(
    "/:guildId(^\\d+$)/teams/:teamId",
    { onRequest: guard(perms.delete), schema: { tags, summary: "Delete a team", params: teamParams, response: { 200: s.message, 409: s.error } } },
    async (request) => {
      await app.teams.remove(guildIdOf(request), teamIdOf(request), requestActor(request));
      return { message: teamText.deleted };
    },
  );

  const roleChange = (summary: string, answer: string) => ({
    onRequest: guard(perms.edit),
    schema: { tags, summary, params: teamParams, body: teamRoleChangeSchema, response: { 200: s.message.describe(answer), 409: s.error } },
  });
  const changeRole = async (request: FastifyRequest, op: "add" | "remove") => {
    const guildId = guildIdOf(request);
    const teamId = teamIdOf(request);
    const { RoleId } = teamRoleChangeSchema.parse(request.body);
    return { message: await app.teams.changeRole(guildId, teamId, RoleId, op, editorOf(request)) };
  };
  app.post("/:guildId(^\\d+$)/teams/:teamId/roles", roleChange("Add a role to a team", "Team role add queued"), (request) => changeRole(request, "add"));
  app.delete("/:guildId(^\\d+$)/teams/:teamId/roles", roleChange("Remove a role from a team", "Team role remove queued"), (request) => changeRole(request, "remove"));

  app.put(
    "/:guildId(^\\d+$)/teams/:teamId/permissions",
    {
      onRequest: [guard(perms.edit), requireRecentSignIn],
      schema: {
        tags,
        summary: "Set a team's permissions",
        description: "Keys left out keep their value. Staff cannot grant what they do not hold (403).",
        params: teamParams,
        body: teamPermissionsUpdateSchema,
        response: { 200: s.message },
      },
    },
    async (request) => {
      await app.teams.setPermissions(guildIdOf(request), teamIdOf(request), request.body.Permissions, editorOf(request));
      return { message: teamText.permissionsUpdated };
    },
  );
}
