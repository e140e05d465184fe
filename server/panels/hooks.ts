import type { AccessAction } from "../../src/schemas/access";
import { panelVariants } from "../../src/schemas/specs/panels";
import { requirePermission } from "../access/guard";
import type { DeclaredHooks, OperationContext } from "../access/hook-context";
import { requestActor } from "../activity/record";
import { HttpError, validated } from "../errors";
import type { PanelRow } from "./store";
import { panelText } from "./text";

// The hooks of the panels declaration (src/schemas/specs/panels.ts) over app.panels (./service.ts). The door let in
// either variant's permission; here the caller is held to the variant's own (panelVariants) — the body's envelope
// tells it on a create, the stored panel on everything else.

const { single, multi } = panelVariants;
const variantOf = (row: PanelRow) => (row.kind === "multi" ? multi : single);

/** What the body holds under the first of `envelopes` it has (none: undefined). */
function unwrap(body: unknown, envelopes: readonly string[]): { inner: unknown } | undefined {
  if (!body || typeof body !== "object" || Array.isArray(body)) return undefined;
  const key = envelopes.find((k) => k in body);
  return key === undefined ? undefined : { inner: (body as Record<string, unknown>)[key] };
}

/** The stored panel, once the caller holds the permission of its variant. */
async function panelFor({ app, request, guildId, ids }: OperationContext, action: AccessAction): Promise<PanelRow> {
  const row = await app.panels.find(guildId, ids.panelId);
  requirePermission(request, variantOf(row).permissions[action]);
  return row;
}

export const panelsHooks: DeclaredHooks = {
  properties: ({ app, guildId }) => app.panels.properties(guildId),
  async list({ app, request, guildId }) {
    const permissions = request.access!.permissions;
    return {
      panels: await app.panels.list(guildId, {
        singles: permissions[single.permissions.list],
        multis: permissions[multi.permissions.list],
      }),
    };
  },
  show: async (ctx) => ({ panel: await ctx.app.panels.toApi(await panelFor(ctx, "show")) }),
  async create({ app, request, guildId, body }) {
    const asMulti = unwrap(body, [multi.envelope]);
    const asSingle = asMulti ? undefined : unwrap(body, [single.envelope]);
    let created: { panelId: number; warning?: string };
    if (asMulti) {
      requirePermission(request, multi.permissions.create);
      created = await app.panels.createMulti(guildId, validated(multi.create, asMulti.inner), requestActor(request));
    } else if (asSingle) {
      requirePermission(request, single.permissions.create);
      created = await app.panels.createSingle(guildId, validated(single.create, asSingle.inner), requestActor(request));
    } else {
      throw new HttpError(400, panelText.bodyExpected);
    }
    return { PanelId: created.panelId, ...(created.warning ? { warning: created.warning } : {}) };
  },
  async replace(ctx) {
    const { app, request, guildId, body } = ctx;
    const existing = await panelFor(ctx, "edit");
    if (existing.kind === "multi") {
      const sent = unwrap(body, [multi.envelope, ...multi.aliases]);
      if (!sent) throw new HttpError(400, panelText.multiBodyExpected);
      await app.panels.updateMulti(guildId, existing, validated(multi.update, sent.inner), requestActor(request));
    } else {
      const sent = unwrap(body, [single.envelope, ...single.aliases]);
      if (!sent) throw new HttpError(400, panelText.singleBodyExpected);
      await app.panels.updateSingle(guildId, existing, validated(single.update, sent.inner), requestActor(request));
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
