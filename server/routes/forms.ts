import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { type Kysely, sql, type Transaction } from "kysely";
import type { ZodError } from "zod";
import { resourcePermissions } from "../../src/schemas/access";
import {
  type FieldStyle,
  type Form,
  fieldPositionSchema,
  formFieldPatchSchema,
  formFieldSchema,
  formFieldsMaxMessage,
  formInputSchema,
  formRenameSchema,
} from "../../src/schemas/form";
import { limits } from "../../src/schemas/limits";
import { formMessages } from "../../src/schemas/messages";
import { guard, guildIdOf } from "../access/guard";
import { assertBelowGuildLimit } from "../db/guild-limits";
import { guildLimits } from "../../src/schemas/limits";

import { recordActivity } from "../activity/record";
import { fromDbBool, toDbBool } from "../db/dialect";
import type { Database, Db } from "../db/schema";
import { badRequest, HttpError, notFound, zodErrorBody } from "../errors";
import { guildParams, idParams } from "../http/support/route-schemas";
import { s } from "../http/support/openapi/components";
import { DEMO_COMMUNITY_ID } from "../platform/demo-fixtures";

// Forms (SPEC §2 Forms, §3, §5, §7): a form is a name and 1–5 fields ordered by Position (0..n-1, always
// contiguous). Every body is validated with src/schemas/form.ts; every mutation runs in one transaction with
// its activity entry (before/after). A form used by a panel cannot be deleted (409 naming the panels).

/** Activity names of this resource (shown in the Activity Logs). */
export const formActivityActions = {
  created: "Form Created",
  updated: "Form Updated",
  renamed: "Form Renamed",
  deleted: "Form Deleted",
  fieldCreated: "Form Field Created",
  fieldUpdated: "Form Field Updated",
  fieldMoved: "Form Field Moved",
  fieldDeleted: "Form Field Deleted",
} as const;

export const formNotFound = "Form not found";
export const fieldNotFound = "Field not found";
export const positionOutOfRange = (count: number) => `NewPosition must be between 0 and ${count - 1}`;
export const formInUseMessage = (panels: string[]) =>
  panels.length === 1
    ? `This form is used by the panel "${panels[0]}". Remove it from that panel before deleting the form.`
    : `This form is used by the panels ${panels.map((p) => `"${p}"`).join(", ")}. Remove it from those panels before deleting the form.`;

type FormFieldOut = Form["Fields"][number];
type FieldRow = { id: number; label: string | null; placeholder: string | null; style: string | null; required: number | null; min_length: number | null; max_length: number | null; position: number | null };

const idPattern = /^\d{1,15}$/;
const parseId = (raw: string | undefined, message: string) => {
  if (!raw || !idPattern.test(raw) || Number(raw) > 2_147_483_647) throw notFound(message); // integer column
  return Number(raw);
};

const toField = (r: FieldRow): FormFieldOut => ({
  FieldId: r.id,
  Label: r.label ?? "",
  Placeholder: r.placeholder ?? "",
  Style: (r.style ?? "Short") as FieldStyle,
  Required: fromDbBool(r.required),
  MinLength: r.min_length ?? limits.formMinLengthDefault,
  MaxLength: r.max_length ?? limits.formMaxLengthLimit,
  Position: r.position ?? 0,
});

const fieldColumns = ["id", "label", "placeholder", "style", "required", "min_length", "max_length", "position"] as const;

async function loadFields(db: Kysely<Database>, formIds: number[]) {
  if (formIds.length === 0) return new Map<number, FormFieldOut[]>();
  const rows = await db
    .selectFrom("form_fields")
    .select([...fieldColumns, "form_id"])
    .where("form_id", "in", formIds)
    .orderBy("form_id")
    .orderBy("position")
    .orderBy("id")
    .execute();
  const byForm = new Map<number, FormFieldOut[]>();
  for (const row of rows) {
    const list = byForm.get(row.form_id) ?? [];
    list.push(toField(row));
    byForm.set(row.form_id, list);
  }
  return byForm;
}

/** One form of the guild with its fields, or undefined. */
async function loadForm(db: Kysely<Database>, guildId: string, formId: number): Promise<Form | undefined> {
  const row = await db.selectFrom("forms").select(["id", "name"]).where("guild_id", "=", guildId).where("id", "=", formId).executeTakeFirst();
  if (!row) return undefined;
  const fields = (await loadFields(db, [row.id])).get(row.id) ?? [];
  return { FormId: row.id, FormName: row.name, Fields: fields };
}

async function requireForm(db: Kysely<Database>, guildId: string, formId: number): Promise<Form> {
  const form = await loadForm(db, guildId, formId);
  if (!form) throw notFound(formNotFound);
  return form;
}

const fieldValues = (f: Omit<FormFieldOut, "FieldId" | "Position">, position: number) => ({
  label: f.Label,
  placeholder: f.Placeholder,
  style: f.Style,
  required: toDbBool(f.Required),
  min_length: f.MinLength,
  max_length: f.MaxLength,
  position,
});

/** Rewrites positions 0..n-1 in the given order. */
async function writePositions(trx: Transaction<Database>, fieldIds: number[]) {
  for (const [position, id] of fieldIds.entries()) {
    await trx.updateTable("form_fields").set({ position }).where("id", "=", id).execute();
  }
}

const touch = (trx: Transaction<Database>, formId: number) =>
  trx.updateTable("forms").set({ updated_at: Date.now() }).where("id", "=", formId).execute();

/**
 * Panels of the guild using a form. The panels table belongs to the panels migration (003); until it exists
 * no panel can use a form.
 */
async function panelsUsingForm(db: Kysely<Database>, guildId: string, formId: number): Promise<string[]> {
  const rows = await (db as unknown as Kysely<{ panels: { name: string; guild_id: string; form_id: number | null; id: number } }>)
    .selectFrom("panels")
    .select("name")
    .where("guild_id", "=", guildId)
    .where("form_id", "=", formId)
    .orderBy("id")
    .execute();
  return rows.map((r) => r.name);
}

async function hasPanelsTable(app: FastifyInstance): Promise<boolean> {
  if (app.dbDialect === "postgres") {
    // to_regclass resolves through the search_path, so only the current schema counts.
    const { rows } = await sql<{ t: string | null }>`select to_regclass('panels')::text as t`.execute(app.db);
    return !!rows[0]?.t;
  }
  const { rows } = await sql<{ name: string }>`select name from sqlite_master where type = 'table' and name = 'panels'`.execute(app.db);
  return rows.length > 0;
}

const isForeignKeyViolation = (error: unknown) => {
  const code = (error as { code?: string })?.code;
  return code === "23503" || code === "SQLITE_CONSTRAINT_FOREIGNKEY";
};

type Parser<T> = { safeParse(v: unknown): { success: true; data: T } | { success: false; error: ZodError } };

/** The schema's output, or a 400 `{error, errors}` with its messages. */
function validate<T>(schema: Parser<T>, value: unknown): T {
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    const body = zodErrorBody(parsed.error);
    throw new HttpError(400, body.error, body.errors);
  }
  return parsed.data;
}

export default async function formRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const perms = resourcePermissions.forms;
  const tags = ["Forms"];
  const formParams = idParams("formId");
  const fieldParams = idParams("formId", "fieldId");
  const base = "/:guildId(^\\d+$)/forms";
  type Params = { formId?: string; fieldId?: string };
  const formIdOf = (request: FastifyRequest) => parseId((request.params as Params).formId, formNotFound);
  const fieldIdOf = (request: FastifyRequest) => parseId((request.params as Params).fieldId, fieldNotFound);
  let panelsTableKnown = false;
  const panelsTableExists = async () => (panelsTableKnown ||= await hasPanelsTable(app));

  app.get(base, { onRequest: guard(perms.list), schema: { tags, summary: "List forms with their fields", params: guildParams, response: { 200: s.forms } } }, async (request) => {
    const guildId = guildIdOf(request);
    const rows = await app.db.selectFrom("forms").select(["id", "name"]).where("guild_id", "=", guildId).orderBy("id").execute();
    const fields = await loadFields(app.db, rows.map((r) => r.id));
    const forms: Form[] = rows.map((r) => ({ FormId: r.id, FormName: r.name, Fields: fields.get(r.id) ?? [] }));
    return { forms };
  });

  app.get(`${base}/:formId`, { onRequest: guard(perms.show), schema: { tags, summary: "One form", params: formParams, response: { 200: s.formOne } } }, async (request) => {
    const form = await requireForm(app.db, guildIdOf(request), formIdOf(request));
    return { form };
  });

  app.post(
    base,
    { onRequest: guard(perms.create), schema: { tags, summary: "Create a form", params: guildParams, body: formInputSchema, response: { 201: s.formCreated, 409: s.error } } },
    async (request, reply) => {
    const input = request.body;
    const guildId = guildIdOf(request);
    const form = await app.db.transaction().execute(async (trx) => {
      await assertBelowGuildLimit(trx, "forms", guildId, guildLimits.forms, "forms");
      const now = Date.now();
      const { id } = await trx
        .insertInto("forms")
        .values({ guild_id: guildId, name: input.FormName, created_at: now, updated_at: now })
        .returning("id")
        .executeTakeFirstOrThrow();
      for (const [position, field] of input.fields.entries()) {
        await trx.insertInto("form_fields").values({ form_id: id, ...fieldValues(field, position) }).execute();
      }
      const created = await requireForm(trx, guildId, id);
      await recordActivity(trx, request, { action: formActivityActions.created, after: created });
      return created;
    });
    return reply.code(201).send({ message: formMessages.created, form, FormId: form.FormId });
    },
  );

  // PUT replaces the fields: a FieldId of this form keeps (and updates) that field, -1 or none adds one,
  // and the form's fields missing from the body are deleted. Positions follow the body's order.
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
    const guildId = guildIdOf(request);
    const input = request.body;
    const form = await app.db.transaction().execute(async (trx) => {
      const before = await requireForm(trx, guildId, formId);
      const existing = new Set(before.Fields.map((f) => f.FieldId));
      const kept = new Set<number>();
      const order: number[] = [];
      for (const field of input.fields) {
        const id = field.FieldId;
        if (id !== undefined && existing.has(id) && !kept.has(id)) {
          kept.add(id);
          order.push(id);
          await trx.updateTable("form_fields").set(fieldValues(field, order.length - 1)).where("id", "=", id).execute();
        } else {
          const { id: newId } = await trx
            .insertInto("form_fields")
            .values({ form_id: formId, ...fieldValues(field, order.length) })
            .returning("id")
            .executeTakeFirstOrThrow();
          order.push(newId);
        }
      }
      const removed = [...existing].filter((id) => !kept.has(id));
      if (removed.length) await trx.deleteFrom("form_fields").where("form_id", "=", formId).where("id", "in", removed).execute();
      await trx.updateTable("forms").set({ name: input.FormName, updated_at: Date.now() }).where("id", "=", formId).execute();
      const after = await requireForm(trx, guildId, formId);
      await recordActivity(trx, request, { action: formActivityActions.updated, before, after });
      return after;
    });
    return { message: formMessages.updated, form };
    },
  );

  app.patch(
    `${base}/:formId`,
    { onRequest: guard(perms.edit), schema: { tags, summary: "Rename a form", params: formParams, body: formRenameSchema, response: { 200: s.formSaved } } },
    async (request) => {
    const formId = formIdOf(request);
    const guildId = guildIdOf(request);
    const { FormName } = request.body;
    const form = await app.db.transaction().execute(async (trx) => {
      const before = await requireForm(trx, guildId, formId);
      await trx.updateTable("forms").set({ name: FormName, updated_at: Date.now() }).where("id", "=", formId).execute();
      const after = { ...before, FormName };
      await recordActivity(trx, request, {
        action: formActivityActions.renamed,
        before: { FormId: formId, FormName: before.FormName },
        after: { FormId: formId, FormName },
      });
      return after;
    });
    return { message: "Form renamed successfully", form };
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
    const guildId = guildIdOf(request);
    const checkPanels = await panelsTableExists();
    try {
      await app.db.transaction().execute(async (trx) => {
        const before = await requireForm(trx, guildId, formId);
        if (checkPanels) {
          const panels = await panelsUsingForm(trx, guildId, formId);
          if (panels.length) throw new HttpError(409, formInUseMessage(panels));
        }
        await trx.deleteFrom("form_fields").where("form_id", "=", formId).execute();
        await trx.deleteFrom("forms").where("guild_id", "=", guildId).where("id", "=", formId).execute();
        await recordActivity(trx, request, { action: formActivityActions.deleted, before });
      });
    } catch (error) {
      // A panel took the form between the check and the delete (or one of another guild references it).
      if (isForeignKeyViolation(error)) {
        const panels = checkPanels ? await panelsUsingForm(app.db, guildId, formId) : [];
        throw new HttpError(409, panels.length ? formInUseMessage(panels) : "This form is used by a panel.");
      }
      throw error;
    }
    return { message: formMessages.deletedByServer };
    },
  );

  // ---- single-field routes (EditForm) ----

  app.post(
    `${base}/:formId/fields`,
    { onRequest: guard(perms.edit), schema: { tags, summary: "Add a field", params: formParams, body: formFieldSchema, response: { 201: s.fieldSaved } } },
    async (request, reply) => {
    const formId = formIdOf(request);
    const guildId = guildIdOf(request);
    const field = request.body;
    validate(formFieldPatchSchema.pick({ Label: true }).required(), { Label: field.Label });
    const result = await app.db.transaction().execute(async (trx) => {
      const before = await requireForm(trx, guildId, formId);
      if (before.Fields.length >= limits.formFieldsMax) throw badRequest(formFieldsMaxMessage);
      const { id } = await trx
        .insertInto("form_fields")
        .values({ form_id: formId, ...fieldValues(field, before.Fields.length) })
        .returning("id")
        .executeTakeFirstOrThrow();
      await touch(trx, formId);
      const after = await requireForm(trx, guildId, formId);
      await recordActivity(trx, request, { action: formActivityActions.fieldCreated, before, after });
      return { field: after.Fields.find((f) => f.FieldId === id)!, form: after };
    });
    return reply.code(201).send({ message: "Field created successfully", ...result });
    },
  );

  app.patch(
    `${base}/:formId/fields/:fieldId`,
    { onRequest: guard(perms.edit), schema: { tags, summary: "Change a field", params: fieldParams, body: formFieldPatchSchema, response: { 200: s.fieldSaved } } },
    async (request) => {
    const formId = formIdOf(request);
    const fieldId = fieldIdOf(request);
    const guildId = guildIdOf(request);
    const patch = request.body;
    const result = await app.db.transaction().execute(async (trx) => {
      const before = await requireForm(trx, guildId, formId);
      const current = before.Fields.find((f) => f.FieldId === fieldId);
      if (!current) throw notFound(fieldNotFound);
      const merged = { ...current, ...patch };
      // The merged field must still satisfy the field schema (MinLength ≤ MaxLength).
      const checked = validate(formFieldSchema, merged);
      await trx.updateTable("form_fields").set(fieldValues(checked, current.Position)).where("id", "=", fieldId).execute();
      await touch(trx, formId);
      const after = await requireForm(trx, guildId, formId);
      const field = after.Fields.find((f) => f.FieldId === fieldId)!;
      await recordActivity(trx, request, { action: formActivityActions.fieldUpdated, before: current, after: field });
      return { field, form: after };
    });
    return { message: "Field updated successfully", ...result };
    },
  );

  app.patch(
    `${base}/:formId/fields/:fieldId/position`,
    { onRequest: guard(perms.edit), schema: { tags, summary: "Move a field", params: fieldParams, body: fieldPositionSchema, response: { 200: s.formSaved } } },
    async (request) => {
    const formId = formIdOf(request);
    const fieldId = fieldIdOf(request);
    const guildId = guildIdOf(request);
    const { NewPosition } = request.body;
    const result = await app.db.transaction().execute(async (trx) => {
      const before = await requireForm(trx, guildId, formId);
      const index = before.Fields.findIndex((f) => f.FieldId === fieldId);
      if (index < 0) throw notFound(fieldNotFound);
      if (NewPosition >= before.Fields.length) throw badRequest(positionOutOfRange(before.Fields.length));
      const order = before.Fields.map((f) => f.FieldId);
      order.splice(index, 1);
      order.splice(NewPosition, 0, fieldId);
      await writePositions(trx, order);
      await touch(trx, formId);
      const after = await requireForm(trx, guildId, formId);
      await recordActivity(trx, request, {
        action: formActivityActions.fieldMoved,
        before: { FieldId: fieldId, Position: index, Order: before.Fields.map((f) => f.Label) },
        after: { FieldId: fieldId, Position: NewPosition, Order: after.Fields.map((f) => f.Label) },
      });
      return { form: after };
    });
    return { message: "Field position updated successfully", ...result };
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
    const guildId = guildIdOf(request);
    const result = await app.db.transaction().execute(async (trx) => {
      const before = await requireForm(trx, guildId, formId);
      const current = before.Fields.find((f) => f.FieldId === fieldId);
      if (!current) throw notFound(fieldNotFound);
      if (before.Fields.length <= 1) throw new HttpError(409, formMessages.oneFieldRequired);
      await trx.deleteFrom("form_fields").where("id", "=", fieldId).execute();
      await writePositions(trx, before.Fields.filter((f) => f.FieldId !== fieldId).map((f) => f.FieldId));
      await touch(trx, formId);
      const after = await requireForm(trx, guildId, formId);
      await recordActivity(trx, request, { action: formActivityActions.fieldDeleted, before: current });
      return { form: after };
    });
    return { message: "Field deleted successfully", ...result };
    },
  );
}

// ---- demo data ----

const demoForms: { name: string; fields: Omit<FormFieldOut, "FieldId" | "Position">[] }[] = [
  {
    name: "Support Request",
    fields: [
      { Label: "What do you need help with?", Placeholder: "Describe the problem in a few sentences", Style: "Paragraph", Required: true, MinLength: 10, MaxLength: 1000 },
      { Label: "Order ID (if any)", Placeholder: "e.g. 10452", Style: "Short", Required: false, MinLength: 0, MaxLength: 20 },
    ],
  },
  {
    name: "Staff Application",
    fields: [
      { Label: "How old are you?", Placeholder: "Your age", Style: "Short", Required: true, MinLength: 1, MaxLength: 3 },
      { Label: "Why do you want to join the team?", Placeholder: "", Style: "Paragraph", Required: true, MinLength: 50, MaxLength: 1024 },
      { Label: "Which time zone are you in?", Placeholder: "e.g. UTC+1", Style: "Short", Required: false, MinLength: 0, MaxLength: 40 },
    ],
  },
];

/** Seed step: two demo forms in Demo Community (called once per database from server/seed.ts). */
export async function seedDemoForms(db: Db): Promise<void> {
  const now = Date.now();
  for (const form of demoForms) {
    const { id } = await db
      .insertInto("forms")
      .values({ guild_id: DEMO_COMMUNITY_ID, name: form.name, created_at: now, updated_at: now })
      .returning("id")
      .executeTakeFirstOrThrow();
    for (const [position, field] of form.fields.entries()) {
      await db.insertInto("form_fields").values({ form_id: id, ...fieldValues(field, position) }).execute();
    }
  }
}
