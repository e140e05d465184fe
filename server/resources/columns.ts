import type { z } from "zod";
import type { ResourceSpec } from "../../src/schemas/resource-spec";
import type { ColumnType } from "../db/resource-tables";

// The columns of a spec'd resource's table (src/schemas/resource-spec.ts), read from its spec: one per input field —
// the snake_case of its name unless the spec's `columns` says, text for strings and enums, integer (bigint past 2³¹)
// for numbers, 0/1 for booleans — between the engine's own id, guild_id, created_at, updated_at and revision. The
// store (./store.ts) reads and writes rows by them; a resource's migration (./tables.ts) writes them down.

export interface PlannedColumn {
  name: string;
  type: ColumnType;
  /** The input field stored here (undefined for the engine's own columns). */
  field?: string;
  /** A boolean field: stored as 0/1. */
  boolean?: boolean;
}

export const snake = (name: string) => name.replace(/([a-z0-9])([A-Z])/g, "$1_$2").toLowerCase();

/** The zod type under optional/nullable/default/pipes: what the column must hold. */
function baseOf(schema: z.ZodType): z.ZodType {
  let current = schema as z.ZodType & { _zod: { def: Record<string, unknown> } };
  for (;;) {
    const def = current._zod.def;
    if (["optional", "nullable", "default", "prefault", "catch", "readonly"].includes(def.type as string)) {
      current = def.innerType as typeof current;
    } else if (def.type === "pipe") {
      current = def.in as typeof current;
    } else {
      return current;
    }
  }
}

function columnTypeOf(field: string, schema: z.ZodType): { type: ColumnType; boolean?: boolean } {
  const base = baseOf(schema);
  const type = (base as unknown as { _zod: { def: { type: string } } })._zod.def.type;
  if (type === "string" || type === "enum" || type === "literal") return { type: "text" };
  if (type === "boolean") return { type: "integer", boolean: true };
  if (type === "number") {
    const max = (base as z.ZodNumber).maxValue ?? Number.POSITIVE_INFINITY;
    return { type: max <= 2_147_483_647 ? "integer" : "bigint" };
  }
  throw new Error(`resource engine: field ${field} has a type (${type}) that no column holds; use text, number or boolean`);
}

/** The columns of a spec's table: the engine's own and one per input field. */
export function plannedColumns(spec: ResourceSpec): PlannedColumn[] {
  return [
    { name: "id", type: spec.key.kind === "uuid" ? "text" : "integer" },
    { name: "guild_id", type: "text" },
    ...fieldColumnsOf(spec),
    ...engineTail,
  ];
}

const engineTail: PlannedColumn[] = [
  { name: "created_at", type: "bigint" },
  { name: "updated_at", type: "bigint" },
  { name: "revision", type: "integer" },
];

/** The columns of a spec's input fields, in the fields' order. */
export function fieldColumnsOf(spec: ResourceSpec): PlannedColumn[] {
  return Object.entries(spec.input.shape as Record<string, z.ZodType>).map(([field, schema]) => ({
    name: (spec.columns as Record<string, string> | undefined)?.[field] ?? snake(field),
    field,
    ...columnTypeOf(field, schema),
  }));
}
