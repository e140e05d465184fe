import { formFieldPatchSchema } from "../../src/schemas/form";
import type { DeclaredHooks } from "../access/hook-context";
import { requestActor } from "../activity/record";
import { validated } from "../errors";

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
  removeField: ({ app, request, guildId, ids }) => app.forms.removeField(guildId, ids.formId, ids.fieldId, requestActor(request)),
};
