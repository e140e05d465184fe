import { sql } from "kysely";
import { recordActivityOf } from "../activity/record";
import { fitMessage } from "../platform/message-fit";
import { readGuildSettings } from "../settings/store";
import { chooseLanguage, speaking } from "./language";
import { addedMembers, findTicket, type TicketRow } from "./store";
import { supportRoles } from "./members";
import { botActor, type EngineDeps, panelOf, publish } from "./step";
import { botTexts } from "./texts";
import { helpdeskActions } from "./triage";

// "Waiting too long" alerts (issue 23): a ticket still without a first staff response after the panel's
// WaitingAlertMinutes (else the server's; 0: never) gets one alert in the server's WaitingAlertChannelId, mentioning
// the panel's support roles (exactly those: `allowed_mentions.roles`), and a mark in the queue (WaitingSince). Run
// with the minute sweep. Before alerting on Discord it reads the channel's newest messages once: staff who answered
// in Discord (no gateway tells the server) are the first response, and no alert goes out. The mark is a
// compare-and-set (waiting_alert_at from null), so two instances never alert twice.

/**
 * A fair share: at most this many tickets of one server are looked at per sweep (its oldest waiting first), so a
 * server with a long backlog, or with alerts off, never keeps another server's alerts waiting.
 */
export const WAITING_PER_GUILD = 5;

export async function sweepWaitingTickets(deps: EngineDeps, now = Date.now()): Promise<number> {
  const { db, platform } = deps;
  const { rows: candidates } = await sql<TicketRow>`
    select * from (
      select t.*, row_number() over (partition by t.guild_id order by t.opened_at, t.id) as rn
      from tickets t
      where t.status = 'open' and t.first_response_at is null and t.waiting_alert_at is null and t.opened_at < ${now - 60_000}
    ) as ranked
    where rn <= ${WAITING_PER_GUILD}
    order by opened_at, id`.execute(db);
  let alerted = 0;
  const settingsOf = new Map<string, Awaited<ReturnType<typeof readGuildSettings>>["settings"]>();
  for (const row of candidates) {
    let settings = settingsOf.get(row.guild_id);
    if (!settings) settingsOf.set(row.guild_id, (settings = (await readGuildSettings(db, row.guild_id)).settings));
    const { panel, teamIds } = await panelOf(deps, row.guild_id, row.panel_id);
    const minutes = (panel as { WaitingAlertMinutes?: number | null } | null)?.WaitingAlertMinutes ?? settings.WaitingAlertMinutes ?? 0;
    if (!minutes || now - Number(row.opened_at) < minutes * 60_000) continue;
    if (platform.kind === "discord" && row.channel_id && (await answeredInChannel(deps, row))) continue;
    const claimed = await db.updateTable("tickets").set({ waiting_alert_at: now }).where("id", "=", row.id).where("waiting_alert_at", "is", null).where("first_response_at", "is", null).executeTakeFirst();
    if (Number(claimed.numUpdatedRows) !== 1) continue;
    const channelId = settings.WaitingAlertChannelId;
    if (channelId) {
      const roles = (await supportRoles(db, row.guild_id, teamIds)).slice(0, 100);
      const url = `${deps.publicUrl.replace(/\/$/, "")}/${row.guild_id}/tickets/${row.number}`;
      // No interaction here to speak in: the server's BotLanguage (English for "auto"), like the scheduler's sweep.
      const alert = speaking(chooseLanguage(settings.BotLanguage, null), () => botTexts.waitingAlert(row.number, minutes, url));
      const content = `${roles.map((id) => `<@&${id}>`).join(" ")} ${alert}`.trim();
      await platform.sendMessage(channelId, fitMessage({ content, allowed_mentions: { parse: [], roles } })).catch((error) => deps.log.warn({ err: error, guildId: row.guild_id }, "waiting alert not sent"));
    }
    await recordActivityOf(db, botActor(deps), { guildId: row.guild_id, action: helpdeskActions.waitingAlert, after: { TicketId: row.number, Minutes: minutes }, scopePanelId: row.panel_id ?? 0 });
    publish(deps, "updated", (await findTicket(db, row.guild_id, row.number))!);
    alerted++;
  }
  return alerted;
}

/** Whether staff already wrote in the channel (records it as the first response). */
async function answeredInChannel(deps: EngineDeps, row: TicketRow): Promise<boolean> {
  const messages = await deps.platform.readMessages(row.channel_id!).catch(() => []);
  const added = new Set(await addedMembers(deps.db, row.id));
  const staff = messages.filter((m) => !m.author.bot && m.author.id !== row.opener_id && !added.has(m.author.id)).sort((a, b) => a.timestamp - b.timestamp)[0];
  if (!staff) return false;
  await deps.db.updateTable("tickets").set({ first_response_at: staff.timestamp }).where("id", "=", row.id).where("first_response_at", "is", null).execute();
  return true;
}
