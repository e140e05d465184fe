import { guildMemberOf, isTicketStaff, type Member, memberAccess } from "./members";
import type { Outcome } from "./outcomes";
import {
  applyOverwrites,
  attempt,
  type EngineDeps,
  type Known,
  notice,
  openTicket,
  publish,
  recordStep,
  settingsOf,
  ticketActions,
} from "./step";
import { type TicketRow, updateTicketIf } from "./store";
import { ticketWebhook } from "./webhook";

// Claim, unclaim, transfer: who answers a ticket. One rule releases and hands over a claimed ticket — its claimer or a
// manager — and any staff of the ticket assigns an unclaimed one (a transfer from nobody: "Ticket Assigned"). Claim
// settings decide what other support roles keep (Send Messages unless SupportRepsTypeInTickets, View Channel unless
// SupportRepsViewTickets).

/** The channel's overwrites after a change of claimer: what the platform refused, or null. */
async function reapplyOverwrites(deps: EngineDeps, row: TicketRow, teamIds: number[], known: Known) {
  const settings = await settingsOf(deps, row.guild_id, known);
  return attempt(deps, row, "overwrites", () => applyOverwrites(deps, row, teamIds, settings));
}

export async function claim(deps: EngineDeps, guildId: string, number: number, member: Member, known: Known = {}): Promise<Outcome> {
  const c = await openTicket(deps, guildId, number, member, known);
  if ("refusal" in c) return c.refusal;
  if (!c.staff) return { refusal: "staffOnly" };
  if (c.row.claimed_by) {
    return {
      refusal: "alreadyClaimed",
      by: c.row.claimed_by === member.id ? "you" : c.row.claimed_by_name ? { name: c.row.claimed_by_name } : "someone",
    };
  }
  const now = await deps.clock.now(guildId);
  const set = { claimed_by: member.id, claimed_by_name: member.username, revision: c.row.revision + 1, last_activity_at: now };
  if (!(await updateTicketIf(deps.db, c.row, { status: "open", claimedBy: null }, set)))
    return { refusal: "alreadyClaimed", by: "someone" };
  const row = { ...c.row, ...set };
  const warning = await reapplyOverwrites(deps, row, c.teamIds, known);
  await recordStep(
    deps,
    member,
    row,
    ticketActions.claimed,
    { TicketId: number, ClaimedBy: null },
    { TicketId: number, ClaimedBy: member.username },
  );
  await ticketWebhook(deps, deps.db, "ticket.claimed", row, member, {}, now);
  await notice(deps, row, { notice: "claimed", by: member.id });
  publish(deps, "updated", row);
  return { done: "claimed", ticket: row, warning };
}

export async function unclaim(deps: EngineDeps, guildId: string, number: number, member: Member, known: Known = {}): Promise<Outcome> {
  const c = await openTicket(deps, guildId, number, member, known);
  if ("refusal" in c) return c.refusal;
  if (!c.staff) return { refusal: "staffOnly" };
  if (!c.row.claimed_by) return { refusal: "notClaimed" };
  if (c.row.claimed_by !== member.id && !c.access.manager) return { refusal: "onlyClaimer" };
  const set = { claimed_by: null, claimed_by_name: null, revision: c.row.revision + 1, last_activity_at: await deps.clock.now(guildId) };
  if (!(await updateTicketIf(deps.db, c.row, { status: "open", claimedBy: c.row.claimed_by }, set))) return { refusal: "notClaimed" };
  const row = { ...c.row, ...set };
  const warning = await reapplyOverwrites(deps, row, c.teamIds, known);
  await recordStep(
    deps,
    member,
    row,
    ticketActions.unclaimed,
    { TicketId: number, ClaimedBy: c.row.claimed_by_name },
    { TicketId: number, ClaimedBy: null },
  );
  await notice(deps, row, { notice: "unclaimed", by: member.id });
  publish(deps, "updated", row);
  return { done: "unclaimed", ticket: row, warning };
}

export async function transfer(
  deps: EngineDeps,
  guildId: string,
  number: number,
  member: Member,
  targetId: string,
  known: Known = {},
): Promise<Outcome> {
  const c = await openTicket(deps, guildId, number, member, known);
  if ("refusal" in c) return c.refusal;
  if (!c.staff) return { refusal: "staffOnly" };
  // The unclaim rule: a claimed ticket changes hands by its claimer or a manager (an unclaimed one, by any staff).
  if (c.row.claimed_by && c.row.claimed_by !== member.id && !c.access.manager) return { refusal: "onlyClaimer" };
  const target = await guildMemberOf(deps.platform, guildId, targetId);
  if (!target) return { refusal: "memberNotFound" };
  if (!isTicketStaff(await memberAccess(deps.db, guildId, target), c.teamIds)) return { refusal: "transferTargetNotStaff" };
  // Handing a ticket to the member who holds it changes nothing (and would read "from @X to @X").
  if (c.row.claimed_by === target.id) return { refusal: "alreadyClaimed", by: { name: target.username } };
  const set = {
    claimed_by: target.id,
    claimed_by_name: target.username,
    revision: c.row.revision + 1,
    last_activity_at: await deps.clock.now(guildId),
  };
  if (!(await updateTicketIf(deps.db, c.row, { status: "open", claimedBy: c.row.claimed_by }, set))) return { refusal: "failed" };
  const row = { ...c.row, ...set };
  const warning = await reapplyOverwrites(deps, row, c.teamIds, known);
  // An unclaimed ticket has nobody to hand it over from: it is assigned, and the channel and the log say so.
  const from = c.row.claimed_by;
  const action = from ? ticketActions.transferred : ticketActions.assigned;
  await recordStep(
    deps,
    member,
    row,
    action,
    { TicketId: number, ClaimedBy: c.row.claimed_by_name },
    { TicketId: number, ClaimedBy: target.username },
  );
  // Handed over: claimed by the member it was handed to, on the word of the one who did it.
  await ticketWebhook(
    deps,
    deps.db,
    "ticket.claimed",
    row,
    member,
    { assigned_to: { id: target.id, username: target.username } },
    set.last_activity_at,
  );
  await notice(deps, row, from ? { notice: "transferred", from, to: target.id } : { notice: "assigned", to: target.id });
  publish(deps, "updated", row);
  return { done: "transferred", ticket: row, to: { id: target.id, username: target.username }, warning };
}
