import { sql } from "kysely";
import { dialectOf, jsonIntegerOf } from "../db/dialect";
import { recordActivityOf } from "../activity/record";
import { readGuildSettings } from "../settings/store";
import { capturedWhole } from "../tickets/conversation";
import { addedMembers, findTicket, type TicketRow } from "../tickets/store";
import { supportRoles } from "../tickets/members";
import { botActor, type EngineDeps, panelOf, publish } from "../tickets/step";
import { helpdeskActions } from "./triage";

// "Waiting too long" alerts: a ticket still without a first staff response after the panel's
// WaitingAlertMinutes (else the server's; 0: never) gets one alert in the server's WaitingAlertChannelId, mentioning
// the panel's support roles (exactly those: `allowed_mentions.roles`), and a mark in the queue (WaitingSince). Run
// with the minute sweep. Before alerting on Discord it reads the channel's newest messages once: staff who answered
// in Discord (no gateway tells the server) are the first response, and no alert goes out. The mark is a
// compare-and-set (waiting_alert_at from null), so two instances never alert twice.

/**
 * A fair share: at most this many of one server's due tickets are taken per sweep (its oldest first), and at most
 * WAITING_PER_SWEEP in all, in turns (every server's oldest, then every server's second, …), so a server with a long
 * backlog never keeps another server's alerts waiting.
 */
export const WAITING_PER_GUILD = 5;
const WAITING_PER_SWEEP = 100;

/**
 * The tickets due for an alert at `now`, in SQL: open, without a first response or an alert, and older than their
 * alert's minutes — the panel's WaitingAlertMinutes, else the server's, 0 (off) when neither — so tickets whose alert
 * is off are never taken and never hide those that are due. Each ticket is measured on its server's clock (a demo
 * server's offset, server/platform/clock.ts; none on Discord). `guildId`: one server only (Try-it's "Skip ahead").
 */
async function dueTickets(db: EngineDeps["db"], now: number, guildId?: string): Promise<(TicketRow & { alert_minutes: number })[]> {
  const dialect = dialectOf(db);
  const panelMinutes = jsonIntegerOf(dialect, "p.data_json", "WaitingAlertMinutes");
  const guildMinutes = jsonIntegerOf(dialect, "s.data_json", "WaitingAlertMinutes");
  const { rows } = await sql<TicketRow & { alert_minutes: number | string }>`
    select * from (
      select due.*, row_number() over (partition by due.guild_id order by due.opened_at, due.id) as rn
      from (
        select t.*, coalesce(${panelMinutes}, ${guildMinutes}, 0) as alert_minutes, coalesce(c.offset_ms, 0) as offset_ms
        from tickets t
        left join panels p on p.id = t.panel_id and p.guild_id = t.guild_id and p.kind = 'single'
        left join guild_settings s on s.guild_id = t.guild_id
        left join demo_clocks c on c.guild_id = t.guild_id
        where t.status = 'open' and t.first_response_at is null and t.waiting_alert_at is null
          and t.opened_at < ${now - 60_000} + coalesce(c.offset_ms, 0)
          ${guildId ? sql`and t.guild_id = ${guildId}` : sql``}
      ) as due
      where due.alert_minutes > 0 and due.opened_at <= ${now} + due.offset_ms - due.alert_minutes * 60000
    ) as ranked
    where rn <= ${WAITING_PER_GUILD}
    order by rn, opened_at, id
    limit ${WAITING_PER_SWEEP}`.execute(db);
  return rows.map((r) => ({ ...r, alert_minutes: Number(r.alert_minutes) }));
}

/** `now` is the real instant the sweep runs at; each ticket waits on its server's clock (./dueTickets). */
export async function sweepWaitingTickets(deps: EngineDeps, now = Date.now(), guildId?: string): Promise<number> {
  const { db, platform } = deps;
  const candidates = await dueTickets(db, now, guildId);
  let alerted = 0;
  const settingsOf = new Map<string, Awaited<ReturnType<typeof readGuildSettings>>["settings"]>();
  for (const row of candidates) {
    let settings = settingsOf.get(row.guild_id);
    if (!settings) settingsOf.set(row.guild_id, (settings = (await readGuildSettings(db, row.guild_id)).settings));
    const { teamIds } = await panelOf(deps, row.guild_id, row.panel_id);
    const minutes = row.alert_minutes;
    const guildNow = await deps.clock.now(row.guild_id, now);
    // The gateway tells first responses as they happen (../tickets/conversation.ts): the channel is read only without it.
    if (platform.kind === "discord" && row.channel_id && !(await capturedWhole(deps, row)) && (await answeredInChannel(deps, row)))
      continue;
    const claimed = await db
      .updateTable("tickets")
      .set({ waiting_alert_at: guildNow })
      .where("id", "=", row.id)
      .where("waiting_alert_at", "is", null)
      .where("first_response_at", "is", null)
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) !== 1) continue;
    const channelId = settings.WaitingAlertChannelId;
    if (channelId) {
      const roles = (await supportRoles(db, row.guild_id, teamIds)).slice(0, 100);
      const url = `${deps.publicUrl.replace(/\/$/, "")}/${row.guild_id}/tickets/${row.number}`;
      // No interaction here to speak in: the server's BotLanguage (English for "auto"), like the scheduler's sweep.
      const alert = deps.messages.inServerLanguage(settings.BotLanguage, () => deps.messages.waitingAlert(row, minutes, url, roles));
      await platform
        .sendMessage(channelId, alert)
        .catch((error) => deps.log.warn({ err: error, guildId: row.guild_id }, "waiting alert not sent"));
    }
    await recordActivityOf(db, botActor(deps), {
      guildId: row.guild_id,
      action: helpdeskActions.waitingAlert,
      after: { TicketId: row.number, Minutes: minutes },
      scopePanelId: row.panel_id ?? 0,
      at: guildNow,
    });
    publish(deps, "updated", (await findTicket(db, row.guild_id, row.number))!);
    alerted++;
  }
  return alerted;
}

/** Whether staff already wrote in the channel (records it as the first response). */
async function answeredInChannel(deps: EngineDeps, row: TicketRow): Promise<boolean> {
  const messages = await deps.platform.readMessages(row.channel_id!).catch(() => []);
  const added = new Set(await addedMembers(deps.db, row.id));
  const staff = messages
    .filter((m) => !m.author.bot && m.author.id !== row.opener_id && !added.has(m.author.id))
    .sort((a, b) => a.timestamp - b.timestamp)[0];
  if (!staff) return false;
  await deps.db
    .updateTable("tickets")
    .set({ first_response_at: staff.timestamp })
    .where("id", "=", row.id)
    .where("first_response_at", "is", null)
    .execute();
  return true;
}
