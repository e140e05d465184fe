import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { bulkIdsMax } from "../../src/schemas/bulk";
import { transcriptBulkResponseSchema, transcriptBulkSchema } from "../../src/schemas/bulk-tickets";
import { managerLevels, resourcePermissions } from "../../src/schemas/access";
import { authMessages } from "../../src/schemas/messages";
import { guard, guildIdOf } from "../access/guard";
import { requestActor } from "../activity/record";
import { HttpError } from "../errors";
import { named } from "./support/openapi/components";
import { guildParams } from "./support/route-schemas";
import { panelsVisibleTo } from "./support/visible-panels";

// The transcripts list's bulk actions: POST /{guildId}/transcripts/bulk {action: delete | download, ids: [ticket
// numbers]} over app.transcripts (server/transcripts/bulk.ts). Reading them needs ViewTranscripts and each one's
// panel, as one transcript's view does; deleting them — final, no team permission grants it — is for managers.

export default async function transcriptBulkRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.post(
    "/:guildId(^\\d+$)/transcripts/bulk",
    {
      onRequest: guard(resourcePermissions.transcripts.list),
      // A download writes an activity entry about what was read.
      config: { audited: true },
      schema: {
        tags: ["Transcripts"],
        summary: "Delete several transcripts (managers), or download them as one HTML file",
        description:
          `At most ${bulkIdsMax} ticket numbers. Each must be a transcript of this server, of a panel the caller may read; ` +
          "one that is not refuses the whole request and nothing is deleted or sent. A delete is final and needs the owner, " +
          "an Administrator or Manage Server.",
        params: guildParams,
        body: named("TranscriptBulk", transcriptBulkSchema),
        response: { 200: named("TranscriptBulkDone", transcriptBulkResponseSchema) },
      },
    },
    async (request) => {
      const guildId = guildIdOf(request);
      const body = request.body;
      const visible = await panelsVisibleTo(app, request);
      const actor = requestActor(request);
      if (body.action === "delete") {
        if (!request.access || !managerLevels.includes(request.access.level)) throw new HttpError(403, authMessages.accessDenied);
        const count = await app.transcripts.removeMany(guildId, body.ids, visible, actor);
        return { message: `Deleted ${count} transcripts`, count };
      }
      const { count, html } = await app.transcripts.downloadMany(guildId, body.ids, visible, body.theme ?? "light", actor);
      return { message: `${count} transcripts`, count, transcripts_html: html };
    },
  );
}
