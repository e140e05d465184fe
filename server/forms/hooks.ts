import { bulkIdsMax, bulkMessages, type ResourceBulk } from "../../src/schemas/bulk";
import { formFieldPatchSchema } from "../../src/schemas/form";
import { resourcePermissions } from "../../src/schemas/access";
import { requirePermission } from "../access/guard";
import type { DeclaredHooks } from "../access/hook-context";
import { requestActor } from "../activity/record";
import { badRequest, notFound, validated } from "../errors";
import { formNotFound } from "./store";

// The hooks of the forms declaration (src/schemas/specs/forms.ts) over app.forms (./service.ts): a form, and its fields one at a time.

export const formsHooks: DeclaredHooks = {
  list: async ({ app, guildId }) => ({ forms: await app.forms.list(guildId) }),
  show: async ({ app, guildId, ids }) => ({ form: await app.forms.get(guildId, ids.formId) }),
  async create({ app, request, guildId, body }) {
    const form = await app.forms.create(guildId, body, requestActor(request));
    return { form, FormId: form.FormId };
  },
  replace: async ({ app, request, guildId, ids, body }) => ({
    form: await app.forms.replace(guildId, ids.formId, body, requestActor(request)),
  }),
  rename: async ({ app, request, guildId, ids, body }) => ({
    form: await app.forms.rename(guildId, ids.formId, body.FormName, requestActor(request)),
  }),
  async remove({ app, request, guildId, ids }) {
    await app.forms.remove(guildId, ids.formId, requestActor(request));
    return {};
  },
  addField({ app, request, guildId, ids, body }) {
    validated(formFieldPatchSchema.pick({ Label: true }).required(), { Label: body.Label });
    return app.forms.addField(guildId, ids.formId, body, requestActor(request));
  },
  changeField: ({ app, request, guildId, ids, body }) =>
    app.forms.changeField(guildId, ids.formId, ids.fieldId, body, requestActor(request)),
  moveField: ({ app, request, guildId, ids, body }) =>
    app.forms.moveField(guildId, ids.formId, ids.fieldId, body.NewPosition, requestActor(request)),
  // The list's bulk delete and its Undo (src/schemas/bulk.ts): every record of the list is "all matching" (it has no filter).
  async bulk({ app, request, guildId, body }) {
    const action = body as ResourceBulk;
    const actor = requestActor(request);
    if (action.action === "restore") {
      requirePermission(request, resourcePermissions.forms.create);
      const { ids } = await app.forms.restoreMany(guildId, action.token, actor);
      return { message: `Restored ${ids.length} forms`, count: ids.length, ids };
    }
    if (action.allMatching && Object.keys(action.allMatching).length)
      throw badRequest(`Unknown filter: ${Object.keys(action.allMatching)[0]}`);
    const all = action.ids ?? (await app.forms.list(guildId)).map((form) => form.FormId);
    if (all.length > bulkIdsMax) throw badRequest(bulkMessages.tooMany);
    const ids = all.map((id) => {
      const n = typeof id === "number" ? id : /^\d{1,10}$/.test(id) ? Number(id) : Number.NaN;
      if (!Number.isSafeInteger(n) || n <= 0 || n > 2_147_483_647) throw notFound(formNotFound);
      return n;
    });
    const { ids: deleted, undoToken } = await app.forms.removeMany(guildId, ids, actor);
    return { message: `Deleted ${deleted.length} forms`, count: deleted.length, ids: deleted, undoToken };
  },
  removeField: ({ app, request, guildId, ids }) => app.forms.removeField(guildId, ids.formId, ids.fieldId, requestActor(request)),
};
