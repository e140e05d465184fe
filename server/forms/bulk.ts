import { bulkMessages } from "../../src/schemas/bulk";
import { guildLimits } from "../../src/schemas/limits";
import { type ActivityActor, recordActivityOf } from "../activity/record";
import { keepForUndo, takeUndo } from "../db/bulk-undo";
import { assertBelowGuildLimit } from "../db/guild-limits";
import type { Db } from "../db/schema";
import { HttpError, notFound } from "../errors";
import { formNotFound, panelsUsingForm, requireForm } from "./store";

// The forms list's bulk delete and its Undo (src/schemas/bulk.ts), as the generated resources have them
// (server/resources/bulk.ts): all named forms of the guild or none — an id the guild does not have is 404, a form a
// panel uses is 409 naming the panels, and nothing is deleted — in one transaction with one activity entry; the forms
// and their fields are kept as stored (ids, positions, times) for the Undo, which puts them back checked again (the
// guild's limit) with one entry.

export const formBulkActions = {
  deleted: "Forms Deleted",
  restored: "Forms Restored",
} as const;

type Kept = { forms: Record<string, unknown>[]; fields: Record<string, unknown>[] };

export async function removeForms(
  db: Db,
  guildId: string,
  ids: readonly number[],
  checkPanels: boolean,
  actor: ActivityActor,
  inUse: (panels: string[]) => string,
) {
  return db.transaction().execute(async (trx) => {
    const wanted = [...new Set(ids)];
    const forms = await trx
      .selectFrom("forms")
      .selectAll()
      .where("guild_id", "=", guildId)
      .where("id", "in", wanted)
      .orderBy("id")
      .execute();
    if (forms.length !== wanted.length) throw notFound(formNotFound);
    const before = [];
    for (const form of forms) {
      const panels = checkPanels ? await panelsUsingForm(trx, guildId, form.id) : [];
      if (panels.length) throw new HttpError(409, inUse(panels));
      before.push(await requireForm(trx, guildId, form.id));
    }
    const fields = await trx.selectFrom("form_fields").selectAll().where("form_id", "in", wanted).orderBy("id").execute();
    await trx.deleteFrom("form_fields").where("form_id", "in", wanted).execute();
    await trx.deleteFrom("forms").where("guild_id", "=", guildId).where("id", "in", wanted).execute();
    const undoToken = await keepForUndo(trx, { guildId, resource: "forms", userId: actor.id, rows: { forms, fields } satisfies Kept });
    await recordActivityOf(trx, actor, { guildId, action: formBulkActions.deleted, before: { Count: forms.length, forms: before } });
    return { ids: forms.map((f) => f.id), undoToken };
  });
}

export async function restoreForms(db: Db, guildId: string, token: string, actor: ActivityActor) {
  return db.transaction().execute(async (trx) => {
    const kept = await takeUndo<Kept>(trx, token, { guildId, resource: "forms", userId: actor.id });
    if (!kept) throw new HttpError(410, bulkMessages.undoExpired);
    await assertBelowGuildLimit(trx, "forms", guildId, guildLimits.forms, "forms", undefined, kept.forms.length);
    await trx
      .insertInto("forms")
      .values(kept.forms.map((form) => ({ ...form, guild_id: guildId }) as never))
      .execute();
    if (kept.fields.length)
      await trx
        .insertInto("form_fields")
        .values(kept.fields as never)
        .execute();
    const ids = kept.forms.map((form) => Number(form.id));
    const after = [];
    for (const id of ids) after.push(await requireForm(trx, guildId, id));
    await recordActivityOf(trx, actor, { guildId, action: formBulkActions.restored, after: { Count: ids.length, forms: after } });
    return { ids };
  });
}
