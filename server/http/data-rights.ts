import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  dataRightsMessages,
  guildEraseSchema,
  guildExportSchema,
  memberErasureSchema,
  memberEraseSchema,
  memberExportSchema,
} from "../../src/schemas/data-rights";
import { messageResponseSchema } from "../../src/schemas/common";
import { guard, guildIdOf, requireLevels } from "../access/guard";
import { requestActor } from "../activity/record";
import { authenticate } from "../auth/authenticate";
import { HttpError } from "../errors";
import { eraseGuild, exportGuild } from "../retention/guild";
import { eraseMember, exportMember } from "../retention/member";
import { guildParams } from "./support/route-schemas";

// A member's and an owner's rights over their data (server/retention/, docs/decisions/013-data-retention.md):
//   GET  /me/data/export            → everything the product holds about the signed-in user (an attachment)
//   POST /me/data/erase {confirm}   → erases it across servers; counts only
//   GET  /{guildId}/data/export     → everything of the server (owner only)
//   POST /{guildId}/data/erase {confirm: the server's id} → erases the server (owner only)
// Only the signed-in user's own data: no route takes another user's id. Writes and reads are rate-limited like every
// /api route (server/http/support/rate-limits.ts), the exports as audited reads. After an erasure no cached answer
// survives: the response cache is emptied (the guild generations move with the writes too), and the live read forgets
// the tickets touched (EngineDeps.forgetLive).

const tags = ["Data rights"];

/** onRequest after guard(): the server's owner only (Administrator and Manage Server holders included are not). */
/** The server's owner only: an erasure cannot be undone, so not even an Administrator may ask for it. */
const requireOwner = requireLevels(["owner"]);

const attachment = (name: string) => `attachment; filename="${name}"`;

export default async function dataRightsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const keyring = () => app.tickets.deps.keyring;

  app.get(
    "/me/data/export",
    {
      onRequest: authenticate,
      config: { audited: true },
      schema: {
        tags,
        summary: "Export my data",
        description: "Every ticket, transcript message, rating and activity entry of the signed-in user, across servers, as JSON.",
        response: { 200: memberExportSchema },
      },
    },
    async (request, reply) => {
      const body = await exportMember(app.db, keyring(), request.user!.id);
      return reply.header("cache-control", "no-store").header("content-disposition", attachment("my-ticketeer-data.json")).send(body);
    },
  );

  app.post(
    "/me/data/erase",
    {
      onRequest: authenticate,
      schema: {
        tags,
        summary: "Erase my data",
        description:
          "Closes the signed-in user's open tickets, then anonymises their messages in transcripts (\"deleted user\"), removes their ratings' comments and clears their tickets' personal fields, across servers. Final.",
        body: memberEraseSchema,
        response: { 200: memberErasureSchema },
      },
    },
    async (request) => {
      const outcome = await eraseMember(app.tickets.deps, request.user!.id);
      app.responseCache.clear();
      return outcome;
    },
  );

  app.get(
    "/:guildId(^\\d+$)/data/export",
    {
      onRequest: [guard(), requireOwner],
      config: { audited: true },
      schema: {
        tags,
        summary: "Export everything of the server",
        description: "Every row the product keeps about the server, table by table, transcripts and notes opened. Owner only.",
        params: guildParams,
        response: { 200: guildExportSchema },
      },
    },
    async (request, reply) => {
      const guildId = guildIdOf(request);
      const body = await exportGuild(app.db, app.dbDialect, keyring(), guildId);
      return reply
        .header("cache-control", "no-store")
        .header("content-disposition", attachment(`ticketeer-server-${guildId}.json`))
        .send(body);
    },
  );

  app.post(
    "/:guildId(^\\d+$)/data/erase",
    {
      onRequest: [guard(), requireOwner],
      schema: {
        tags,
        summary: "Erase everything of the server",
        description:
          "Deletes every row of the server (settings, panels, tickets, transcripts, the activity log…), final. Owner only; `confirm` is the server's id.",
        params: guildParams,
        body: guildEraseSchema,
        response: { 200: messageResponseSchema },
      },
    },
    async (request) => {
      const guildId = guildIdOf(request);
      if (request.body.confirm.trim() !== guildId) throw new HttpError(400, dataRightsMessages.guildEraseConfirm);
      await eraseGuild(app.db, app.dbDialect, guildId, requestActor(request));
      app.responseCache.clear();
      return { message: dataRightsMessages.guildErased };
    },
  );
}
