import type { FastifyInstance, FastifyRequest } from "fastify";
import { guildIdOf } from "../access/guard";
import { readGuildSettings } from "../routes/settings";
import { memberOfSession } from "./session-member";
import { memberAccess } from "./members";

/**
 * "Only a panel's support team can read its transcripts" (TranscriptsPanelPermission): with it on, staff see the
 * tickets and transcripts of the panels whose support team they are in (and of panels without a team); owners,
 * Administrators and Manage Server holders see everything. "all", or the panel ids the caller may see.
 */
export async function panelsVisibleTo(app: FastifyInstance, request: FastifyRequest): Promise<"all" | number[]> {
  const guildId = guildIdOf(request);
  if (request.access?.level !== "staff") return "all";
  const { settings } = await readGuildSettings(app.db, guildId);
  if (settings.TranscriptsPanelPermission !== true) return "all";
  const access = await memberAccess(app.db, guildId, await memberOfSession(app, request, guildId));
  const rows = await app.db.selectFrom("panels").select(["id", "team_id"]).where("guild_id", "=", guildId).where("kind", "=", "single").execute();
  return rows.filter((r) => r.team_id === null || access.teamIds.has(r.team_id)).map((r) => r.id);
}
