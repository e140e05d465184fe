import { type BotProblem, botProblemSchema } from "../../src/schemas/bot-setup";
import type { Db } from "../db/schema";

// Refusals the bot met while working, kept so the owner sees them on Bot setup: "Discord refused Manage Roles in
// #tickets", "the category Support is full", "ticket 12's transcript did not fit the quota". One row per guild, kind
// and subject, so a member clicking a broken panel all day keeps one row (its count and last time move), and a guild
// holds at most MAX_PER_GUILD rows: a guild cannot fill the table.

/** Rows a guild keeps; past it the oldest is replaced. */
export const MAX_PER_GUILD = 50;
/** Refusals older than this are not shown (the owner fixed it, or it stopped happening). */
export const SHOWN_FOR_MS = 7 * 24 * 60 * 60 * 1000;

export type RecordedBotProblem = Exclude<
  BotProblem,
  { kind: "messageContentIntent" | "commandsNotRegistered" | "gatewayIntentsDisallowed" }
>;
type Recorded = RecordedBotProblem;

/** What a refusal is about within its kind: the row it moves (Bot setup matches the check's findings on it too). */
export function subjectOf(problem: Recorded): string {
  switch (problem.kind) {
    case "missingPermission":
      return `${problem.permission}:${problem.channelId ?? "server"}`;
    case "categoryFull":
    case "categoryNearlyFull":
      return problem.categoryId;
    case "serverChannelsFull":
      return "server";
    case "transcriptQuota":
      return "quota";
  }
}

/** Records a refusal (best effort: a failure here never fails the step that met it). */
export async function recordBotProblem(db: Db, guildId: string, problem: Recorded, now = Date.now()): Promise<void> {
  const subject = subjectOf(problem);
  const { seenAt: _seen, times: _times, foundNow: _found, ...detail } = problem;
  const detailJson = JSON.stringify(detail);
  await db.transaction().execute(async (tx) => {
    await tx
      .insertInto("bot_problems")
      .values({ guild_id: guildId, kind: problem.kind, subject, detail_json: detailJson, times: 1, first_at: now, last_at: now })
      .onConflict((oc) =>
        oc.columns(["guild_id", "kind", "subject"]).doUpdateSet((eb) => ({
          detail_json: detailJson,
          times: eb("bot_problems.times", "+", 1),
          last_at: now,
        })),
      )
      .execute();
    const stale = await tx
      .selectFrom("bot_problems")
      .select(["kind", "subject"])
      .where("guild_id", "=", guildId)
      .orderBy("last_at", "desc")
      .offset(MAX_PER_GUILD)
      .limit(100)
      .execute();
    for (const row of stale) {
      await tx
        .deleteFrom("bot_problems")
        .where("guild_id", "=", guildId)
        .where("kind", "=", row.kind)
        .where("subject", "=", row.subject)
        .execute();
    }
  });
}

/** The guild's refusals seen within SHOWN_FOR_MS, newest first. */
export async function recordedBotProblems(db: Db, guildId: string, now = Date.now()): Promise<BotProblem[]> {
  const rows = await db
    .selectFrom("bot_problems")
    .select(["detail_json", "last_at", "times"])
    .where("guild_id", "=", guildId)
    .where("last_at", ">=", now - SHOWN_FOR_MS)
    .orderBy("last_at", "desc")
    .limit(MAX_PER_GUILD)
    .execute();
  const out: BotProblem[] = [];
  for (const row of rows) {
    const parsed = botProblemSchema.safeParse({
      ...(JSON.parse(row.detail_json) as object),
      seenAt: Number(row.last_at),
      times: Number(row.times),
      foundNow: false,
    });
    if (parsed.success) out.push(parsed.data);
  }
  return out;
}

/** Forgets the guild's refusals of a kind (the condition is gone: a ticket opened in that category again). */
export async function clearBotProblems(db: Db, guildId: string, kind: BotProblem["kind"], subject?: string): Promise<void> {
  let query = db.deleteFrom("bot_problems").where("guild_id", "=", guildId).where("kind", "=", kind);
  if (subject !== undefined) query = query.where("subject", "=", subject);
  await query.execute();
}
