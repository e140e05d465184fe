import { type Kysely, sql, type Transaction } from "kysely";
import type { FieldStyle, Form } from "../../src/schemas/form";
import { limits } from "../../src/schemas/limits";
import { type DialectName, fromDbBool, toDbBool } from "../db/dialect";
import type { Database } from "../db/schema";
import { notFound } from "../errors";

// Forms in the database: a form row and its fields, ordered by position (0..n-1, always contiguous).

type Db = Kysely<Database>;

export const formNotFound = "Form not found";

export type StoredField = Form["Fields"][number];
type FieldRow = {
  id: number;
  label: string | null;
  placeholder: string | null;
  style: string | null;
  required: number | null;
  min_length: number | null;
  max_length: number | null;
  position: number | null;
};

const toField = (r: FieldRow): StoredField => ({
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

/** The fields of each form, in order. */
async function loadFields(db: Db, formIds: number[]): Promise<Map<number, StoredField[]>> {
  if (formIds.length === 0) return new Map<number, StoredField[]>();
  const rows = await db
    .selectFrom("form_fields")
    .select([...fieldColumns, "form_id"])
    .where("form_id", "in", formIds)
    .orderBy("form_id")
    .orderBy("position")
    .orderBy("id")
    .execute();
  const byForm = new Map<number, StoredField[]>();
  for (const row of rows) {
    const list = byForm.get(row.form_id) ?? [];
    list.push(toField(row));
    byForm.set(row.form_id, list);
  }
  return byForm;
}

/** Every form of the guild with its fields, as created. */
export async function listForms(db: Db, guildId: string): Promise<Form[]> {
  const rows = await db.selectFrom("forms").select(["id", "name"]).where("guild_id", "=", guildId).orderBy("id").execute();
  const fields = await loadFields(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => ({ FormId: r.id, FormName: r.name, Fields: fields.get(r.id) ?? [] }));
}

/** One form of the guild with its fields; 404 when the guild has no such form. */
export async function requireForm(db: Db, guildId: string, formId: number): Promise<Form> {
  const row = await db
    .selectFrom("forms")
    .select(["id", "name"])
    .where("guild_id", "=", guildId)
    .where("id", "=", formId)
    .executeTakeFirst();
  if (!row) throw notFound(formNotFound);
  const fields = (await loadFields(db, [row.id])).get(row.id) ?? [];
  return { FormId: row.id, FormName: row.name, Fields: fields };
}

/** A field's columns at `position`. */
export const fieldValues = (f: Omit<StoredField, "FieldId" | "Position">, position: number) => ({
  label: f.Label,
  placeholder: f.Placeholder,
  style: f.Style,
  required: toDbBool(f.Required),
  min_length: f.MinLength,
  max_length: f.MaxLength,
  position,
});

/** A new form with its fields in order; returns its id. */
export async function insertForm(
  db: Db,
  guildId: string,
  name: string,
  fields: Omit<StoredField, "FieldId" | "Position">[],
  now = Date.now(),
): Promise<number> {
  const { id } = await db
    .insertInto("forms")
    .values({ guild_id: guildId, name, created_at: now, updated_at: now })
    .returning("id")
    .executeTakeFirstOrThrow();
  for (const [position, field] of fields.entries()) {
    await db
      .insertInto("form_fields")
      .values({ form_id: id, ...fieldValues(field, position) })
      .execute();
  }
  return id;
}

/** Rewrites positions 0..n-1 in the given order. */
export async function writePositions(trx: Transaction<Database>, fieldIds: number[]) {
  for (const [position, id] of fieldIds.entries()) {
    await trx.updateTable("form_fields").set({ position }).where("id", "=", id).execute();
  }
}

export const touchForm = (trx: Transaction<Database>, formId: number) =>
  trx.updateTable("forms").set({ updated_at: Date.now() }).where("id", "=", formId).execute();

/** Names of the guild's panels using a form, as created. */
export async function panelsUsingForm(db: Db, guildId: string, formId: number): Promise<string[]> {
  const rows = await db
    .selectFrom("panels")
    .select("name")
    .where("guild_id", "=", guildId)
    .where("form_id", "=", formId)
    .orderBy("id")
    .execute();
  return rows.map((r) => r.name);
}

/** Whether the panels table exists: it belongs to the panels migration (003); until it does, no panel uses a form. */
export async function hasPanelsTable(db: Db, dialect: DialectName): Promise<boolean> {
  if (dialect === "postgres") {
    // to_regclass resolves through the search_path, so only the current schema counts.
    const { rows } = await sql<{ t: string | null }>`select to_regclass('panels')::text as t`.execute(db);
    return !!rows[0]?.t;
  }
  const { rows } = await sql<{ name: string }>`select name from sqlite_master where type = 'table' and name = 'panels'`.execute(db);
  return rows.length > 0;
}
