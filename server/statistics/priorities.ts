import { type ExpressionBuilder, sql } from "kysely";
import type { Database, Db } from "../db/schema";

// The Statistics screen's figures per priority (the help desk's triage, server/helpdesk/triage.ts).

/**
 * Open tickets per priority (now) and, for tickets closed within [from, to), how many and their median first response
 * (the mean of the two middle values for an even count). `panels`: the panels a limited staff member may see.
 */
export async function priorityFigures(db: Db, guildId: string, from: number, to: number, panels: "all" | number[] = "all") {
  const visible = (eb: ExpressionBuilder<Database, "tickets">) =>
    panels === "all" ? eb.lit(true) : panels.length ? eb("panel_id", "in", panels) : eb("id", "<", 0);
  const closedIn = (eb: ExpressionBuilder<Database, "tickets">) =>
    eb.and([eb("guild_id", "=", guildId), eb("status", "=", "closed"), eb("closed_at", ">=", from), eb("closed_at", "<", to), visible(eb)]);
  // Counts per priority, and of the first responses only the one or two middle values per priority (ranked in SQL):
  // a range of any length is read in a handful of rows, never every closed ticket.
  const [openRows, closedRows, middles] = await Promise.all([
    db
      .selectFrom("tickets")
      .select(["priority", (eb) => eb.fn.countAll<number>().as("n")])
      .where("guild_id", "=", guildId)
      .where("status", "in", ["open", "closing"])
      .where(visible)
      .groupBy("priority")
      .execute(),
    db
      .selectFrom("tickets")
      .select(["priority", (eb) => eb.fn.countAll<number>().as("n")])
      .where(closedIn)
      .groupBy("priority")
      .execute(),
    db
      .selectFrom((eb) =>
        eb
          .selectFrom("tickets")
          .select((w) => [
            "priority",
            "response_ms",
            w.fn
              .agg<number>("row_number")
              .over((o) => o.partitionBy("priority").orderBy("response_ms"))
              .as("rn"),
            w.fn
              .countAll<number>()
              .over((o) => o.partitionBy("priority"))
              .as("n"),
          ])
          .where(closedIn)
          .where("response_ms", "is not", null)
          .as("ranked"),
      )
      .select(["priority", "response_ms", "rn", "n"])
      // The middle rank of an odd count (2·rn = n + 1), the two middle ones of an even count (2·rn = n, n + 2).
      .where(sql<boolean>`rn * 2 between n and n + 2`)
      .execute(),
  ]);
  const median = (p: string) => {
    const mine = middles.filter((m) => m.priority === p).sort((a, b) => Number(a.rn) - Number(b.rn));
    if (!mine.length) return null;
    const n = Number(mine[0].n);
    const at = (rank: number) => Number(mine.find((m) => Number(m.rn) === rank)!.response_ms);
    return n % 2 ? at((n + 1) / 2) : Math.round((at(n / 2) + at(n / 2 + 1)) / 2);
  };
  const count = (rows: { priority: string; n: number | string | bigint }[], p: string) =>
    Number(rows.find((r) => r.priority === p)?.n ?? 0);
  return (["urgent", "high", "normal", "low"] as const).map((p) => ({
    Priority: p,
    Open: count(openRows, p),
    Closed: count(closedRows, p),
    MedianResponseMs: median(p),
  }));
}
