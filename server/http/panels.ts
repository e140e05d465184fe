import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { resourcePermissions } from "../../src/schemas/access";
import { panelMessages } from "../../src/schemas/messages";
import { multiPanelCreateSchema, multiPanelSchema } from "../../src/schemas/multi-panel";
import { singlePanelSchema } from "../../src/schemas/panel";
import { guard, guildIdOf, requirePermission } from "../access/guard";
import { requestActor } from "../activity/record";
import { HttpError, notFound, validated, zodErrorBody } from "../errors";
import type { PanelRow } from "../panels/store";
import { panelText } from "../panels/text";
import { s } from "./support/openapi/components";
import { guildParams, idParams, validateBodyInHandler } from "./support/route-schemas";

// Ticket panels and multi-panels (SPEC §2, §3, §5, §7): GET /{guildId}/panel-properties,
// GET/POST /{guildId}/panels, GET/PUT/DELETE /{guildId}/panels/{panelId}, POST …/{panelId}/resend — over app.panels
// (server/panels/service.ts). Each action needs the permission of the panel's kind (single or multi), which the
// body (a create) or the stored panel (everything else) tells.

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

export default async function panelRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ["Panels"];
  const panelParams = idParams("panelId");

  /** The stored panel, once the caller holds the permission for that kind of panel. */
  async function panelFor(request: FastifyRequest, action: "show" | "edit" | "delete"): Promise<PanelRow> {
    const row = await app.panels.find(guildIdOf(request), panelIdOf(request));
    requirePermission(request, (row.kind === "multi" ? multi : single)[action]);
    return row;
  }

  app.get(
    "/:guildId(^\\d+$)/panel-properties",
    {
      onRequest: guard([single.list, multi.list]),
      schema: { tags, summary: "Channels, categories, emojis, roles, teams and forms for the panel editor", params: guildParams, response: { 200: s.panelProperties } },
    },
    async (request) => app.panels.properties(guildIdOf(request)),
  );

  app.get(
    "/:guildId(^\\d+$)/panels",
    {
      onRequest: guard([single.list, multi.list]),
      schema: { tags, summary: "List panels and multi-panels", description: "Each kind only when the caller may view it.", params: guildParams, response: { 200: s.panelList } },
    },
    async (request) => {
      const permissions = request.access!.permissions;
      return { panels: await app.panels.list(guildIdOf(request), { singles: permissions[single.list], multis: permissions[multi.list] }) };
    },
  );

  app.get(
    "/:guildId(^\\d+$)/panels/:panelId",
    { onRequest: guard([single.show, multi.show]), schema: { tags, summary: "One panel or multi-panel", params: panelParams, response: { 200: s.panelOne } } },
    async (request) => ({ panel: await app.panels.toApi(await panelFor(request, "show")) }),
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
      let created: { panelId: number; warning?: string };
      if (body && "MultiPanel" in body) {
        requirePermission(request, multi.create);
        const parsed = multiPanelCreateSchema.safeParse(body.MultiPanel);
        if (!parsed.success) return reply.code(400).send(zodErrorBody(parsed.error));
        created = await app.panels.createMulti(guildId, parsed.data, requestActor(request));
      } else if (body && "SinglePanel" in body) {
        requirePermission(request, single.create);
        const parsed = singlePanelSchema.safeParse(body.SinglePanel);
        if (!parsed.success) return reply.code(400).send(zodErrorBody(parsed.error));
        created = await app.panels.createSingle(guildId, parsed.data, requestActor(request));
      } else {
        throw new HttpError(400, panelText.bodyExpected);
      }
      return reply.code(201).send({ message: panelMessages.created, PanelId: created.panelId, ...(created.warning ? { warning: created.warning } : {}) });
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
      const existing = await panelFor(request, "edit");
      const body = bodyOf(request);
      if (existing.kind === "multi") {
        if (!body || !("MultiPanel" in body)) throw new HttpError(400, panelText.multiBodyExpected);
        await app.panels.updateMulti(guildId, existing, validated(multiPanelSchema, body.MultiPanel), requestActor(request));
      } else {
        const raw = body && ("SinglePanel" in body ? body.SinglePanel : "Panel" in body ? body.Panel : undefined);
        if (raw === undefined) throw new HttpError(400, panelText.singleBodyExpected);
        await app.panels.updateSingle(guildId, existing, validated(singlePanelSchema, raw), requestActor(request));
      }
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
      await app.panels.remove(guildIdOf(request), await panelFor(request, "delete"), requestActor(request));
      return { message: panelText.deleted };
    },
  );

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
      await app.panels.resend(guildIdOf(request), await panelFor(request, "edit"), requestActor(request));
      return { message: panelMessages.resent };
    },
  );
}
