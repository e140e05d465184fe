import type { Kysely } from "kysely";
import { counters, createCounterTriggers, dropTrigger } from "../count-triggers";
import type { DialectHelpers } from "../dialect";

// One way to keep a counter: the hand-written triggers of 007 (activity_counts, activity_users, activity_actions) and
// 012 (transcript_counts), and 019's block counts, are replaced by the triggers server/db/count-triggers.ts generates
// from its declarations, for both databases. The tables and their totals stay as they are (the generated triggers
// keep the same totals: tests/server/count-triggers.test.ts compares them with a recount).

const handWritten = [
  { table: "activity", triggers: ["activity_stats_insert", "activity_stats_delete"] },
  { table: "transcripts", triggers: ["transcript_counts_insert", "transcript_counts_delete"] },
  { table: "activity", triggers: ["activity_blocks_insert", "activity_blocks_delete", "activity_blocks_update"] },
  { table: "transcripts", triggers: ["transcript_blocks_insert", "transcript_blocks_delete", "transcript_blocks_update"] },
];

export async function up(db: Kysely<any>, d: DialectHelpers): Promise<void> {
  for (const { table, triggers } of handWritten) for (const trigger of triggers) await dropTrigger(db, d.name, table, trigger);
  for (const counter of counters) await createCounterTriggers(db, d.name, counter);
}

export async function down(db: Kysely<any>, d: DialectHelpers): Promise<void> {
  for (const counter of counters)
    for (const event of ["insert", "delete", "update"]) await dropTrigger(db, d.name, counter.source, `${counter.target}_${event}`);
}
