import type { Member } from "./members";
import type { Outcome } from "./outcomes";
import { type EngineDeps, type Known, notice, openTicket, publish, recordStep } from "./step";
import { type TicketRow, updateTicketIf } from "./store";

// The inactivity warning before an auto-close: InactivityWarningHours before a silent ticket would close,
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
    const messageId = await deps.platform.sendMessage(row.channel_id, deps.messages.inactivityWarning(row, hours));
    await deps.db.updateTable("tickets").set({ warning_message_id: messageId }).where("id", "=", row.id).execute();
  } catch (error) {
    deps.log.warn({ err: error, guildId: row.guild_id }, "inactivity warning not sent");
  }
  return true;
}

/** The activity entry of a ticket kept open from its inactivity warning. */
export const keptOpenAction = "Ticket Kept Open";

/** "Keep open": the ticket's opener or staff ends the warning; the silence starts again. */
export async function keepOpen(deps: EngineDeps, guildId: string, number: number, member: Member, known: Known = {}): Promise<Outcome> {
  const c = await openTicket(deps, guildId, number, member, known);
  if ("refusal" in c) return c.refusal;
  if (!c.staff && c.row.opener_id !== member.id && !(await isAdded(deps, c.row.id, member.id))) return { refusal: "staffOnly" };
  const now = await deps.clock.now(guildId);
  if (!(await updateTicketIf(deps.db, c.row, { status: "open" }, { last_activity_at: now, warned_at: null })))
    return { refusal: "ticketGone" };
  await notice(deps, c.row, { notice: "keptOpen", by: member.id });
  await recordStep(deps, member, c.row, keptOpenAction, null, { TicketId: number });
  const row = { ...c.row, last_activity_at: now, warned_at: null };
  publish(deps, "updated", row);
  return { done: "keptOpen", ticket: row };
}

const isAdded = async (deps: EngineDeps, ticketRowId: number, userId: string) =>
  (await deps.db
    .selectFrom("ticket_members")
    .select("user_id")
    .where("ticket_id", "=", ticketRowId)
    .where("user_id", "=", userId)
    .executeTakeFirst()) !== undefined;
