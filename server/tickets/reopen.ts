import type { FormAnswer } from "../../src/schemas/ticket";
import { recordActivityOf } from "../activity/record";
import { fromDbJson } from "../db/dialect";
import { transcriptExists } from "../transcripts/store";
import { ticketChannelName, ticketOverwrites } from "./channel-access";
import { isTicketStaff, type Member, memberAccess, stillStaff, supportRoles } from "./members";
import { createChannel } from "./open";
import { checkOpenRules, limitRefusal, lockOpens } from "./open-rules";
import { isRefusal, type Outcome, type Refusal } from "./outcomes";
import { actorOf, type EngineDeps, type Known, notice, panelOf, publish, settingsOf, ticketOf } from "./step";
import { addedMembers, type TicketRow } from "./store";
import { reopenedWaiting } from "./waiting-on";

// Reopening a ticket closed too early: within ReopenWithinDays of its close, by staff of the ticket from
// its transcript in the dashboard, or by the member who opened it from the closing direct message. The same ticket
// — its number, its members, its statistics row (the rollup triggers move it from closed back to open) — in a new
// channel, whose first messages link the transcript so far. It obeys the rules an open obeys, for the member it
// opens for (./open-rules.ts): still a member, not blacklisted, the panel's roles (and its support hours unless staff
// reopen it), below the server's and the panel's limits — counted in the transaction that moves the row. Its earlier
// claimer keeps it only while still on its support team; otherwise it comes back unclaimed, and the notice says so.
// Nothing half-made: the row moves from 'closed' to 'opening' once (a compare-and-set), then the channel, then
// 'open'; if the channel cannot be made the row is closed again as it was. Its next close stores the transcript
// again, the earlier messages first (./close.ts).

export const reopenAction = "Ticket Reopened";

/** Who reopens: a member of the server (staff, from the dashboard), or the opener from the DM (only the user is known). */
export type Reopener = { kind: "staff"; member: Member } | { kind: "opener"; userId: string; username: string };

export async function reopen(deps: EngineDeps, guildId: string, number: number, who: Reopener, known: Known = {}): Promise<Outcome> {
  const row = await ticketOf(deps, guildId, number, known);
  if (!row) return { refusal: "stale" };
  if (who.kind === "opener" && row.opener_id !== who.userId) return { refusal: "stale" };
  const { panel, teamIds } = await panelOf(deps, guildId, row.panel_id);
  if (who.kind === "staff" && !isTicketStaff(await memberAccess(deps.db, guildId, who.member), teamIds)) return { refusal: "staffOnly" };
  if (row.status !== "closed") return { refusal: row.status === "closing" ? "closeBusy" : "reopenNotClosed" };
  const settings = await settingsOf(deps, guildId, known);
  const days = settings.ReopenWithinDays ?? 0;
  if (days <= 0) return { refusal: "reopenOff" };
  const now = await deps.clock.now(guildId);
  if (row.closed_at === null || now - Number(row.closed_at) > days * 86_400_000) return { refusal: "reopenTooLate", days };

  // The rules of an open, for the member the ticket opens for again.
  const kind = who.kind === "staff" ? "staffReopen" : "reopen";
  const verdict = await checkOpenRules(deps, { guildId, opener: row.opener_id, panel, settings, now, kind });
  if (isRefusal(verdict)) return verdict;
  const unclaimed = row.claimed_by !== null && !(await stillStaff(deps, guildId, row.claimed_by, teamIds));
  const claimedBy = unclaimed ? null : row.claimed_by;
  const unclaim = unclaimed ? { claimed_by: null, claimed_by_name: null } : {};

  const closedState = {
    status: "closed",
    closed_at: row.closed_at,
    closed_by: row.closed_by,
    closed_by_name: row.closed_by_name,
    resolution_ms: row.resolution_ms,
    claimed_by: row.claimed_by,
    claimed_by_name: row.claimed_by_name,
  } as const;
  const refused = await deps.db.transaction().execute(async (tx): Promise<Refusal | null> => {
    await lockOpens(tx, guildId);
    const limit = await limitRefusal(tx, { guildId, openerId: row.opener_id, panel, settings, kind });
    if (limit) return limit;
    const moved = await tx
      .updateTable("tickets")
      .set({
        status: "opening",
        closed_at: null,
        closed_by: null,
        closed_by_name: null,
        resolution_ms: null,
        channel_id: null,
        reopened_at: now,
        warned_at: null,
        close_request_at: null,
        ...unclaim,
      })
      .where("id", "=", row.id)
      .where("status", "=", "closed")
      .executeTakeFirst();
    return Number(moved.numUpdatedRows) === 1 ? null : { refusal: "reopenNotClosed" };
  });
  if (refused) return refused;

  const actor = who.kind === "staff" ? who.member : verdict.opener;
  const opened = await createChannel(deps, guildId, panel, {
    name: ticketChannelName(panel?.NamingScheme ?? "ticket-%id%", row.number, row.opener_name),
    topic: row.subject ?? undefined,
    overwrites: ticketOverwrites({
      guildId,
      botUserId: deps.platform.botUserId,
      openerId: row.opener_id,
      addedIds: await addedMembers(deps.db, row.id),
      supportRoleIds: await supportRoles(deps.db, guildId, teamIds),
      claimedBy,
      repsCanView: settings.SupportRepsViewTickets !== false,
      repsCanType: settings.SupportRepsTypeInTickets !== false,
    }),
  });
  if (isRefusal(opened)) {
    await deps.db.updateTable("tickets").set(closedState).where("id", "=", row.id).where("status", "=", "opening").execute();
    return opened;
  }
  const link = (await transcriptExists(deps.db, guildId, row.number)) ? `${deps.publicUrl}/${guildId}/transcripts/${row.number}` : null;
  // It waits on its staff again; the stretch the close ended counts up to the close. A snooze does not outlive a close.
  const waiting = { ...reopenedWaiting(row, now), snoozed_until: null, snoozed_by_name: null };
  await deps.db.transaction().execute(async (tx) => {
    await tx
      .updateTable("tickets")
      .set({ status: "open", channel_id: opened.channelId, last_activity_at: now, ...waiting })
      .where("id", "=", row.id)
      .execute();
    await recordActivityOf(tx, actorOf(actor, deps.origin), {
      guildId,
      action: reopenAction,
      before: { TicketId: row.number, Status: "closed" },
      after: {
        TicketId: row.number,
        Status: "open",
        By: who.kind,
        Transcript: link,
        ...(unclaimed ? { Unclaimed: row.claimed_by_name } : {}),
      },
      at: now,
    });
  });
  const reopened: TicketRow = {
    ...row,
    ...unclaim,
    status: "open",
    channel_id: opened.channelId,
    closed_at: null,
    closed_by: null,
    closed_by_name: null,
    resolution_ms: null,
    reopened_at: now,
    last_activity_at: now,
    ...waiting,
  };
  try {
    await deps.platform.sendMessage(
      opened.channelId,
      deps.messages.welcome(reopened, panel, fromDbJson<FormAnswer[]>(row.form_answers_json, [])),
    );
  } catch (error) {
    deps.log.warn({ err: error, guildId }, "welcome message of a reopened ticket not sent");
  }
  await notice(deps, reopened, {
    notice: "reopened",
    by: actor.id,
    number: row.number,
    transcriptUrl: link,
    unclaimed: unclaimed ? row.claimed_by : null,
  });
  if (verdict.outsideHours) await notice(deps, reopened, { notice: "outsideHours", next: verdict.outsideHours.next });
  publish(deps, "opened", reopened);
  return { done: "reopened", ticket: reopened, outsideHours: verdict.outsideHours };
}
