import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { resourcePermissions } from "../../src/schemas/access";
import { type BlacklistEntry, blacklistInputSchema } from "../../src/schemas/blacklist";
import { guard, guildIdOf } from "../access/guard";
import { assertBelowGuildLimit } from "../guild-limits";
import { guildLimits } from "../../src/schemas/limits";

import { recordActivity } from "../activity";
import type { PlatformGuild } from "../platform/adapter";
import { badRequest, HttpError, notFound } from "../errors";
import { guildParams, idParams } from "../http/route-schemas";
import { s } from "../openapi/components";

// Blacklist (beyond the spec): users or roles of a guild barred from opening tickets.
// GET /{guildId}/blacklist → {blacklist}; POST {Kind, TargetId, Reason} → 201; DELETE /{guildId}/blacklist/{entryId}.

export const blacklistActivityActions = {
  added: "Blacklist Entry Added",
  removed: "Blacklist Entry Removed",
} as const;

export const blacklistMessages = {
  added: "Blacklist entry added",
  removed: "Blacklist entry removed",
  notFound: "Blacklist entry not found",
  duplicate: (kind: string) => `This ${kind.toLowerCase()} is already blacklisted`,
  unknownRole: "Role not found in this server",
  everyoneRole: "The @everyone role cannot be blacklisted",
  owner: "The server owner cannot be blacklisted",
} as const;

type Row = { id: number; kind: string | null; target_id: string | null; reason: string | null; created_at: number | null };

const isUniqueViolation = (error: unknown) => {
  const code = (error as { code?: string })?.code;
  return code === "23505" || code === "SQLITE_CONSTRAINT_UNIQUE";
};

/** Role names make the list readable; the list still answers when the platform does not. */
async function roleNames(app: FastifyInstance, request: FastifyRequest, guildId: string): Promise<Map<string, string>> {
  try {
    const guild = await app.platform.getGuild(guildId);
    return new Map(guild.roles.map((r) => [r.id, r.name]));
  } catch (error) {
    request.log.warn({ err: error }, "blacklist: role names unavailable");
    return new Map();
  }
}

const toEntry = (r: Row, roles: Map<string, string>): BlacklistEntry => ({
  EntryId: r.id,
  Kind: (r.kind ?? "User") as BlacklistEntry["Kind"],
  TargetId: r.target_id ?? "",
  TargetName: r.kind === "Role" ? (roles.get(r.target_id ?? "") ?? null) : null,
  Reason: r.reason ?? "",
  CreatedAt: r.created_at ?? 0,
});

export default async function blacklistRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const perms = resourcePermissions.blacklist;
  const tags = ["Blacklist"];
  const base = "/:guildId(^\\d+$)/blacklist";

  app.get(base, { onRequest: guard(perms.list), schema: { tags, summary: "List blacklist entries", params: guildParams, response: { 200: s.blacklist } } }, async (request) => {
    const guildId = guildIdOf(request);
    const rows = await app.db
      .selectFrom("blacklist")
      .select(["id", "kind", "target_id", "reason", "created_at"])
      .where("guild_id", "=", guildId)
      .orderBy("created_at", "desc")
      .orderBy("id", "desc")
      .execute();
    const roles = rows.some((r) => r.kind === "Role") ? await roleNames(app, request, guildId) : new Map<string, string>();
    return { blacklist: rows.map((r) => toEntry(r, roles)) };
  });

  app.post(
    base,
    {
      onRequest: guard(perms.create),
      schema: { tags, summary: "Blacklist a user or role", params: guildParams, body: blacklistInputSchema, response: { 201: s.blacklistAdded, 400: s.error, 409: s.error } },
    },
    async (request, reply) => {
    const input = request.body;
    const guildId = guildIdOf(request);
    const guild: PlatformGuild = await app.platform.getGuild(guildId);
    const roles = new Map(guild.roles.map((r) => [r.id, r.name]));
    if (input.Kind === "Role") {
      if (input.TargetId === guildId) throw badRequest(blacklistMessages.everyoneRole);
      if (!roles.has(input.TargetId)) throw badRequest(blacklistMessages.unknownRole);
    } else if (input.TargetId === guild.owner.id) {
      throw badRequest(blacklistMessages.owner);
    }
    try {
      const entry = await app.db.transaction().execute(async (trx) => {
        const existing = await trx
          .selectFrom("blacklist")
          .select("id")
          .where("guild_id", "=", guildId)
          .where("kind", "=", input.Kind)
          .where("target_id", "=", input.TargetId)
          .executeTakeFirst();
        if (existing) throw new HttpError(409, blacklistMessages.duplicate(input.Kind));
        await assertBelowGuildLimit(trx, "blacklist", guildId, guildLimits.blacklist, "blacklist entries");
        const row = await trx
          .insertInto("blacklist")
          .values({ guild_id: guildId, kind: input.Kind, target_id: input.TargetId, reason: input.Reason, created_at: Date.now() })
          .returning(["id", "kind", "target_id", "reason", "created_at"])
          .executeTakeFirstOrThrow();
        const created = toEntry(row, roles);
        await recordActivity(trx, request, { action: blacklistActivityActions.added, after: created });
        return created;
      });
      return reply.code(201).send({ message: blacklistMessages.added, entry });
    } catch (error) {
      if (isUniqueViolation(error)) throw new HttpError(409, blacklistMessages.duplicate(input.Kind));
      throw error;
    }
    },
  );

  app.delete(
    `${base}/:entryId`,
    { onRequest: guard(perms.delete), schema: { tags, summary: "Remove a blacklist entry", params: idParams("entryId"), response: { 200: s.message } } },
    async (request) => {
    const raw = (request.params as { entryId?: string }).entryId ?? "";
    if (!/^\d{1,15}$/.test(raw) || Number(raw) > 2_147_483_647) throw notFound(blacklistMessages.notFound); // integer column
    const entryId = Number(raw);
    const guildId = guildIdOf(request);
    await app.db.transaction().execute(async (trx) => {
      const row = await trx
        .selectFrom("blacklist")
        .select(["id", "kind", "target_id", "reason", "created_at"])
        .where("guild_id", "=", guildId)
        .where("id", "=", entryId)
        .executeTakeFirst();
      if (!row) throw notFound(blacklistMessages.notFound);
      await trx.deleteFrom("blacklist").where("guild_id", "=", guildId).where("id", "=", entryId).execute();
      await recordActivity(trx, request, { action: blacklistActivityActions.removed, before: toEntry(row, new Map()) });
    });
    return { message: blacklistMessages.removed };
    },
  );
}
