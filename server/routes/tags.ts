import { randomUUID } from "node:crypto";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { resourcePermissions } from "../../src/schemas/access";
import { type Tag, tagInputSchema } from "../../src/schemas/tag";
import { guard, guildIdOf } from "../access/guard";
import { assertBelowGuildLimit } from "../guild-limits";
import { guildLimits } from "../../src/schemas/limits";

import { activityActions, recordActivity } from "../activity";
import { prepared } from "../db/prepared";
import { HttpError, notFound } from "../errors";
import { guildParams, idParams } from "../http/route-schemas";
import { s } from "../openapi/components";

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const duplicateName = (name: string) => `A tag named "${name}" already exists`;

const isUniqueViolation = (error: unknown) => {
  const code = (error as { code?: string })?.code;
  return code === "23505" || code === "SQLITE_CONSTRAINT_UNIQUE" || code === "SQLITE_CONSTRAINT_PRIMARYKEY";
};

// The queries of the list and of the create, compiled once (server/db/prepared.ts).
const guildTagsQuery = prepared((db, v: { guildId: string }) =>
  db.selectFrom("tags").select(["id", "name", "content"]).where("guild_id", "=", v.guildId).orderBy("created_at", "asc").orderBy("id", "asc"),
);
const tagNamedQuery = prepared((db, v: { guildId: string; lowerName: string }) =>
  db
    .selectFrom("tags")
    .select("id")
    .where("guild_id", "=", v.guildId)
    .where((eb) => eb(eb.fn("lower", ["name"]), "=", v.lowerName)),
);
const insertTagQuery = prepared((db, row: { id: string; guild_id: string; name: string; content: string; created_at: number }) =>
  db.insertInto("tags").values({ ...row }),
);

/** Tags (canned replies): GET/POST /{guildId}/tags, DELETE /{guildId}/tags/{tagId}. */
export default async function tagRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const perms = resourcePermissions.tags;
  const tags = ["Tags"];

  app.get("/:guildId(^\\d+$)/tags", { onRequest: guard(perms.list), schema: { tags, summary: "List tags", params: guildParams, response: { 200: s.tags } } }, async (request) => {
    const rows = await guildTagsQuery.execute(app.db, { guildId: guildIdOf(request) }, undefined);
    const tags: Tag[] = rows.map((r) => ({ TagId: r.id, TagName: r.name, Content: r.content }));
    return { tags };
  });

  app.post(
    "/:guildId(^\\d+$)/tags",
    { onRequest: guard(perms.create), schema: { tags, summary: "Create a tag", params: guildParams, body: tagInputSchema, response: { 201: s.tagCreated, 409: s.error } } },
    async (request, reply) => {
    const guildId = guildIdOf(request);
    const input = request.body;
    const tag: Tag = { TagId: randomUUID(), TagName: input.TagName, Content: input.Content };
    try {
      await app.db.transaction().execute(async (trx) => {
        const existing = await tagNamedQuery.executeTakeFirst(trx, { guildId, lowerName: input.TagName.toLowerCase() }, undefined);
        if (existing) throw new HttpError(409, duplicateName(input.TagName));
        await assertBelowGuildLimit(trx, "tags", guildId, guildLimits.tags, "tags");
        await insertTagQuery.execute(trx, { id: tag.TagId, guild_id: guildId, name: tag.TagName, content: tag.Content, created_at: Date.now() }, undefined);
        await recordActivity(trx, request, { action: activityActions.tagCreated, after: tag });
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw new HttpError(409, duplicateName(input.TagName));
      throw error;
    }
    return reply.code(201).send({ message: "Tag created successfully", tag });
    },
  );

  app.delete(
    "/:guildId(^\\d+$)/tags/:tagId",
    { onRequest: guard(perms.delete), schema: { tags, summary: "Delete a tag", params: idParams("tagId"), response: { 200: s.message } } },
    async (request) => {
    const { tagId } = request.params;
    if (!uuidPattern.test(tagId)) throw notFound("Tag not found");
    const guildId = guildIdOf(request);
    await app.db.transaction().execute(async (trx) => {
      const row = await trx
        .selectFrom("tags")
        .select(["id", "name", "content"])
        .where("guild_id", "=", guildId)
        .where("id", "=", tagId)
        .executeTakeFirst();
      if (!row) throw notFound("Tag not found");
      await trx.deleteFrom("tags").where("guild_id", "=", guildId).where("id", "=", tagId).execute();
      const before: Tag = { TagId: row.id, TagName: row.name, Content: row.content };
      await recordActivity(trx, request, { action: activityActions.tagDeleted, before });
    });
    return { message: "Tag deleted successfully" };
    },
  );
}
