import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { resourcePermissions } from "../../src/schemas/access";
import { fieldPositionSchema, formFieldPatchSchema, formFieldSchema, formInputSchema, formRenameSchema } from "../../src/schemas/form";
import { formMessages } from "../../src/schemas/messages";
import { guard, guildIdOf } from "../access/guard";
import { requestActor } from "../activity/record";
import { notFound, validated } from "../errors";
import { fieldNotFound, formNotFound } from "../forms/service";
import { s } from "./support/openapi/components";
import { guildParams, idParams } from "./support/route-schemas";

// Forms (SPEC §2 Forms, §3, §5, §7): GET/POST /{guildId}/forms, GET/PUT/PATCH/DELETE /{guildId}/forms/{formId}, and
// one field at a time under …/{formId}/fields — over app.forms (server/forms/service.ts). Every body is validated with
// src/schemas/form.ts.

const idPattern = /^\d{1,15}$/;
const parseId = (raw: string | undefined, message: string) => {
  if (!raw || !idPattern.test(raw) || Number(raw) > 2_147_483_647) throw notFound(message); // integer column
  return Number(raw);
};

type Params = { formId?: string; fieldId?: string };
const formIdOf = (request: FastifyRequest) => parseId((request.params as Params).formId, formNotFound);
const fieldIdOf = (request: FastifyRequest) => parseId((request.params as Params).fieldId, fieldNotFound);

export default async function formRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const perms = resourcePermissions.forms;
  const tags = ["Forms"];
  const formParams = idParams("formId");
  const fieldParams = idParams("formId", "fieldId");
  const base = "/:guildId(^\\d+$)/forms";

  app.get(base, { onRequest: guard(perms.list), schema: { tags, summary: "List forms with their fields", params: guildParams, response: { 200: s.forms } } }, async (request) => ({
    forms: await app.forms.list(guildIdOf(request)),
  }));

  app.get(`${base}/:formId`, { onRequest: guard(perms.show), schema: { tags, summary: "One form", params: formParams, response: { 200: s.formOne } } }, async (request) => ({
    form: await app.forms.get(guildIdOf(request), formIdOf(request)),
  }));

  app.post(
    base,
    { onRequest: guard(perms.create), schema: { tags, summary: "Create a form", params: guildParams, body: formInputSchema, response: { 201: s.formCreated, 409: s.error } } },
    async (request, reply) => {
      const form = await app.forms.create(guildIdOf(request), request.body, requestActor(request));
      return reply.code(201).send({ message: formMessages.created, form, FormId: form.FormId });
    },
  );

  app.put(
    `${base}/:formId`,
    {
      onRequest: guard(perms.edit),
      schema: {
        tags,
        summary: "Replace a form's name and fields",
        description: "A FieldId of this form keeps that field; -1 or none adds one; fields missing from the body are deleted.",
        params: formParams,
        body: formInputSchema,
        response: { 200: s.formSaved },
      },
    },
    async (request) => {
      const formId = formIdOf(request);
      return { message: formMessages.updated, form: await app.forms.replace(guildIdOf(request), formId, request.body, requestActor(request)) };
    },
  );

  app.patch(
    `${base}/:formId`,
    { onRequest: guard(perms.edit), schema: { tags, summary: "Rename a form", params: formParams, body: formRenameSchema, response: { 200: s.formSaved } } },
    async (request) => {
      const formId = formIdOf(request);
      return { message: "Form renamed successfully", form: await app.forms.rename(guildIdOf(request), formId, request.body.FormName, requestActor(request)) };
    },
  );

  app.delete(
    `${base}/:formId`,
    {
      onRequest: guard(perms.delete),
      schema: { tags, summary: "Delete a form", description: "A form used by a panel is refused (409).", params: formParams, response: { 200: s.message, 409: s.error } },
    },
    async (request) => {
      const formId = formIdOf(request);
      await app.forms.remove(guildIdOf(request), formId, requestActor(request));
      return { message: formMessages.deletedByServer };
    },
  );

  // ---- single-field routes (EditForm) ----

  app.post(
    `${base}/:formId/fields`,
    { onRequest: guard(perms.edit), schema: { tags, summary: "Add a field", params: formParams, body: formFieldSchema, response: { 201: s.fieldSaved } } },
    async (request, reply) => {
      const formId = formIdOf(request);
      const field = request.body;
      validated(formFieldPatchSchema.pick({ Label: true }).required(), { Label: field.Label });
      const result = await app.forms.addField(guildIdOf(request), formId, field, requestActor(request));
      return reply.code(201).send({ message: "Field created successfully", ...result });
    },
  );

  app.patch(
    `${base}/:formId/fields/:fieldId`,
    { onRequest: guard(perms.edit), schema: { tags, summary: "Change a field", params: fieldParams, body: formFieldPatchSchema, response: { 200: s.fieldSaved } } },
    async (request) => {
      const formId = formIdOf(request);
      const fieldId = fieldIdOf(request);
      return { message: "Field updated successfully", ...(await app.forms.changeField(guildIdOf(request), formId, fieldId, request.body, requestActor(request))) };
    },
  );

  app.patch(
    `${base}/:formId/fields/:fieldId/position`,
    { onRequest: guard(perms.edit), schema: { tags, summary: "Move a field", params: fieldParams, body: fieldPositionSchema, response: { 200: s.formSaved } } },
    async (request) => {
      const formId = formIdOf(request);
      const fieldId = fieldIdOf(request);
      return { message: "Field position updated successfully", ...(await app.forms.moveField(guildIdOf(request), formId, fieldId, request.body.NewPosition, requestActor(request))) };
    },
  );

  app.delete(
    `${base}/:formId/fields/:fieldId`,
    {
      onRequest: guard(perms.edit),
      schema: { tags, summary: "Delete a field", description: "The last field of a form cannot be deleted (409).", params: fieldParams, response: { 200: s.formSaved, 409: s.error } },
    },
    async (request) => {
      const formId = formIdOf(request);
      const fieldId = fieldIdOf(request);
      return { message: "Field deleted successfully", ...(await app.forms.removeField(guildIdOf(request), formId, fieldId, requestActor(request))) };
    },
  );
}
