import type { Kysely } from "kysely";
import { guildLimitReached } from "../../src/schemas/limits";
import type { SchemaFreeDb } from "./dialect";
import type { Database } from "./schema";
import { HttpError } from "../errors";

// Per-server limits of the configuration resources (guildLimits, src/schemas/limits.ts). Checked inside the
// creating transaction, so two creates at once cannot both take the last place on PostgreSQL either when the
// caller locks (SQLite runs one write transaction at a time).

type CountedTable = "tags" | "forms" | "teams" | "panels" | "blacklist";

/** 409 when the guild already holds `limit` rows of `table` (of `kind`, for panels). */
export async function assertBelowGuildLimit(
  db: Kysely<Database>,
  table: CountedTable,
  guildId: string,
  limit: number,
  things: string,
  kind?: "single" | "multi",
  /** How many rows the write adds (an Undo of a bulk delete puts back several). */
  adding = 1,
): Promise<void> {
  let query = (db as SchemaFreeDb)
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("guild_id", "=", guildId);
  if (kind) query = query.where("kind", "=", kind);
  const row = await query.executeTakeFirst();
  if (Number(row?.n ?? 0) + adding > limit) throw new HttpError(409, guildLimitReached(limit, things));
}
