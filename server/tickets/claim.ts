import { readGuildSettings } from "../settings/store";
import { guildMemberOf, isTicketStaff, type Member, memberAccess } from "./members";
import { applyOverwrites, attempt, type EngineDeps, notice, openTicket, publish, recordStep, type Reply, say, ticketActions, withNote } from "./step";
import { updateTicketIf } from "./store";
import { botTexts } from "./texts";

// Claim, unclaim, transfer: who answers a ticket. One rule releases and hands over a claimed ticket — its claimer or a
// manager — and any staff of the ticket assigns an unclaimed one (a transfer from nobody: "Ticket Assigned"). Claim
// settings decide what other support roles keep (Send Messages unless SupportRepsTypeInTickets, View Channel unless
// SupportRepsViewTickets).

export async function claim(deps: EngineDeps, guildId: string, number: number, member: Member): Promise<Reply> {
  const c = await openTicket(deps, guildId, number, member);
  if ("refusal" in c) return c.refusal!;
  if (!c.staff) return say(botTexts.staffOnly);
  if (c.row.claimed_by) return say(botTexts.alreadyClaimed(c.row.claimed_by === member.id ? "you" : (c.row.claimed_by_name ?? "someone")));
  const now = await deps.clock.now(guildId);
  const set = { claimed_by: member.id, claimed_by_name: member.username, revision: c.row.revision + 1, last_activity_at: now };
  if (!(await updateTicketIf(deps.db, c.row, { status: "open", claimedBy: null }, set))) return say(botTexts.alreadyClaimed("someone"));
  const row = { ...c.row, ...set };
  const { settings } = await readGuildSettings(deps.db, guildId);
  const refused = await attempt(deps, row, "overwrites", () => applyOverwrites(deps, row, c.teamIds, settings));
  await recordStep(deps, member, row, ticketActions.claimed, { TicketId: number, ClaimedBy: null }, { TicketId: number, ClaimedBy: member.username });
  await notice(deps, row, botTexts.claimed(member.id));
  publish(deps, "updated", row);
  return say(withNote(botTexts.claimedReply, refused), true);
}

export async function unclaim(deps: EngineDeps, guildId: string, number: number, member: Member): Promise<Reply> {
  const c = await openTicket(deps, guildId, number, member);
  if ("refusal" in c) return c.refusal!;
  if (!c.staff) return say(botTexts.staffOnly);
  if (!c.row.claimed_by) return say(botTexts.notClaimed);
  if (c.row.claimed_by !== member.id && !c.access.manager) return say(botTexts.onlyClaimer);
  const set = { claimed_by: null, claimed_by_name: null, revision: c.row.revision + 1, last_activity_at: await deps.clock.now(guildId) };
  if (!(await updateTicketIf(deps.db, c.row, { status: "open", claimedBy: c.row.claimed_by }, set))) return say(botTexts.notClaimed);
  const row = { ...c.row, ...set };
  const { settings } = await readGuildSettings(deps.db, guildId);
  const refused = await attempt(deps, row, "overwrites", () => applyOverwrites(deps, row, c.teamIds, settings));
  await recordStep(deps, member, row, ticketActions.unclaimed, { TicketId: number, ClaimedBy: c.row.claimed_by_name }, { TicketId: number, ClaimedBy: null });
  await notice(deps, row, botTexts.unclaimed(member.id));
  publish(deps, "updated", row);
  return say(withNote(botTexts.unclaimedReply, refused), true);
}

export async function transfer(deps: EngineDeps, guildId: string, number: number, member: Member, targetId: string): Promise<Reply> {
  const c = await openTicket(deps, guildId, number, member);
  if ("refusal" in c) return c.refusal!;
  if (!c.staff) return say(botTexts.staffOnly);
  // The unclaim rule: a claimed ticket changes hands by its claimer or a manager (an unclaimed one, by any staff).
  if (c.row.claimed_by && c.row.claimed_by !== member.id && !c.access.manager) return say(botTexts.onlyClaimer);
  const target = await guildMemberOf(deps.platform, guildId, targetId);
  if (!target) return say(botTexts.memberNotFound);
  if (!isTicketStaff(await memberAccess(deps.db, guildId, target), c.teamIds)) return say(botTexts.transferTargetNotStaff);
  // Handing a ticket to the member who holds it changes nothing (and would read "from @X to @X").
  if (c.row.claimed_by === target.id) return say(botTexts.alreadyClaimed(target.username));
  const set = { claimed_by: target.id, claimed_by_name: target.username, revision: c.row.revision + 1, last_activity_at: await deps.clock.now(guildId) };
  if (!(await updateTicketIf(deps.db, c.row, { status: "open", claimedBy: c.row.claimed_by }, set))) return say(botTexts.somethingWrong);
  const row = { ...c.row, ...set };
  const { settings } = await readGuildSettings(deps.db, guildId);
  const refused = await attempt(deps, row, "overwrites", () => applyOverwrites(deps, row, c.teamIds, settings));
  // An unclaimed ticket has nobody to hand it over from: it is assigned, and the channel and the log say so.
  const from = c.row.claimed_by;
  const action = from ? ticketActions.transferred : ticketActions.assigned;
  await recordStep(deps, member, row, action, { TicketId: number, ClaimedBy: c.row.claimed_by_name }, { TicketId: number, ClaimedBy: target.username });
  await notice(deps, row, from ? botTexts.transferred(from, target.id) : botTexts.assigned(target.id));
  publish(deps, "updated", row);
  return say(withNote(botTexts.transferredReply(target.username), refused), true);
}
