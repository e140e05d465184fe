import type { FastifyInstance } from "fastify";
import type { z } from "zod";
import {
  type Form,
  type FormField,
  type formFieldPatchSchema,
  formFieldSchema,
  formFieldsMaxMessage,
  type formInputSchema,
} from "../../src/schemas/form";
import { guildLimits, limits } from "../../src/schemas/limits";
import { formMessages } from "../../src/schemas/messages";
import { type ActivityActor, recordActivityOf } from "../activity/record";
import type { DialectName } from "../db/dialect";
import { isForeignKeyViolation } from "../db/errors";
import { assertBelowGuildLimit } from "../db/guild-limits";
import type { Db } from "../db/schema";
import { badRequest, HttpError, notFound, validated } from "../errors";
import { removeForms, restoreForms } from "./bulk";
import {
  type StoredField,
  fieldValues,
  formNotFound,
  hasPanelsTable,
  insertForm,
  listForms,
  panelsUsingForm,
  requireForm,
  touchForm,
  writePositions,
} from "./store";

// Forms (SPEC §2 Forms, §3, §5, §7): a form is a name and 1–5 fields ordered by Position. Every mutation runs in one
// transaction with its activity entry (before/after). A form used by a panel cannot be deleted (409 naming the panels).

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

export { formNotFound };
export const fieldNotFound = "Field not found";
export const positionOutOfRange = (count: number) => `NewPosition must be between 0 and ${count - 1}`;
export const formInUseMessage = (panels: string[]) =>
  panels.length === 1
    ? `This form is used by the panel "${panels[0]}". Remove it from that panel before deleting the form.`
    : `This form is used by the panels ${panels.map((p) => `"${p}"`).join(", ")}. Remove it from those panels before deleting the form.`;

type FormInput = z.output<typeof formInputSchema>;
type FieldPatch = z.output<typeof formFieldPatchSchema>;

export class FormsService {
  private panelsTableKnown = false;

  constructor(private readonly deps: { db: Db; dialect: DialectName }) {}

  list(guildId: string): Promise<Form[]> {
    return listForms(this.deps.db, guildId);
  }

  get(guildId: string, formId: number): Promise<Form> {
    return requireForm(this.deps.db, guildId, formId);
  }

  async create(guildId: string, input: FormInput, actor: ActivityActor): Promise<Form> {
    return this.deps.db.transaction().execute(async (trx) => {
      await assertBelowGuildLimit(trx, "forms", guildId, guildLimits.forms, "forms");
      const created = await requireForm(trx, guildId, await insertForm(trx, guildId, input.FormName, input.fields));
      await recordActivityOf(trx, actor, { guildId, action: formActivityActions.created, after: created });
      return created;
    });
  }

  /**
   * Replaces the name and the fields: a FieldId of this form keeps (and updates) that field, -1 or none adds one, and
   * the form's fields missing from `input` are deleted. Positions follow the input's order.
   */
  async replace(guildId: string, formId: number, input: FormInput, actor: ActivityActor): Promise<Form> {
    return this.deps.db.transaction().execute(async (trx) => {
      const before = await requireForm(trx, guildId, formId);
      const existing = new Set(before.Fields.map((f) => f.FieldId));
      const kept = new Set<number>();
      const order: number[] = [];
      for (const field of input.fields) {
        const id = field.FieldId;
        if (id !== undefined && existing.has(id) && !kept.has(id)) {
          kept.add(id);
          order.push(id);
          await trx
            .updateTable("form_fields")
            .set(fieldValues(field, order.length - 1))
            .where("id", "=", id)
            .execute();
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
      await recordActivityOf(trx, actor, { guildId, action: formActivityActions.updated, before, after });
      return after;
    });
  }

  async rename(guildId: string, formId: number, FormName: string, actor: ActivityActor): Promise<Form> {
    return this.deps.db.transaction().execute(async (trx) => {
      const before = await requireForm(trx, guildId, formId);
      await trx.updateTable("forms").set({ name: FormName, updated_at: Date.now() }).where("id", "=", formId).execute();
      await recordActivityOf(trx, actor, {
        guildId,
        action: formActivityActions.renamed,
        before: { FormId: formId, FormName: before.FormName },
        after: { FormId: formId, FormName },
      });
      return { ...before, FormName };
    });
  }

  /** The list's bulk delete of forms no panel uses, with its Undo's token (./bulk.ts). */
  async removeMany(guildId: string, ids: readonly number[], actor: ActivityActor) {
    const checkPanels = (this.panelsTableKnown ||= await hasPanelsTable(this.deps.db, this.deps.dialect));
    try {
      return await removeForms(this.deps.db, guildId, ids, checkPanels, actor, formInUseMessage);
    } catch (error) {
      // A panel took one of the forms meanwhile (or one of another guild references it): nothing was deleted.
      if (isForeignKeyViolation(error)) throw new HttpError(409, "This form is used by a panel.");
      throw error;
    }
  }

  /** The Undo of a bulk delete: the forms and their fields back as they were (./bulk.ts). */
  restoreMany(guildId: string, token: string, actor: ActivityActor) {
    return restoreForms(this.deps.db, guildId, token, actor);
  }

  /** Deletes a form no panel uses (409 naming the panels that do). */
  async remove(guildId: string, formId: number, actor: ActivityActor): Promise<void> {
    const { db } = this.deps;
    const checkPanels = (this.panelsTableKnown ||= await hasPanelsTable(db, this.deps.dialect));
    try {
      await db.transaction().execute(async (trx) => {
        const before = await requireForm(trx, guildId, formId);
        if (checkPanels) {
          const panels = await panelsUsingForm(trx, guildId, formId);
          if (panels.length) throw new HttpError(409, formInUseMessage(panels));
        }
        await trx.deleteFrom("form_fields").where("form_id", "=", formId).execute();
        await trx.deleteFrom("forms").where("guild_id", "=", guildId).where("id", "=", formId).execute();
        await recordActivityOf(trx, actor, { guildId, action: formActivityActions.deleted, before });
      });
    } catch (error) {
      // A panel took the form between the check and the delete (or one of another guild references it).
      if (isForeignKeyViolation(error)) {
        const panels = checkPanels ? await panelsUsingForm(db, guildId, formId) : [];
        throw new HttpError(409, panels.length ? formInUseMessage(panels) : "This form is used by a panel.");
      }
      throw error;
    }
  }

  // ---- one field at a time (EditForm) ----

  async addField(guildId: string, formId: number, field: FormField, actor: ActivityActor): Promise<{ field: StoredField; form: Form }> {
    return this.deps.db.transaction().execute(async (trx) => {
      const before = await requireForm(trx, guildId, formId);
      if (before.Fields.length >= limits.formFieldsMax) throw badRequest(formFieldsMaxMessage);
      const { id } = await trx
        .insertInto("form_fields")
        .values({ form_id: formId, ...fieldValues(field, before.Fields.length) })
        .returning("id")
        .executeTakeFirstOrThrow();
      await touchForm(trx, formId);
      const after = await requireForm(trx, guildId, formId);
      await recordActivityOf(trx, actor, { guildId, action: formActivityActions.fieldCreated, before, after });
      return { field: after.Fields.find((f) => f.FieldId === id)!, form: after };
    });
  }

  async changeField(
    guildId: string,
    formId: number,
    fieldId: number,
    patch: FieldPatch,
    actor: ActivityActor,
  ): Promise<{ field: StoredField; form: Form }> {
    return this.deps.db.transaction().execute(async (trx) => {
      const before = await requireForm(trx, guildId, formId);
      const current = before.Fields.find((f) => f.FieldId === fieldId);
      if (!current) throw notFound(fieldNotFound);
      // The merged field must still satisfy the field schema (MinLength ≤ MaxLength).
      const checked = validated(formFieldSchema, { ...current, ...patch });
      await trx.updateTable("form_fields").set(fieldValues(checked, current.Position)).where("id", "=", fieldId).execute();
      await touchForm(trx, formId);
      const after = await requireForm(trx, guildId, formId);
      const field = after.Fields.find((f) => f.FieldId === fieldId)!;
      await recordActivityOf(trx, actor, { guildId, action: formActivityActions.fieldUpdated, before: current, after: field });
      return { field, form: after };
    });
  }

  async moveField(guildId: string, formId: number, fieldId: number, newPosition: number, actor: ActivityActor): Promise<{ form: Form }> {
    return this.deps.db.transaction().execute(async (trx) => {
      const before = await requireForm(trx, guildId, formId);
      const index = before.Fields.findIndex((f) => f.FieldId === fieldId);
      if (index < 0) throw notFound(fieldNotFound);
      if (newPosition >= before.Fields.length) throw badRequest(positionOutOfRange(before.Fields.length));
      const order = before.Fields.map((f) => f.FieldId);
      order.splice(index, 1);
      order.splice(newPosition, 0, fieldId);
      await writePositions(trx, order);
      await touchForm(trx, formId);
      const after = await requireForm(trx, guildId, formId);
      await recordActivityOf(trx, actor, {
        guildId,
        action: formActivityActions.fieldMoved,
        before: { FieldId: fieldId, Position: index, Order: before.Fields.map((f) => f.Label) },
        after: { FieldId: fieldId, Position: newPosition, Order: after.Fields.map((f) => f.Label) },
      });
      return { form: after };
    });
  }

  /** Deletes a field; the last one of a form stays (409). */
  async removeField(guildId: string, formId: number, fieldId: number, actor: ActivityActor): Promise<{ form: Form }> {
    return this.deps.db.transaction().execute(async (trx) => {
      const before = await requireForm(trx, guildId, formId);
      const current = before.Fields.find((f) => f.FieldId === fieldId);
      if (!current) throw notFound(fieldNotFound);
      if (before.Fields.length <= 1) throw new HttpError(409, formMessages.oneFieldRequired);
      await trx.deleteFrom("form_fields").where("id", "=", fieldId).execute();
      await writePositions(
        trx,
        before.Fields.filter((f) => f.FieldId !== fieldId).map((f) => f.FieldId),
      );
      await touchForm(trx, formId);
      const after = await requireForm(trx, guildId, formId);
      await recordActivityOf(trx, actor, { guildId, action: formActivityActions.fieldDeleted, before: current });
      return { form: after };
    });
  }
}

declare module "fastify" {
  interface FastifyInstance {
    forms: FormsService;
  }
}

export function registerForms(app: FastifyInstance): void {
  app.decorate("forms", new FormsService({ db: app.db, dialect: app.dbDialect }));
}
