import type { StatisticsResponse } from "../../../src/schemas/statistics";
import { guildStatistics } from "../../statistics/figures";
import { can, memberAccess } from "../../tickets/members";
import { panelsVisibleToMember } from "../../tickets/visibility";
import { say } from "../answers";
import { defineCommand } from "../command";

const minutes = (ms: number | null) =>
  ms === null ? "—" : ms < 3_600_000 ? `${Math.round(ms / 60_000)} min` : `${(ms / 3_600_000).toFixed(1)} h`;

/** The same figures as the Statistics screen, in a few lines. */
export function statisticsSummary(s: StatisticsResponse): string {
  return [
    `Tickets ${s.from} – ${s.to} (UTC): ${s.totals.opened} opened, ${s.totals.closed} closed, ${s.open_now} open now.`,
    `First response: median ${minutes(s.first_response.median_ms)}, 90th percentile ${minutes(s.first_response.p90_ms)}.`,
    `Resolution: median ${minutes(s.resolution.median_ms)}.`,
    `Rating: ${s.ratings.average === null ? "no ratings yet" : `${s.ratings.average} / 5 from ${s.ratings.count}`}.`,
  ].join("\n");
}

const day = (d: Date) => d.toISOString().slice(0, 10);

export default defineCommand({
  key: "stats",
  order: 190,
  name: "stats",
  description: "Show ticket statistics of this server.",
  details: "Show ticket statistics of the server: open tickets, response times and average rating.",
  options: [],
  access: "staff",
  category: "Staff",
  where: "guild",
  es: { name: "estadisticas", description: "Muestra las estadísticas de tickets de este servidor." },
  run: async ({ deps, guildId, member }) => {
    const access = await memberAccess(deps.db, guildId, member);
    if (!can(access, "ViewTranscripts")) return { refusal: "noPermission" };
    // The last 30 days of the server's clock (server/platform/clock.ts).
    const to = new Date(await deps.clock.now(guildId));
    const from = new Date(to.getTime() - 29 * 86_400_000);
    const panels = await panelsVisibleToMember(deps.db, guildId, access);
    const stats = await guildStatistics(deps.db, guildId, { from: day(from), to: day(to), tz: "UTC" }, panels === "all" ? {} : { panels });
    return say(statisticsSummary(stats), true);
  },
});
