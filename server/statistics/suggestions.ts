import type { StatisticsResponse } from "../../src/schemas/statistics";
import type { Db } from "../db/schema";

// How many tickets the suggestions answered before they opened (a member's "Yes, thanks": server/tickets/open.ts),
// in a range: in all, per panel and per tag shown. Counted from the rows themselves (index on guild and time), never
// from a running total: a "Yes" is at most one per offer, rarer than the tickets it saves, so a range holds few of them.

export interface SuggestionRange {
  guildId: string;
  /** Epoch ms, `start` included, `end` not. */
  start: number;
  end: number;
  /** Only these panels' answers (staff limited to their panels' figures). */
  panels?: number[];
}

export async function suggestionFigures(db: Db, range: SuggestionRange): Promise<StatisticsResponse["suggestions"]> {
  const { guildId, start, end, panels } = range;
  if (panels && panels.length === 0) return { answered: 0, panels: [], tags: [] };
  let answers = db
    .selectFrom("suggestion_answers as a")
    .where("a.guild_id", "=", guildId)
    .where("a.answered_at", ">=", start)
    .where("a.answered_at", "<", end);
  if (panels) answers = answers.where("a.panel_id", "in", panels);
  const [perPanel, perTag] = await Promise.all([
    answers
      .select((eb) => ["a.panel_id", eb.fn.max("a.panel_name").as("panel_name"), eb.fn.countAll<number | string>().as("n")])
      .groupBy("a.panel_id")
      .execute(),
    answers
      .innerJoin("suggestion_answer_tags as t", "t.answer_id", "a.id")
      .select((eb) => ["t.tag_id", eb.fn.max("t.tag_name").as("tag_name"), eb.fn.countAll<number | string>().as("n")])
      .groupBy("t.tag_id")
      .execute(),
  ]);
  const byCount =
    <T extends { answered: number }>(name: (x: T) => string) =>
    (a: T, b: T) =>
      b.answered - a.answered || name(a).localeCompare(name(b));
  const panelList = perPanel
    .map((r) => ({
      PanelId: r.panel_id === null ? null : Number(r.panel_id),
      PanelName: String(r.panel_name ?? ""),
      answered: Number(r.n),
    }))
    .sort(byCount((p) => p.PanelName));
  return {
    answered: panelList.reduce((sum, p) => sum + p.answered, 0),
    panels: panelList,
    tags: perTag
      .map((r) => ({ TagId: String(r.tag_id), TagName: String(r.tag_name ?? ""), answered: Number(r.n) }))
      .sort(byCount((t) => t.TagName)),
  };
}
