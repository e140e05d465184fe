import { randomUUID } from "node:crypto";
import { type ConfigExport, generatedSection, transferredSpecs } from "../../src/schemas/config-export";
import type { ResourceSpec } from "../../src/schemas/resource-spec";
import { fromDbBool, type SchemaFreeDb, toDbBool } from "../db/dialect";
import { fieldColumnsOf } from "../resources/columns";

// The generated sections of the configuration file: one per spec'd collection of the shared registry without a
// section of its own (src/schemas/config-export.ts, `transferredSpecs`). Exported as their records' input fields in
// creation order; an import replaces the guild's records with the file's, in that order.

// The tables are named by the specs (the engine's own columns and the spec's fields): queried through a SchemaFreeDb.
const fieldColumns = fieldColumnsOf;

/** The records of each generated section, by section. */
export async function exportResources(db: SchemaFreeDb, guildId: string): Promise<Record<string, Record<string, unknown>[]>> {
  const out: Record<string, Record<string, unknown>[]> = {};
  for (const spec of transferredSpecs as ResourceSpec[]) {
    const rows = await db.selectFrom(spec.table).selectAll().where("guild_id", "=", guildId).orderBy("created_at").orderBy("id").execute();
    out[spec.api.listKey] = rows.map((row: Record<string, unknown>) =>
      Object.fromEntries(
        fieldColumns(spec)
          .map((c) => [c.field!, c.boolean ? fromDbBool(row[c.name]) : row[c.name]])
          .filter(([, v]) => v !== null),
      ),
    );
  }
  return out;
}

/** How many records the guild has in each generated section. */
export async function countResources(db: SchemaFreeDb, guildId: string): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const spec of transferredSpecs as ResourceSpec[]) {
    const row = await db
      .selectFrom(spec.table)
      .select((eb) => eb.fn.countAll().as("n"))
      .where("guild_id", "=", guildId)
      .executeTakeFirst();
    out[spec.api.listKey] = Number(row?.n ?? 0);
  }
  return out;
}

/** The file's generated sections that an import writes (those present in it). */
export function plannedResources(file: ConfigExport): Record<string, Record<string, unknown>[]> {
  const out: Record<string, Record<string, unknown>[]> = {};
  for (const spec of transferredSpecs) {
    const records = generatedSection(file, spec.api.listKey);
    if (records) out[spec.api.listKey] = records;
  }
  return out;
}

/** Replaces the guild's records of each planned section with the file's. */
export async function replaceResources(
  trx: SchemaFreeDb,
  guildId: string,
  planned: Record<string, Record<string, unknown>[]>,
  now: number,
): Promise<void> {
  for (const spec of transferredSpecs as ResourceSpec[]) {
    const records = planned[spec.api.listKey];
    if (!records) continue;
    await trx.deleteFrom(spec.table).where("guild_id", "=", guildId).execute();
    for (const [i, record] of records.entries()) {
      const values: Record<string, unknown> = { guild_id: guildId, created_at: now + i, updated_at: now, revision: 1 };
      if (spec.key.kind === "uuid") values.id = randomUUID();
      for (const c of fieldColumns(spec)) values[c.name] = c.boolean ? toDbBool(record[c.field!] === true) : (record[c.field!] ?? null);
      await trx.insertInto(spec.table).values(values).execute();
    }
  }
}
