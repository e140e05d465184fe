import { sql } from "kysely";
import { BLOCK_SIZE, type BlockList, blockLists } from "./migrations/019_deep_page_blocks";
import { prepared } from "./prepared";
import type { Db } from "./schema";

// Deep pages of a whole list (no filter) from the per-block counts of migration 019: instead of skipping `offset`
// rows one by one, the page starts below the newest-first block that holds its first row, and skips only the rows
// of that block before it.

/** From this offset on, a page starts from its block: below it, skipping row by row costs less than a look-up. */
export const DEEP_OFFSET = 2 * BLOCK_SIZE;
const MAX_INT32 = 2_147_483_647;

// The block holding the row at `offset` and how many rows the newer blocks hold (a running sum, newest first).
const blockQuery = prepared((db: Db, v: { guildId: string; offset: number }, s: { list: BlockList }) =>
  db
    .selectFrom((eb) =>
      eb
        .selectFrom(blockLists[s.list].blocks)
        .select(["block", "n", sql<number>`sum(n) over (order by block desc rows unbounded preceding)`.as("upto")])
        .where("guild_id", "=", v.guildId)
        .as("b"),
    )
    .select(["block", sql<number>`upto - n`.as("newer")])
    .where("upto", ">", v.offset)
    .orderBy("block", "desc")
    .limit(1),
);

/**
 * Where a page of a list starts: a keyset page below (or above) the row it names; a page deep in the whole list (no
 * filter: `whole`) below the block holding its first row, skipping the rows of that block before it; any other page
 * at its offset. The rows are those whose order value is below `before` (when set), `offset` of them skipped.
 */
export async function pageStart(
  db: Db,
  list: BlockList,
  guildId: string,
  q: { page: number; per_page: number; before?: number; after?: number },
  whole: boolean,
): Promise<{ before?: number; offset: number }> {
  if (q.before !== undefined || q.after !== undefined) return { before: q.before, offset: 0 };
  const offset = (q.page - 1) * q.per_page;
  if (!whole || offset < DEEP_OFFSET) return { offset };
  const block = await blockQuery.executeTakeFirst(db, { guildId, offset }, { list });
  if (!block) return { offset };
  const before = (Number(block.block) + 1) * BLOCK_SIZE;
  // The order columns are 32-bit integers: past the last block's bound, the page is read at its offset.
  if (before > MAX_INT32) return { offset };
  return { before, offset: offset - Number(block.newer) };
}
