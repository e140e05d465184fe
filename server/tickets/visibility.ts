import type { TicketSettings } from "../../src/schemas/settings";
import type { ResolvedAccess } from "../access/resolve";
import type { Db } from "../db/schema";
import { readGuildSettings } from "../settings/store";
import type { MemberAccess } from "./members";

/**
 * "Only a panel's support team can read its transcripts" (TranscriptsPanelPermission): with it on, staff see the
 * tickets and transcripts of the panels whose support team they are in (and of panels without a team); owners,
 * Administrators and Manage Server holders see everything. "all", or the panel ids the caller may see. The same rule
 * holds for the statistics (server/statistics/) and the activity log (server/activity/log.ts: entries carry the panel of
 * the ticket or transcript they are about).
 */
export async function panelsVisibleToUser(
  db: Db,
  guildId: string,
  resolved: Pick<ResolvedAccess, "access" | "teamIds"> | null,
  settingsOf: () => Promise<TicketSettings> = async () => (await readGuildSettings(db, guildId)).settings,
): Promise<"all" | number[]> {
  if (resolved?.access.level !== "staff") return "all";
  const settings = await settingsOf();
  if (settings.TranscriptsPanelPermission !== true) return "all";
  return panelsOfTeams(db, guildId, resolved.teamIds);
}

/** The same rule for a member the engine knows (a slash command): "all", or the panels they may see. */
export async function panelsVisibleToMember(db: Db, guildId: string, access: MemberAccess): Promise<"all" | number[]> {
  if (access.manager) return "all";
  const { settings } = await readGuildSettings(db, guildId);
  if (settings.TranscriptsPanelPermission !== true) return "all";
  return panelsOfTeams(db, guildId, access.teamIds);
}

/** The guild's panels of those teams, and those of no team. */
async function panelsOfTeams(db: Db, guildId: string, teamIds: Set<number>): Promise<number[]> {
  const rows = await db
    .selectFrom("panels")
    .select(["id", "team_id"])
    .where("guild_id", "=", guildId)
    .where("kind", "=", "single")
    .execute();
  return rows.filter((r) => r.team_id === null || teamIds.has(r.team_id)).map((r) => r.id);
}
