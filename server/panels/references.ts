import type { Kysely } from "kysely";
import type { MultiPanel } from "../../src/schemas/multi-panel";
import type { SinglePanel } from "../../src/schemas/panel";
import type { Database } from "../db/schema";
import { HttpError } from "../errors";
import type { PlatformGuild } from "../platform/adapter";
import { panelText } from "./text";

// A panel may only name things of its own guild: form, support team, category, channel, mention role and
// custom emoji; a multi-panel only single panels of its guild. Every problem is reported at once (400).

type Db = Kysely<Database>;

const isCustomEmojiId = (emoji: string) => /^\d{1,21}$/.test(emoji);
/** Row ids are 32-bit integer columns: a bigger number names nothing (and PostgreSQL would refuse the query). */
const isRowId = (id: number) => Number.isSafeInteger(id) && id > 0 && id <= 2_147_483_647;

function fail(problems: string[]): void {
  if (problems.length) throw new HttpError(400, problems.join(", "), problems);
}

/** Checks a single panel's references; returns the team id column value. */
export async function checkSinglePanelReferences(db: Db, guild: PlatformGuild, panel: SinglePanel): Promise<{ teamId: number | null }> {
  const problems: string[] = [];
  const message = panel.PanelMessage;
  if (!guild.text_channels.some((c) => c.id === message.PanelChannel)) problems.push(panelText.channelMissing(message.PanelChannel));
  for (const category of [panel.TicketCategory, panel.OverflowCategory]) {
    if (category !== null && !guild.categories.some((c) => c.id === category)) problems.push(panelText.categoryMissing(category));
  }
  if (panel.MentionRoleId !== null && !guild.roles.some((r) => r.id === panel.MentionRoleId))
    problems.push(panelText.roleMissing(panel.MentionRoleId));
  if (isCustomEmojiId(message.ButtonEmoji) && !guild.emojis.some((e) => e.id === message.ButtonEmoji)) {
    problems.push(panelText.emojiMissing(message.ButtonEmoji));
  }
  if (panel.FormId !== null && !isRowId(panel.FormId)) problems.push(panelText.formMissing(panel.FormId));
  else if (panel.FormId !== null) {
    const form = await db
      .selectFrom("forms")
      .select("id")
      .where("guild_id", "=", guild.id)
      .where("id", "=", panel.FormId)
      .executeTakeFirst();
    if (!form) problems.push(panelText.formMissing(panel.FormId));
  }
  let teamId: number | null = null;
  const team = panel.SupportTeams[0];
  if (team !== undefined) {
    const id = Number(team);
    const row = isRowId(id)
      ? await db.selectFrom("teams").select("id").where("guild_id", "=", guild.id).where("id", "=", id).executeTakeFirst()
      : undefined;
    if (row) teamId = row.id;
    else problems.push(panelText.teamMissing(team));
  }
  fail(problems);
  return { teamId };
}

/** Checks a multi-panel's channel and member panels; returns the member ids in order. */
export async function checkMultiPanelReferences(db: Db, guild: PlatformGuild, panel: MultiPanel): Promise<number[]> {
  const problems: string[] = [];
  if (!guild.text_channels.some((c) => c.id === panel.PanelChannelId)) problems.push(panelText.channelMissing(panel.PanelChannelId));
  const ids = panel.Panels.map(Number);
  const valid = ids.filter(isRowId);
  const rows = valid.length
    ? await db
        .selectFrom("panels")
        .select("id")
        .where("guild_id", "=", guild.id)
        .where("kind", "=", "single")
        .where("id", "in", valid)
        .execute()
    : [];
  const known = new Set(rows.map((r) => r.id));
  panel.Panels.forEach((raw, i) => {
    if (!known.has(ids[i])) problems.push(panelText.memberMissing(raw));
  });
  fail(problems);
  return ids;
}
