import type { DialectName } from "../db/dialect";
import { purgeGuild } from "../db/guild-purge";
import type { Db } from "../db/schema";
import { PlatformNotFoundError } from "../errors";
import type { PlatformAdapter } from "../platform/adapter";

// A server that removes the bot (GUILD_DELETE without `unavailable`: kicked, or the server deleted) is marked inactive
// and its retention clock starts: unless the bot returns (GUILD_CREATE), everything the product keeps about it —
// settings, panels, forms, teams, tickets, transcripts, the activity log — is deleted GUILD_RETENTION_DAYS (30) after
// it left. Owners see the date on the dashboard's server list while it runs (docs/decisions/011-gateway.md).

export const DEFAULT_RETENTION_DAYS = 30;

/** The bot left a server: its clock starts (a second removal told again keeps the first date). */
export async function recordDeparture(db: Db, guildId: string, at: number, retentionMs: number): Promise<void> {
  await db
    .insertInto("guild_departures")
    .values({ guild_id: guildId, removed_at: at, purge_at: at + retentionMs })
    .onConflict((oc) => oc.column("guild_id").doNothing())
    .execute();
}

/** The bot is back in a server: nothing will be purged. */
export async function recordReturn(db: Db, guildId: string): Promise<boolean> {
  const result = await db.deleteFrom("guild_departures").where("guild_id", "=", guildId).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** The departures of these servers (those a user manages), with when their data goes. */
export async function departuresOf(db: Db, guildIds: string[]): Promise<{ guild_id: string; removed_at: number; purge_at: number }[]> {
  if (guildIds.length === 0) return [];
  const rows = await db.selectFrom("guild_departures").selectAll().where("guild_id", "in", guildIds.slice(0, 1000)).execute();
  return rows.map((r) => ({ guild_id: r.guild_id, removed_at: Number(r.removed_at), purge_at: Number(r.purge_at) }));
}

/**
 * Purges the servers whose clock ran out, a few a call. Each is checked with Discord first: a bot back in the server
 * (its GUILD_CREATE missed while the gateway was down) cancels the purge instead. Returns the servers purged.
 */
export async function purgeDepartedGuilds(
  db: Db,
  dialect: DialectName,
  platform: PlatformAdapter,
  now: number,
  batch = 5,
): Promise<string[]> {
  const due = await db
    .selectFrom("guild_departures")
    .select("guild_id")
    .where("purge_at", "<=", now)
    .orderBy("purge_at")
    .limit(batch)
    .execute();
  const purged: string[] = [];
  for (const { guild_id: guildId } of due) {
    if (await botIsBack(platform, guildId)) {
      await recordReturn(db, guildId);
      continue;
    }
    await purgeGuild(db, dialect, guildId);
    purged.push(guildId);
  }
  return purged;
}

async function botIsBack(platform: PlatformAdapter, guildId: string): Promise<boolean> {
  try {
    await platform.getGuild(guildId);
    return true;
  } catch (error) {
    if (error instanceof PlatformNotFoundError) return false;
    throw error;
  }
}
