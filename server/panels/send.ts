import { sendLimitMessages } from "../../src/schemas/send-limits";
import type { Db } from "../db/schema";
import { HttpError } from "../errors";
import type { PlatformAdapter } from "../platform/adapter";
import { supportHoursSummary, supportHoursTitle } from "../../src/schemas/support-hours";
import { readGuildSettings } from "../settings/store";
import { multiPanelPayload, singlePanelPayload } from "./message";
import { membersOf, type PanelRow, toMultiPanel, toSinglePanel } from "./store";

/**
 * A multi-panel none of whose panels is left: Discord refuses a dropdown without options, and buttons without panels
 * would open nothing, so it is not posted (409: the request is fine, the multi-panel is not).
 */
export class MultiPanelEmptyError extends HttpError {
  constructor() {
    super(409, sendLimitMessages.multiPanelEmpty);
  }
}

/** Posts a panel's message through the platform (the Resend button and /panel resend); returns where it went. */
export async function sendPanel(
  db: Db,
  platform: PlatformAdapter,
  guildId: string,
  row: PanelRow,
): Promise<{ messageId: string; channelId: string }> {
  if (row.kind === "multi") {
    const panel = toMultiPanel(row, (await membersOf(db, [row.id])).get(row.id) ?? []);
    const memberRows = await db
      .selectFrom("panels")
      .selectAll()
      .where("guild_id", "=", guildId)
      .where("id", "in", panel.Panels.length ? panel.Panels.map(Number) : [-1])
      .execute();
    const byId = new Map(memberRows.map((r) => [r.id, toSinglePanel(r)]));
    const members = panel.Panels.map(Number)
      .filter((id) => byId.has(id))
      .map((id) => ({ id, panel: byId.get(id)! }));
    if (members.length === 0) throw new MultiPanelEmptyError();
    const messageId = await platform.sendPanelMessage(guildId, panel.PanelChannelId, multiPanelPayload(row.id, panel, members));
    return { messageId, channelId: panel.PanelChannelId };
  }
  const panel = toSinglePanel(row);
  const channelId = panel.PanelMessage.PanelChannel;
  const messageId = await platform.sendPanelMessage(
    guildId,
    channelId,
    singlePanelPayload(row.id, panel, await hoursLineOf(db, guildId, panel)),
  );
  return { messageId, channelId };
}

/** The panel's support hours as its message shows them, in the server's time zone and bot language (English on "auto": no interaction says the server's locale). */
async function hoursLineOf(db: Db, guildId: string, panel: ReturnType<typeof toSinglePanel>) {
  if (!panel.SupportHours?.Enabled) return undefined;
  const { settings } = await readGuildSettings(db, guildId);
  const language = settings.BotLanguage === "es" ? "es" : "en";
  return { title: supportHoursTitle[language], text: supportHoursSummary(panel.SupportHours, settings.TimeZone || "UTC", language) };
}

/** Posts a panel's message and keeps its id on the panel (after a create, and the bot's /panel resend). */
export async function postPanel(
  db: Db,
  platform: PlatformAdapter,
  guildId: string,
  row: PanelRow,
): Promise<{ messageId: string; channelId: string }> {
  const sent = await sendPanel(db, platform, guildId, row);
  await db.updateTable("panels").set({ message_id: sent.messageId }).where("id", "=", row.id).execute();
  return sent;
}
