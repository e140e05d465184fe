import { readGuildSettings } from "../settings/store";
import { finishClose } from "./close";
import type { Member } from "./members";
import type { Outcome } from "./outcomes";
import { type EngineDeps, type Known, notice, openTicket, publish, recordStep, settingsOf, ticketOf } from "./step";
import { type TicketRow, updateTicketIf } from "./store";

// The close request: staff ask the member who opened the ticket to confirm it can close (/closerequest,
// an optional reason and delay in hours). The member confirms (the ticket closes) or keeps it open, with buttons;
// without an answer the sweep closes it at the deadline. Every step is a compare-and-set on the row, so the member's
// click and the deadline — on any instance — close it once.

export const closeRequestActions = { requested: "Ticket Close Requested", declined: "Ticket Close Request Declined" } as const;

/** Hours a request waits at most (the setting's and the option's bound). */
const MAX_HOURS = 72;

export async function requestCloseConfirmation(
  deps: EngineDeps,
  guildId: string,
  number: number,
  member: Member,
  reason: string | null,
  hours: number | null,
  known: Known = {},
): Promise<Outcome> {
  const c = await openTicket(deps, guildId, number, member, known);
  if ("refusal" in c) return c.refusal;
  if (!c.staff) return { refusal: "staffOnly" };
  const settings = await settingsOf(deps, guildId, known);
  const wait = Math.min(MAX_HOURS, Math.max(1, Math.round(hours ?? settings.CloseRequestHours ?? 24) || 24));
  const given = reason?.trim() ? reason.trim().slice(0, 1024) : null;
  const deadline = (await deps.clock.now(guildId)) + wait * 3_600_000;
  const set = { close_request_at: deadline, close_request_by: member.id, close_request_reason: given };
  if (!(await updateTicketIf(deps.db, c.row, { status: "open" }, set))) return { refusal: "ticketGone" };
  if (c.row.channel_id) {
    await deps.platform
      .sendMessage(c.row.channel_id, deps.messages.closeRequest(c.row, member.id, wait, given))
      .catch((error) => deps.log.warn({ err: error, guildId }, "close request not posted"));
  }
  await recordStep(deps, member, c.row, closeRequestActions.requested, null, { TicketId: number, Reason: given, Hours: wait });
  return { done: "closeRequested", ticket: { ...c.row, ...set } };
}

/** The member's answer: confirm (the ticket closes) or keep it open. */
export async function answerCloseRequest(
  deps: EngineDeps,
  guildId: string,
  number: number,
  member: Member,
  confirm: boolean,
  known: Known = {},
): Promise<Outcome> {
  const row = await ticketOf(deps, guildId, number, known);
  if (!row || row.status === "closed") return { refusal: "ticketGone" };
  if (row.opener_id !== member.id) return { refusal: "closeRequestOnlyOpener" };
  if (row.status !== "open" || row.close_request_at === null) return { refusal: "closeRequestGone" };
  if (confirm) {
    // closing_since is the repair's real time (../platform/clock.ts).
    const marked = await deps.db
      .updateTable("tickets")
      .set({ status: "closing", closing_since: Date.now() })
      .where("id", "=", row.id)
      .where("status", "=", "open")
      .where("close_request_at", "is not", null)
      .executeTakeFirst();
    if (Number(marked.numUpdatedRows) !== 1) return { refusal: "closeRequestGone" };
    return finishClose(
      deps,
      { ...row, status: "closing" },
      member,
      row.close_request_reason ?? deps.messages.closeReason("closeRequestConfirmed"),
      known,
    );
  }
  const cleared = await deps.db
    .updateTable("tickets")
    .set({
      close_request_at: null,
      close_request_by: null,
      close_request_reason: null,
      last_activity_at: await deps.clock.now(guildId),
      warned_at: null,
    })
    .where("id", "=", row.id)
    .where("status", "=", "open")
    .where("close_request_at", "is not", null)
    .executeTakeFirst();
  if (Number(cleared.numUpdatedRows) !== 1) return { refusal: "closeRequestGone" };
  await notice(deps, row, { notice: "closeRequestDenied", by: member.id });
  await recordStep(deps, member, row, closeRequestActions.declined, null, { TicketId: number });
  publish(deps, "updated", row);
  return { done: "keptOpen", ticket: row };
}

/**
 * The sweep's part: requests past their deadline close, each once (a compare-and-set from 'open' with the request
 * still there: a member's last-second answer or another instance's sweep wins or loses cleanly). Returns how many.
 * `now` is the real instant the sweep runs at; each deadline is read on its server's clock (the query reads up to the
 * furthest clock, then each request is checked against its own server's). `skippedBy`: Try-it's "Skip ahead" brought
 * this sweep (its closes say so).
 */
export async function closeExpiredRequests(
  deps: EngineDeps,
  now = Date.now(),
  batch = 50,
  guildId?: string,
  skippedBy?: string,
): Promise<number> {
  let query = deps.db.selectFrom("tickets").selectAll();
  if (guildId) query = query.where("guild_id", "=", guildId);
  const due = await query
    .where("status", "=", "open")
    .where("close_request_at", "is not", null)
    .where("close_request_at", "<=", now + (guildId ? await deps.clock.offsetOf(guildId) : await deps.clock.maxOffset()))
    .orderBy("close_request_at")
    .limit(batch)
    .execute();
  let closed = 0;
  for (const row of due) {
    const at = await deps.clock.now(row.guild_id, now);
    if (Number(row.close_request_at) > at) continue;
    const marked = await deps.db
      .updateTable("tickets")
      .set({ status: "closing", closing_since: now })
      .where("id", "=", row.id)
      .where("status", "=", "open")
      .where("close_request_at", "is not", null)
      .where("close_request_at", "<=", at)
      .executeTakeFirst();
    if (Number(marked.numUpdatedRows) !== 1) continue;
    closed++;
    const { settings } = await readGuildSettings(deps.db, row.guild_id);
    await deps.messages
      .inServerLanguage(settings.BotLanguage, () => {
        const reason = deps.messages.closeReason("closeRequestTimedOut", skippedBy);
        return finishClose(deps, { ...row, status: "closing" } as TicketRow, botMember(deps), reason, { settings });
      })
      .catch((error) => deps.log.warn({ err: error }, "close request's close failed"));
  }
  return closed;
}

const botMember = (deps: EngineDeps): Member => ({
  id: deps.platform.botUserId,
  username: "Ticketeer",
  avatar: null,
  roles: [],
  permissions: "0",
  owner: false,
});
