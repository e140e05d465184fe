import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { sendPanel } from "../panels/send";
import { resourcePermissions } from "../../src/schemas/access";
import { panelMessages } from "../../src/schemas/messages";
import { type MultiPanel, multiPanelCreateSchema, multiPanelSchema } from "../../src/schemas/multi-panel";
import { type SinglePanel, singlePanelSchema } from "../../src/schemas/panel";
import type { PanelProperties } from "../../src/schemas/panel-properties";
import { guard, guildIdOf, requirePermission } from "../access/guard";
import { assertBelowGuildLimit } from "../db/guild-limits";
import { guildLimits } from "../../src/schemas/limits";

import { recordActivity } from "../activity/record";
import { HttpError, notFound, zodErrorBody } from "../errors";
import { guildParams, idParams, validateBodyInHandler } from "../http/support/route-schemas";
import { s } from "../http/support/openapi/components";
import type { GuildChannel } from "../platform/adapter";
import { checkMultiPanelReferences, checkSinglePanelReferences } from "../panels/references";
import {
  findPanel,
  membersOf,
  multiPanelData,
  multiPanelName,
  multiPanelsUsing,
  type PanelRow,
  singlePanelData,
  toApiPanel,
  toMultiPanel,
  toSinglePanel,
} from "../panels/store";
import { panelActions, panelText } from "../panels/text";

// Ticket panels and multi-panels (SPEC §2, §3, §5, §7): GET /{guildId}/panel-properties,
// GET/POST /{guildId}/panels, GET/PUT/DELETE /{guildId}/panels/{panelId}, POST …/{panelId}/resend.
// Each action needs the permission of the panel's kind (single or multi); references must stay inside the
// guild; a PUT naming an older Revision is refused (409) so two editors never silently overwrite each other.

const single = resourcePermissions.panels;
const multi = resourcePermissions["multi-panels"];

type Body = Record<string, unknown> | undefined;
const bodyOf = (request: FastifyRequest): Body =>
  request.body && typeof request.body === "object" && !Array.isArray(request.body) ? (request.body as Record<string, unknown>) : undefined;

function panelIdOf(request: FastifyRequest): number {
  const raw = (request.params as { panelId: string }).panelId;
  const id = /^\d{1,15}$/.test(raw) ? Number(raw) : Number.NaN;
  if (!Number.isSafeInteger(id) || id <= 0 || id > 2_147_483_647) throw notFound(panelText.notFound); // integer column
  return id;
}

/** name → id, in the platform's order; a repeated name gets its id appended so no channel is lost. */
function nameMap(channels: GuildChannel[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const c of [...channels].sort((a, b) => a.position - b.position)) {
    out[c.name in out ? `${c.name} (${c.id})` : c.name] = c.id;
  }
  return out;
}

const isForeignKeyViolation = (error: unknown) => {
  const code = (error as { code?: string })?.code;
  return code === "23503" || code === "SQLITE_CONSTRAINT_FOREIGNKEY";
};

const parseFailure = (error: import("zod").ZodError) => new HttpError(400, zodErrorBody(error).error, zodErrorBody(error).errors);

export default async function panelRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const db = app.db;
  const tags = ["Panels"];
  const panelParams = idParams("panelId");

  /** Resolves the row and checks the caller's permission for that kind of panel. */
  async function loadFor(request: FastifyRequest, action: "show" | "edit" | "delete"): Promise<PanelRow> {
    const row = await findPanel(db, guildIdOf(request), panelIdOf(request));
    if (!row) throw notFound(panelText.notFound);
    requirePermission(request, (row.kind === "multi" ? multi : single)[action]);
    return row;
  }

  const send = (guildId: string, row: PanelRow) => sendPanel(db, app.platform, guildId, row);

  /** After a create: post the message; a failure keeps the panel and says so (Resend posts it later). */
  async function sendAfterCreate(request: FastifyRequest, guildId: string, panelId: number): Promise<string | undefined> {
    try {
      const row = (await findPanel(db, guildId, panelId))!;
      const { messageId } = await send(guildId, row);
      await db.updateTable("panels").set({ message_id: messageId }).where("id", "=", panelId).execute();
      return undefined;
    } catch (error) {
      request.log.warn({ err: error }, "panel message not sent");
      return panelText.sendFailed(error instanceof Error ? error.message : String(error));
    }
  }

  app.get(
    "/:guildId(^\\d+$)/panel-properties",
    {
      onRequest: guard([single.list, multi.list]),
      schema: { tags, summary: "Channels, categories, emojis, roles, teams and forms for the panel editor", params: guildParams, response: { 200: s.panelProperties } },
    },
    async (request) => {
      const guildId = guildIdOf(request);
      const guild = await app.platform.getGuild(guildId);
      const [teams, forms] = await Promise.all([
        db.selectFrom("teams").select(["id", "name"]).where("guild_id", "=", guildId).orderBy("name").orderBy("id").execute(),
        db.selectFrom("forms").select(["id", "name"]).where("guild_id", "=", guildId).orderBy("name").orderBy("id").execute(),
      ]);
      const properties: PanelProperties = {
        channels: { text: nameMap(guild.text_channels), categories: nameMap(guild.categories) },
        emojis: guild.emojis.map((e) => ({ id: e.id, name: e.name, url: e.url })),
        roles: guild.roles.map((r) => ({ RoleId: r.id, RoleName: r.name })),
        support_teams: teams.map((t) => ({ TeamId: String(t.id), TeamName: t.name })),
        forms: forms.map((f) => ({ FormId: f.id, FormName: f.name })),
      };
      return properties;
    },
  );

  app.get(
    "/:guildId(^\\d+$)/panels",
    {
      onRequest: guard([single.list, multi.list]),
      schema: { tags, summary: "List panels and multi-panels", description: "Each kind only when the caller may view it.", params: guildParams, response: { 200: s.panelList } },
    },
    async (request) => {
    const guildId = guildIdOf(request);
    const permissions = request.access!.permissions;
    const rows = await db.selectFrom("panels").selectAll().where("guild_id", "=", guildId).orderBy("id").execute();
    const singles = permissions[single.list] ? rows.filter((r) => r.kind === "single").map(toSinglePanel) : [];
    const multiRows = permissions[multi.list] ? rows.filter((r) => r.kind === "multi") : [];
    const members = await membersOf(db, multiRows.map((r) => r.id));
    const multis = multiRows.map((r) => toMultiPanel(r, members.get(r.id) ?? []));
    return { panels: { SinglePanels: singles, MultiPanels: multis } };
    },
  );

  app.get(
    "/:guildId(^\\d+$)/panels/:panelId",
    { onRequest: guard([single.show, multi.show]), schema: { tags, summary: "One panel or multi-panel", params: panelParams, response: { 200: s.panelOne } } },
    async (request) => {
      const row = await loadFor(request, "show");
      return { panel: await toApiPanel(db, row) };
    },
  );

  // The body's kind decides the permission and the schema: the handler validates it (messages of that kind).
  app.post(
    "/:guildId(^\\d+$)/panels",
    {
      onRequest: guard([single.create, multi.create]),
      validatorCompiler: validateBodyInHandler,
      schema: {
        tags,
        summary: "Create a panel ({SinglePanel}) or multi-panel ({MultiPanel}) and post its message",
        params: guildParams,
        body: s.panelCreate,
        response: { 201: s.panelCreated, 400: s.error, 409: s.error },
      },
    },
    async (request, reply) => {
    const guildId = guildIdOf(request);
    const body = bodyOf(request);
    const now = Date.now();
    let panelId: number;

    if (body && "MultiPanel" in body) {
      requirePermission(request, multi.create);
      const parsed = multiPanelCreateSchema.safeParse(body.MultiPanel);
      if (!parsed.success) return reply.code(400).send(zodErrorBody(parsed.error));
      const panel: MultiPanel = parsed.data;
      const guild = await app.platform.getGuild(guildId);
      panelId = await db.transaction().execute(async (trx) => {
        await assertBelowGuildLimit(trx, "panels", guildId, guildLimits.multiPanels, "multi-panels", "multi");
        const memberIds = await checkMultiPanelReferences(trx, guild, panel);
        const row = await trx
          .insertInto("panels")
          .values({
            guild_id: guildId, kind: "multi", name: multiPanelName(panel), form_id: null, team_id: null,
            data_json: JSON.stringify(multiPanelData(panel)), message_id: null, revision: 1, created_at: now, updated_at: now,
          })
          .returning("id")
          .executeTakeFirstOrThrow();
        await trx
          .insertInto("multi_panel_members")
          .values(memberIds.map((id, position) => ({ multi_panel_id: row.id, panel_id: id, position })))
          .execute();
        const after = toMultiPanel((await findPanel(trx, guildId, row.id))!, memberIds);
        await recordActivity(trx, request, { action: panelActions.multiCreated, after });
        return row.id;
      });
    } else if (body && "SinglePanel" in body) {
      requirePermission(request, single.create);
      const parsed = singlePanelSchema.safeParse(body.SinglePanel);
      if (!parsed.success) return reply.code(400).send(zodErrorBody(parsed.error));
      const panel: SinglePanel = parsed.data;
      const guild = await app.platform.getGuild(guildId);
      panelId = await db.transaction().execute(async (trx) => {
        await assertBelowGuildLimit(trx, "panels", guildId, guildLimits.panels, "panels", "single");
        const { teamId } = await checkSinglePanelReferences(trx, guild, panel);
        const row = await trx
          .insertInto("panels")
          .values({
            guild_id: guildId, kind: "single", name: panel.PanelName, form_id: panel.FormId, team_id: teamId,
            data_json: JSON.stringify(singlePanelData(panel)), message_id: null, revision: 1, created_at: now, updated_at: now,
          })
          .returning("id")
          .executeTakeFirstOrThrow();
        const after = toSinglePanel((await findPanel(trx, guildId, row.id))!);
        await recordActivity(trx, request, { action: panelActions.created, after });
        return row.id;
      });
    } else {
      throw new HttpError(400, panelText.bodyExpected);
    }

    const warning = await sendAfterCreate(request, guildId, panelId);
    return reply.code(201).send({ message: panelMessages.created, PanelId: panelId, ...(warning ? { warning } : {}) });
    },
  );

  app.put(
    "/:guildId(^\\d+$)/panels/:panelId",
    {
      onRequest: guard([single.edit, multi.edit]),
      validatorCompiler: validateBodyInHandler,
      schema: {
        tags,
        summary: "Update a panel or multi-panel",
        description: "A Revision other than the stored one is refused (409).",
        params: panelParams,
        body: s.panelUpdate,
        response: { 200: s.message, 409: s.error },
      },
    },
    async (request) => {
    const guildId = guildIdOf(request);
    const existing = await loadFor(request, "edit");
    const body = bodyOf(request);
    const now = Date.now();

    if (existing.kind === "multi") {
      if (!body || !("MultiPanel" in body)) throw new HttpError(400, panelText.multiBodyExpected);
      const parsed = multiPanelSchema.safeParse(body.MultiPanel);
      if (!parsed.success) throw parseFailure(parsed.error);
      const panel = parsed.data;
      const guild = await app.platform.getGuild(guildId);
      await db.transaction().execute(async (trx) => {
        const current = await findPanel(trx, guildId, existing.id);
        if (!current) throw notFound(panelText.notFound);
        if (panel.Revision !== undefined && panel.Revision !== current.revision) throw new HttpError(409, panelText.stale);
        const memberIds = await checkMultiPanelReferences(trx, guild, panel);
        const before = toMultiPanel(current, (await membersOf(trx, [current.id])).get(current.id) ?? []);
        const updated = await trx
          .updateTable("panels")
          .set({ name: multiPanelName(panel), data_json: JSON.stringify(multiPanelData(panel)), revision: current.revision + 1, updated_at: now })
          .where("id", "=", current.id)
          .where("revision", "=", current.revision)
          .executeTakeFirst();
        if (Number(updated.numUpdatedRows) !== 1) throw new HttpError(409, panelText.stale);
        await trx.deleteFrom("multi_panel_members").where("multi_panel_id", "=", current.id).execute();
        await trx
          .insertInto("multi_panel_members")
          .values(memberIds.map((id, position) => ({ multi_panel_id: current.id, panel_id: id, position })))
          .execute();
        const after = toMultiPanel((await findPanel(trx, guildId, current.id))!, memberIds);
        await recordActivity(trx, request, { action: panelActions.multiUpdated, before, after });
      });
      return { message: panelMessages.updated };
    }

    const raw = body && ("SinglePanel" in body ? body.SinglePanel : "Panel" in body ? body.Panel : undefined);
    if (raw === undefined) throw new HttpError(400, panelText.singleBodyExpected);
    const parsed = singlePanelSchema.safeParse(raw);
    if (!parsed.success) throw parseFailure(parsed.error);
    const panel = parsed.data;
    const guild = await app.platform.getGuild(guildId);
    await db.transaction().execute(async (trx) => {
      const current = await findPanel(trx, guildId, existing.id);
      if (!current) throw notFound(panelText.notFound);
      if (panel.Revision !== undefined && panel.Revision !== current.revision) throw new HttpError(409, panelText.stale);
      const { teamId } = await checkSinglePanelReferences(trx, guild, panel);
      const before = toSinglePanel(current);
      const updated = await trx
        .updateTable("panels")
        .set({
          name: panel.PanelName, form_id: panel.FormId, team_id: teamId, data_json: JSON.stringify(singlePanelData(panel)),
          revision: current.revision + 1, updated_at: now,
        })
        .where("id", "=", current.id)
        .where("revision", "=", current.revision)
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) !== 1) throw new HttpError(409, panelText.stale);
      const after = toSinglePanel((await findPanel(trx, guildId, current.id))!);
      await recordActivity(trx, request, { action: panelActions.updated, before, after });
    });
    return { message: panelMessages.updated };
    },
  );

  app.delete(
    "/:guildId(^\\d+$)/panels/:panelId",
    {
      onRequest: guard([single.delete, multi.delete]),
      schema: { tags, summary: "Delete a panel or multi-panel", description: "A panel shown by a multi-panel is refused (409).", params: panelParams, response: { 200: s.message, 409: s.error } },
    },
    async (request) => {
    const guildId = guildIdOf(request);
    const existing = await loadFor(request, "delete");
    try {
      await deletePanel(request, guildId, existing);
    } catch (error) {
      // A multi-panel that started using the panel meanwhile: the foreign key refuses, answer as above.
      if (!isForeignKeyViolation(error)) throw error;
      throw new HttpError(409, panelText.usedByMultiPanels(await multiPanelsUsing(db, guildId, existing.id)));
    }
    return { message: panelText.deleted };
    },
  );

  async function deletePanel(request: FastifyRequest, guildId: string, existing: PanelRow) {
    await db.transaction().execute(async (trx) => {
      const current = await findPanel(trx, guildId, existing.id);
      if (!current) throw notFound(panelText.notFound);
      const before = await toApiPanel(trx, current);
      if (current.kind === "single") {
        const users = await multiPanelsUsing(trx, guildId, current.id);
        if (users.length) throw new HttpError(409, panelText.usedByMultiPanels(users));
      }
      // Members go with their multi-panel (on delete cascade), explicitly too for clarity on both databases.
      await trx.deleteFrom("multi_panel_members").where("multi_panel_id", "=", current.id).execute();
      await trx.deleteFrom("panels").where("guild_id", "=", guildId).where("id", "=", current.id).execute();
      await recordActivity(trx, request, { action: current.kind === "multi" ? panelActions.multiDeleted : panelActions.deleted, before });
    });
  }

  app.post(
    "/:guildId(^\\d+$)/panels/:panelId/resend",
    {
      onRequest: guard([single.edit, multi.edit]),
      schema: {
        tags,
        summary: "Post the panel's message again",
        description: "A multi-panel none of whose panels is left is not posted (409).",
        params: panelParams,
        response: { 200: s.message, 409: s.error },
      },
    },
    async (request) => {
    const guildId = guildIdOf(request);
    const row = await loadFor(request, "edit");
    const { messageId, channelId } = await send(guildId, row);
    await db.transaction().execute(async (trx) => {
      await trx.updateTable("panels").set({ message_id: messageId }).where("guild_id", "=", guildId).where("id", "=", row.id).execute();
      await recordActivity(trx, request, {
        action: row.kind === "multi" ? panelActions.multiResent : panelActions.resent,
        before: { PanelId: row.id, MessageId: row.message_id },
        after: { PanelId: row.id, Name: row.name, ChannelId: channelId, MessageId: messageId },
      });
    });
    return { message: panelMessages.resent };
    },
  );
}
