import type { FastifyRequest } from "fastify";
import { panelsSpec } from "../../src/schemas/specs/panels";
import type { VariantSpec } from "../../src/schemas/resource-kinds";
import { resourcePermissions } from "../../src/schemas/access";
import { requirePermission } from "../access/guard";
import type { DeclaredHooks, OperationContext } from "../access/hook-context";
import { requestActor } from "../activity/record";
import { HttpError, validated } from "../errors";
import type { PanelRow } from "./store";
import { panelText } from "./text";

// The hooks of the panels declaration (src/schemas/specs/panels.ts, kind `variants`) over app.panels (./service.ts).
// The door let in any variant's permission; here the caller is held to the variant's own — the body's envelope tells
// it on a create, the stored panel on everything else.

type Action = "list" | "show" | "create" | "edit" | "delete";
const variant = (key: string) => panelsSpec.variants.find((v) => v.key === key)!;
const permission = (v: VariantSpec, action: Action) => (resourcePermissions[v.permissions] as Partial<Record<Action, string>>)[action] as never;

type Body = Record<string, unknown> | undefined;
const bodyOf = (request: FastifyRequest): Body =>
  request.body && typeof request.body === "object" && !Array.isArray(request.body) ? (request.body as Record<string, unknown>) : undefined;

/** The stored panel, once the caller holds the permission of its variant. */
async function panelFor({ app, request, guildId, ids }: OperationContext, action: Action): Promise<PanelRow> {
  const row = await app.panels.find(guildId, ids.panelId);
  requirePermission(request, permission(variant(row.kind === "multi" ? "multi" : "single"), action));
  return row;
}

export const panelsHooks: DeclaredHooks = {
  properties: ({ app, guildId }) => app.panels.properties(guildId),
  async list({ app, request, guildId }) {
    const permissions = request.access!.permissions;
    return { panels: await app.panels.list(guildId, { singles: permissions[permission(variant("single"), "list")], multis: permissions[permission(variant("multi"), "list")] }) };
  },
  show: async (ctx) => ({ panel: await ctx.app.panels.toApi(await panelFor(ctx, "show")) }),
  async create({ app, request, guildId }) {
    const body = bodyOf(request);
    const multi = variant("multi");
    const single = variant("single");
    let created: { panelId: number; warning?: string };
    if (body && multi.envelope in body) {
      requirePermission(request, permission(multi, "create"));
      created = await app.panels.createMulti(guildId, validated(multi.create as never, body[multi.envelope]), requestActor(request));
    } else if (body && single.envelope in body) {
      requirePermission(request, permission(single, "create"));
      created = await app.panels.createSingle(guildId, validated(single.create as never, body[single.envelope]), requestActor(request));
    } else {
      throw new HttpError(400, panelText.bodyExpected);
    }
    return { PanelId: created.panelId, ...(created.warning ? { warning: created.warning } : {}) };
  },
  async update(ctx) {
    const { app, request, guildId } = ctx;
    const existing = await panelFor(ctx, "edit");
    const body = bodyOf(request);
    if (existing.kind === "multi") {
      const multi = variant("multi");
      if (!body || !(multi.envelope in body)) throw new HttpError(400, panelText.multiBodyExpected);
      await app.panels.updateMulti(guildId, existing, validated(multi.update as never, body[multi.envelope]), requestActor(request));
    } else {
      const single = variant("single");
      const key = body && [single.envelope, ...(single.aliases ?? [])].find((k) => k in body);
      if (!key) throw new HttpError(400, panelText.singleBodyExpected);
      await app.panels.updateSingle(guildId, existing, validated(single.update as never, body![key]), requestActor(request));
    }
    return {};
  },
  async remove(ctx) {
    await ctx.app.panels.remove(ctx.guildId, await panelFor(ctx, "delete"), requestActor(ctx.request));
    return {};
  },
  async resend(ctx) {
    await ctx.app.panels.resend(ctx.guildId, await panelFor(ctx, "edit"), requestActor(ctx.request));
    return {};
  },
};
