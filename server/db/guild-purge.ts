import type { DialectName } from "./dialect";
import { DERIVED_TABLES, guildTables } from "./guild-changes";
import type { Db } from "./schema";

/**
 * Deletes every row of the server: parents after the rows that point at them without a cascade (a multi-panel's
 * members point at single panels; panels at forms), the rest in any order, the running totals last.
 */
export async function purgeGuild(db: Db, dialect: DialectName, guildId: string): Promise<void> {
  const tables = await guildTables(db, dialect);
  const first = ["tickets", "transcripts"];
  await db.transaction().execute(async (tx) => {
    for (const table of first)
      await tx
        .deleteFrom(table as "tickets")
        .where("guild_id", "=", guildId)
        .execute();
    await tx.deleteFrom("panels").where("guild_id", "=", guildId).where("kind", "=", "multi").execute();
    await tx.deleteFrom("panels").where("guild_id", "=", guildId).execute();
    for (const table of tables) {
      if (first.includes(table) || table === "panels" || table === "guild_departures") continue;
      await tx
        .deleteFrom(table as "tickets")
        .where("guild_id", "=", guildId)
        .execute();
    }
    for (const table of DERIVED_TABLES)
      await tx
        .deleteFrom(table as "tickets")
        .where("guild_id", "=", guildId)
        .execute();
    await tx.deleteFrom("guild_departures").where("guild_id", "=", guildId).execute();
  });
}
