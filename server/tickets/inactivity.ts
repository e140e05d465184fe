import { customIds } from "./custom-ids";
import type { Member } from "./members";
import { ACTION_ROW, BUTTON, type EngineDeps, notice, openTicket, publish, type Reply, recordStep, say } from "./step";
import { type TicketRow, updateTicketIf } from "./store";
import { botTexts } from "./texts";

// The inactivity warning before an auto-close (issue 22): InactivityWarningHours before a silent ticket would close,
// the sweep (./scheduler.ts) has the bot warn in the ticket, with a "Keep open" button. The warning is sent once per
// silence, whichever instance sweeps: a compare-and-set claims it (warned_at set only while no warning stands since
// the last activity). The ticket closes only once a warning has stood for its whole lead time; any activity — a
// message, or the button — ends the warning, and the next silence warns again. The warning's own message is not
// activity (the sweep ignores it as the channel's newest message).

/** The warning's lead time of a server's settings, when it warns at all (shorter than the silence it precedes). */
export function warningLeadMs(hours: number | null | undefined, silenceMs: number | null): number | null {
  const lead = (hours ?? 0) * 3_600_000;
  return silenceMs !== null && lead > 0 && lead < silenceMs ? lead : null;
}

/** Whether a warning stands for the ticket: sent, and no activity after it. */
export const warningStands = (row: Pick<TicketRow, "warned_at" | "last_activity_at">, lastActivity = Number(row.last_activity_at)) =>
  row.warned_at !== null && Number(row.warned_at) >= lastActivity;

/** Claims the warning (once across instances), stamped `now` on its server's clock, and posts it; false when another sweep had claimed it. */
export async function sendInactivityWarning(deps: EngineDeps, row: TicketRow, leadMs: number, now: number): Promise<boolean> {
  const claimed = await deps.db
    .updateTable("tickets")
    .set({ warned_at: now })
    .where("id", "=", row.id)
    .where("status", "=", "open")
    .where((eb) => eb.or([eb("warned_at", "is", null), eb("warned_at", "<", eb.ref("last_activity_at"))]))
    .executeTakeFirst();
  if (Number(claimed.numUpdatedRows) !== 1 || !row.channel_id) return false;
  const hours = Math.round(leadMs / 3_600_000);
  try {
    const messageId = await deps.platform.sendMessage(row.channel_id, {
      content: botTexts.inactivityWarning(hours),
      components: [{ type: ACTION_ROW, components: [{ type: BUTTON, style: 3, label: botTexts.keepOpenButton, custom_id: customIds.keepOpen(row.number), emoji: { name: "⏳" } }] }],
      allowed_mentions: { parse: [] },
    });
    await deps.db.updateTable("tickets").set({ warning_message_id: messageId }).where("id", "=", row.id).execute();
  } catch (error) {
    deps.log.warn({ err: error, guildId: row.guild_id }, "inactivity warning not sent");
  }
  return true;
}

/** The activity entry of a ticket kept open from its inactivity warning. */
export const keptOpenAction = "Ticket Kept Open";

/** "Keep open": the ticket's opener or staff ends the warning; the silence starts again. */
export async function keepOpen(deps: EngineDeps, guildId: string, number: number, member: Member): Promise<Reply> {
  const c = await openTicket(deps, guildId, number, member);
  if ("refusal" in c) return c.refusal!;
  if (!c.staff && c.row.opener_id !== member.id && !(await isAdded(deps, c.row.id, member.id))) return say(botTexts.staffOnly);
  const now = await deps.clock.now(guildId);
  if (!(await updateTicketIf(deps.db, c.row, { status: "open" }, { last_activity_at: now, warned_at: null }))) return say(botTexts.ticketGone);
  await notice(deps, c.row, botTexts.keptOpenNotice(member.id));
  await recordStep(deps, member, c.row, keptOpenAction, null, { TicketId: number });
  publish(deps, "updated", { ...c.row, last_activity_at: now, warned_at: null });
  return say(botTexts.keptOpen, true);
}

const isAdded = async (deps: EngineDeps, ticketRowId: number, userId: string) =>
  (await deps.db.selectFrom("ticket_members").select("user_id").where("ticket_id", "=", ticketRowId).where("user_id", "=", userId).executeTakeFirst()) !== undefined;
